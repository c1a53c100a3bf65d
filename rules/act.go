package rules

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"fray/model"
)

// Who may act now.
//
// Each system answers it from its own turn structure: the combatant whose
// turn it is, one holding a delayed action, those acting together on one
// count, a reaction the rules allow out of turn. A command that has a
// combatant act (attack, spend, cast, move…) asks MayAct first and is
// refused with the reason when the answer is no ("Goblin 2 is dead",
// "Odo has already acted this round"). The GM may push it through by
// putting force before the command (`force attack Odo Goblin`): the
// refusal is then logged ("forced: …") instead of returned, and the
// command runs as typed.
//
// The GM's bookkeeping is never refused for want of a turn: damage, heal,
// set, cond, note, roll, dice, add, remove and the like change the record,
// not the fight's order of play. Before combat starts (round 0) there are
// no turns yet, so anyone able to act may: that is how a GM settles an
// opening blow, or tries a number out.
//
// The screen's forms offer only those who may act (Actors).

// ActKind says which sort of action a command asks of a combatant.
type ActKind int

const (
	// OnTurn is an action in the combatant's own place in the turn
	// structure: a move, a spell, the dice it spends.
	OnTurn ActKind = iota
	// Attack is an attack on the combatant's turn: besides its time to
	// act, a system checks that it has an attack left (one a round, two
	// for an archer standing still…). The attack form asks this.
	Attack
	// OutOfTurn is an action the rules allow out of sequence: a reaction
	// (a dodge, a counter, an opportunity attack) or a free attack the
	// rules grant (after a fumble, against one who turns and runs).
	OutOfTurn
)

// Turns is a System that says who may act now. MayAct returns nil when
// cb may take an action of this kind now, or a *Refusal giving the reason
// a GM reads (or a plain error, for a reason force cannot overrule: an
// extended action under way must stop first). It only reads the
// encounter, and is cheap enough to ask for every combatant when a form
// lists those who may act.
//
// A system that is no Turns gets DefaultMayAct.
type Turns interface {
	MayAct(e *model.Encounter, cb *model.Combatant, kind ActKind) error
}

// TurnsAsker is a Turns system that answers for many combatants at once
// faster than one MayAct each: Asker returns MayAct for the fight as it
// stands, having worked out once what every answer needs (factions: is
// anyone concealed before the fight, which faction chooses next), where
// each MayAct would scan the fight again. Actors uses it, so listing
// who may act stays linear in the fight's size. Its answers are
// MayAct's; it is good until the encounter changes.
type TurnsAsker interface {
	Asker(e *model.Encounter) func(cb *model.Combatant, kind ActKind) error
}

// TurnsTeller is a TurnsAsker that can also answer yes or no alone,
// without the words of a refusal: Teller(e)(cb, kind) is MayAct(e, cb,
// kind) == nil. Actors and FirstActor use it: they look through the
// whole fight, refusing most of it, and keep no reasons.
type TurnsTeller interface {
	Teller(e *model.Encounter) func(cb *model.Combatant, kind ActKind) bool
}

// MayAct asks the system whether cb may act now (see Turns).
func MayAct(s System, e *model.Encounter, cb *model.Combatant, kind ActKind) error {
	if t, ok := s.(Turns); ok {
		return t.MayAct(e, cb, kind)
	}
	return DefaultMayAct(e, cb, kind)
}

// DefaultMayAct is who may act in a system without rules of its own: any
// combatant able to act (its status is active).
func DefaultMayAct(e *model.Encounter, cb *model.Combatant, _ ActKind) error {
	return Able(cb)
}

// Able refuses a combatant whose status keeps it from acting: "Goblin 2
// is dead".
func Able(cb *model.Combatant) error {
	if cb.Status.CanAct() {
		return nil
	}
	return Refusef("%s is %s", cb.Name, cb.Status)
}

