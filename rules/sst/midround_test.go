package sst_test

import "testing"

// Removing the combatant whose last option it is gives the next one its
// own last option: next must not set that one's die aside unasked.
func TestRemoveCurrentDuringRefresh(t *testing.T) {
	tr := newTracker(t,
		"add Roland pc=yes dice=4",
		"add Mira pc=yes dice=5,3",
		`add Grub dice=6,2`,
		"next", "refresh")
	if h := tr.Sys.Order(tr.E).Header; h != "Round 1 · Mira's last option · refresh" {
		t.Fatalf("header %q", h)
	}
	from := tr.E.Log.Len()
	run(t, tr, "remove Mira")
	hasEvent(t, tr, from, "Grub's last option (dice 6 2)")
	from = tr.E.Log.Len()
	run(t, tr, "next")
	hasEvent(t, tr, from, "Grub sets a 6 aside to carry over: it will be rolled with the new pool")
}

// Removing the combatant whose turn it is hands the turn on at once, to
// whoever holds the most dice now.
func TestRemoveCurrentMidRound(t *testing.T) {
	tr := newTracker(t,
		"add Roland pc=yes dice=4",
		"add Mira pc=yes dice=5,3",
		`add Grub dice=6,2,2`,
		"next")
	if h := tr.Sys.Order(tr.E).Header; h != "Round 1 · Grub's turn" {
		t.Fatalf("header %q", h)
	}
	from := tr.E.Log.Len()
	run(t, tr, "remove Grub")
	hasEvent(t, tr, from, "Mira's turn (dice 5 3)")
	fails(t, tr, "next", "Mira still holds the most dice")
}
