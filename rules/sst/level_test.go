package sst_test

import (
	"testing"

	"fray/model"
	"fray/rules/sst"
)

// Level 9: a creature there cannot be knocked off it by damage alone —
// no rank lost, no State, Trauma or Killing Blow, not even by cross-over —
// unless a special event (a bane weapon: bane) drops it to 8.
func TestLevelNine(t *testing.T) {
	tr := newTracker(t, "add Wyrm phys=9 ment=4")
	from := tr.E.Log.Len()
	run(t, tr, "damage Wyrm 25")
	hasEvent(t, tr, from, "Wyrm holds at Physical rank 9: 25 damage does nothing without a bane")
	if comb(t, tr, "Wyrm").Status != model.Active || len(sst.States(comb(t, tr, "Wyrm"))) != 0 {
		t.Errorf("the wyrm was harmed: %s %v", comb(t, tr, "Wyrm").Status, sst.States(comb(t, tr, "Wyrm")))
	}
	// Its mind is its weakness: mental losses do not cross over to 9.
	run(t, tr, "damage Wyrm 1 mental rank", "damage Wyrm 1 mental rank")
	if x := sheet(t, tr, "Wyrm").Cross(sst.Physical, 2); x != 0 {
		t.Errorf("%d Physical rank(s) lost by cross-over onto level 9", x)
	}
	// A bane drops it to 8, and the blow lands.
	from = tr.E.Log.Len()
	run(t, tr, "damage Wyrm 5 bane")
	hasEvent(t, tr, from, "Wyrm is knocked off Physical rank 9 by a bane: now 8")
	hasEvent(t, tr, from, "Wyrm takes a State: stun")
	wantGet(t, tr, "Wyrm", "phys", "8")
	// The same with an attack's bane word.
	tr = newTracker(t, "add A pc=yes side=heroes attack=4 dice=6,5", "add Wyrm side=foes phys=9 dice=5", "next")
	from = tr.E.Log.Len()
	run(t, tr, "dice 6 6 2 2", "attack A Wyrm bane")
	hasEvent(t, tr, from, "Wyrm is knocked off Physical rank 9 by a bane: now 8")
}

// Level 0: so small or weak that any damage squashes them — no roll: the
// attacker spends the attack action and the target is defeated.
func TestLevelZero(t *testing.T) {
	tr := newTracker(t, "add A pc=yes side=heroes dice=6,5", "add Rat side=vermin phys=0 dice=3", "next")
	from := tr.E.Log.Len()
	run(t, tr, "attack A Rat")
	hasEvent(t, tr, from, "A spends 5 on an attack (cost 4)")
	hasEvent(t, tr, from, "Rat (rank 0) is defeated: no roll")
	if comb(t, tr, "Rat").Status != model.Incapacitated {
		t.Errorf("the rat is %s", comb(t, tr, "Rat").Status)
	}
	for _, e := range tr.E.Log.From(from) {
		if e.Kind == model.KindRoll {
			t.Errorf("rolled %s", e.Why)
		}
	}
}
