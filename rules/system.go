// Package rules is the engine between the commands a game master types and
// the encounter in memory. It parses a command line, runs it all-or-nothing
// against the encounter with the current system's rules, logs it with every
// die rolled, and keeps undo and redo.
//
// Each rule system lives in its own package (rules/arm5, …) and implements
// System; a Registry, filled explicitly by the program, maps ids to systems.
// The interface is shaped for all five turn structures fray supports:
// initiative order with delays (arm5, swords), a countdown (osr), action-dice
// pools with refreshes (sst) and side-alternating activation (factions). The
// engine keeps its state in the encounter's Round, Current, Phase, Count,
// Turn and Order fields, and shows it through OrderView.
package rules

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"fray/model"
)

// System is one rule system: its sheet, its turn engine and its verbs.
type System interface {
	// ID is the short name used in files and on the command line (arm5).
	ID() string
	// Name is the full name shown to people.
	Name() string
	// NewSheet returns the blank sheet of a new combatant.
	NewSheet() model.Sheet
	// Options lists the per-encounter settings the system understands.
	Options() []Option
	// Verbs lists the system's own commands (attack, damage, …).
	Verbs() []Verb
	// Demos lists built-in example encounters, as command scripts.
	Demos() []Demo

	// Added runs after `add` put a combatant in the encounter (with any
	// init= already applied); a system
	// inserts a late arrival into a running order here.
	Added(c *Ctx, cb *model.Combatant) error
	// RollInit rolls the ordering score of one combatant and re-sorts.
	RollInit(c *Ctx, cb *model.Combatant) error
	// SetInit stores an entered ordering score and re-sorts.
	SetInit(c *Ctx, cb *model.Combatant, score int) error
	// Next advances the turn (starting combat when Round is 0).
	Next(c *Ctx) error
	// Prev steps the turn marker back.
	Prev(c *Ctx) error

	// Order describes the turn order for display.
	Order(e *model.Encounter) OrderView
	// Describe lists a combatant's sheet for display, live totals included.
	Describe(e *model.Encounter, cb *model.Combatant) []Field
	// Harm says how badly the combatant is harmed on the shared scale,
	// with the system's gauge, words and markers (see harm.go). Its doc
	// comment in each system states how the system's tracks map to the
	// scale. It must be cheap: views call it for every visible row.
	Harm(e *model.Encounter, cb *model.Combatant) Harm
}

// Delayer is a System whose combatants can hold their action.
type Delayer interface {
	Delay(c *Ctx, cb *model.Combatant) error
	Act(c *Ctx, cb *model.Combatant) error
}

// TurnAdopter is a System that once kept a combatant's turn state as keys
// of Encounter.Turn ("delay:ID") and now keeps it on the combatant
// (model.TurnVal). The loader calls AdoptTurn on every encounter it reads,
// to move such keys of a file an older fray wrote onto the combatants.
type TurnAdopter interface {
	AdoptTurn(e *model.Encounter)
}

// AdoptTurnKey moves each key from:ID of e.Turn to the combatant with
// that ID, as its turn state item kind. A key naming no combatant stays.
func AdoptTurnKey(e *model.Encounter, from, kind string) {
	for k, v := range e.Turn {
		rest, ok := strings.CutPrefix(k, from+":")
		if !ok {
			continue
		}
		id, err := strconv.Atoi(rest)
		if cb := e.ByID(id); err == nil && cb != nil {
			cb.SetTurn(kind, v)
			delete(e.Turn, k)
		}
	}
}

// Remover is a System with turn state to settle when a combatant leaves
// the fight. The core remove logs the departure, then calls Remove, which
// takes the combatant out of the encounter (model.Encounter.Remove) and
// hands the turn on as the system's rules say; if it leaves the
// combatant in, the core takes it out afterwards. Without a Remover, the
// turn of a removed current combatant passes to whoever stood next in
// the order.
type Remover interface {
	Remove(c *Ctx, cb *model.Combatant) error
}

// Refresher is a System that derives state from a combatant's sheet (a
// status from the harm it records, say). The core `set` and `add` call
// Refresh once, after all of the command's fields are in place. before is
// a copy of the sheet as it was (a blank sheet for `add`); statusSet says
// the same command gave status= explicitly, which the system must then
// leave as it is.
type Refresher interface {
	Refresh(c *Ctx, cb *model.Combatant, before model.Sheet, statusSet bool) error
}

// Unused is a System that has no use for some of the core verbs (a
// system without initiative scores has none for init, one that steps no
// turn back none for prev). Unused returns their names. The verbs stay
// known, so typing one still gets the system's own refusal, but help
// leaves them out and the screen switches off their keys and form fields.
type Unused interface {
	Unused() []string
}

