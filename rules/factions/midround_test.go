package factions_test

import (
	"testing"

	"fray/rules"
)

// Three characters in two factions, the a side holding the initiative.
func twoSides(t *testing.T) *rules.Tracker {
	t.Helper()
	return blank(t,
		`add Xa side=a health=8 str=10 agi=10 wit=10 weapons="axe d6"`,
		`add Ya side=a health=8 str=10 agi=10 wit=10 weapons="axe d6"`,
		`add Zb side=b health=8 str=10 agi=10 wit=10 weapons="axe d6"`,
		`add Wb side=b health=8 str=10 agi=10 wit=10 weapons="axe d6"`,
		"initiative a", "next")
}

// Removing the character whose activation is open ends that activation:
// the next faction chooses, and no teammate who already acted gets its
// turn back through the marker the core remove hands on.
func TestRemoveActingCharacterHandsOver(t *testing.T) {
	tr := twoSides(t)
	run(t, tr, "activate Ya", "activate Zb", "activate Xa")
	from := tr.E.Log.Len()
	run(t, tr, "remove Xa")
	hasEvent(t, tr, from, "b to choose")
	if current(tr) != "" {
		t.Errorf("current %q after the acting character left", current(tr))
	}
	fails(t, tr, "main Ya", "Ya cannot act now")
	wantHeader(t, tr, "Round 1 · b to choose · passes 0/2")
	run(t, tr, "activate Wb")
}

// Removing a character who is not acting leaves the open activation alone.
func TestRemoveBystanderKeepsActivation(t *testing.T) {
	tr := twoSides(t)
	run(t, tr, "activate Ya", "remove Wb")
	if current(tr) != "Ya" {
		t.Errorf("current %q, want Ya", current(tr))
	}
	run(t, tr, "main Ya")
}

// When the faction to choose loses its last ready character, next makes
// it pass; the round still ends only when every faction passed in a row.
func TestRemoveLastReadyForcesPass(t *testing.T) {
	tr := twoSides(t)
	run(t, tr, "activate Xa", "activate Zb", "activate Ya", "next", "remove Wb")
	from := tr.E.Log.Len()
	run(t, tr, "next")
	hasEvent(t, tr, from, "b must pass: nobody ready (passes 1/2)")
	hasEvent(t, tr, from, "a must pass: nobody ready (passes 2/2)")
	if tr.E.Round != 2 {
		t.Errorf("round %d, want 2", tr.E.Round)
	}
}

// A character who joins mid-round is ready that round, on its faction's
// next activation; one who already acted cannot be activated again.
func TestAddMidRoundAndActivateTwice(t *testing.T) {
	tr := twoSides(t)
	run(t, tr, "activate Xa", "activate Zb")
	fails(t, tr, "activate Xa", "already taken its turn")
	run(t, tr, `add Va side=a health=8 str=10 agi=10 wit=10 weapons="axe d6"`)
	if current(tr) != "Zb" {
		t.Errorf("current %q after add, want Zb", current(tr))
	}
	run(t, tr, "activate Va")
	fails(t, tr, "activate Zb", "already taken its turn")
}

// When the faction to choose loses its last character, the next faction
// chooses; no pass is counted for a faction that is gone.
func TestRemoveWholeFactionToChoose(t *testing.T) {
	tr := twoSides(t)
	run(t, tr, "activate Xa", "next", "remove Zb")
	from := tr.E.Log.Len()
	run(t, tr, "remove Wb")
	hasEvent(t, tr, from, "a to choose")
	wantHeader(t, tr, "Round 1 · a to choose · passes 0/1")
	run(t, tr, "activate Ya")
}
