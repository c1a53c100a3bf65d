package swords_test

import (
	"testing"

	"fray/model"
	"fray/rules/swords"
)

func TestHealStaminaThenAll(t *testing.T) {
	tr := newTracker(t, "add Jot side=heroes", "damage Jot 11")
	sh := comb(t, tr, "Jot").Sheet().(*swords.Sheet)
	if comb(t, tr, "Jot").Status != model.Unconscious || sh.Health() != swords.Wounded {
		t.Fatalf("after 11: %s, %s", comb(t, tr, "Jot").Status, sh.Health())
	}
	run(t, tr, "heal Jot 4")
	sh = comb(t, tr, "Jot").Sheet().(*swords.Sheet)
	if sh.Stamina != 4 || sh.Health() != swords.Wounded || comb(t, tr, "Jot").Status != model.Active {
		t.Fatalf("heal 4: Stamina %d, %s, %s", sh.Stamina, sh.Health(), comb(t, tr, "Jot").Status)
	}
	run(t, tr, "heal Jot all")
	sh = comb(t, tr, "Jot").Sheet().(*swords.Sheet)
	if sh.Stamina != 10 || sh.Health() != swords.OK {
		t.Fatalf("heal all: Stamina %d, %s", sh.Stamina, sh.Health())
	}
	fails(t, tr, "heal Jot all", "Jot is unhurt")
	fails(t, tr, "heal Jot 0", "give back 1 or more")
}
