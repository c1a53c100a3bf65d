package sst_test

import (
	"strings"
	"testing"

	"fray/model"
)

// holdSetup: Roland and a goblin InClose, both prone, the goblin's dice
// few enough that Roland keeps the turn.
var holdSetup = []string{"add Roland pc=yes side=heroes attack=4 dice=6,6,6,5,5,4", "add Gob side=goblins armour=1 dice=4,3",
	"next", "close Roland Gob"}

// A Hold: a successful attack with a wrestling skill, InClose, on one not
// three times bigger (or prone). It starts Light.
func TestHoldAttack(t *testing.T) {
	tr := newTracker(t, holdSetup...)
	from := tr.E.Log.Len()
	run(t, tr, "dice 5 5 2 2", "attack Roland Gob hold")
	hasEvent(t, tr, from, "Roland holds Gob: a light hold")
	if m := rowMarks(t, tr, "Gob"); !strings.Contains(m, "held by Roland (light)") {
		t.Errorf("Gob's marks %q", m)
	}
	// Not InClose: no hold.
	tr = newTracker(t, "add Roland pc=yes side=heroes dice=6,6,6,5", "add Gob side=goblins dice=4,3", "next")
	fails(t, tr, "attack Roland Gob hold", "not InClose")
	// Three times bigger and standing: no hold; prone, yes.
	tr = newTracker(t, "add Roland pc=yes side=heroes dice=6,6,6,5,5,4", "add Troll side=goblins size=3 dice=4,3", "next", "close Roland Troll")
	fails(t, tr, "attack Roland Troll hold", "three times")
}

// The holder's options: inflict damage (a Light hold does Light damage),
// improve the hold a class with a new successful attack, or let go.
func TestHolderOptions(t *testing.T) {
	tr := newTracker(t, append(holdSetup, "dice 5 5 2 2", "attack Roland Gob hold")...)
	from := tr.E.Log.Len()
	run(t, tr, "dice 5 2 2 2", "hold Roland improve")
	hasEvent(t, tr, from, "Roland improves the hold on Gob: light → medium")
	from = tr.E.Log.Len()
	run(t, tr, "dice 6 5 5 1", "hold Roland damage cost=2")
	hasEvent(t, tr, from, "Roland attacks Gob with 4 dice, success on 5+ (held: no defence)")
	hasEvent(t, tr, from, "Roland hits Gob: 2 successes, medium hold (1+1d) → 2 damage")
	from = tr.E.Log.Len()
	run(t, tr, "hold Roland release")
	hasEvent(t, tr, from, "Roland lets go of Gob")
	fails(t, tr, "hold Roland damage", "holds nobody")
}

// The held one's options: break the hold (BODY against BODY: each success
// it wins by takes a level off), reverse it (winning by two or more), or
// yield. It can do nothing else, not even defend.
func TestHeldOptions(t *testing.T) {
	held := []string{"add Roland pc=yes side=heroes dice=6,6,6,5,5,4", "add Gob side=goblins armour=1 dice=4,3,3,3,3",
		"next", "close Roland Gob", "dice 5 5 2 2", "attack Roland Gob hold"}
	tr := newTracker(t, append(held, "dice 5 2 2 2", "hold Roland improve", "next")...)
	if m := rowMarks(t, tr, "Gob"); !strings.Contains(m, "held by Roland (medium)") || current(tr) != "Gob" {
		t.Fatalf("setup: %s's turn, Gob's marks %q", current(tr), m)
	}
	fails(t, tr, "attack Gob Roland", "Gob is held by Roland")
	fails(t, tr, "spend Gob 3", "Gob is held by Roland")
	// Break: Gob's BODY 4d against Roland's 4d: 2 successes to 1, one
	// level off.
	from := tr.E.Log.Len()
	run(t, tr, "dice 5 6 2 2  5 1 1 1", "hold Gob break cost=3")
	hasEvent(t, tr, from, "Gob wins by 1 against Roland's hold: medium → light")
	from = tr.E.Log.Len()
	run(t, tr, "dice 5 6 2 2  5 1 1 1", "hold Gob break cost=3")
	hasEvent(t, tr, from, "Gob breaks Roland's hold")
	if strings.Contains(rowMarks(t, tr, "Gob"), "held") {
		t.Error("still held")
	}
	// Reverse: winning by two turns it round.
	tr = newTracker(t, append(held, "next")...)
	from = tr.E.Log.Len()
	run(t, tr, "dice 5 6 5 2  2 1 1 1", "hold Gob reverse cost=3")
	hasEvent(t, tr, from, "Gob reverses Roland's hold: Roland is held (light)")
	// Yield: Out of Action.
	tr = newTracker(t, append(held, "next")...)
	run(t, tr, "hold Gob yield")
	if comb(t, tr, "Gob").Status != model.Incapacitated {
		t.Errorf("Gob yielded and is %s", comb(t, tr, "Gob").Status)
	}
}

// Subdual: the hold's class rolls damage against the target's BODY plus
// its size over the holder's; the holder winning puts it Out of Action.
// Knockdown: BODY against BODY plus size, on a foe standing InClose.
func TestSubdueAndKnockdown(t *testing.T) {
	tr := newTracker(t, append(holdSetup, "dice 5 5 2 2", "attack Roland Gob hold")...)
	from := tr.E.Log.Len()
	run(t, tr, "dice 6 6 5 2  5 2 2 2", "hold Roland subdue cost=2")
	hasEvent(t, tr, from, "Roland subdues Gob: 2 damage (light hold) against 1 (BODY 1)")
	if comb(t, tr, "Gob").Status != model.Incapacitated {
		t.Errorf("Gob is %s", comb(t, tr, "Gob").Status)
	}
	tr = newTracker(t, "add Roland pc=yes side=heroes body=4 dice=6,6,6,5,5,4", "add Ogre side=goblins size=3 body=4 dice=4,3", "next", "close Roland Ogre")
	from = tr.E.Log.Len()
	run(t, tr, "dice 6 6 6 5  5 2 2 2", "knockdown Roland Ogre")
	hasEvent(t, tr, from, "Roland knocks Ogre down: 4 against 3 (BODY 1 + size 2)")
	if !comb(t, tr, "Ogre").HasCond("prone") {
		t.Error("the ogre is standing")
	}
	fails(t, tr, "knockdown Roland Ogre", "already prone")
}
