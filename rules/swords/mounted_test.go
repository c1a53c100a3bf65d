package swords_test

import (
	"testing"

	"fray/rules/rulestest"
)

// In the saddle a rider cannot dodge: against a missile it can block only
// with a shield; otherwise it uses Riding instead, at a penalty, or dives
// out of the saddle. Melee blows it may still block.
func TestNoDodgingWhileMounted(t *testing.T) {
	bowman := `add Bowman str=2 archery=2 weapon="long bow" wkind=bow wdam=3`
	rider := `add Rider dex=1 riding=3 defense=2 mounted=yes maxstamina=40`
	tr := newTracker(t, bowman, rider)
	from := tr.E.Log.Len()
	run(t, tr, "dice 4 4 3 3 3 3 5 5", "attack Bowman Rider")
	hasEvent(t, tr, from, "Rider cannot dodge in the saddle and has no shield to block the missile: no Defense (defskill=riding rolls Riding instead, dive leaves the saddle)")
	hasEvent(t, tr, from, "Bowman hits Rider: 10 against no Defense")

	tr = newTracker(t, bowman, rider)
	from = tr.E.Log.Len()
	run(t, tr, "dice 4 4 3 3", "attack Bowman Rider defskill=riding")
	hasEvent(t, tr, from, "Rider: Riding defense 2d6 6 + Dex 1 + Riding 3 − in the saddle 4 = 6")
	hasEvent(t, tr, from, "Bowman hits Rider: 10 against Defense 6")

	tr = newTracker(t, bowman, rider)
	from = tr.E.Log.Len()
	run(t, tr, "dice 4 4 5 5", "attack Bowman Rider dive")
	hasEvent(t, tr, from, "Rider dives out of the saddle to dodge")
	hasEvent(t, tr, from, "Rider: Defense 2d6 10 + Dex 1 + Defense 2 = 13")
	if sheet(t, tr, "Rider").Mounted || !comb(t, tr, "Rider").HasCond("prone") {
		t.Error("the dive left the rider in the saddle, or standing")
	}

	// With a shield it blocks; a melee blow it blocks with anything.
	tr = newTracker(t, bowman, rider+" shield=yes", "add Footman striking=2")
	from = tr.E.Log.Len()
	run(t, tr, "dice 4 4 5 5", "attack Bowman Rider")
	hasEvent(t, tr, from, "Rider: Defense 2d6 10 + Dex 1 + Defense 2 = 13")
	run(t, tr, "set Rider shield=no")
	from = tr.E.Log.Len()
	run(t, tr, "dice 4 4 5 5", "force attack Footman Rider")
	hasEvent(t, tr, from, "Rider: Defense 2d6 10 + Dex 1 + Defense 2 − actions 2 = 11")
	// Asked to dodge (a blow too big to block), the rider cannot.
	from = tr.E.Log.Len()
	run(t, tr, "dice 4 4 5 5 3 3", "force attack Footman Rider dodge")
	hasEvent(t, tr, from, "Rider cannot dodge in the saddle: no Defense (defskill=riding rolls Riding instead, dive leaves the saddle)")
	rulestest.Fails(t, tr, "attack Bowman Rider dive defskill=riding", "dive or defskill=riding")
	rulestest.Fails(t, tr, "attack Bowman Footman defskill=riding", "not mounted")
}

// An area attack only has to beat the range; each one caught in it may
// dive clear with a Defense roll against 5 a yard (6 yards at most), none
// when surrounded; the rest take the damage against their endurance.
func TestAreaAttack(t *testing.T) {
	tr := newTracker(t, `add Mage dex=2 weapon=firepot wkind=thrown wdam=4`, addJot, addMung, "add Rider mounted=yes defense=3")
	from := tr.E.Log.Len()
	run(t, tr, "dice 5 5 3 3 2 2 1 1 1 1", "area Mage Jot Mung Rider range=4 yards=1 Mung=0")
	hasEvent(t, tr, from, "Mage: Striking 2d6 10 + Dex 2 = 12 against the area's challenge 4: the area is hit")
	hasEvent(t, tr, from, "Mage: damage 2d6 6 + weapon 4 = 10")
	hasEvent(t, tr, from, "Jot: Defense 2d6 4 + Dex 3 + Defense 4 = 11 against 5 (1 yard to dive): clear")
	hasEvent(t, tr, from, "Mung has nowhere to dive: caught")
	hasEvent(t, tr, from, "Mung: endurance 2d6 2 + Str 4 = 6 → 4 of 10 damage gets through")
	hasEvent(t, tr, from, "Rider cannot dodge in the saddle: caught")
	if sheet(t, tr, "Jot").Stamina != 10 || sheet(t, tr, "Mung").Stamina != 10 {
		t.Errorf("Jot %d, Mung %d", sheet(t, tr, "Jot").Stamina, sheet(t, tr, "Mung").Stamina)
	}
	// A miss touches nobody.
	from = tr.E.Log.Len()
	run(t, tr, "dice 1 1", "force area Mage Jot range=6")
	hasEvent(t, tr, from, "Mage: Striking 2d6 2 + Dex 2 − actions 2 = 2 against the area's challenge 6: the area is missed")
	rulestest.Fails(t, tr, "area Mage Jot yards=7", "0 to 6")
	rulestest.Fails(t, tr, "area Mage", "at least one target")
}