// IsUnused reports whether the system lists the core verb name as unused.
// A system that is no Delayer does not use delay and act either.
func IsUnused(s System, name string) bool {
	if n := strings.ToLower(name); n == "delay" || n == "act" {
		if _, ok := s.(Delayer); !ok {
			return true
		}
	}
	u, ok := s.(Unused)
	if !ok {
		return false
	}
	for _, n := range u.Unused() {
		if strings.EqualFold(n, name) {
			return true
		}
	}
	return false
}

// Shortcuts is a System that offers keys of its own on the main screen,
// for the commands a GM types most in it (activate, pass, hold…). The
// screen reads them once when it starts.
type Shortcuts interface {
	Shortcuts() []Shortcut
}

// AttackVerbs is a System some of whose combatants fight with a verb of
// their own instead of attack (swords' armies fight with battle: one
// round of army combat, both ways at once). The screen's attack key then
// opens that verb's form for them, the attacker first and the target
// second, as attack takes them.
type AttackVerbs interface {
	// AttackVerb returns the verb cb fights with, or "" for attack.
	AttackVerb(e *model.Encounter, cb *model.Combatant) string
	// AttackVerbsHelp says in a few words who fights with which verb,
	// for the help screen: "an army fights with battle, anyone else
	// with attack".
	AttackVerbsHelp() string
	// FightVerbs lists every verb AttackVerb may return, whose forms
	// list their options (FormVerbs).
	FightVerbs() []string
}

// AttackVerb returns the verb cb fights with: the system's own for it
// (AttackVerbs), else attack.
func AttackVerb(s System, e *model.Encounter, cb *model.Combatant) string {
	if a, ok := s.(AttackVerbs); ok && cb != nil {
		if v := a.AttackVerb(e, cb); v != "" {
			return v
		}
	}
	return "attack"
}

// Shortcut is one key of a system and the command it runs.
//
// Key is one key as the terminal library names it: a character ("x",
// "P", "?"), "enter", "ctrl+e"… A key the screen already uses for
// something else is not bound (the screen says so and ignores it), nor is
// a key a system lists twice.
//
// Line is a command template. {sel} stands for the selected combatant's
// name and {cur} for the name of whoever's turn it is; both are put in as
// command words (quoted with Quote when they hold spaces). A key whose
// template names {sel} or {cur} does nothing while there is no such
// combatant. A template ending in a space is not run: it opens the
// command line with the filled-in text, for the GM to finish ("declare
// {sel} spell " waits for the spell's name). Any other template is run at
// once, exactly as if typed.
type Shortcut struct {
	Key  string
	Help string // a few words for the help bar ("activate", "pass")
	Line string
	// Off, when set, says why the key cannot act now for the selected
	// combatant sel and the current one cur (either may be nil), or ""
	// when it can: the screen then turns the key off and shows the
	// reason, as it does for its own keys. It runs after every change,
	// so it must be cheap.
	Off func(e *model.Encounter, sel, cur *model.Combatant) string
}

// NeedsSelected reports whether the template names the selected combatant.
func (s Shortcut) NeedsSelected() bool { return strings.Contains(s.Line, "{sel}") }

// NeedsCurrent reports whether the template names the current combatant.
func (s Shortcut) NeedsCurrent() bool { return strings.Contains(s.Line, "{cur}") }

// Fill puts the names of the selected and the current combatant into the
// template. It returns the command line, and prefill when the template
// ends in a space: the line (trailing space kept) is then meant for the
// command line, not to be run.
func (s Shortcut) Fill(sel, cur string) (line string, prefill bool) {
	return s.FillWith(Quote, sel, cur)
}

// FillWith is Fill with the names quoted by quote (QuoteIn, so that a
// name cannot run on into a longer one).
func (s Shortcut) FillWith(quote func(string) string, sel, cur string) (line string, prefill bool) {
	// Only the names the template holds are quoted: QuoteIn reads every
	// combatant's name.
	var pairs []string
	if s.NeedsSelected() {
		pairs = append(pairs, "{sel}", quote(sel))
	}
	if s.NeedsCurrent() {
		pairs = append(pairs, "{cur}", quote(cur))
	}
	switch line = s.Line; len(pairs) {
	case 2: // one name: NewReplacer's table for one string is 2 KB
		line = strings.ReplaceAll(line, pairs[0], pairs[1])
	case 4:
		line = strings.NewReplacer(pairs...).Replace(line)
	}
	if strings.HasSuffix(s.Line, " ") {
		return line, true
	}
	return strings.TrimSpace(line), false
}

