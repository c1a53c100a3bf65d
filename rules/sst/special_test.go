package sst_test

import (
	"strings"
	"testing"

	"fray/rules"
)

// Special results: the successes beyond the one a hit needs may each buy
// one of the source's special results instead of counting for damage.
func TestSpecialResults(t *testing.T) {
	tr := newTracker(t, "add A pc=yes side=heroes attack=6 dice=6,6,5,4", "add B side=foes phys=6 dice=5,4", "next")
	from := tr.E.Log.Len()
	run(t, tr, "dice 6 6 6 5 2 2", "attack A B special=damage,stun")
	hasEvent(t, tr, from, "A spends 2 successes on special results: +2 damage, stun")
	hasEvent(t, tr, from, "B takes a State: stun")
	hasEvent(t, tr, from, "A hits B: 2 successes, medium weapon (1+1d) → 2 damage, +2 special = 4")
	hasEvent(t, tr, from, "B loses a Physical rank")
	// Not enough successes: the first ones named are bought.
	tr = newTracker(t, "add A pc=yes side=heroes attack=6 dice=6,6,5,4", "add B side=foes phys=6 dice=5,4", "next")
	from = tr.E.Log.Len()
	run(t, tr, "dice 6 6 2 2 2 2", "attack A B special=expose,die")
	hasEvent(t, tr, from, "A spends 1 success on special results: expose")
	hasEvent(t, tr, from, "no success left for: die")
	wantGet(t, tr, "B", "exposed", "1")
	fails(t, tr, "attack A B special=sneeze", "special results are")
}

// Each special result does what it says to the target.
func TestSpecialResultEffects(t *testing.T) {
	tr := newTracker(t, "add A pc=yes side=heroes attack=12 dice=6,6,6,6,5,4",
		"add B side=foes phys=9 armour=2 weapon=light dodge=3 dpool=2 dice=5,4,3", "add C side=foes weapon=heavy dice=5,4", "next")
	from := tr.E.Log.Len()
	run(t, tr, "dice 6 6 6 6 6 6 6 6 6 6 6 2", "attack A B special=disarm,die,pool,armour,knockdown,hamstring,away")
	for _, want := range []string{
		"B is disarmed: the light weapon falls (dropped=light)",
		"B loses an action die: a 5 (dice 4 3)",
		"B's dodge pool loses a die: 0",
		"B's armour loses a point: 2 → 1",
		"B is knocked prone",
		"B is hamstrung",
		"A and B are no longer InContact",
	} {
		hasEvent(t, tr, from, want)
	}
	wantGet(t, tr, "B", "weapon", "fists")
	wantGet(t, tr, "B", "armour", "1")
	if !comb(t, tr, "B").HasCond("prone") || !comb(t, tr, "B").HasCond("hamstrung") || len(comb(t, tr, "A").Engaged) != 0 {
		t.Error("the effects are not all on B")
	}
	from = tr.E.Log.Len()
	run(t, tr, "dice 6 6 6 6 2 2 2 2 2 2 2 2", "attack A C special=break")
	hasEvent(t, tr, from, "C's heavy weapon breaks")
	wantGet(t, tr, "C", "weapon", "fists")
	wantGet(t, tr, "C", "dropped", "")
}

// All-out attack: both attacks' dice in one roll (the cost of two), and no
// defence at all until the attacker's next action. Double strike: two
// attacks one after the other (the cost of two), and only Dodge until
// the next action.
func TestAllOutAndDoubleStrike(t *testing.T) {
	tr := newTracker(t, "add A pc=yes side=heroes attack=3 dodge=3 dpool=2 parry=2 dice=6,5,4,3", "add B side=foes dodge=2 dice=5,4,4", "next")
	from := tr.E.Log.Len()
	run(t, tr, "dice 2 2 2 2 2 2", "attack A B allout")
	hasEvent(t, tr, from, "A spends 5 3 on an all-out attack (cost 8)")
	hasEvent(t, tr, from, "A attacks B with 6 dice, success on 5+")
	hasEvent(t, tr, from, "A attacks all out: no defence until its next action")
	hasEvent(t, tr, from, "A loses its defence pools")
	fails(t, tr, "force attack B A dodge", "A attacked all out: no defence until its next action")
	wantGet(t, tr, "A", "stance", "allout")

	tr = newTracker(t, "add A pc=yes side=heroes attack=3 dodge=3 block=2 parry=2 dice=6,5,4,3", "add B side=foes dice=5,4,4", "next")
	from = tr.E.Log.Len()
	run(t, tr, "dice 2 2 2 2 2 2", "attack A B double")
	hasEvent(t, tr, from, "A spends 5 3 on a double strike (cost 8)")
	hasEvent(t, tr, from, "A strikes twice: only Dodge until its next action")
	if n := countEvents(tr, from, "A attacks B with 3 dice"); n != 2 {
		t.Errorf("%d attack rolls, want 2", n)
	}
	fails(t, tr, "force attack B A parry", "only Dodge")
	fails(t, tr, "force attack B A block", "only Dodge")
	from = tr.E.Log.Len()
	run(t, tr, "dice 5 2 2 2 2 2", "force attack B A dodge")
	hasEvent(t, tr, from, "A spends a 4 to dodge")
	// The next action ends the stance.
	run(t, tr, "spend A 4")
	wantGet(t, tr, "A", "stance", "")
}

// countEvents counts the events since from that contain part.
func countEvents(tr *rules.Tracker, from int, part string) int {
	n := 0
	for _, e := range events(tr, from) {
		if strings.Contains(e, part) {
			n++
		}
	}
	return n
}
