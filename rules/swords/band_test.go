package swords_test

import (
	"testing"

	"fray/rules"
	"fray/rules/rulestest"
)

func bandTracker(t *testing.T, lines ...string) *rules.Tracker {
	t.Helper()
	tr := newTracker(t)
	tr.SetLibrary(&rulestest.Library{Ts: []rules.Template{
		rulestest.Template("Bandit", "side=bandits", "dex=1", "striking=2", "defense=1", "maxstamina=2d4"),
	}})
	run(t, tr, lines...)
	return tr
}

// add 4 bandit group: one Initiative for all four, one turn, one folded
// entry in the order; the others pass with the first.
func TestBandOneInitiativeOneTurn(t *testing.T) {
	tr := bandTracker(t, "add Jot side=heroes dex=3 init=9", "add 4 bandit group")
	from := tr.E.Log.Len()
	run(t, tr, "dice 3 4", "next")
	inits := map[int]bool{}
	for _, n := range []string{"Bandit 1", "Bandit 2", "Bandit 3", "Bandit 4"} {
		cb := comb(t, tr, n)
		if cb.Band != "Bandits" {
			t.Fatalf("%s band %q", n, cb.Band)
		}
		inits[cb.Init] = true
	}
	if len(inits) != 1 || !inits[8] {
		t.Fatalf("initiatives %v, want one, 3+4+1 = 8", inits)
	}
	if n := initRolls(tr, from); n != 1 {
		t.Errorf("%d initiative rolls, want 1 for the band", n)
	}
	for _, r := range tr.Sys.Order(tr.E).Rows {
		if r.ID != 0 && r.Name != "Jot" && r.Group != "Bandits" {
			t.Errorf("row %s group %q", r.Name, r.Group)
		}
	}
	// Jot 9 first, then the band's turn on Bandit 1; Bandit 2 may act in it.
	run(t, tr, "next")
	if cur := tr.E.ByID(tr.E.Current); cur.Name != "Bandit 1" {
		t.Fatalf("turn of %s, want Bandit 1", cur.Name)
	}
	run(t, tr, "attack \"Bandit 3\" Jot atk=9 def=3 dmg=5 end=5")
	from = tr.E.Log.Len()
	run(t, tr, "next") // the others pass with the band: round 2, Jot
	hasEvent(t, tr, from, "Bandit 2 acts with Bandits")
	if cur := tr.E.ByID(tr.E.Current); cur.Name != "Jot" || tr.E.Round != 2 {
		t.Fatalf("turn of %s in round %d, want Jot in round 2", cur.Name, tr.E.Round)
	}
}

// Mid-fight the copies still roll once, and join the order together.
func TestBandMidFight(t *testing.T) {
	tr := bandTracker(t, "add Jot side=heroes dex=3 init=9", "next")
	from := tr.E.Log.Len()
	run(t, tr, "dice 1 1 2 2 1 1 1 1", "add 3 bandit group") // Bandit 1: stamina 2d4, initiative 2d6; then stamina only
	if n := initRolls(tr, from); n != 1 {
		t.Errorf("%d initiative rolls, want 1", n)
	}
	for _, n := range []string{"Bandit 1", "Bandit 2", "Bandit 3"} {
		if cb := comb(t, tr, n); cb.Init != 5 {
			t.Errorf("%s Initiative %d, want 5", n, cb.Init)
		}
	}
	// A second batch is a band of its own.
	run(t, tr, "add 2 bandit group")
	if cb := comb(t, tr, "Bandit 5"); cb.Band != "Bandits 2" {
		t.Errorf("second band %q", cb.Band)
	}
}

// initRolls counts the initiative rolls logged from entry from on.
func initRolls(tr *rules.Tracker, from int) int {
	n := 0
	for _, en := range tr.E.Log.From(from) {
		if en.Kind == "roll" && en.Why == "initiative" {
			n++
		}
	}
	return n
}
