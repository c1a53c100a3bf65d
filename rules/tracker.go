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

// undoBudget bounds the memory undo may hold: the stack keeps at most this
// many combatant copies in all (and never fewer than minUndo steps).
const (
	undoBudget = 20000
	minUndo    = 10
)

type snapshot struct {
	enc     *model.Encounter // state before (undo) or after (redo) the command; never changed
	line    string
	entries []model.Entry // redo only: the log entries the command wrote
}

// Tracker applies commands to one encounter and keeps undo and redo. It is
// the only way the TUI and the headless runner change an encounter: E may
// be read at any time but changed only through Apply, Undo and Redo.
//
// The tracker keeps one frozen copy of the current state (last). A command
// runs on E; if it fails, E is rebuilt from last; if it works, E is copied
// once into the new last and the old last becomes the undo step. So each
// command costs one copy, and that same copy is what autosave writes.
type Tracker struct {
	E   *model.Encounter
	Sys System

	last     *model.Encounter
	physical bool
	typed    []int
	undo     []snapshot
	redo     []snapshot
	version  int
	now      func() time.Time // the clock the fight's time is kept with; nil for none
	lib      Library          // templates and parties; nil for none
}

// NewTracker wraps an encounter and its system.
func NewTracker(e *model.Encounter, s System) *Tracker {
	return &Tracker{E: e, Sys: s, last: e.Clone()}
}

// Snapshot returns a frozen copy of the encounter as it stands after the
// last change. It is never modified afterwards, so it may be saved on
// another goroutine while commands go on; its log shares E's entries.
func (t *Tracker) Snapshot() *model.Encounter { return t.last }

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
	logLen := len(t.E.Log)
	c := newCtx(t.E, t.Sys)
	c.Lib = t.lib
	if t.physical {
		c.Dice.Physical(t.typed)
	}
	t.E.Append(model.Entry{Kind: model.KindCommand, Text: CleanLine(line)})
	err = safeRun(v, c, words[1:])
	if err == nil {
		err = settle(c, t.last, verb, t.Now())
	}
	if err = vet(t.last, l, v, c.found, err); err != nil {
		t.E = t.last.Clone()
		var need *dice.NeedFaceError
		if !errors.As(err, &need) {
			t.typed = nil
		}
		return Result{}, err
	}
	t.typed = nil
	t.pushUndo(snapshot{enc: t.last, line: line})
	t.last = t.E.Clone()
	t.redo = nil
	t.version++
	res := Result{Entries: t.E.Log[logLen:len(t.E.Log):len(t.E.Log)]}
	res.Message = lastText(res.Entries)
	return res, nil
}

// Try runs a command line on a copy of the encounter and returns its
// error, changing nothing: not the encounter, its dice, undo, nor the
// faces typed. Rolls come from the copy's dice, even in physical mode.
// The TUI uses it to offer only what the rules will take.
func (t *Tracker) Try(line string) error {
	l, err := t.parse(line)
	if err != nil {
		return err
	}
	words := l.words
	switch verb := strings.ToLower(words[0]); verb {
	case "undo", "redo":
		if (verb == "undo" && !t.CanUndo()) || (verb == "redo" && !t.CanRedo()) {
			return errors.New("nothing to " + verb)
		}
		return nil
	}
	v, _ := t.Verb(words[0])
	e := t.E.Clone()
	e.Log = e.Log[:len(e.Log):len(e.Log)] // appends must not reach E's log
	c := newCtx(e, t.Sys)
	c.Lib, c.DryRun = t.lib, true
	return vet(t.E, l, v, c.found, safeRun(v, c, words[1:]))
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
		return line{}, fmt.Errorf("unknown command %q: type help for the list of commands", words[0])
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
	if fixed, ok := quoteHint(e, l); ok {
		return &NameHintError{Line: fixed, Err: err}
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
		return es[len(es)-1].Text
	}
	return ""
}

// pushUndo adds a step and drops the oldest beyond the budget. Dropping
// reslices rather than copies, so a full stack costs O(1) a command; the
// dropped slots are cleared so their encounters can be collected.
func (t *Tracker) pushUndo(s snapshot) {
	t.undo = append(t.undo, s)
	limit := max(minUndo, undoBudget/max(1, len(t.E.Combatants)))
	if drop := len(t.undo) - limit; drop > 0 {
		clear(t.undo[:drop])
		t.undo = t.undo[drop:]
	}
}

// Undo restores the encounter as it was before the last command.
func (t *Tracker) Undo() (Result, error) {
	if len(t.undo) == 0 {
		return Result{}, errors.New("nothing to undo")
	}
	s := t.undo[len(t.undo)-1]
	t.undo[len(t.undo)-1] = snapshot{}
	t.undo = t.undo[:len(t.undo)-1]
	n := len(s.enc.Log)
	t.redo = append(t.redo, snapshot{enc: t.last, line: s.line, entries: append([]model.Entry(nil), t.E.Log[n:]...)})
	t.last = s.enc
	t.E = s.enc.Clone()
	t.E.Log = t.E.Log[:n:n] // later appends must not write into the redo copy
	t.version++
	return Result{Message: "undid: " + strings.TrimSpace(s.line)}, nil
}

// Redo applies again the last command undone.
func (t *Tracker) Redo() (Result, error) {
	if len(t.redo) == 0 {
		return Result{}, errors.New("nothing to redo")
	}
	s := t.redo[len(t.redo)-1]
	t.redo[len(t.redo)-1] = snapshot{}
	t.redo = t.redo[:len(t.redo)-1]
	n := len(t.E.Log)
	s.enc.Log = append(t.E.Log[:n:n], s.entries...)
	t.pushUndo(snapshot{enc: t.last, line: s.line})
	t.last = s.enc
	t.E = s.enc.Clone()
	t.version++
	return Result{Message: "redid: " + strings.TrimSpace(s.line), Entries: s.entries}, nil
}

// Verb finds a verb by name: the system's own verbs take precedence.
func (t *Tracker) Verb(name string) (Verb, bool) { return LookupVerb(t.Sys, name) }

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
