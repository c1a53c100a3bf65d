package rules

import (
	"fmt"
	"reflect"
	"testing"

	"fray/model"
)

// TestUndoBudget: undo keeps steps up to a budget in bytes, dropping the
// oldest, never fewer than minUndo; the steps it keeps undo and redo
// exactly.
func TestUndoBudget(t *testing.T) {
	for _, n := range []int{0, 100, 4000} {
		e := model.New("test", 1)
		for i := range n {
			if err := e.Add(&model.Combatant{Profile: &model.Profile{Name: fmt.Sprint("c", i), Sheet: &hpSheet{}}}); err != nil {
				t.Fatal(err)
			}
		}
		tr := NewTracker(e, testSys{})
		// Notes change only the log: 300 of them fit any budget.
		for range 300 {
			mustApply(t, tr, "note x")
		}
		if len(tr.undo) != 300 {
			t.Errorf("%d combatants: %d of 300 notes kept", n, len(tr.undo))
		}
		if n == 0 {
			continue
		}
		// Each set changes one combatant; a budget of 20 steps' worth keeps 20.
		tr.SetUndoBudget(0)
		if len(tr.undo) != minUndo {
			t.Errorf("%d combatants: a budget of 0 kept %d steps, want %d", n, len(tr.undo), minUndo)
		}
		mustApply(t, tr, "set c0 hp=1")
		one := tr.undo[len(tr.undo)-1].size
		tr.SetUndoBudget(tr.undoBytes + 20*one)
		states := []*model.Encounter{frozen(tr.E)}
		for i := range 40 {
			mustApply(t, tr, fmt.Sprintf("set c%d hp=%d", i%n, i+2))
			states = append(states, frozen(tr.E))
		}
		if got := len(tr.undo); got < 20 || got > 21+minUndo {
			t.Errorf("%d combatants: a budget of about 20 steps kept %d", n, got)
		}
		for i := len(states) - 2; tr.CanUndo() && i >= 0; i-- {
			mustApply(t, tr, "undo")
			sameEncounter(t, fmt.Sprintf("%d combatants, undo to %d", n, i), states[i], tr.E)
		}
	}
}

// TestUndoStepSize: a step holds what the command changed, not the
// encounter: a next turn at 1000 combatants costs about what it costs at
// 10, so a long fight undoes back a long way.
func TestUndoStepSize(t *testing.T) {
	size := map[int]int{}
	for _, n := range []int{10, 1000} {
		e := model.New("test", 1)
		for i := range n {
			if err := e.Add(&model.Combatant{Init: i, HasInit: true, Profile: &model.Profile{Name: fmt.Sprint("c", i), Sheet: &hpSheet{HP: 10}}}); err != nil {
				t.Fatal(err)
			}
		}
		sortByInit(e)
		tr := NewTracker(e, testSys{})
		mustApply(t, tr, "next")
		before := tr.undoBytes
		for range 100 {
			mustApply(t, tr, "next")
		}
		size[n] = (tr.undoBytes - before) / 100
	}
	if size[1000] > 2*size[10]+256 {
		t.Errorf("a next costs %d bytes of undo at 1000 combatants, %d at 10", size[1000], size[10])
	}
}

// TestUndoWholeFight: a fight of 100 rounds undoes back to its start and
// redoes to its end, exactly, within the default budget.
func TestUndoWholeFight(t *testing.T) {
	tr := newTracker(t)
	for i := range 20 {
		mustApply(t, tr, fmt.Sprintf("add c%d init=%d hp=5", i, i%7))
	}
	start := frozen(tr.E)
	lines := 0
	for tr.E.Round < 100 {
		mustApply(t, tr, "next")
		lines++
		if lines%37 == 0 {
			mustApply(t, tr, fmt.Sprintf("set c%d hp=%d", lines%20, lines%9))
			lines++
		}
	}
	end := frozen(tr.E)
	for tr.CanUndo() {
		mustApply(t, tr, "undo")
	}
	// The 20 adds are undone too; redo them to reach the fight's start.
	undone := len(tr.redo)
	if undone != lines+20 {
		t.Fatalf("%d of %d commands undone", undone, lines+20)
	}
	for range 20 {
		mustApply(t, tr, "redo")
	}
	sameEncounter(t, "undo to the start", start, tr.E)
	for tr.CanRedo() {
		mustApply(t, tr, "redo")
	}
	sameEncounter(t, "redo to the end", end, tr.E)
}

