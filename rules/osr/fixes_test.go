package osr_test

import (
	"testing"
)

// Held actions resolve together: a caster holding a spell is not
// interrupted by another holder hitting it in the held step.
func TestHeldActionsAreSimultaneous(t *testing.T) {
	tr := newTracker(t, addAra, addGob, "declare Ara spell sleep", "next", "hold Ara", "hold Gob", "next")
	if header(tr) != "Round 1 · held" {
		t.Fatalf("header %q", header(tr))
	}
	run(t, tr, "dice 19 3", "attack Gob Ara")
	if !comb(t, tr, "Ara").HasCond("spell declared") {
		t.Fatal("a holder's hit in the held step lost the other holder's spell")
	}
	from := tr.E.Log.Len()
	run(t, tr, "next")
	for _, e := range events(tr, from) {
		if e == "Ara's spell (sleep) is lost: hit before it was cast" {
			t.Fatal(e)
		}
	}
	// Hit during the count, before the held step, the spell is lost.
	tr = newTracker(t, addAra, addGob, "declare Ara spell sleep", "next", "hold Ara", "dice 4", "next", "dice 19 3", "attack Gob Ara")
	if comb(t, tr, "Ara").HasCond("spell declared") {
		t.Fatal("a holder hit before the held step kept its spell")
	}
}

// A natural 20 always hits, but only one that could hit the AC anyway
// (20 + the modifiers reach it) is a Mighty Blow.
func TestNaturalTwentyMightyOnlyIfItCouldHit(t *testing.T) {
	tr := newTracker(t, addAra, addGob, "set Gob ac=30 hp=20 maxhp=20", "dice 20 4")
	from := tr.E.Log.Len()
	run(t, tr, "attack Ara Gob") // 20 + BCB 2 + STR 1 = 23 < 30
	hasEvent(t, tr, from, "natural 20: a hit whatever the AC, but 23 could not reach AC 30: no Mighty Blow")
	hasEvent(t, tr, from, "Gob takes 5 damage: HP 15/20")
	if len(tr.E.Queue) != 0 {
		t.Fatalf("dice left: %v", tr.E.Queue)
	}
	for _, e := range events(tr, from) {
		if len(e) > 11 && e[:11] == "Mighty Blow" {
			t.Fatalf("rolled on the chart: %s", e)
		}
	}
	// 23 against AC 23: a Mighty Blow.
	tr = newTracker(t, addAra, addGob, "set Gob ac=23 hp=20 maxhp=20", "dice 20 4 3 2")
	from = tr.E.Log.Len()
	run(t, tr, "attack Ara Gob")
	hasEvent(t, tr, from, "Mighty Blow 3 on Gob: flesh wound")
}

// A charger loses its DEX bonus to AC; a DEX penalty stays.
func TestChargeKeepsADexPenalty(t *testing.T) {
	tr := newTracker(t, addAra, addGob, "set Ara dexmod=-1 ac=12", "declare Ara charge", "dice 5")
	from := tr.E.Log.Len()
	run(t, tr, "attack Gob Ara")
	hasEvent(t, tr, from, "Gob attacks Ara with spear: d20 5 + BCB 1 = 6 against AC 12")
}

// A thrown weapon gets the thrower's STR bonus to damage, but only at
// short range (up to its first range increment); other missiles never.
func TestThrownWeaponsAddStrengthAtShortRange(t *testing.T) {
	tr := newTracker(t, addAra, addGob, `set Ara weapons="axe 1d6 thrown, bow 1d6 bow" strmod=2 dexmod=1`, "set Gob hp=30 maxhp=30", "dice 15 3")
	from := tr.E.Log.Len()
	run(t, tr, "attack Ara Gob with=axe")
	hasEvent(t, tr, from, "Ara attacks Gob with axe: d20 15 + BCB 2 + DEX 1 = 18 against AC 13")
	hasEvent(t, tr, from, "damage 1d6 3 + STR 2 = 5")
	run(t, tr, "dice 15 3")
	from = tr.E.Log.Len()
	run(t, tr, "attack Ara Gob with=axe long")
	hasEventContaining(t, tr, from, "Gob takes 3 damage")
	run(t, tr, "dice 15 3")
	from = tr.E.Log.Len()
	run(t, tr, "attack Ara Gob with=bow")
	hasEventContaining(t, tr, from, "Gob takes 3 damage")
}

// A hit does at least 1 damage; the log says when that floor was used.
func TestDamageLineNamesTheFloorOfOne(t *testing.T) {
	tr := newTracker(t, addAra, addGob, `set Ara weapons="dagger 1d4" strmod=-2`, "set Gob hp=30 maxhp=30", "dice 15 1")
	from := tr.E.Log.Len()
	run(t, tr, "attack Ara Gob")
	hasEvent(t, tr, from, "damage 1d4 1 − STR 2 = −1, at least 1")
	hasEventContaining(t, tr, from, "Gob takes 1 damage")
}

// A roll of one die with nothing added was said three times: "Ara,
// damage to Gob: 1d6 [3] = 3", then "damage 1d6 3"; "Grub, Mighty Blow:
// d20 [19] = 19", then "Mighty Blow on Grub: 19". The roll line says it;
// the sum line comes only where something is added to the die.
func TestOneDieIsLoggedOnce(t *testing.T) {
	tr := newTracker(t, addAra, addGob, "set Gob hp=30 maxhp=30", "dice 15 3")
	from := tr.E.Log.Len()
	run(t, tr, "attack Ara Gob with=bow")
	hasEvent(t, tr, from, "Gob takes 3 damage: HP 27/30")
	for _, e := range events(tr, from) {
		if e == "damage 1d6 3" {
			t.Errorf("the damage is said twice: %q", events(tr, from))
		}
	}
	tr = newTracker(t, addAra, addGrub, "next", "dice 20 1 19 17 2")
	from = tr.E.Log.Len()
	run(t, tr, "force attack Ara Grub")
	for _, e := range events(tr, from) {
		if e == "Mighty Blow on Grub: 19" {
			t.Errorf("the Mighty Blow is said twice: %q", events(tr, from))
		}
	}
	hasEvent(t, tr, from, "Mighty Blow 12 on Grub: painful blow")
	tr = newTracker(t, addAra, addGrub, "next", "dice 20 1 15 17 2")
	from = tr.E.Log.Len()
	run(t, tr, "force attack Ara Grub mb=4")
	hasEvent(t, tr, from, "Mighty Blow on Grub: d20 15 + mb 4 = 19")
}
