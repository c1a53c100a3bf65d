package sst_test

import (
	"strings"
	"testing"
)

// Flyers: a speed in zones an action (more in a dive, up to speed + dive;
// faster is falling); one that does not fly at least a zone between two
// of its actions is on the ground, unless it can circle (turn rate 6).
func TestFlyingMoves(t *testing.T) {
	tr := newTracker(t, "add Hawk side=birds fly=2/2/3 flying=yes zone=1 dice=6,6,5,4", "add Roland pc=yes side=heroes zone=5 dice=3", "next")
	run(t, tr, "move Hawk 3")
	fails(t, tr, "move Hawk 6", "flies at most 2 zones an action")
	run(t, tr, "move Hawk 6 dive")
	fails(t, tr, "move Hawk 12 dive", "falling")
	// Two actions with no flight between them: it has landed.
	run(t, tr, "spend Hawk 4")
	from := tr.E.Log.Len()
	run(t, tr, "spend Hawk 4")
	hasEvent(t, tr, from, "Hawk has not flown a zone since its last action: it is on the ground")
	wantGet(t, tr, "Hawk", "flying", "no")
	// One that can circle stays up.
	tr = newTracker(t, "add Kite side=birds fly=1/6/2 flying=yes zone=1 dice=6,6,5,4", "next", "spend Kite 4", "spend Kite 4")
	wantGet(t, tr, "Kite", "flying", "yes")
}

// A flyer is out of reach of ground fighters' melee, but for missiles
// and those InContact with the one it attacks, at the moment it attacks.
func TestFlyerReach(t *testing.T) {
	tr := newTracker(t, "add Hawk side=birds fly=2/2/3 flying=yes dice=6,5,4", "add Mira pc=yes side=heroes dice=6,5,4",
		"add Roland pc=yes side=heroes dice=6,6,5,4,3", "add Bran pc=yes side=heroes dice=6", "add Gob side=birds dice=2",
		"engage Roland Gob", "engage Mira Gob", "next")
	fails(t, tr, "attack Roland Hawk", "flying")
	run(t, tr, "dice 2 2 2 2", "attack Roland Hawk missile")
	// The hawk stoops on Mira: those in her melee (Roland is) may strike
	// at it until its next action; Bran, alone, may not.
	from := tr.E.Log.Len()
	run(t, tr, "dice 2 2 2 2", "force attack Hawk Mira")
	hasEvent(t, tr, from, "Hawk stoops on Mira and is within reach until its next action")
	if len(comb(t, tr, "Hawk").Engaged) != 0 {
		t.Error("the stoop left the hawk InContact")
	}
	from = tr.E.Log.Len()
	run(t, tr, "dice 2 2 2 2", "attack Roland Hawk")
	hasEvent(t, tr, from, "Roland strikes at Hawk as it stoops")
	run(t, tr, "force act Bran")
	fails(t, tr, "attack Bran Hawk", "flying")
}

// Chariots: a light one carries 2, a heavy one 4; each crewman past the
// first (light) or second (heavy) costs −1d on driving; the crew have
// light cover except from behind; a heavy chariot's or a four-horse
// team's attack strikes two targets.
func TestChariots(t *testing.T) {
	tr := newTracker(t, "add Car side=egypt chariot=light attack=4 dice=6,5", "add Driver pc=yes side=egypt drive=6 dice=6,5,4",
		"add Archer pc=yes side=egypt dice=6,5", "add Spear pc=yes side=egypt dice=6", "add Bandit side=foes attack=4 dice=6,5,4,3", "next")
	run(t, tr, "force board Driver Car", "force board Archer Car")
	fails(t, tr, "board Spear Car", "room for 2")
	if m := rowMarks(t, tr, "Car"); !strings.Contains(m, "crew: Driver, Archer") {
		t.Errorf("the chariot's marks %q", m)
	}
	// Driving: 6 dice, −1 for the second man, −2 rough ground, −2 for a
	// second turn in a light chariot: 1 die, and a fumble flips it.
	from := tr.E.Log.Len()
	run(t, tr, "dice 1", "drive Driver rough turn")
	hasEvent(t, tr, from, "Driver drives Car: 6 dice − 1 for the crew − 2 rough ground − 2 a second turn = 1")
	hasEvent(t, tr, from, "Car overturns: Driver, Archer are thrown down")
	if !comb(t, tr, "Archer").HasCond("prone") || !comb(t, tr, "Car").HasCond("overturned") {
		t.Error("nobody fell")
	}
	// The crew's light cover, but not from behind.
	tr = newTracker(t, "add Car side=egypt chariot=heavy team=4 attack=4 dice=6,5", "add Archer pc=yes side=egypt dice=6,5",
		"add Bandit side=foes attack=4 dice=6,5,4,3", "add Rogue side=foes dice=3", "board Archer Car", "next")
	from = tr.E.Log.Len()
	run(t, tr, "dice 2 2 2", "force attack Bandit Archer missile")
	hasEvent(t, tr, from, "Bandit attacks Archer with 3 dice, success on 5+ (chariot cover −1)")
	from = tr.E.Log.Len()
	run(t, tr, "dice 2 2 2 2", "force attack Bandit Archer missile rear")
	hasEvent(t, tr, from, "Bandit attacks Archer with 4 dice, success on 5+")
	// The heavy chariot's team strikes two at once.
	run(t, tr, "dice 2 2 2 2 2 2 2 2", "force attack Car Bandit Rogue")
}

// takeoff and land; fly= and team= take only what they can mean.
func TestTakeoffAndLand(t *testing.T) {
	tr := newTracker(t, "add Hawk side=birds fly=2/2/3 dice=6,6,5,4", "add Gob side=goblins dice=3", "engage Hawk Gob")
	run(t, tr, "takeoff Hawk")
	wantGet(t, tr, "Hawk", "flying", "yes")
	if len(comb(t, tr, "Hawk").Engaged) != 0 {
		t.Error("a flyer taking off stays InContact")
	}
	fails(t, tr, "takeoff Hawk", "in the air already")
	run(t, tr, "land Hawk")
	wantGet(t, tr, "Hawk", "flying", "no")
	fails(t, tr, "takeoff Gob", "cannot fly")
	fails(t, tr, "set Hawk fly=fast", "SPEED/TURN/DIVE")
	fails(t, tr, "set Hawk fly=0/1/1", "at least 1")
	fails(t, tr, "set Gob team=3", "2 or 4")
	fails(t, tr, "move Gob 3 dive", "not in the air")
}