// TestSnapshotShares: a snapshot is a frozen copy that later commands do
// not change, and it shares the combatants that did not change with the
// snapshot before it.
func TestSnapshotShares(t *testing.T) {
	tr := setUp(t)
	s1 := tr.Snapshot()
	want := frozen(s1)
	mustApply(t, tr, "set bruce hp=3")
	s2 := tr.Snapshot()
	mustApply(t, tr, "next")
	mustApply(t, tr, "undo")
	mustApply(t, tr, "cond alan dazed")
	if !reflect.DeepEqual(want, frozen(s1)) {
		t.Fatal("a snapshot changed after later commands")
	}
	for i, c := range s2.Combatants {
		if shared := c == s1.Combatants[i]; shared == (c.Name == "Bruce") {
			t.Errorf("%s: shared %v with the snapshot before", c.Name, shared)
		}
	}
	if s3 := tr.Snapshot(); !reflect.DeepEqual(frozen(s3), frozen(tr.E)) {
		t.Fatal("the snapshot is not the encounter")
	}
}

// TestNoHistory: with history off (fray run), commands work and cost no
// comparison, undo refuses, snapshots and Try still work; history on
// again undoes from there.
func TestNoHistory(t *testing.T) {
	tr := setUp(t)
	tr.SetHistory(false)
	mustApply(t, tr, "set bruce hp=3")
	mustApply(t, tr, "next")
	if _, err := tr.Apply("undo"); err == nil {
		t.Fatal("undo worked with history off")
	}
	if !reflect.DeepEqual(frozen(tr.Snapshot()), frozen(tr.E)) {
		t.Fatal("snapshot with history off is not the encounter")
	}
	before := frozen(tr.E)
	if err := tr.Try("set alan hp=9"); err != nil || !reflect.DeepEqual(before, frozen(tr.E)) {
		t.Fatalf("Try with history off: %v, or it changed the encounter", err)
	}
	tr.SetHistory(true)
	mustApply(t, tr, "set alan hp=4")
	mustApply(t, tr, "undo")
	sameEncounter(t, "undo after history came back", before, tr.E)
	if tr.CanUndo() {
		t.Fatal("undo reaches before history came back")
	}
}

// TestUndoCountsWhatItKeeps: a step that changed every combatant counts
// the records it keeps and its list of them, so the budget bounds what
// undo really holds (osr at 1000 changes every combatant three times a
// round; uncounted, the list was a fifth more than the budget said).
func TestUndoCountsWhatItKeeps(t *testing.T) {
	e := model.New("test", 1)
	for i := range 1000 {
		if err := e.Add(&model.Combatant{Init: i, HasInit: true, Profile: &model.Profile{Name: fmt.Sprint("c", i), Sheet: &hpSheet{HP: 10}}}); err != nil {
			t.Fatal(err)
		}
	}
	tr := NewTracker(e, testSys{})
	for _, line := range []string{"init all roll", "undo", "redo"} {
		mustApply(t, tr, line)
		var s step
		if line == "undo" {
			s = tr.redo[len(tr.redo)-1]
		} else {
			s = tr.undo[len(tr.undo)-1]
		}
		if len(s.was) < 900 {
			t.Fatalf("%s: the step keeps %d combatants, want nearly all 1000", line, len(s.was))
		}
		if want := len(s.was)*(combatantSize+8) + tr.mapsSize(s); s.size < want {
			t.Errorf("%s: the step counts %d bytes, holding at least %d", line, s.size, want)
		}
	}
}
