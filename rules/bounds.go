package rules

import (
	"fmt"

	"fray/model"
)

// Every number an encounter keeps has a range (model.MaxRound and
// friends; a sheet field, what its Set takes), and the save loader refuses
// a file with one outside it. So that no command can write such a file,
// the tracker checks what each command changed before it counts: a
// command that would take a number out of its range (the round past the
// last, an id past the largest, a sheet field past what the sheet takes)
// is refused like any failed command, and changes nothing. The check
// costs nothing for what the command did not change.

// The same check keeps text: a command line cannot hold a control
// character (Split), but a command may bring text from elsewhere (a
// template, a party), and what it changed must hold none either.

// inRange checks what step s changed in e, and e's log entries from
// logLen on; was lists the combatants s changed, as they were, when s
// did not rebuild the list. frozen, when commit has made s, is the frozen
// list it brought up to e: a changed combatant whose frozen copy kept the
// old sheet (CloneSharing shares it when equal) has the sheet it had.
func inRange(sys System, e *model.Encounter, s step, was []*model.Combatant, logLen int, frozen []*model.Combatant) error {
	if err := firstErr(e.CheckNumbers(), headerText(e), mapText(e.Options, s.options), mapText(e.Turn, s.turn)); err != nil {
		return err
	}
	for es, i := e.Log.From(logLen), 0; i < len(es); i++ {
		if err := entryInRange(&es[i]); err != nil {
			return err
		}
	}
	if s.rebuilt != nil {
		for _, i := range s.rebuilt.fresh {
			if err := combatantInRange(sys, e.Combatants[i], nil, false); err != nil {
				return err
			}
		}
		return nil
	}
	for _, w := range was {
		i := model.IndexOf(e.Combatants, w.ID)
		c, kept := e.Combatants[i], false
		if i < len(frozen) {
			// The frozen copy holds the same values, and reading its
			// sheet copies nothing (the working one may borrow it).
			c = frozen[i]
			kept = c.Sheet() == w.Sheet()
		}
		if err := combatantInRange(sys, c, w, kept); err != nil {
			return err
		}
	}
	return nil
}

// combatantInRange checks a combatant's numbers and that each of its sheet
// fields, as a save writes it, is one its system's sheet takes back, in
// the order the loader sets them. Text and a sheet equal to was's (the
// combatant before the command, when the caller knows it) were checked
// when they were made: a new round that only marks turns does not read a
// thousand sheets. kept says the caller knows the sheet is was's.
func combatantInRange(sys System, c, was *model.Combatant, kept bool) (err error) {
	if err := c.CheckNumbers(); err != nil {
		return err
	}
	if was == nil || !sameText(c, was) {
		if err := combatantText(c); err != nil {
			return err
		}
	}
	if c.Sheet() == nil || kept || (was != nil && was.Sheet() != nil && model.SheetsEqual(c.Sheet(), was.Sheet())) {
		return nil
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error checking %s's sheet: %v", c.Name, r)
		}
	}()
	fresh := sys.NewSheet()
	if fresh == nil {
		return nil
	}
	for _, k := range c.Sheet().Keys() {
		v, ok := c.Sheet().Get(k)
		if !ok {
			continue
		}
		if !isPlain(v) {
			return plain(c.Name+"'s "+k, v)
		}
		if err := fresh.Set(k, v); err != nil {
			return fmt.Errorf("%s's %s would be %s, which fray cannot keep (%v)", c.Name, k, v, err)
		}
	}
	return nil
}

// revert takes back a step that commit just made, log entries included:
// log is the log as it was before the command. It keeps its room: the
// entries the refused command wrote lie past every length anyone was
// given (no snapshot or result holds them), so the next entries may go
// over them, as after a command that failed on its own (restore). A cut
// (Log.Truncate) would make the next entry copy its block.
func (t *Tracker) revert(s step, log model.Log) {
	t.apply(s)
	t.last.Log = log
	t.E.Log = log
}

