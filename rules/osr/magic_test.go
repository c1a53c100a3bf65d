package osr_test

import (
	"testing"
)

// A wand needs only a word: it goes off on its user's count, and only a
// hit at that same count (simultaneous) stops it; then no charge is used.
func TestWands(t *testing.T) {
	tr := countdown(t, "set Ara charges=5")
	from := tr.E.Log.Len()
	run(t, tr, "wand Ara lightning")
	hasEvent(t, tr, from, "Ara uses a wand: lightning (4 charges left)")
	// A hit at the same count interrupts it after all.
	tr = newTracker(t, addAra, addGob, addGrub, "set Ara charges=5", "next", "dice 5 5 3", "next", "wand Ara lightning", "dice 15 2")
	from = tr.E.Log.Len()
	run(t, tr, "attack Gob Ara")
	hasEvent(t, tr, from, "Ara was hit at the count the wand went off: it is not activated after all, and no charge is used (5 left)")
	if sheet(t, tr, "Ara").Charges != "5" {
		t.Fatalf("charges %q", sheet(t, tr, "Ara").Charges)
	}
	// Hit first at the same count: the wand does not go off.
	tr = newTracker(t, addAra, addGob, addGrub, "set Ara charges=5", "next", "dice 5 5 3", "next", "dice 15 2", "attack Gob Ara")
	from = tr.E.Log.Len()
	run(t, tr, "wand Ara lightning")
	hasEvent(t, tr, from, "Ara was hit at this count: the wand is not activated, and no charge is used (5 left)")
	// A hit earlier in the round does not stop a wand (unlike a spell).
	tr = newTracker(t, addAra, addGob, addGrub, "set Ara charges=5", "next", "dice 3 5 3", "next", "dice 15 2", "attack Gob Ara", "next")
	from = tr.E.Log.Len()
	run(t, tr, "wand Ara lightning")
	hasEvent(t, tr, from, "Ara uses a wand: lightning (4 charges left)")
	run(t, tr, "set Ara charges=0")
	fails(t, tr, "wand Ara", "no charges left")
}

// A scroll takes a round per spell level to read, under the limits of
// casting: it is declared, and a hit before it is read loses it.
func TestScrollReading(t *testing.T) {
	tr := newTracker(t, addAra, addGob, "declare Ara scroll 2 fireball", "next", "dice 5 3", "next")
	hasEvent(t, tr, 0, "Ara reads on (fireball): 1 more round after this one")
	fails(t, tr, "attack Ara Gob", "Ara is reading a scroll (fireball, 2 rounds in all)")
	run(t, tr, "next", "next") // count 3, then the next round
	if !comb(t, tr, "Ara").HasCond("spell declared") {
		t.Fatal("the reading was forgotten at the round's end")
	}
	from := tr.E.Log.Len()
	run(t, tr, "dice 5 3", "next")
	hasEvent(t, tr, from, "Ara casts the declared spell (fireball)")
	// A hit while reading loses the scroll.
	tr = newTracker(t, addAra, addGob, "declare Ara scroll 2 fireball", "next", "dice 2 5", "next", "dice 15 3", "attack Gob Ara")
	if comb(t, tr, "Ara").HasCond("spell declared") {
		t.Fatal("the reading survived a hit")
	}
}

// Armour and casting: a magic-user casts in no armour (magical bracers
// count as none); a fighter-mage only in magical armour good enough for
// the spell's level (1–3 +1, 4–6 +2, 7–9 +3, 10–12 +4).
func TestArmourLimitsCasting(t *testing.T) {
	tr := newTracker(t, addAra, addGob, "set Ara caster=mu armour=plain")
	fails(t, tr, "declare Ara spell sleep", "Ara wears armour: a magic-user casts in none (magical bracers count as none)")
	run(t, tr, "set Ara armour=none", "declare Ara spell sleep", "declare Ara none")
	run(t, tr, "set Ara caster=fm armour=plain")
	fails(t, tr, "declare Ara spell sleep", "a fighter-mage casts only in magical armour")
	run(t, tr, "set Ara armour=+1", "declare Ara spell level=3 web", "declare Ara none")
	fails(t, tr, "declare Ara spell level=4 fireball", "a level 4 spell needs magical armour of +2 or better (Ara wears +1)")
	fails(t, tr, "declare Ara scroll 5 cone", "a level 5 spell needs magical armour of +2 or better")
	// level= counts wherever it stands among the words, and only once.
	fails(t, tr, "declare Ara spell fireball level=4", "a level 4 spell needs magical armour of +2 or better (Ara wears +1)")
	fails(t, tr, "declare Ara spell level=2 web level=3", "level= is given twice")
	from := tr.E.Log.Len()
	run(t, tr, "declare Ara spell web LEVEL=3")
	hasEvent(t, tr, from, "Ara declares a spell: web (lost if Ara is hit before casting)")
	run(t, tr, "declare Ara none")
	run(t, tr, "force declare Ara spell level=4 fireball")
	run(t, tr, "set Ara caster=none armour=plain", "declare Ara none", "declare Ara spell bless")
}

// Surprise: wisdom and keen or dull senses modify the roll, but a 1 is
// always surprise.
func TestSurpriseModifiers(t *testing.T) {
	tr := newTracker(t, addAra, addGob, "set Ara surprisemod=-2", "set Gob surprisemod=+3", "dice 4 1")
	from := tr.E.Log.Len()
	run(t, tr, "surprise roll")
	hasEvent(t, tr, from, "Ara surprise: d6 4 − senses 2 = 2 → surprised for 2 segments")
	hasEvent(t, tr, from, "Gob surprise: d6 1 + senses 3 = 4 → a natural 1: surprised for 1 segment")
	run(t, tr, "surprise clear", "dice 3 2")
	from = tr.E.Log.Len()
	run(t, tr, "surprise roll mod=+1")
	hasEvent(t, tr, from, "Ara surprise: d6 3 − senses 2 + mod 1 = 2 → surprised for 2 segments")
	hasEvent(t, tr, from, "Gob surprise: d6 2 + senses 3 + mod 1 = 6 → not surprised")
}