// CurrentMayAct is who may act in a turn order where one combatant has
// the turn (Encounter.Current) and one holding a delayed action takes it
// with `act`: before combat anyone able; afterwards the current
// combatant, on its turn. A reaction (OutOfTurn) needs only to be able.
// Systems build theirs on it, adding what their rules say (an action
// already spent, a group acting together…).
func CurrentMayAct(e *model.Encounter, cb *model.Combatant, kind ActKind) error {
	if err := Able(cb); err != nil {
		return err
	}
	if e.Round == 0 || kind == OutOfTurn || cb.ID == e.Current || SameBand(e, cb, e.ByID(e.Current)) {
		return nil
	}
	if cb.Delaying {
		return Refusef("%s is holding a delayed action: act %s takes it now", cb.Name, Quote(cb.Name))
	}
	if cur := e.ByID(e.Current); cur != nil {
		return Refusef("it is %s turn, not %s", Possessive(cur.Name), Possessive(cb.Name))
	}
	return Refusef("it is not %s turn", Possessive(cb.Name))
}

// Actors lists, in acting order, those who may take an action of this
// kind now: the names a form offers.
func Actors(s System, e *model.Encounter, kind ActKind) []*model.Combatant {
	var out []*model.Combatant
	seen := make(map[int]bool, len(e.Order))
	may := teller(s, e)
	add := func(cb *model.Combatant) {
		if cb != nil && !seen[cb.ID] {
			seen[cb.ID] = true
			if may(cb, kind) {
				out = append(out, cb)
			}
		}
	}
	for _, id := range e.Order {
		add(e.ByID(id))
	}
	for _, cb := range e.Combatants {
		add(cb)
	}
	return out
}

// FirstActor is the first of Actors, or nil: whom the screen selects when
// the turn rests with nobody in particular (a faction to choose who goes).
// It stops at the first it finds, and keeps no list.
func FirstActor(s System, e *model.Encounter, kind ActKind) *model.Combatant {
	may := teller(s, e)
	for _, id := range e.Order {
		if cb := e.ByID(id); cb != nil && may(cb, kind) {
			return cb
		}
	}
	for _, cb := range e.Combatants { // those in the order were refused above
		if may(cb, kind) {
			return cb
		}
	}
	return nil
}

// asker is MayAct for the fight as it stands: the system's Asker where it
// has one.
func asker(s System, e *model.Encounter) func(*model.Combatant, ActKind) error {
	if a, ok := s.(TurnsAsker); ok {
		return a.Asker(e)
	}
	return func(cb *model.Combatant, kind ActKind) error { return MayAct(s, e, cb, kind) }
}

// teller says whether a combatant may act in the fight as it stands: the
// system's Teller where it has one, else asker's answer is nil.
func teller(s System, e *model.Encounter) func(*model.Combatant, ActKind) bool {
	if t, ok := s.(TurnsTeller); ok {
		return t.Teller(e)
	}
	may := asker(s, e)
	return func(cb *model.Combatant, kind ActKind) bool { return may(cb, kind) == nil }
}

// Refusal is a command the rules refuse now, for a reason the GM may
// overrule: out of turn, already acted, out of reach. Putting force
// before the command runs it anyway and logs the reason. Mistyped
// commands are never Refusals: force cannot make sense of them.
type Refusal struct{ Reason string }

func (r *Refusal) Error() string {
	return r.Reason + " — put force first to do it anyway"
}

// Refusef builds a Refusal.
func Refusef(format string, args ...any) error {
	return &Refusal{Reason: fmt.Sprintf(format, args...)}
}

// Allow lets a forced command through a Refusal: it logs the reason and
// returns nil. Any other error, and any error of a command not forced,
// comes back as it is.
func (c *Ctx) Allow(err error) error {
	var r *Refusal
	if err != nil && c.Following && errors.As(err, &r) {
		return nil // a further target of one action: checked already
	}
	if err == nil || !c.Forced || !errors.As(err, &r) {
		return err
	}
	c.Event("forced: %s", r.Reason)
	return nil
}

// MayAct checks that cb may act now (Turns); a forced command logs the
// refusal and goes on.
func (c *Ctx) MayAct(cb *model.Combatant, kind ActKind) error {
	return c.Allow(MayAct(c.Sys, c.E, cb, kind))
}

// Refuse refuses the command for a reason the GM may overrule (a
// Refusal), unless it is forced: then the reason is logged and Refuse
// returns nil.
func (c *Ctx) Refuse(format string, args ...any) error {
	return c.Allow(Refusef(format, args...))
}

