package sst_test

import "testing"

// Whoever holds the most dice acts; on a tie, act hands the turn to
// another of the tied.
func TestWhoMayAct(t *testing.T) {
	tr := newTracker(t, "add A dice=6,5", "add B dice=6,6", "add C pc=yes dice=5", "next")
	if current(tr) != "A" {
		t.Fatalf("current %q", current(tr))
	}
	fails(t, tr, "spend C 5", "it is A's turn (most dice), not C's")
	fails(t, tr, "spend B 6", "it is A's turn (most dice), not B's")
	run(t, tr, "act B", "spend B 6")
}
