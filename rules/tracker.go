package rules

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"fray/model"
	"fray/rules/dice"
)

// DefaultUndoBudget is the memory undo may hold unless SetUndoBudget says
// otherwise: at 1000 combatants some thousands of turns, at ten a whole
// fight. The oldest steps go first; the last minUndo steps are always kept.
const (
	DefaultUndoBudget = 8 << 20
	minUndo           = 10
)

// Tracker applies commands to one encounter and keeps undo and redo. It is
// the only way the TUI and the headless runner change an encounter: E may
// be read at any time but changed only through Apply, Undo and Redo.
//
// E is the working copy: a command changes it in place. The tracker also
// keeps last, the state after the last change, and after each command
// compares the two (see undo.go): only the combatants, map entries and
// fields that differ are copied into last, and their old values are the
// undo step. What each operation costs, for n combatants:
//
//   - Apply: the command itself, plus a comparison of every combatant
//     (a few nanoseconds each, no allocation: a lent profile, see
//     undo.go, by its pointer) and a copy of the record of each one the
//     command changed (its profile, copied when the command took it, goes
//     to last as it is); a command that adds or removes combatants also
//     rebuilds the list of pointers. A failed command costs the same
//     comparison and copies back only what it changed.
//   - Undo and Redo: a copy of the combatants and entries the step
//     changed; the first entry written after an undo copies the log's
//     last block, at most 128 entries (model.Log: the entries cut off may
//     still be read by a save).
//   - Snapshot: a list of n pointers, and a copy of Encounter.Turn and
//     Options only when they changed since the last snapshot.
//   - Try: like a failed Apply.
//
// Undo keeps steps up to a memory budget (SetUndoBudget), counting the
// bytes each step holds, so a fight of any size undoes back as far as the
// budget allows and never further than minUndo steps short.
type Tracker struct {
	E   *model.Encounter
	Sys System

	last      *model.Encounter // the state after the last change; its combatants are never changed in place
	physical  bool
	typed     []int
	undo      []step
	redo      []step
	undoBytes int
	budget    int
	version   int
	now       func() time.Time // the clock the fight's time is kept with; nil for none
	lib       Library          // templates and parties; nil for none
	noHistory bool             // SetHistory(false): last is not kept
	verbs     map[string]Verb  // every verb by name, made on first use

	// What changed in last since the last Snapshot, which shares the rest.
	snap, snapOf                         *model.Encounter
	listChanged, dirtyOptions, dirtyTurn bool
	sheetBytes                           int
	scratch                              []int32            // commit's list of changed places, reused
	was                                  []*model.Combatant // commit's list of the records they had, reused (step.was)
	packBuf                              []byte             // where undo steps are packed, reused
}

// NewTracker wraps an encounter and its system.
func NewTracker(e *model.Encounter, s System) *Tracker {
	return &Tracker{E: e, Sys: s, last: e.Freeze(), budget: DefaultUndoBudget}
}

// SetHistory turns undo off or back on. Off, the tracker keeps no state to
// go back to, so a command costs only itself, not a comparison of every
// combatant: that is for `fray run`, whose script of thousands of lines
// stops at the first failure and then saves nothing. The price: a command
// that fails may leave E half changed, undo and redo refuse, and Snapshot
// and Try copy the whole encounter. On again, history starts from E as it
// stands.
func (t *Tracker) SetHistory(on bool) {
	if on == !t.noHistory {
		return
	}
	t.noHistory = !on
	t.undo, t.redo, t.undoBytes = nil, nil, 0
	t.last, t.snap = nil, nil
	if on {
		t.last = t.E.Freeze()
	}
}

// SetUndoBudget sets how many bytes undo may hold (the oldest steps are
// dropped first); 0 or less keeps only the last few steps.
func (t *Tracker) SetUndoBudget(bytes int) {
	t.budget = bytes
	t.trimUndo()
}

// Version increases every time the encounter changes; views cache on it.
func (t *Tracker) Version() int { return t.version }

// SetPhysical turns physical-dice mode on or off. In that mode a roll with
// no queued face fails with *dice.NeedFaceError until Supply gives it.
func (t *Tracker) SetPhysical(on bool) { t.physical = on; t.typed = nil }

// Physical reports whether physical-dice mode is on.
func (t *Tracker) Physical() bool { return t.physical }