// Option is a per-encounter setting.
type Option struct {
	Key     string
	Default string
	Values  []string // allowed values; empty means any integer (or, with Text, any text)
	Text    bool     // takes any text, kept as typed
	Help    string
}

// Check reads a value given for the option: it returns the value as the
// encounter keeps it (one of Values, in lower case; a whole number; any
// text) or an error saying what the option takes.
func (o Option) Check(v string) (string, error) {
	switch {
	case o.Text:
		return v, nil
	case len(o.Values) == 0:
		if _, err := Int("option "+o.Key, v); err != nil {
			return "", err
		}
		return v, nil
	}
	if l := strings.ToLower(v); contains(o.Values, l) {
		return l, nil
	}
	return "", fmt.Errorf("option %s takes %s, not %q", o.Key, strings.Join(o.Values, " or "), v)
}

// Demo is a built-in example encounter: the commands that set it up.
type Demo struct {
	Name   string
	Title  string
	Script []string
}

// Verb is one command: its usage line and what runs it.
type Verb struct {
	Name    string
	Usage   string // e.g. "damage NAME N [nonlethal]"
	Summary string // one line for help
	Run     func(c *Ctx, args []string) error
	// Targets is the place (1 for the first argument) of the argument
	// naming whom the verb acts on, when the verb may act on several at
	// once: there the GM may write a comma list, side=SIDE or all, and
	// the verb runs once per target in the one command (see Ctx.Targets).
	// 0: one combatant at most, as the verb itself reads it.
	Targets int
	// Lookup marks a verb that changes nothing and only lists something
	// in the log for the GM at the table (templates, a weapon table): a
	// report of the fight leaves it out (IsLookup).
	Lookup bool
	// OptionHelp says in one short line (MaxOptionHelp) what each option
	// of the usage does, keyed by the flag ("exert") or by the key with
	// its = ("botch="). The forms show the focused option's line and the
	// reference lists them (OptionDocs); every verb describes every
	// option it offers, and nothing else (CheckOptionHelp).
	OptionHelp map[string]string
}

// OrderView is the turn order as the order pane shows it.
type OrderView struct {
	Header string // "Round 2 · Paul's turn", "Count 7", "Not started"…
	// Hint is what the GM does next at the tracker's keys ("press n"),
	// which the tracker's screen shows after the header's first part
	// ("Not started — press n · surprise first"). Views that
	// take no keys (fray show, the players' view, the report) leave it
	// out.
	Hint string
	Rows []OrderRow
}

// BaseView is where a system's order view starts, rows lent as for
// AppendOrder: before the first next the header "Not started" with the
// hint "press n", afterwards "Round N". The system adds to the header
// (whose turn it is, the count, the phase) and the rows.
func BaseView(rows []OrderRow, e *model.Encounter) OrderView {
	if e.Round == 0 {
		return OrderView{Header: "Not started", Hint: "press n", Rows: rows[:0]}
	}
	return OrderView{Header: fmt.Sprintf("Round %d", e.Round), Rows: rows[:0]}
}

// OrderAppender is a System that builds its order view on rows the caller
// lends, writing over them, so that a screen drawing the order after every
// command need not allocate a thousand new rows each time. Every shipped
// system is one; Order is then AppendOrder(nil, e).
type OrderAppender interface {
	AppendOrder(rows []OrderRow, e *model.Encounter) OrderView
}

// OrderOn returns s's order view of e, built on rows (written over) when
// s can.
func OrderOn(s System, e *model.Encounter, rows []OrderRow) OrderView {
	if a, ok := s.(OrderAppender); ok {
		return a.AppendOrder(rows, e)
	}
	return s.Order(e)
}

// OrderRow is one line of the turn order: a combatant or a heading.
//
// Its flags are kept together at its end: the screen keeps two lists of
// a row per combatant (104 bytes, 120 with the flags apart).
type OrderRow struct {
	ID    int    // 0 for a heading row
	Score string // initiative total, count, dice faces…
	Name  string
	Side  string
	Marks []string
	// Group names the group the combatant fights in. Rows with the same
	// non-empty Group are members of one group, which the screen may fold
	// into a single entry (named after the group, showing the first
	// member's score) and open again; a heading row has none.
	Group   string
	Current bool // it is this combatant's turn
	Next    bool // acts after the current combatant, as far as the system can tell (see MarkNext)
	Out     bool // cannot act: skipped by next
	Done    bool // has acted this round
	Heading bool
	// Lead marks the row whose place a folded group takes: the member on
	// whose turn the group acts (arm5: the vanguard). The folded entry
	// then sits at that row's place with its score; with no Lead row it
	// sits at the first member's.
	Lead bool
}

