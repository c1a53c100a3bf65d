package osr_test

import (
	"slices"
	"testing"

	"fray/rules"
)

// Inits are rolled in add order: Ara d8, Bo d6, Gob d6, Grub d6.
func fourAt(t *testing.T, ara, bo, gob, grub string) *rules.Tracker {
	t.Helper()
	tr := newTracker(t, addAra, addBo, addGob, addGrub, "next")
	if header(tr) != "Round 1 · declare" {
		t.Fatalf("header %q", header(tr))
	}
	run(t, tr, "dice "+ara+" "+bo+" "+gob+" "+grub, "next")
	return tr
}

func TestCountdownWithTiesAndHeld(t *testing.T) {
	tt := fourAt(t, "5", "3", "5", "2")
	tr := tt
	if header(tr) != "Round 1 · count 5" || !slices.Equal(acting(tr), []string{"Ara", "Gob"}) {
		t.Fatalf("%s, acting %v", header(tr), acting(tr))
	}
	var heads []string
	for _, r := range tr.Sys.Order(tr.E).Rows {
		if r.Heading {
			heads = append(heads, r.Name)
		}
	}
	if !slices.Equal(heads, []string{"5", "3", "2"}) {
		t.Fatalf("headings %v", heads)
	}
	from := tr.E.Log.Len()
	run(t, tr, "hold Grub", "next")
	hasEvent(t, tr, from, "Count 3: Bo acts")
	if !comb(t, tr, "Ara").Acted || !comb(t, tr, "Gob").Acted || comb(t, tr, "Bo").Acted {
		t.Fatal("acted marks after count 5")
	}
	from = tr.E.Log.Len()
	run(t, tr, "next")
	hasEvent(t, tr, from, "Held actions: Grub acts")
	if header(tr) != "Round 1 · held" || !slices.Equal(acting(tr), []string{"Grub"}) {
		t.Fatalf("%s, acting %v", header(tr), acting(tr))
	}
	run(t, tr, "next")
	if header(tr) != "Round 2 · declare" || comb(t, tr, "Grub").Delaying || comb(t, tr, "Ara").HasInit {
		t.Fatalf("round 2: %s", header(tr))
	}
	// Initiative is rolled again in round 2.
	run(t, tr, "dice 1 4 4 4", "next")
	if header(tr) != "Round 2 · count 4" || !slices.Equal(acting(tr), []string{"Bo", "Gob", "Grub"}) {
		t.Fatalf("%s, acting %v", header(tr), acting(tr))
	}
}

func TestHoldingTheCurrentCountMovesOn(t *testing.T) {
	tr := fourAt(t, "6", "3", "3", "1")
	run(t, tr, "hold Ara")
	if header(tr) != "Round 1 · count 3" || !slices.Equal(acting(tr), []string{"Bo", "Gob"}) {
		t.Fatalf("%s, acting %v", header(tr), acting(tr))
	}
	// One of two at a count holds: the other still acts there.
	run(t, tr, "hold Bo")
	if header(tr) != "Round 1 · count 3" || !slices.Equal(acting(tr), []string{"Gob"}) {
		t.Fatalf("%s, acting %v", header(tr), acting(tr))
	}
	from := tr.E.Log.Len()
	run(t, tr, "force act Ara")
	hasEvent(t, tr, from, "Ara takes the held action now")
	fails(t, tr, "act Ara", "not holding")
	run(t, tr, "next", "next")
	if header(tr) != "Round 1 · held" || !slices.Equal(acting(tr), []string{"Bo"}) {
		t.Fatalf("%s, acting %v", header(tr), acting(tr))
	}
	fails(t, tr, "hold Bo", "held actions are being taken")
}

func TestSkippedCountsAndOut(t *testing.T) {
	tr := fourAt(t, "6", "4", "4", "2")
	run(t, tr, "set Bo status=unconscious", "cond Gob stunned 1")
	from := tr.E.Log.Len()
	run(t, tr, "next")
	hasEvent(t, tr, from, "Bo's count 4 passes (unconscious)")
	hasEvent(t, tr, from, "Gob's count 4 passes (stunned)")
	hasEvent(t, tr, from, "Count 2: Grub acts")
}

func TestSurpriseSegments(t *testing.T) {
	tr := newTracker(t, addAra, addBo, addGob, addGrub, "dice 1 5 2 6", "surprise roll")
	if header(tr) != "Not started · surprise first" {
		t.Fatalf("header %q", header(tr))
	}
	run(t, tr, "next")
	if header(tr) != "Round 1 · surprise segment 1" || !slices.Equal(acting(tr), []string{"Bo", "Grub"}) {
		t.Fatalf("%s, acting %v", header(tr), acting(tr))
	}
	run(t, tr, "next")
	if header(tr) != "Round 1 · surprise segment 2" || !slices.Equal(acting(tr), []string{"Ara", "Bo", "Grub"}) {
		t.Fatalf("%s, acting %v", header(tr), acting(tr))
	}
	run(t, tr, "prev")
	if header(tr) != "Round 1 · surprise segment 1" {
		t.Fatalf("prev: %s", header(tr))
	}
	run(t, tr, "next", "next")
	if header(tr) != "Round 1 · declare" || comb(t, tr, "Gob").HasCond("surprised") {
		t.Fatalf("after surprise: %s", header(tr))
	}
	// The GM marks a whole side surprised; everyone on the other side
	// acts in the free segments.
	tr = newTracker(t, addAra, addBo, addGob, addGrub, "surprise goblins 2", "next")
	if !slices.Equal(acting(tr), []string{"Ara", "Bo"}) {
		t.Fatalf("acting %v", acting(tr))
	}
	run(t, tr, "next", "next")
	if header(tr) != "Round 1 · declare" {
		t.Fatalf("header %q", header(tr))
	}
	// Hidden combatants found mid-round: their segments open the next round.
	tr = fourAt(t, "6", "4", "4", "2")
	from := tr.E.Log.Len()
	run(t, tr, "surprise party")
	hasEvent(t, tr, from, "the surprise segments open round 2")
	run(t, tr, "next", "next", "next")
	if header(tr) != "Round 2 · surprise segment 1" || !slices.Equal(acting(tr), []string{"Gob", "Grub"}) {
		t.Fatalf("%s, acting %v", header(tr), acting(tr))
	}
	// Everybody surprised for a segment: nobody acts in it.
	tr = newTracker(t, addAra, addGob, "surprise Ara", "surprise Gob")
	from = tr.E.Log.Len()
	run(t, tr, "next")
	hasEvent(t, tr, from, "Surprise segment 1: nobody can act")
	if header(tr) != "Round 1 · declare" {
		t.Fatalf("header %q", header(tr))
	}
}

