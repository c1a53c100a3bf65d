package swords_test

import (
	"strings"
	"testing"

	"fray/rules/rulestest"
)

// Defending a grab with Grappling still starts close combat; with
// Defense the grabber is warded off.
func TestGrabDefendedWithGrappling(t *testing.T) {
	tr := newTracker(t, addJot, addMung, "next", "next")
	from := tr.E.Log.Len()
	run(t, tr, "dice 3 3 2 2", "attack Mung Jot skill=grappling defskill=grappling")
	hasEvent(t, tr, from, "Mung misses Jot: 5 against Defense 7")
	hasEvent(t, tr, from, "Jot resists the grab with Grappling: close combat begins")
	hasEvent(t, tr, from, "Mung and Jot are engaged")
	if !comb(t, tr, "Jot").EngagedWith(comb(t, tr, "Mung").ID) || comb(t, tr, "Jot").HasCond("grappled") {
		t.Errorf("Jot: engaged %v, grappled %v; want close combat and free", comb(t, tr, "Jot").Engaged, comb(t, tr, "Jot").HasCond("grappled"))
	}
	if m := marks(t, tr, "Jot"); !strings.Contains(m, "close combat with Mung") {
		t.Errorf("Jot's marks %q", m)
	}
	tr = newTracker(t, addJot, addMung, "next", "next")
	from = tr.E.Log.Len()
	run(t, tr, "dice 3 3 2 2", "attack Mung Jot skill=grappling")
	hasEvent(t, tr, from, "Jot wards Mung off: melee combat goes on")
	if len(comb(t, tr, "Jot").Engaged) != 0 {
		t.Error("a grab warded off with Defense started close combat")
	}
}

// A grab that hits restrains the target: it can do nothing but try, at
// its Initiative, to escape or to take control, Grappling against
// Grappling. Escaping ends the close combat.
func TestEscapeAndControl(t *testing.T) {
	grabbed := []string{addJot, addMung, "next", "next", "dice 6 6 1 1", "attack Mung Jot skill=grappling"}
	tr := newTracker(t, grabbed...)
	if !comb(t, tr, "Jot").HasCond("grappled") || !comb(t, tr, "Jot").EngagedWith(comb(t, tr, "Mung").ID) {
		t.Fatal("setup: the grab did not hold Jot")
	}
	run(t, tr, "next")
	if rulestest.Current(tr) != "Jot" {
		t.Fatalf("round 2: %s's turn", rulestest.Current(tr))
	}
	rulestest.Fails(t, tr, "attack Jot Mung", "Jot is held by Mung")
	rulestest.Fails(t, tr, "action Jot runs", "Jot is held by Mung")
	from := tr.E.Log.Len()
	run(t, tr, "dice 4 4 2 2", "escape Jot")
	hasEvent(t, tr, from, "Jot: Grappling 2d6 8 + Dex 3 = 11")
	hasEvent(t, tr, from, "Mung: Grappling 2d6 4 − Dex 1 = 3")
	hasEvent(t, tr, from, "Jot escapes from Mung: 11 against 3; melee combat resumes")
	if j := comb(t, tr, "Jot"); j.HasCond("grappled") || len(j.Engaged) != 0 {
		t.Errorf("after the escape: grappled %v, engaged %v", j.HasCond("grappled"), j.Engaged)
	}
	// A failed try leaves everything as it was; it is still an action.
	tr = newTracker(t, grabbed...)
	run(t, tr, "next")
	from = tr.E.Log.Len()
	run(t, tr, "dice 1 1 6 6", "escape Jot")
	hasEvent(t, tr, from, "Jot fails to escape from Mung: 5 against 11")
	if !comb(t, tr, "Jot").HasCond("grappled") || tally(t, tr, "Jot").Actions != 1 {
		t.Error("a failed escape freed Jot or cost no action")
	}
	// Taking control turns the hold around.
	tr = newTracker(t, grabbed...)
	run(t, tr, "next")
	from = tr.E.Log.Len()
	run(t, tr, "dice 4 4 2 2", "control Jot Mung")
	hasEvent(t, tr, from, "Jot gains control of Mung: 11 against 3; Mung is held")
	if !comb(t, tr, "Mung").HasCond("grappled") || comb(t, tr, "Jot").HasCond("grappled") {
		t.Error("control did not turn the hold around")
	}
	rulestest.Fails(t, tr, "escape Mung", "not")
	rulestest.Fails(t, tr, "control Jot Jot", "itself")
}

