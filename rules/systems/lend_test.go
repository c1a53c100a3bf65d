package systems_test

import (
	"fmt"
	"strings"
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/systems"
)

// A system whose sheets are Lendable shares each sheet between the
// working encounter and the frozen state undo and the saver keep, until a
// command takes it with OwnSheet. These tests hold that to what it saves
// and to what it must never do: let a change reach the frozen state
// unseen.

// lendingFight returns a tracker on sys's first demo and a combatant of
// it with a sheet.
func lendingFight(t *testing.T, sys rules.System) (*rules.Tracker, *model.Combatant) {
	t.Helper()
	e, err := rules.BuildDemo(sys, sys.Demos()[0].Name, 1)
	if err != nil {
		t.Fatal(err)
	}
	tr := rules.NewTracker(e, sys)
	for _, cb := range tr.E.Combatants {
		if cb.Sheet() != nil {
			return tr, cb
		}
	}
	t.Fatalf("%s's demo has no sheet", sys.ID())
	return nil, nil
}

// lendable lists the systems whose sheets the tracker lends.
func lendable(t *testing.T) []rules.System {
	var out []rules.System
	for _, sys := range systems.Default().All() {
		if _, ok := sys.NewSheet().(model.Lendable); ok {
			out = append(out, sys)
		}
	}
	if len(out) == 0 {
		t.Fatal("no system lends its sheets")
	}
	return out
}

// TestLentSheetIsShared: the snapshot and the working encounter hold one
// sheet, not a copy each, until a command changes it; then the snapshot
// keeps the sheet as it was.
func TestLentSheetIsShared(t *testing.T) {
	was := model.CheckLending
	model.CheckLending = false // as fray runs: the sheet itself is lent
	defer func() { model.CheckLending = was }()
	for _, sys := range lendable(t) {
		tr, cb := lendingFight(t, sys)
		snap := tr.Snapshot()
		frozen := snap.Combatants[model.IndexOf(snap.Combatants, cb.ID)]
		if !cb.Lent() || cb.Sheet() != frozen.Sheet() {
			t.Fatalf("%s: the working sheet is not the frozen one", sys.ID())
		}
		before := frozen.Sheet().Clone()
		key, value := otherValue(t, cb.Sheet())
		if _, err := tr.Apply(fmt.Sprintf("set %s %s=%s", rules.Quote(cb.Name), key, value)); err != nil {
			t.Fatalf("%s: %v", sys.ID(), err)
		}
		if !model.SheetsEqual(before, frozen.Sheet()) {
			t.Fatalf("%s: set changed the sheet a snapshot holds", sys.ID())
		}
		if v, _ := cb.Sheet().Get(key); v != value {
			t.Fatalf("%s: set %s=%s left %s", sys.ID(), key, value, v)
		}
		if _, err := tr.Apply("undo"); err != nil {
			t.Fatal(err)
		}
		if !model.SheetsEqual(before, cb.Sheet()) || !cb.Lent() {
			t.Fatalf("%s: undo did not lend the sheet as it was back", sys.ID())
		}
	}
}

// TestChangeWithoutOwnSheetIsCaught: a rule that changes a lent sheet it
// took with Sheet, not OwnSheet, would change the frozen state unseen and
// undo would miss it. Under CheckLending, as every rules test runs, the
// working profile holds a copy, and the next command stops on it.
func TestChangeWithoutOwnSheetIsCaught(t *testing.T) {
	if !model.CheckLending {
		t.Fatal("the rules' tests run without model.CheckLending")
	}
	caughtAfterSlip(t, sheetSlip, "without OwnSheet", nextCommand)
}

// TestChangeWithoutOwnSheetIsCaughtOnTry: the same slip is caught when
// the next command is one the screen tries (Try) and it changes the list
// of combatants, so that E is brought back by rebuilding its list rather
// than combatant by combatant.
func TestChangeWithoutOwnSheetIsCaughtOnTry(t *testing.T) {
	caughtAfterSlip(t, sheetSlip, "without OwnSheet", tryAdd)
}

