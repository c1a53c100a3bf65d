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

// inRange checks what step s changed and the log entries from logLen on.
func (t *Tracker) inRange(s step, logLen int) error {
	e := t.E
	if err := e.CheckNumbers(); err != nil {
		return err
	}
	for i := logLen; i < len(e.Log); i++ {
		if err := e.Log[i].CheckNumbers(); err != nil {
			return err
		}
	}
	changed := s.at
	if s.rebuilt {
		changed = s.fresh
	}
	for _, i := range changed {
		if err := combatantInRange(t.Sys, e.Combatants[i]); err != nil {
			return err
		}
	}
	return nil
}

// combatantInRange checks a combatant's numbers and that each of its sheet
// fields, as a save writes it, is one its system's sheet takes back, in
// the order the loader sets them.
func combatantInRange(sys System, c *model.Combatant) (err error) {
	if err := c.CheckNumbers(); err != nil {
		return err
	}
	if c.Sheet == nil {
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
	for _, k := range c.Sheet.Keys() {
		v, ok := c.Sheet.Get(k)
		if !ok {
			continue
		}
		if err := fresh.Set(k, v); err != nil {
			return fmt.Errorf("%s's %s would be %s, which fray cannot keep (%v)", c.Name, k, v, err)
		}
	}
	return nil
}

// revert takes back a step that commit just made, log entries included.
func (t *Tracker) revert(s step) {
	t.apply(s)
	t.last.Log = t.last.Log[:s.logLen:s.logLen]
	if s.logNil {
		t.last.Log = nil
	}
	t.E.Log = t.last.Log
}

// CheckRanges checks every number of the encounter as inRange checks what
// a command changed: for a tracker run without history (SetHistory), whose
// commands cannot tell, before its encounter is saved.
func (t *Tracker) CheckRanges() error {
	e := t.E
	if err := e.CheckNumbers(); err != nil {
		return err
	}
	for i := range e.Log {
		if err := e.Log[i].CheckNumbers(); err != nil {
			return err
		}
	}
	for _, c := range e.Combatants {
		if err := combatantInRange(t.Sys, c); err != nil {
			return err
		}
	}
	return nil
}