// Locked in close combat, Grappling is all that matters: a strike between
// the two is refused, and a grab is resisted with Grappling by default.
func TestCloseCombatIsGrappling(t *testing.T) {
	tr := newTracker(t, addJot, addMung, "engage Jot Mung", "next")
	rulestest.Fails(t, tr, "attack Jot Mung", "locked in close combat")
	from := tr.E.Log.Len()
	run(t, tr, "dice 4 4 2 2", "attack Jot Mung skill=grappling")
	hasEvent(t, tr, from, "Mung: Grappling defense 2d6 4 − Dex 1 = 3")
	rulestest.Fails(t, tr, "attack Jot Mung skill=grappling defskill=defense", "locked in close combat")
}

// One who holds a foe may slam it into the floor or a wall: +1 to +8 by
// how hard, +1 to +4 more for a sharp corner, on a damage roll of 2d6 +
// Strength. A much heavier foe cannot be slammed.
func TestSlam(t *testing.T) {
	tr := newTracker(t, addJot, addMung, "next", "next", "dice 6 6 1 1", "attack Mung Jot skill=grappling")
	from := tr.E.Log.Len()
	run(t, tr, "dice 3 3 1 1", "slam Mung Jot 6 corner=2")
	hasEvent(t, tr, from, "Mung: damage 2d6 6 + Str 4 + surface 6 + corner 2 = 18")
	hasEvent(t, tr, from, "Jot: endurance 2d6 2 − Str 1 = 1 → 17 of 18 damage gets through")
	if a := tally(t, tr, "Mung"); a.Actions != 2 {
		t.Errorf("the slam is no action: %+v", a)
	}
	rulestest.Fails(t, tr, "slam Mung Jot 9", "1 to 8")
	rulestest.Fails(t, tr, "slam Mung Jot 3 corner=5", "0 to 4")
	tr = newTracker(t, addJot, addMung, "engage Jot Mung", "next")
	rulestest.Fails(t, tr, "slam Jot Mung 3", "Jot does not hold Mung")
	tr = newTracker(t, "add Man mass=200 grappling=9 init=10", "add Giant mass=2400 init=5", "engage Man Giant", "next",
		"dice 6 6 1 1", "control Man Giant")
	rulestest.Fails(t, tr, "slam Man Giant 4", "too heavy")
}

// A strike or a grab may disarm: no damage, the weapon is out of the
// target's hand; a disarming grab starts no close combat. A disarmed
// combatant fights bare-handed until it picks its weapon up (an action).
func TestDisarm(t *testing.T) {
	tr := newTracker(t, addJot, `add Mung side=bandits str=4 dex=-1 striking=2 defense=1 weapon=club wdam=2 maxstamina=14 init=5`, "next")
	rulestest.Fails(t, tr, "attack Jot Mung disarm harm", "harm is for a grab")
	from := tr.E.Log.Len()
	run(t, tr, "dice 5 5 1 1", "attack Jot Mung disarm")
	hasEvent(t, tr, from, "Jot disarms Mung: the club lands a few yards away (pickup Mung takes it up again)")
	if !sheet(t, tr, "Mung").Disarmed || sheet(t, tr, "Mung").Stamina != 14 {
		t.Fatal("Mung kept his club, or was hurt")
	}
	run(t, tr, "next")
	from = tr.E.Log.Len()
	run(t, tr, "dice 6 6 3 3 1 1", "attack Mung Jot")
	hasEvent(t, tr, from, "Mung: damage 2d6 6 + Str 4 = 10")
	from = tr.E.Log.Len()
	run(t, tr, "pickup Mung")
	hasEvent(t, tr, from, "Mung takes up the club (action 3 this round, skill rolls −4)")
	if sheet(t, tr, "Mung").Disarmed {
		t.Error("the club is still on the ground")
	}
	rulestest.Fails(t, tr, "pickup Mung", "not disarmed")
	// A disarming grab wrenches the weapon away.
	tr = newTracker(t, `add Jot side=heroes str=-1 dex=3 striking=4 defense=4 weapon=dagger wdam=1 init=10`, addMung, "next", "next")
	from = tr.E.Log.Len()
	run(t, tr, "dice 6 6 1 1", "attack Mung Jot skill=grappling disarm")
	hasEvent(t, tr, from, "Mung wrenches the dagger from Jot's grasp")
	if !sheet(t, tr, "Jot").Disarmed || len(comb(t, tr, "Jot").Engaged) != 0 || comb(t, tr, "Jot").HasCond("grappled") {
		t.Error("the disarming grab did more than disarm")
	}
	rulestest.Fails(t, tr, "force attack Mung Jot disarm", "nothing in hand")
}
