package sst_test

import (
	"testing"

	"fray/rules/sst"
)

// Lasting injuries take their dice from attack, defence and
// characteristic rolls, the log says so, and healing ends them.
func TestWoundPenalties(t *testing.T) {
	tr := newTracker(t, "add A pc=yes attack=4 body=3 dodge=5 dice=6,5,4,4", "add B dice=6,6,6", "next")
	run(t, tr, "injury A loc=larm effect=7", "injury A loc=chest effect=6")
	if d, why := sst.WoundDice(comb(t, tr, "A")); d != 3 || len(why) != 2 {
		t.Fatalf("wound dice %d %v, want 3 from two injuries", d, why)
	}
	run(t, tr, "set A dice=5,5,5,5")

	// Attack: 4 dice − 3.
	from := tr.E.Log.Len()
	run(t, tr, "dice 2", "attack A B")
	hasEvent(t, tr, from, "A attacks B with 1 dice, success on 5+ (wounds −3d)")

	// Defence: a dodge of 5 dice rolls 2.
	from = tr.E.Log.Len()
	run(t, tr, "dice 6 2  5 5 5", "force attack B A dodge roll=4")
	hasEvent(t, tr, from, "A's dodge: 3 dice fewer for wounds (severed left arm: −2d to all rolls; puncture: −1d to all rolls)")
	hasEvent(t, tr, from, "A's dodge pool: 1")
	hasEvent(t, tr, from, "B attacks A with 3 dice")
	if !comb(t, tr, "A").HasCond("stun") {
		t.Fatal("A not stunned")
	}

	// BODY: 3 dice − 1 once the arm has healed.
	from = tr.E.Log.Len()
	run(t, tr, "heal A injury arm")
	hasEvent(t, tr, from, "A's injuries heal: severed left arm: −2d to all rolls")
	from = tr.E.Log.Len()
	run(t, tr, "dice 5 2", "clear A roll")
	hasEvent(t, tr, from, "A's BODY roll to clear stun: 1 dice fewer for wounds (puncture: −1d to all rolls)")
	hasEvent(t, tr, from, "A is no longer stun")
	if n := len(tr.E.Queue); n != 0 {
		t.Errorf("%d queued dice left: the roll took the wrong number", n)
	}
	run(t, tr, "heal A injury")
	if d, _ := sst.WoundDice(comb(t, tr, "A")); d != 0 {
		t.Errorf("wound dice %d after healing", d)
	}
	fails(t, tr, "heal A injury", "no lasting injury")
	fails(t, tr, "heal A injury leg", "no injury matching")
	// A GM's own condition written the same way counts.
	run(t, tr, `cond A "poison: −1d to all rolls"`)
	if d, _ := sst.WoundDice(comb(t, tr, "A")); d != 1 {
		t.Errorf("wound dice %d from a GM condition", d)
	}
}

// A 1 spent on +1 waits for the next roll it helps, outside attacks too;
// Effort adds a die to any roll.
func TestPendingOnes(t *testing.T) {
	tr := newTracker(t, "add A pc=yes body=2 dice=5,5,1,1,1", "add B dice=6", "next")
	run(t, tr, "one A plus")
	wantGet(t, tr, "A", "plus", "yes")
	wantGet(t, tr, "A", "dice", "5 5 1 1")
	fails(t, tr, "one A plus", "already has a +1 waiting")
	// No die one short of success: the +1 keeps waiting; the failed
	// clearing roll costs the action.
	run(t, tr, "damage A 1")
	from := tr.E.Log.Len()
	run(t, tr, "dice 3 2", "clear A roll")
	hasEvent(t, tr, from, "A's +1 waits: no die is one short of 5")
	wantGet(t, tr, "A", "plus", "yes")
	wantGet(t, tr, "A", "dice", "5 1 1")
	// A 4 becomes a 5: the roll succeeds.
	from = tr.E.Log.Len()
	run(t, tr, "dice 4 2", "clear A roll")
	hasEvent(t, tr, from, "A's +1 from a 1: a 4 becomes a 5")
	hasEvent(t, tr, from, "A is no longer stun")
	wantGet(t, tr, "A", "plus", "no")
	// Effort: three dice for a BODY of 2.
	run(t, tr, "one A effort", "damage A 1", "dice 2 2 6", "clear A roll")
	if comb(t, tr, "A").HasCond("stun") {
		t.Error("the Effort die (a 6) did not count")
	}
	wantGet(t, tr, "A", "effort", "no")
	wantGet(t, tr, "A", "dice", "5 1")
	// A pending +1 and the attack's plus flag never use two 1s on a roll.
	run(t, tr, "one A plus", "dice 4 4 2 2", "attack A B plus")
	wantGet(t, tr, "A", "dice", "")
	wantGet(t, tr, "A", "plus", "no")
}
