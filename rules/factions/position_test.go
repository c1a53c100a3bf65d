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
	from := tr.E.Log.Len()
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
	from := tr.E.Log.Len()
	run(t, tr, "move Balthasar 3")
	for _, want := range []string{
		"Balthasar moves from zone 1 to zone 3",
		"Balthasar covers 2 zones (this turn: 2 zones)",
		"Balthasar drags Bandit2 along",
		"Bandit1 may make an opportunity attack (attack NAME Balthasar opportunity)",
	} {
		hasEvent(t, tr, from, want)
	}
	if comb(t, tr, "Bandit2").Zone != "3" {
		t.Fatal("the grabbed bandit stayed behind")
	}
	fails(t, tr, "move Balthasar 4", "Balthasar may move 2 zones this turn (full speed) and has moved 2 (add sprint to move faster)")
	run(t, tr, "move Balthasar stairs sprint")
	fails(t, tr, "move Balthasar hall zones=2 sprint", "may move 4 zones this turn")
}

// "Massive characters can make melee attacks up to range 1": a massive
// wyrm's bite reaches the next zone; a huge one's, like a man's, only the
// nearby. fray's top size, massive, is the source's massive.
func TestMassiveMeleeReachesRangeOne(t *testing.T) {
	tr := blank(t, `add Wyrm side=GM health=30 size=massive zone=1 weapons="bite d8"`, `add Troll side=GM health=20 size=huge zone=1 weapons="club d8"`,
		`add Odo side=Players health=8 zone=2 weapons="sword d6"`, `add Ida side=Players health=8 zone=3 weapons="sword d6"`)
	fails(t, tr, "attack Wyrm Ida", "bite is a melee attack: it reaches up to 1 zone away (Ida is 2 zones away)")
	fails(t, tr, "attack Troll Odo", "club is a melee attack: it reaches nearby targets only (Odo is 1 zone away)")
	fails(t, tr, "attack Odo Wyrm", "sword is a melee attack: it reaches nearby targets only")
	run(t, tr, "attack Wyrm Odo")
	// Named zones that differ are next to each other at most, for all the
	// GM said: the wyrm reaches, the troll does not.
	tr = blank(t, `add Wyrm side=GM health=30 size=massive zone=cave weapons="bite d8"`, `add Troll side=GM health=20 size=huge zone=cave weapons="club d8"`,
		`add Odo side=Players health=8 zone=ledge weapons="sword d6"`)
	fails(t, tr, "attack Troll Odo", "club is a melee attack: it reaches nearby targets only (Odo is in ledge, not cave)")
	run(t, tr, "attack Wyrm Odo")
}
