package osr_test

import (
	"slices"
	"testing"
)

// Raising someone who has not acted above the count that is running
// would skip its action: it holds it instead, to take with act or with
// the held actions. Lowering one who has acted gives no second action.
func TestInitChangedMidCountdown(t *testing.T) {
	tr := fourAt(t, "6", "4", "3", "1")
	run(t, tr, "next") // count 4: Bo
	from := tr.E.Log.Len()
	run(t, tr, "init Gob 5")
	hasEvent(t, tr, from, "Gob's count has passed: Gob holds its action, taken with the held actions after count 1")
	if !comb(t, tr, "Gob").Delaying {
		t.Fatal("Gob does not hold")
	}
	run(t, tr, "init Ara 2") // Ara acted at 6
	run(t, tr, "init Grub 3")
	if !slices.Equal(acting(tr), []string{"Bo"}) {
		t.Fatalf("acting %v", acting(tr))
	}
	run(t, tr, "next")
	if header(tr) != "Round 1 · count 3" || !slices.Equal(acting(tr), []string{"Grub"}) {
		t.Fatalf("%s, acting %v", header(tr), acting(tr))
	}
	run(t, tr, "next")
	if header(tr) != "Round 1 · held" || !slices.Equal(acting(tr), []string{"Gob"}) {
		t.Fatalf("%s, acting %v", header(tr), acting(tr))
	}
}

// Lowering the one acting now below the count moves the turn on to the
// others at the count; it acts again at its new count.
func TestInitOfCurrentLowered(t *testing.T) {
	tr := fourAt(t, "6", "4", "4", "1")
	run(t, tr, "next", "init Bo 2")
	if tr.E.Current != comb(t, tr, "Gob").ID || !slices.Equal(acting(tr), []string{"Gob"}) {
		t.Fatalf("current %d, acting %v", tr.E.Current, acting(tr))
	}
	run(t, tr, "next")
	if header(tr) != "Round 1 · count 2" || !slices.Equal(acting(tr), []string{"Bo"}) {
		t.Fatalf("%s, acting %v", header(tr), acting(tr))
	}
}

// A held action taken early (forced: held actions come after count 1) is
// not taken again when the holder's count or the held actions come round.
func TestHoldActThenCount(t *testing.T) {
	tr := fourAt(t, "6", "4", "3", "1")
	run(t, tr, "hold Gob", "force act Gob", "next", "next")
	if header(tr) != "Round 1 · count 1" || !slices.Equal(acting(tr), []string{"Grub"}) {
		t.Fatalf("%s, acting %v", header(tr), acting(tr))
	}
	run(t, tr, "next")
	if header(tr) != "Round 2 · declare" {
		t.Fatalf("header %q", header(tr))
	}
}

// Removing the one whose count it is hands the marker to another at the
// same count, or moves on to the next count.
func TestRemoveCurrentCount(t *testing.T) {
	tr := fourAt(t, "6", "4", "4", "1")
	run(t, tr, "next", "remove Bo")
	if tr.E.Current != comb(t, tr, "Gob").ID {
		t.Fatalf("current %d, want Gob", tr.E.Current)
	}
	from := tr.E.Log.Len()
	run(t, tr, "remove Gob")
	hasEvent(t, tr, from, "Count 1: Grub acts")
	if tr.E.Current != comb(t, tr, "Grub").ID {
		t.Fatalf("current %d, want Grub", tr.E.Current)
	}
}

// A late arrival whose count is still to come acts at it; undo and redo
// around the round's end restore the countdown exactly.
func TestLateArrivalAndUndoAcrossRound(t *testing.T) {
	tr := fourAt(t, "6", "4", "3", "1")
	run(t, tr, "next", `add Hob side=goblins hp=5 ac=13 bcb=1 dex=10 save=16 init=2 weapons="club 1d4"`)
	run(t, tr, "next", "next")
	if header(tr) != "Round 1 · count 2" || !slices.Equal(acting(tr), []string{"Hob"}) {
		t.Fatalf("%s, acting %v", header(tr), acting(tr))
	}
	run(t, tr, "next", "next")
	if header(tr) != "Round 2 · declare" {
		t.Fatalf("header %q", header(tr))
	}
	run(t, tr, "undo")
	if header(tr) != "Round 1 · count 1" || !slices.Equal(acting(tr), []string{"Grub"}) {
		t.Fatalf("undo: %s, acting %v", header(tr), acting(tr))
	}
	run(t, tr, "redo")
	if header(tr) != "Round 2 · declare" || comb(t, tr, "Hob").Acted {
		t.Fatalf("redo: %s", header(tr))
	}
}