// Supply adds a face the GM typed for the command being retried.
func (t *Tracker) Supply(face int) { t.typed = append(t.typed, face) }

// Typed returns the faces supplied so far for the pending command.
func (t *Tracker) Typed() []int { return append([]int(nil), t.typed...) }

// CancelFaces drops faces typed for a command that will not be retried.
func (t *Tracker) CancelFaces() { t.typed = nil }

// CanUndo and CanRedo report whether there is something to undo or redo.
func (t *Tracker) CanUndo() bool { return len(t.undo) > 0 }

// CanRedo reports whether there is something to redo.
func (t *Tracker) CanRedo() bool { return len(t.redo) > 0 }

// Result says what a command did: a message for the status line and the
// log entries it wrote.
type Result struct {
	Message string
	Entries []model.Entry
}

// Apply runs one command line. It is all-or-nothing: on error the
// encounter is exactly as before and the error says what was wrong.
func (t *Tracker) Apply(line string) (Result, error) {
	l, err := t.parse(line)
	if err != nil {
		return Result{}, err
	}
	words := l.words
	verb := strings.ToLower(words[0])
	switch verb {
	case "undo":
		return t.Undo()
	case "redo":
		return t.Redo()
	}
	v, _ := t.Verb(verb)
	if t.E.Ended && (verb == "next" || verb == "prev") {
		return Result{}, errEnded
	}
	logBefore := t.E.Log
	logLen := logBefore.Len()
	var light *lightBefore
	if t.noHistory {
		// settle and vet look at the state before the command: its
		// fields, the list of combatants as it was, and those whose
		// turn or harm it counts as they were.
		light = newLightBefore(t.Sys, t.E)
		t.last = &light.Encounter
	}
	c := newCtx(t.E, t.Sys)
	if light != nil {
		c.looked = light.keep
	}
	c.Lib = t.lib
	if t.physical {
		c.Dice.Physical(t.typed)
	}
	t.E.Append(model.Entry{Kind: model.KindCommand, Text: CleanLine(line)})
	err = safeRun(v, c, words[1:])
	if err == nil {
		err = settle(c, t.last, verb, words[1:], t.Now())
	}
	if err = vet(t.last, l, v, c.found, err); err != nil {
		if !t.noHistory {
			t.restore()
		}
		var need *dice.NeedFaceError
		if !errors.As(err, &need) {
			t.typed = nil
		}
		return Result{}, err
	}
	t.typed = nil
	if t.noHistory {
		// Nothing says what changed: the numbers of the encounter and of
		// the new log entries are checked here, the combatants' once at
		// the end (CheckRanges), before anything is saved.
		if err := inRange(t.Sys, t.E, step{}, nil, logLen, nil); err != nil {
			return Result{}, fmt.Errorf("nothing done: %w", err)
		}
	} else {
		s := t.commit()
		err := inRange(t.Sys, t.E, s, t.was, logLen, t.last.Combatants)
		clear(t.was) // the step keeps them packed
		t.was = t.was[:0]
		if err != nil {
			t.revert(s, logBefore)
			return Result{}, fmt.Errorf("nothing done: %w", err)
		}
		s.line = line
		t.pushUndo(s)
	}
	t.redo = nil
	t.version++
	res := Result{Entries: t.E.Log.From(logLen)}
	res.Message = lastText(res.Entries)
	return res, nil
}