// MarkNext marks whoever acts next in a view whose rows are in acting
// order: the first row after the (last) current one that can act and has
// not acted. With wrap set, for an order kept from round to round, the
// search goes on from the top when the round has nobody left, and a
// view with no current row (before the fight) marks the first row that
// can act. Without wrap (an order rolled anew each round) nobody is
// marked then. Headings are skipped, and so are rows passed says take no
// turn of their own (nil passes nobody by); the current row is never
// marked.
func (v *OrderView) MarkNext(wrap bool, passed func(OrderRow) bool) {
	rows := v.Rows
	skip := func(r OrderRow) bool { return r.Heading || r.Out || r.Current || (passed != nil && passed(r)) }
	from := 0
	for i, r := range rows {
		if r.Current {
			from = i + 1
		}
	}
	if from == 0 && !wrap {
		return
	}
	for i := from; i < len(rows); i++ {
		if r := rows[i]; !skip(r) && !r.Done {
			rows[i].Next = true
			return
		}
	}
	if !wrap {
		return
	}
	for i := 0; i < from; i++ {
		if r := rows[i]; !skip(r) {
			rows[i].Next = true
			return
		}
	}
}

// Field is one line of a sheet as displayed.
type Field struct {
	Label string
	Value string
	Alert bool // draw attention: a penalty, a wound, out of the fight
}

// Registry maps system ids to systems. It is filled explicitly by the
// program (no init-time registration), so the set of systems is visible in
// one place.
type Registry struct {
	byID map[string]System
	ids  []string
}

// Register adds a system; ids must be unique.
func (r *Registry) Register(s System) error {
	if r.byID == nil {
		r.byID = map[string]System{}
	}
	if _, dup := r.byID[s.ID()]; dup {
		return fmt.Errorf("system %q registered twice", s.ID())
	}
	r.byID[s.ID()] = s
	r.ids = append(r.ids, s.ID())
	sort.Strings(r.ids)
	return nil
}

// Lookup returns the system with this id.
func (r *Registry) Lookup(id string) (System, error) {
	if s, ok := r.byID[strings.ToLower(id)]; ok {
		return s, nil
	}
	return nil, fmt.Errorf("unknown system %q%s (known: %s)", id, DidYouMean(id, r.ids), strings.Join(r.ids, ", "))
}

// All returns the registered systems sorted by id.
// IDs lists the systems' ids in the order they were registered.
func (r *Registry) IDs() []string { return slices.Clone(r.ids) }

func (r *Registry) All() []System {
	out := make([]System, len(r.ids))
	for i, id := range r.ids {
		out[i] = r.byID[id]
	}
	return out
}

// TurnSharer is a System where several combatants may hold the turn at
// once (osr's counts: all whose count it is act together). SharedTurn
// calls yield, in order, with each who held the turn that state
// describes — its Round, Phase, Count and Current — looked up in e (the
// encounter after the command that moved the turn on, whose combatants
// state may share), until yield returns false. It runs on each move of
// the turn, so it must not allocate.
type TurnSharer interface {
	SharedTurn(state, e *model.Encounter, yield func(*model.Combatant) bool)
}

// Carriers is a System where one combatant may carry another: a horse
// under its rider (arm5), a mount or vehicle (factions). Carries reports
// whether cb carries anyone now. A carrier is not a foe a GM means by
// default: the attack form offers the fighters first.
type Carriers interface {
	Carries(e *model.Encounter, cb *model.Combatant) bool
}

// Carries reports whether cb carries another combatant in s (false where
// s has no carriers).
func Carries(s System, e *model.Encounter, cb *model.Combatant) bool {
	c, ok := s.(Carriers)
	return ok && c.Carries(e, cb)
}

// CarriersAsker is a Carriers that answers many questions of one fight
// with what they read of it worked out once: CarriesIn(e) is
// Carries(e, ·).
type CarriersAsker interface {
	Carriers
	CarriesIn(e *model.Encounter) func(*model.Combatant) bool
}

// CarriesIn is Carries(s, e, ·), for asking of many combatants: each
// Carries may read the whole fight.
func CarriesIn(s System, e *model.Encounter) func(*model.Combatant) bool {
	switch c := s.(type) {
	case CarriersAsker:
		return c.CarriesIn(e)
	case Carriers:
		return func(cb *model.Combatant) bool { return c.Carries(e, cb) }
	}
	return func(*model.Combatant) bool { return false }
}
