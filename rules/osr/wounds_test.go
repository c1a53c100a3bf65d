package osr_test

import (
	"testing"

	"fray/model"
)

// A critical hit with a missile leaves it in the wound: half its damage
// again in any round the victim moves or fights; drawing it out takes a
// round and does normal damage unless the one drawing it saves.
func TestArrowInTheWound(t *testing.T) {
	tr := countdown(t, `set Ara weapons="bow 1d6 bow"`, "set Gob hp=30 maxhp=30 ac=10")
	from := tr.E.Log.Len()
	run(t, tr, "dice 20 4 1 2", "attack Ara Gob")
	hasEvent(t, tr, from, "the bow stays in Gob's wound: half its damage again each round Gob moves or fights, until drawn out (extract Gob)")
	run(t, tr, "next")
	from = tr.E.Log.Len()
	run(t, tr, "dice 6 5", "attack Gob Ara")
	hasEvent(t, tr, from, "Gob fights with a missile in the wound: 3 damage")
	// Once a round only.
	run(t, tr, "force attack Gob Ara free", "next", "dice 5 3 3", "next", "next")
	from = tr.E.Log.Len()
	run(t, tr, "dice 9 5", "extract Gob")
	hasEvent(t, tr, from, "Gob save to draw it cleanly: d20 9 − flesh wound 2 = 7 against 16 → fails")
	hasEvent(t, tr, from, "drawing it out tears the wound: 5 damage")
	if comb(t, tr, "Gob").HasCond("missile in the wound") {
		t.Fatal("still in the wound")
	}
	fails(t, tr, "extract Gob", "no missile in a wound")
}

// Assassination: a blow at a helpless or unaware victim goes to its CON,
// unless its save turns it into hit points.
func TestAssassination(t *testing.T) {
	tr := newTracker(t, addAra, addGob, "dice 15 6 3")
	from := tr.E.Log.Len()
	run(t, tr, "attack Ara Gob assassinate")
	hasEvent(t, tr, from, "Gob loses 7 CON (now 2)")
	if sheet(t, tr, "Gob").HP != 5 {
		t.Fatal("hit points took the blow too")
	}
	run(t, tr, "dice 15 6 18")
	from = tr.E.Log.Len()
	run(t, tr, "attack Ara Gob assassinate")
	hasEvent(t, tr, from, "Gob saves: hit points take it instead")
	hasEvent(t, tr, from, "Gob takes 7 damage: HP −2/5")
	tr = newTracker(t, addAra, addGob, "dice 15 8 1", "attack Ara Gob assassinate")
	if comb(t, tr, "Gob").Status != model.Dead {
		t.Fatal("no CON left, still alive")
	}
}