func TestSideInitiative(t *testing.T) {
	tr := newTracker(t, addAra, addBo, addGob, addGrub, "option initiative side", "next", "dice 4 7", "next")
	if header(tr) != "Round 1 · count 7" || !slices.Equal(acting(tr), []string{"Gob", "Grub"}) {
		t.Fatalf("%s, acting %v", header(tr), acting(tr))
	}
	if comb(t, tr, "Bo").Init != 4 {
		t.Fatalf("Bo %d", comb(t, tr, "Bo").Init)
	}
	run(t, tr, "init Bo 9")
	if comb(t, tr, "Ara").Init != 9 {
		t.Fatal("init NAME N does not set the whole side")
	}
}

func TestUndoAcrossRoundChange(t *testing.T) {
	tr := fourAt(t, "6", "4", "4", "2")
	run(t, tr, "cond Gob stunned 1", "next", "next")
	if header(tr) != "Round 1 · count 2" {
		t.Fatalf("header %q", header(tr))
	}
	from := tr.E.Log.Len()
	run(t, tr, "next")
	hasEvent(t, tr, from, "Gob is no longer stunned")
	if tr.E.Round != 2 || tr.E.Phase != "declare" || comb(t, tr, "Ara").HasInit {
		t.Fatal("round 2 did not begin")
	}
	run(t, tr, "undo")
	if tr.E.Round != 1 || header(tr) != "Round 1 · count 2" || !comb(t, tr, "Gob").HasCond("stunned") ||
		!comb(t, tr, "Ara").Acted || comb(t, tr, "Ara").Init != 6 || tr.E.Log.Len() != from {
		t.Fatalf("undo: %s", header(tr))
	}
	run(t, tr, "redo")
	if header(tr) != "Round 2 · declare" {
		t.Fatalf("redo: %s", header(tr))
	}
}

func TestPrevWithinRound(t *testing.T) {
	tr := newTracker(t, addAra)
	fails(t, tr, "prev", "not started")
	tr = fourAt(t, "6", "4", "4", "2")
	run(t, tr, "next", "next")
	run(t, tr, "prev")
	if header(tr) != "Round 1 · count 4" || !slices.Equal(acting(tr), []string{"Bo", "Gob"}) {
		t.Fatalf("%s, acting %v", header(tr), acting(tr))
	}
	run(t, tr, "prev", "prev")
	if header(tr) != "Round 1 · declare" {
		t.Fatalf("header %q", header(tr))
	}
	fails(t, tr, "prev", "start of round 1")
	run(t, tr, "next") // the rolls stay: no dice needed
	if header(tr) != "Round 1 · count 6" {
		t.Fatalf("header %q", header(tr))
	}
}

func TestDeclarations(t *testing.T) {
	tr := newTracker(t, addAra, addGob, `declare Gob spell "magic missile"`, "declare Ara charge")
	cb := comb(t, tr, "Gob")
	if !cb.HasCond("spell declared") || !comb(t, tr, "Ara").HasCond("charging") {
		t.Fatal("declarations not recorded")
	}
	from := tr.E.Log.Len()
	run(t, tr, "next", "dice 2 5", "next")
	hasEvent(t, tr, from, "Gob casts the declared spell (magic missile)")
	fails(t, tr, "declare Ara spell x", "declarations come before initiative")
	run(t, tr, "next", "next")
	cb = comb(t, tr, "Gob")
	if tr.E.Round != 2 || cb.HasCond("spell declared") || comb(t, tr, "Ara").HasCond("charging") {
		t.Fatal("declarations outlived their round")
	}
	fails(t, tr, "declare Gob none", "declared nothing")
	fails(t, tr, "declare Gob dance", "spell, charge or none")
}

func TestLateArrivalAfterItsCount(t *testing.T) {
	tr := fourAt(t, "6", "4", "4", "2")
	run(t, tr, "next", "dice 5", "add Late hp=3 dex=10")
	late := comb(t, tr, "Late")
	if !late.HasInit || late.Init != 5 || !late.Acted {
		t.Fatalf("late arrival %+v", late)
	}
	run(t, tr, "dice 1", "add Later hp=3 dex=10", "next")
	if !slices.Equal(acting(tr), []string{"Grub"}) {
		t.Fatalf("acting %v", acting(tr))
	}
	run(t, tr, "next")
	if !slices.Equal(acting(tr), []string{"Later"}) {
		t.Fatalf("acting %v", acting(tr))
	}
}