const forceUsage = "force COMMAND…"

// runForce runs a command with Ctx.Forced set.
func runForce(c *Ctx, args []string) error {
	if len(args) == 0 {
		return Usagef(verbNamed("force"), "force goes before a command: force attack Odo Goblin")
	}
	name := strings.ToLower(args[0])
	switch name {
	case "force":
		return errors.New("force once is enough")
	case "undo", "redo":
		return fmt.Errorf("%s needs no force", name)
	}
	v, ok := LookupVerb(c.Sys, name)
	if !ok {
		return unknownVerb(c.Sys, args[0])
	}
	c.Forced = true
	defer func() { c.Forced = false }()
	return runTargets(v, c, args[1:])
}

// LookupVerb finds a verb by name: the system's own verbs take precedence
// over the core ones.
func LookupVerb(s System, name string) (Verb, bool) {
	name = strings.ToLower(name)
	for _, v := range s.Verbs() {
		if v.Name == name {
			return v, true
		}
	}
	return CoreVerb(name)
}

// IsLookup reports whether a command, as the log keeps it, only looked
// something up: a Lookup verb (force before it or not), or party list.
func IsLookup(s System, line string) bool {
	words, err := Split(line)
	if err == nil && len(words) > 1 && strings.EqualFold(words[0], "force") {
		words = words[1:]
	}
	if err != nil || len(words) == 0 {
		return false
	}
	if strings.EqualFold(words[0], "party") {
		return len(words) == 2 && strings.EqualFold(words[1], "list")
	}
	v, ok := LookupVerb(s, words[0])
	return ok && v.Lookup
}

// unknownVerb is the error for a command word that names no verb, with
// the verb it is one or two slips of the keyboard away from, when just
// one is: "unknown command "atack": did you mean attack?".
func unknownVerb(s System, word string) error {
	names := []string{"undo", "redo"}
	for _, v := range s.Verbs() {
		names = append(names, v.Name)
	}
	for _, v := range coreVerbs() {
		if !IsUnused(s, v.Name) {
			names = append(names, v.Name)
		}
	}
	if m := Nearest(strings.ToLower(word), names); m != "" {
		return fmt.Errorf("unknown command %q: did you mean %s? (help lists every command)", word, m)
	}
	return fmt.Errorf("unknown command %q: type help for the list of commands", word)
}

// DidYouMean is ": did you mean NAME?" for the one name word is a slip or
// two away from (see Nearest), or "" when there is no such name.
func DidYouMean(word string, names []string) string {
	if m := Nearest(strings.ToLower(word), names); m != "" {
		return ": did you mean " + m + "?"
	}
	return ""
}

// Nearest returns the one name within a slip or two of word (a letter
// missing, extra, wrong or two swapped; one slip for a word of four
// letters or fewer), or "" when none or several are that near.
func Nearest(word string, names []string) string {
	most := 2
	if utf8.RuneCountInString(word) <= 4 {
		most = 1
	}
	best, bestD, tie := "", most+1, false
	wl := utf8.RuneCountInString(word)
	for _, n := range names {
		if l := utf8.RuneCountInString(n); wl > l+most || l > wl+most {
			continue // too long or short to be a slip away (and a huge word costs nothing)
		}
		d := slips(word, n)
		switch {
		case n == best:
		case d < bestD:
			best, bestD, tie = n, d, false
		case d == bestD:
			tie = true
		}
	}
	if tie || best == "" {
		return ""
	}
	return best
}

// slips counts the edits from a to b: a letter inserted, deleted or
// changed, or two neighbours swapped (optimal string alignment).
func slips(a, b string) int {
	x, y := []rune(a), []rune(b)
	d := make([][]int, len(x)+1)
	for i := range d {
		d[i] = make([]int, len(y)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(x); i++ {
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(x)][len(y)]
}

// CoreVerb finds one of the verbs every system shares, for a system that
// overrides it and falls back on it where its own rules do not apply.
func CoreVerb(name string) (Verb, bool) {
	for _, v := range coreVerbs() {
		if v.Name == name {
			return v, true
		}
	}
	return Verb{}, false
}
