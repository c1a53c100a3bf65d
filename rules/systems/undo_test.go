package systems_test

import (
	"reflect"
	"slices"
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/rulestest"
	"fray/rules/systems"
	"fray/rules/systems/bigfight"
)

// Undo keeps only what each command changed (see rules/undo.go). These
// tests hold it to what a full copy of the encounter before and after
// every command would give back, on every demo of every system, with
// random command lines built from each verb's usage: whatever rules code
// does to an encounter, undo and redo must restore it exactly, a failed
// command must leave it exactly as it was, and a snapshot must equal it
// and never change afterwards.

// full is a deep copy of an encounter, log included.
func full(e *model.Encounter) *model.Encounter {
	c := e.Clone()
	c.Log = model.LogOf(slices.Clone(e.Log.From(0)))
	return c
}

// checkUndo applies n random lines to tr (with the GM's turn command and
// chains of undo and redo mixed in) and fails t at the first state that
// undo, redo, a failure or a snapshot gets wrong. It returns how many
// lines worked.
func checkUndo(t *testing.T, tr *rules.Tracker, seed uint64, n int) int {
	t.Helper()
	l := rulestest.NewLiner(tr, seed)
	type kept struct{ snap, copy *model.Encounter }
	var snaps []kept
	worked := 0
	history := []*model.Encounter{full(tr.E)} // history[i] is the state i commands back… in order
	for i := 0; i < n; i++ {
		var line string
		switch k := l.R.IntN(10); {
		case k < 3:
			line = bigfight.Turn(tr)
		case k == 3 && len(history) > 1:
			// Undo a few steps, checking each state, then redo them.
			steps := 1 + l.R.IntN(min(4, len(history)-1))
			for s := 1; s <= steps && tr.CanUndo(); s++ {
				if _, err := tr.Apply("undo"); err != nil {
					t.Fatalf("seed %d, line %d: undo: %v", seed, i, err)
				}
				if want := history[len(history)-1-s]; !reflect.DeepEqual(want, full(tr.E)) {
					t.Fatalf("seed %d, line %d: %d undos did not restore the encounter", seed, i, s)
				}
			}
			for s := steps - 1; s >= 0 && tr.CanRedo(); s-- {
				if _, err := tr.Apply("redo"); err != nil {
					t.Fatalf("seed %d, line %d: redo: %v", seed, i, err)
				}
				if want := history[len(history)-1-s]; !reflect.DeepEqual(want, full(tr.E)) {
					t.Fatalf("seed %d, line %d: redo after %d undos did not restore the encounter", seed, i, steps)
				}
			}
			continue
		default:
			line = l.Line()
		}
		before := full(tr.E)
		_, err := tr.Apply(line)
		if err != nil {
			if !reflect.DeepEqual(before, full(tr.E)) {
				t.Fatalf("seed %d: %q failed (%v) but changed the encounter", seed, line, err)
			}
			continue
		}
		after := full(tr.E)
		worked++
		if _, err := tr.Apply("undo"); err != nil {
			t.Fatalf("seed %d: undo of %q: %v", seed, line, err)
		}
		if !reflect.DeepEqual(before, full(tr.E)) {
			t.Fatalf("seed %d: undo of %q did not restore the encounter", seed, line)
		}
		if _, err := tr.Apply("redo"); err != nil {
			t.Fatalf("seed %d: redo of %q: %v", seed, line, err)
		}
		if !reflect.DeepEqual(after, full(tr.E)) {
			t.Fatalf("seed %d: redo of %q did not restore the encounter", seed, line)
		}
		history = append(history, after)
		if l.R.IntN(4) == 0 {
			s := tr.Snapshot()
			if !reflect.DeepEqual(after, full(s)) {
				t.Fatalf("seed %d: the snapshot after %q is not the encounter", seed, line)
			}
			snaps = append(snaps, kept{s, full(s)})
		}
	}
	for _, k := range snaps {
		if !reflect.DeepEqual(k.copy, full(k.snap)) {
			t.Fatalf("seed %d: a snapshot changed after it was taken", seed)
		}
	}
	return worked
}

// TestUndoRestoresEveryDemo runs random commands on every demo of every
// system.
func TestUndoRestoresEveryDemo(t *testing.T) {
	rulestest.EveryDemo(t, systems.Default().All(), 150, undoDemo)
}

// TestUndoRestoresEveryDemoLent is the same with the sheets lent as fray
// lends them, not copies (model.CheckLending off): the frozen state and
// the working one then hold the same sheets, which no command may change
// in place.
func TestUndoRestoresEveryDemoLent(t *testing.T) {
	defer func(was bool) { model.CheckLending = was }(model.CheckLending)
	model.CheckLending = false
	rulestest.EveryDemo(t, systems.Default().All(), 100, undoDemo)
}

// FuzzUndoDemos is the same with the fuzzer choosing the system, the demo
// and the random seed.
func FuzzUndoDemos(f *testing.F) { rulestest.FuzzDemos(f, systems.Default().All(), 40, undoDemo) }

// undoDemo runs checkUndo on a fresh copy of a demo.
func undoDemo(t *testing.T, sys rules.System, demo string, seed uint64, n int) int {
	e, err := rules.BuildDemo(sys, demo, seed)
	if err != nil {
		t.Fatal(err)
	}
	return checkUndo(t, rules.NewTracker(e, sys), seed, n)
}