// Try runs a command line and returns its error, changing nothing: not
// the encounter, its dice, undo, nor the faces typed. It takes the path
// Apply takes, up to and including the check of every number and text
// the command changed, so a line Try takes is one Apply takes (but for a
// die a physical roll still waits for, and the clock). It runs on E and
// then puts back what the command changed, which costs less than a copy
// of the encounter; rolls come from E's own dice, even in physical mode,
// and their state goes back with the rest.
// The TUI uses it to offer only what the rules will take.
func (t *Tracker) Try(line string) error {
	l, err := t.parse(line)
	if err != nil {
		return err
	}
	words := l.words
	verb := strings.ToLower(words[0])
	switch verb {
	case "undo", "redo":
		if (verb == "undo" && !t.CanUndo()) || (verb == "redo" && !t.CanRedo()) {
			return errors.New("nothing to " + verb)
		}
		return nil
	}
	v, _ := t.Verb(verb)
	if t.E.Ended && (verb == "next" || verb == "prev") {
		return errEnded
	}
	e, before := t.E, t.last
	if t.noHistory {
		e, before = t.E.Clone(), t.E // the clone's log is sealed: appends do not reach E's
	}
	logLen := e.Log.Len()
	c := newCtx(e, t.Sys)
	c.Lib, c.DryRun = t.lib, true
	e.Append(model.Entry{Kind: model.KindCommand, Text: CleanLine(line)})
	err = safeRun(v, c, words[1:])
	if err == nil {
		err = settle(c, before, verb, words[1:], time.Time{})
	}
	if err = vet(before, l, v, c.found, err); err == nil {
		var s step // with history off, Apply too leaves the combatants to CheckRanges
		var was []*model.Combatant
		if !t.noHistory {
			s, was = t.pending()
		}
		if err = inRange(t.Sys, e, s, was, logLen, nil); err != nil {
			err = fmt.Errorf("nothing done: %w", err)
		}
	}
	if !t.noHistory {
		t.restore()
	}
	return err
}

// parse splits a command line and checks what can be checked before it
// runs: a known verb; undo and redo take no words.
func (t *Tracker) parse(text string) (line, error) {
	words, quoted, err := splitQuoted(text)
	if err != nil {
		return line{}, err
	}
	if len(words) == 0 {
		return line{}, errors.New("empty command: type help for the list of commands")
	}
	l := line{words: words, quoted: quoted}
	switch name := strings.ToLower(words[0]); name {
	case "undo", "redo":
		return l, checkWords(Verb{Name: name, Usage: name}, words[1:])
	}
	if _, ok := t.Verb(words[0]); !ok {
		return line{}, unknownVerb(t.Sys, words[0])
	}
	return l, nil
}

// vet settles a command's outcome once it ran. A reading of its words
// that names someone else refuses it, whatever happened. Words beyond its
// usage refuse it, unless the verb already said what was wrong (its words
// are the more telling) — and before any die is asked for. A failure
// whose words spell a name with spaces says first how to quote it. e holds
// the combatants as they were before the command.
func vet(e *model.Encounter, l line, v Verb, finds []found, err error) error {
	if amb := ambiguity(e, l, finds); amb != nil {
		return amb
	}
	var need *dice.NeedFaceError
	waits := errors.As(err, &need)
	if err == nil || waits {
		if tm := checkWords(v, l.words[1:]); tm != nil {
			err, waits = tm, false
		}
	}
	if err == nil || waits {
		return err
	}
	return hinted(e, l, err)
}

// hinted puts the way to quote a name first in err when the line's words
// spell a name with spaces unquoted.
func hinted(e *model.Encounter, l line, err error) error {
	var amb *AmbiguousNameError
	if errors.As(err, &amb) {
		return err // it shows how to quote already
	}
	if amb := wordsAmbiguity(e, l); amb != nil {
		return amb
	}
	if fixed, ok := quoteHint(e, l); ok {
		return &NameHintError{Line: fixed, Err: err}
	}
	var nf *model.NotFoundError
	if errors.As(err, &nf) {
		if name := nearName(e, nf.Query); name != "" {
			return &SlipError{Name: name, Err: err}
		}
	}
	return err
}

// safeRun runs a verb and turns a panic in rules code into an error, so a
// bug in one rule can never take a fight in progress down with it.
func safeRun(v Verb, c *Ctx, args []string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error in %s (nothing was changed): %v", v.Name, r)
		}
	}()
	return runCommand(v, c, args)
}

func lastText(es []model.Entry) string {
	for i := len(es) - 1; i >= 0; i-- {
		if es[i].Kind == model.KindEvent {
			return es[i].Text
		}
	}
	if len(es) > 0 {
		if en := es[len(es)-1]; en.Kind == model.KindRoll {
			return RollText(en) // a command that only rolled says what came up
		}
		return es[len(es)-1].Text
	}
	return ""
}

// pushUndo adds a step and drops the oldest beyond the budget.
func (t *Tracker) pushUndo(s step) {
	s.size += len(s.line) + 64
	t.undo = append(t.undo, s)
	t.undoBytes += s.size
	t.trimUndo()
}

