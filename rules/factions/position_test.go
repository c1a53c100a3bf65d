package factions_test

import (
	"testing"

	"fray/model"
)

// The source: a death blow is for a target that is nearby and
// incapacitated. Sybilla slits the throat of the bandit beside her; from
// across the field her musket cannot deliver one.
func TestDeathBlowNeedsTheTargetNearby(t *testing.T) {
	tr := demo(t, "set Bandit1 health=0 status=incapacitated", "set Sybilla zone=2", "set Bandit1 zone=2", "next", "first Players")
	from := len(tr.E.Log)
	run(t, tr, "attack Sybilla Bandit1 with=dagger")
	hasEvent(t, tr, from, "Sybilla delivers a death blow: Bandit1 is dead")

	tr = demo(t, "set Bandit1 health=0 status=incapacitated", "set Sybilla zone=5", "set Bandit1 zone=2", "next", "first Players")
	fails(t, tr, "attack Sybilla Bandit1 deathblow", "a death blow needs Bandit1 nearby (3 zones away)")
	fails(t, tr, "attack Sybilla Bandit1 with=dagger", "dagger is a melee attack: it reaches nearby targets only (Bandit1 is 3 zones away)")
	// Without zones, the distance typed counts the same way.
	tr = demo(t, "set Bandit1 health=0 status=incapacitated", "next", "first Players")
	fails(t, tr, "attack Sybilla Bandit1 deathblow dist=3", "a death blow needs Bandit1 nearby (3 zones away)")
	// With no position known, nothing is refused for want of one.
	run(t, tr, "attack Sybilla Bandit1 deathblow")
	if comb(t, tr, "Bandit1").Status != model.Dead {
		t.Fatal("no death blow")
	}
}

// Moving counts zones: the difference of numbered ones, else zones=N or
// one; nearby enemies left behind may strike as it goes; one it holds
// grabbed comes along.
func TestMoveBetweenZones(t *testing.T) {
	tr := demo(t, "set Balthasar zone=1", "set Bandit1 zone=1", "set Bandit2 zone=1 grabbedby=Balthasar", "next", "first Players")
	from := len(tr.E.Log)
	run(t, tr, "move Balthasar 3")
	for _, want := range []string{
		"Balthasar moves from zone 1 to zone 3",
		"Balthasar covers 2 zone(s) (this turn: 2 zones)",
		"Balthasar drags Bandit2 along",
		"Bandit1 may make an opportunity attack (attack NAME Balthasar opportunity)",
	} {
		hasEvent(t, tr, from, want)
	}
	if comb(t, tr, "Bandit2").Zone != "3" {
		t.Fatal("the grabbed bandit stayed behind")
	}
	fails(t, tr, "move Balthasar 4", "Balthasar may move 2 zone(s) this turn (full speed) and has moved 2 (add sprint to move faster)")
	run(t, tr, "move Balthasar stairs sprint")
	fails(t, tr, "move Balthasar hall zones=2 sprint", "may move 4 zone(s) this turn")
}