// TestChangeWithoutOwnSheetIsCaughtWhenOwned: the same slip is caught
// when OwnSheet takes the sheet later in the same command (as a rule that
// reads everyone with Sheet and then changes some would), which would
// otherwise carry the change into a sheet of the profile's own, where
// commit no longer looks.
func TestChangeWithoutOwnSheetIsCaughtWhenOwned(t *testing.T) {
	caughtAfterSlip(t, sheetSlip, "without OwnSheet", ownSheet)
}

// TestChangeWithoutOwnSheetAfterOwnProfileIsCaught: the slip made after
// OwnProfile took the profile, its sheet still lent, is caught by the
// OwnSheet that follows (the loan OwnProfile noted) and by the next
// command (the profile is the combatant's own, its sheet is not).
func TestChangeWithoutOwnSheetAfterOwnProfileIsCaught(t *testing.T) {
	slip := func(t *testing.T, cb *model.Combatant) {
		cb.OwnProfile()
		sheetSlip(t, cb)
	}
	caughtAfterSlip(t, slip, "without OwnSheet before OwnSheet took it", ownSheet)
	caughtAfterSlip(t, slip, "without OwnSheet", nextCommand)
}

// TestChangeWithoutOwnProfileIsCaught: a rule that changes a field of a
// lent profile before OwnProfile would change the frozen state as a
// write through Sheet would: the next command, a tried one and the
// OwnProfile that follows stop on it.
func TestChangeWithoutOwnProfileIsCaught(t *testing.T) {
	for _, slip := range []func(*testing.T, *model.Combatant){
		func(_ *testing.T, cb *model.Combatant) { cb.Note = "slipped" },
		func(_ *testing.T, cb *model.Combatant) { cb.Strikes.Hits++ },
		func(_ *testing.T, cb *model.Combatant) {
			cb.Conds = append(cb.Conds, model.Condition{Label: "slipped"})
		},
	} {
		caughtAfterSlip(t, slip, "without OwnProfile", nextCommand)
		caughtAfterSlip(t, slip, "without OwnProfile", tryAdd)
		caughtAfterSlip(t, slip, "without OwnProfile before OwnProfile took it", ownSheet)
	}
}

// The slips and what follows them.
var (
	nextCommand = func(tr *rules.Tracker, _ *model.Combatant) { _, _ = tr.Apply("note the next command") }
	tryAdd      = func(tr *rules.Tracker, _ *model.Combatant) { _ = tr.Try("add Zed") }
	ownSheet    = func(_ *rules.Tracker, cb *model.Combatant) { cb.OwnSheet() }
)

// sheetSlip changes cb's sheet through Sheet(), not OwnSheet.
func sheetSlip(t *testing.T, cb *model.Combatant) {
	key, value := otherValue(t, cb.Sheet())
	if err := cb.Sheet().Set(key, value); err != nil {
		t.Fatal(err)
	}
}

// caughtAfterSlip makes the slip on a combatant of each system's demo,
// and checks that next, run then, stops on it with a message that says
// want.
func caughtAfterSlip(t *testing.T, slip func(*testing.T, *model.Combatant), want string, next func(*rules.Tracker, *model.Combatant)) {
	t.Helper()
	for _, sys := range lendable(t) {
		tr, cb := lendingFight(t, sys)
		slip(t, cb)
		func() {
			defer func() {
				if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), want) {
					t.Errorf("%s: a change to a lent profile or sheet went unseen (%v)", sys.ID(), r)
				}
			}()
			next(tr, cb)
		}()
	}
}

// otherValue returns a sheet field and a value it takes that differs
// from the one it holds.
func otherValue(t *testing.T, s model.Sheet) (string, string) {
	t.Helper()
	c := s.Clone()
	for _, k := range s.Keys() {
		was, _ := s.Get(k)
		for _, v := range []string{"1", "2", "3", "yes", "no"} {
			if c.Set(k, v) != nil {
				continue
			}
			if now, _ := c.Get(k); now != was {
				return k, now
			}
		}
	}
	t.Fatal("no field takes another value")
	return "", ""
}