// CheckRanges checks every number of the encounter as inRange checks what
// a command changed: for a tracker run without history (SetHistory), whose
// commands cannot tell, before its encounter is saved.
func (t *Tracker) CheckRanges() error {
	e := t.E
	all := mapDiff{whole: true}
	if err := firstErr(e.CheckNumbers(), headerText(e), mapText(e.Options, all), mapText(e.Turn, all)); err != nil {
		return err
	}
	for _, en := range e.Log.All() {
		if err := entryInRange(&en); err != nil {
			return err
		}
	}
	for _, c := range e.Combatants {
		if err := combatantInRange(t.Sys, c, nil, false); err != nil {
			return err
		}
	}
	return nil
}

// plain refuses text with a control character.
func plain(what, s string) error {
	if r, at := FindControl(s); at > 0 {
		return fmt.Errorf("%s would hold %s (character %d): text in fray holds no control characters", what, ControlName(r), at)
	}
	return nil
}

// isPlain reports whether plain would take s, for a caller that writes
// what s is only when it fails.
func isPlain(s string) bool {
	_, at := FindControl(s)
	return at <= 0
}

// firstErr returns the first error that is not nil.
func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// headerText checks the encounter's own text.
func headerText(e *model.Encounter) error {
	return firstErr(plain("the title", e.Title), plain("the phase", e.Phase))
}

// mapText checks the entries of m (Options or Turn) that d says changed.
func mapText(m map[string]string, d mapDiff) error {
	check := func(k string) error {
		v, ok := m[k]
		if !ok {
			return nil
		}
		return firstErr(plain("a setting's name", k), plain(k, v))
	}
	if d.whole {
		for k := range m {
			if err := check(k); err != nil {
				return err
			}
		}
		return nil
	}
	for _, e := range d.kvs {
		if err := check(e.k); err != nil {
			return err
		}
	}
	return nil
}

// combatantText checks a combatant's text, its sheet's aside.
// The message, which names the combatant, is written only for text that
// fails: the tracker checks every combatant a command changed.
func combatantText(c *model.Combatant) error {
	if err := plain("a name", c.Name); err != nil {
		return err
	}
	for _, f := range [...]struct{ what, s string }{{"side", c.Side}, {"note", c.Note}, {"zone", c.Zone}, {"band", c.Band}} {
		if !isPlain(f.s) {
			return plain(c.Name+"'s "+f.what, f.s)
		}
	}
	for _, k := range c.Conds {
		if !isPlain(k.Label) {
			return plain(c.Name+"'s condition", k.Label)
		}
	}
	for _, t := range c.TurnState {
		if !isPlain(t.Kind) || !isPlain(t.Value) {
			return firstErr(plain(c.Name+"'s turn state", t.Kind), plain(c.Name+"'s "+t.Kind, t.Value))
		}
	}
	return nil
}

// sameText reports whether two combatants hold the same text, which
// combatantText checks.
func sameText(c, o *model.Combatant) bool {
	if c.Name != o.Name || c.Side != o.Side || c.Note != o.Note || c.Zone != o.Zone || c.Band != o.Band || len(c.Conds) != len(o.Conds) ||
		!model.SameSlice(c.TurnState, o.TurnState) {
		return false
	}
	for i := range c.Conds {
		if c.Conds[i].Label != o.Conds[i].Label {
			return false
		}
	}
	return true
}

// entryInRange checks a log entry's numbers and texts.
func entryInRange(en *model.Entry) error {
	return firstErr(en.CheckNumbers(), entryText(en))
}

// entryText checks a log entry's text.
func entryText(en *model.Entry) error {
	return firstErr(plain("a log line", en.Text), plain("a roll's roller", en.Who), plain("a roll's reason", en.Why),
		plain("a roll", en.Expr), plain("a roll's note", en.Special))
}