// trimUndo drops the oldest steps while undo holds more than the budget,
// keeping the last minUndo. Dropping reslices rather than copies, so a
// full stack costs O(1) a command; the dropped slots are cleared so what
// they hold can be collected.
func (t *Tracker) trimUndo() {
	drop := 0
	for len(t.undo)-drop > minUndo && t.undoBytes > t.budget {
		t.undoBytes -= t.undo[drop].size
		drop++
	}
	if drop > 0 {
		clear(t.undo[:drop])
		t.undo = t.undo[drop:]
	}
}

var errNoHistory = errors.New("undo is off here: no history is kept")

// Undo restores the encounter as it was before the last command.
func (t *Tracker) Undo() (Result, error) {
	if t.noHistory {
		return Result{}, errNoHistory
	}
	if len(t.undo) == 0 {
		return Result{}, errors.New("nothing to undo")
	}
	s := t.undo[len(t.undo)-1]
	t.undo[len(t.undo)-1] = step{}
	t.undo = t.undo[:len(t.undo)-1]
	t.undoBytes -= s.size
	n := s.logLen
	back := t.apply(s)
	back.logLen = t.last.Log.Len()
	back.entries = append([]model.Entry(nil), t.last.Log.From(n)...)
	back.size += len(back.entries) * entrySize
	// Later appends must not write over entries a save may still read:
	// the cut log's first entry copies its block, no more.
	t.last.Log = t.last.Log.Truncate(n)
	t.E.Log = t.last.Log
	t.redo = append(t.redo, back)
	t.version++
	return Result{Message: "undid: " + strings.TrimSpace(s.line)}, nil
}

// Redo applies again the last command undone.
func (t *Tracker) Redo() (Result, error) {
	if t.noHistory {
		return Result{}, errNoHistory
	}
	if len(t.redo) == 0 {
		return Result{}, errors.New("nothing to redo")
	}
	s := t.redo[len(t.redo)-1]
	t.redo[len(t.redo)-1] = step{}
	t.redo = t.redo[:len(t.redo)-1]
	n := t.last.Log.Len()
	back := t.apply(s)
	back.logLen = n
	// last's log has room past its end only if it grew since the undo
	// that cut it (Truncate seals), and no one holds a longer copy.
	for _, en := range s.entries {
		t.last.Log.Add(en)
	}
	t.E.Log = t.last.Log
	t.pushUndo(back)
	t.version++
	return Result{Message: "redid: " + strings.TrimSpace(s.line), Entries: s.entries}, nil
}

// Verb finds a verb by name: the system's own verbs take precedence. The
// verbs are indexed once per tracker: every command looks its verb up.
func (t *Tracker) Verb(name string) (Verb, bool) {
	if t.verbs == nil {
		t.verbs = map[string]Verb{}
		for _, v := range coreVerbs() {
			t.verbs[v.Name] = v
		}
		sv := t.Sys.Verbs()
		for i := len(sv) - 1; i >= 0; i-- { // the first of a name wins, as in LookupVerb
			t.verbs[sv[i].Name] = sv[i]
		}
	}
	v, ok := t.verbs[strings.ToLower(name)]
	return v, ok
}

// Verbs lists every verb of the current system, sorted by name, with
// undo and redo, for help and completion. Core verbs the system lists as
// Unused are left out (they still run, and refuse, when typed).
func (t *Tracker) Verbs() []Verb {
	seen := map[string]bool{}
	var out []Verb
	for _, v := range t.Sys.Verbs() {
		seen[v.Name] = true
		out = append(out, v)
	}
	for _, v := range coreVerbs() {
		if !seen[v.Name] && !IsUnused(t.Sys, v.Name) {
			out = append(out, v)
		}
	}
	out = append(out,
		Verb{Name: "undo", Usage: "undo", Summary: "take back the last command"},
		Verb{Name: "redo", Usage: "redo", Summary: "apply again the last command undone"})
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Help returns the usage of every verb, one per line.
func (t *Tracker) Help() string {
	var b strings.Builder
	vs := t.Verbs()
	w := 0
	for _, v := range vs {
		w = max(w, len(v.Usage))
	}
	for _, v := range vs {
		fmt.Fprintf(&b, "%-*s  %s\n", w, v.Usage, v.Summary)
	}
	return b.String()
}
