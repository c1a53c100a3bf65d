package rules

import (
	"encoding/binary"
	"fmt"
	"reflect"
	"slices"
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
			if err := e.Add(&model.Combatant{Profile: (&model.Profile{Name: fmt.Sprint("c", i)}).WithSheet(&hpSheet{})}); err != nil {
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
			if err := e.Add(&model.Combatant{Init: i, HasInit: true, Profile: (&model.Profile{Name: fmt.Sprint("c", i)}).WithSheet(&hpSheet{HP: 10})}); err != nil {
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
// what it keeps of them (packed, see undopack.go), so the budget bounds
// what undo really holds (osr at 1000 changes every combatant three times
// a round).
func TestUndoCountsWhatItKeeps(t *testing.T) {
	e := model.New("test", 1)
	for i := range 1000 {
		if err := e.Add(&model.Combatant{Init: i, HasInit: true, Profile: (&model.Profile{Name: fmt.Sprint("c", i)}).WithSheet(&hpSheet{HP: 10})}); err != nil {
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
		if n := packedLen(s.packed); n < 900 {
			t.Fatalf("%s: the step keeps %d combatants, want nearly all 1000", line, n)
		}
		if want := len(s.packed.b) + 8*len(s.packed.profiles) + tr.mapsSize(s); s.size < want {
			t.Errorf("%s: the step counts %d bytes, holding at least %d", line, s.size, want)
		}
	}
}

// TestIntsDiff: an order kept as its difference from the one after it
// comes back exactly, nil and empty apart, whatever changed where.
func TestIntsDiff(t *testing.T) {
	lists := [][]int{nil, {}, {1}, {2}, {1, 2, 3}, {3, 2, 1}, {1, 2}, {2, 3}, {1, 3}, {1, 9, 3}, {-5, 1 << 40, 0}, {7, 1, 2, 3, 4, 5}, {1, 2, 3, 4, 5, 7}, {2, 3, 1}, {3, 1, 2}, {1, 3, 2}, {2, 1, 3}}
	for _, old := range lists {
		for _, now := range lists {
			d := diffInts(old, now)
			if (d != nil) == model.SameSlice(old, now) {
				t.Errorf("%v to %v: changed %v", old, now, d != nil)
			}
			if d == nil {
				continue
			}
			if got := d.old(now); !model.SameSlice(got, old) {
				t.Errorf("%v to %v: came back as %v", old, now, got)
			}
		}
	}
	// One moved in a long list keeps about what lies between its places.
	old := make([]int, 1000)
	for i := range old {
		old[i] = i + 1
	}
	now := append(append(slices.Clone(old[:500]), old[501:510]...), append([]int{old[500]}, old[510:]...)...)
	if d := diffInts(old, now); d.n != 10 || d.moved == 0 || len(d.mid) != 0 || !model.SameSlice(d.old(now), old) {
		t.Errorf("one moved 9 places down: kept %d values (moved %d, %d bytes), or came back wrong", d.n, d.moved, len(d.mid))
	}
	if d := diffInts(now, old); d.n != 10 || d.moved == 0 || len(d.mid) != 0 || !model.SameSlice(d.old(old), now) {
		t.Errorf("one moved 9 places up: kept %d values (moved %d, %d bytes), or came back wrong", d.n, d.moved, len(d.mid))
	}
	// Two swapped far apart: the values between are kept.
	swapped := slices.Clone(old)
	swapped[10], swapped[900] = swapped[900], swapped[10]
	if d := diffInts(old, swapped); d.n != 891 || d.moved != 0 || !model.SameSlice(d.old(swapped), old) {
		t.Errorf("two swapped: kept %d values (moved %d), or came back wrong", d.n, d.moved)
	}
}

// packedLen counts the combatants a packed step keeps.
func packedLen(p packed) int {
	n, prof := 0, 0
	for off := 0; off < len(p.b); n++ {
		_, m := binary.Uvarint(p.b[off:])
		f := p.b[off+m]
		off += m + 1
		for _, bit := range []byte{packInit, packTime, packTurns} {
			if f&bit != 0 {
				_, m := binary.Varint(p.b[off:])
				off += m
			}
		}
		if f&packStatus != 0 {
			off++
		}
		if f&packProfile != 0 {
			prof++
		}
	}
	if prof != len(p.profiles) {
		return -1
	}
	return n
}
