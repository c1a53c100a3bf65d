package sst_test

import (
	"testing"
)

// A carried die is set aside and then rolled with the new pool, whether
// the pool is rolled or fixed: its face does not survive the refresh.
func TestCarriedDieIsRolledAnew(t *testing.T) {
	tr := newTracker(t,
		"add Roland pc=yes dice=4",
		"add Mira pc=yes dice=5,3",
		`add "Goblin archers" fixed=5,4 dice=6,2`,
		"next")
	from := tr.E.Log.Len()
	run(t, tr, "refresh")
	hasEvent(t, tr, from, "the GM calls a refresh")
	if h := tr.Sys.Order(tr.E).Header; h != "Round 1 · Mira's last option · refresh" {
		t.Errorf("header %q", h)
	}
	from = tr.E.Log.Len()
	run(t, tr, "carry Mira 3", "next")
	hasEvent(t, tr, from, "Mira sets a 3 aside to carry over: it will be rolled with the new pool")
	hasEvent(t, tr, from, "Goblin archers' last option (dice 6 2)")
	if h := tr.Sys.Order(tr.E).Header; h != "Round 1 · Goblin archers' last option · refresh" {
		t.Errorf("header %q", h)
	}
	from = tr.E.Log.Len()
	// Roland 4 dice; Mira 4 + the carried one, a 6 adds one more; the
	// archers' fixed faces and their carried die rolled alone.
	run(t, tr, "dice 1 2 3 4  6 5 4 2 3 3  6", "next", "pass Roland")
	if tr.E.Round != 2 {
		t.Fatalf("round %d", tr.E.Round)
	}
	hasEvent(t, tr, from, "Goblin archers sets a 6 aside to carry over: it will be rolled with the new pool")
	hasEvent(t, tr, from, "Goblin archers takes fixed action dice 5 4 and rolls its carried die: 6 5 4")
	wantGet(t, tr, "Roland", "dice", "4 3 2 1")
	wantGet(t, tr, "Mira", "dice", "6 5 4 3 3 2")
	wantGet(t, tr, "Goblin archers", "dice", "6 5 4")
	wantGet(t, tr, "Goblin archers", "carry", "0")
	if len(tr.E.Queue) != 0 {
		t.Errorf("queue %v left", tr.E.Queue)
	}
}

// next does not hand the turn again to the one who already has it and
// has done nothing since: it says what to do instead and changes nothing.
func TestNextRefusesSameTurnTwice(t *testing.T) {
	tr := newTracker(t,
		`add "Grathak the Maw" dice=6,6,3,2,2,1`,
		"add Mira pc=yes dice=5,2",
		"next")
	if current(tr) != "Grathak the Maw" {
		t.Fatalf("%s's turn", current(tr))
	}
	n, undo := tr.E.Log.Len(), tr.Version()
	fails(t, tr, "next", "Grathak the Maw still holds the most dice (6 6 3 2 2 1): spend (spend NAME COST), delay, or pass")
	if tr.E.Log.Len() != n || tr.Version() != undo {
		t.Fatalf("a refused next changed the log or the undo history")
	}
	// Having acted, Grathak may get the turn again.
	from := tr.E.Log.Len()
	run(t, tr, `spend "Grathak the Maw" 2`, "next")
	hasEvent(t, tr, from, "Grathak the Maw's turn (dice 6 6 3 2 1)")
	fails(t, tr, "next", "still holds the most dice (6 6 3 2 1)")
	// Holding the action hands the turn on; so does passing.
	run(t, tr, `delay "Grathak the Maw"`)
	if current(tr) != "Mira" {
		t.Fatalf("%s's turn after the delay, want Mira", current(tr))
	}
	fails(t, tr, "next", "Mira still holds the most dice (5 2)")
	run(t, tr, `act "Grathak the Maw"`, `pass "Grathak the Maw"`)
	if current(tr) != "Mira" {
		t.Errorf("%s's turn after the pass, want Mira", current(tr))
	}
}

// refresh NAME is truthful about the dice the caller still holds: only 1s
// are put away with its turn; the GM may call one too.
func TestRefreshCalledHoldingOnes(t *testing.T) {
	tr := newTracker(t, "add Roland pc=yes dice=3,1,1", "add Gob dice=2,2", "next")
	run(t, tr, "spend Roland 2")
	from := tr.E.Log.Len()
	run(t, tr, "refresh roland")
	hasEvent(t, tr, from, "Roland calls a refresh holding only 1s and puts them away (1 1)")
	for _, e := range events(tr, from) {
		if e == "Roland spent its last die and calls a refresh" {
			t.Errorf("logged %q while Roland held 1 1", e)
		}
	}
	wantGet(t, tr, "Roland", "dice", "")
	if h := tr.Sys.Order(tr.E).Header; h != "Round 1 · Gob's last option · refresh by Roland" {
		t.Errorf("header %q", h)
	}
	fails(t, tr, "carry Roland", "has taken a last option")
}
