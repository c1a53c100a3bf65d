package sst_test

import (
	"testing"

	"fray/rules"
)

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

// The countdown: "the most AD, players, NPCs". act hands the turn only to
// one tied with whoever holds it, or to one taking an action it held; a
// hold ("simply by not taking one") is made by one whose turn it is, and
// calling a refresh by name ends that one's turn, so it must hold it.
// Taking off, landing, getting aboard or down from a chariot are the
// movement of an action: its time to act. force overrules each.
func TestOnlyTheCountdownActs(t *testing.T) {
	setup := []string{"add A dice=6,5,4", "add B dice=6,6,5", "add C pc=yes dice=5", "add D dice=4",
		"add Hawk fly=2/2/3 dice=3", "add Car chariot=light dice=2", "add Rider dice=2", "next"}
	for _, tc := range []struct{ scene, line, want string }{
		{"", "act C", "it is A's turn (most dice), not C's"},
		{"", "delay D", "it is A's turn (most dice), not D's"},
		{"", "refresh D", "it is A's turn (most dice), not D's"},
		{"", "takeoff Hawk", "it is A's turn (most dice), not Hawk's"},
		{"force takeoff Hawk", "land Hawk", "it is A's turn (most dice), not Hawk's"},
		{"", "board Rider Car", "it is A's turn (most dice), not Rider's"},
		{"force board Rider Car", "alight Rider", "it is A's turn (most dice), not Rider's"},
	} {
		t.Run(tc.line, func(t *testing.T) {
			tr := newTracker(t, setup...)
			if tc.scene != "" {
				run(t, tr, tc.scene)
			}
			fails(t, tr, tc.line, tc.want)
			run(t, tr, "force "+tc.line)
		})
	}
	// B, tied with A, may take the turn; so may one taking a held action.
	tr := newTracker(t, setup...)
	run(t, tr, "act B", "delay B", "act B")
}

// Before the first next nobody holds action dice, and an attack is paid
// in dice: the attack form offers nobody, and an attack is refused.
func TestNoAttackBeforeTheDice(t *testing.T) {
	tr := newTracker(t, "add A attack=4", "add B side=foes attack=4")
	if got := rules.Actors(tr.Sys, tr.E, rules.Attack); len(got) != 0 {
		t.Errorf("the attack form would offer %d combatants before any die is rolled", len(got))
	}
	fails(t, tr, "attack A B", "the fight has not started")
}
