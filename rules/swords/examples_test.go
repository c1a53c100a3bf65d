package swords_test

import (
	"strings"
	"testing"

	"fray/model"
	"fray/rules/swords"
)

// The source's four Stamina-and-Health examples, hit by hit.
func TestHitExamples(t *testing.T) {
	for _, c := range []struct {
		name    string
		hits    []string
		stamina int
		health  swords.Health
		status  model.Status
	}{
		{"ten 1-point hits", []string{"1", "1", "1", "1", "1", "1", "1", "1", "1", "1"}, 0, swords.OK, model.Unconscious},
		{"one 6-point hit", []string{"6"}, 4, swords.Hurt, model.Active},
		{"two 6-point hits", []string{"6", "6"}, 0, swords.Hurt, model.Unconscious},
		{"one 11-point hit", []string{"11"}, 0, swords.Wounded, model.Unconscious},
		{"one 20-point hit", []string{"20"}, 0, swords.Dead, model.Dead},
	} {
		t.Run(c.name, func(t *testing.T) {
			tr := newTracker(t, "add Hero")
			for i, n := range c.hits {
				if i == len(c.hits)-1 && comb(t, tr, "Hero").Status != model.Active {
					t.Fatalf("fell before the last hit")
				}
				run(t, tr, "damage Hero "+n)
			}
			sh := sheet(t, tr, "Hero")
			if sh.Stamina != c.stamina || sh.Health() != c.health || comb(t, tr, "Hero").Status != c.status {
				t.Fatalf("Stamina %d, %s, %s; want %d, %s, %s", sh.Stamina, sh.Health(), comb(t, tr, "Hero").Status, c.stamina, c.health, c.status)
			}
		})
	}
	tr := newTracker(t, "add Hero", "damage Hero 6")
	from := tr.E.Log.Len()
	run(t, tr, "damage Hero 11")
	hasEvent(t, tr, from, "Hero takes 11: Stamina 0/10, largest hit 11 → Wounded (was Hurt)")
	hasEvent(t, tr, from, "Hero falls")
	fails(t, tr, "damage Hero -1", "cannot be negative")
	fails(t, tr, "damage Hero 3 twice", "unknown option")
}

// damage … endure rolls the endurance: 2d6 + Str + armor.
func TestDamageEndure(t *testing.T) {
	tr := newTracker(t, "add Hero str=1 armor=2")
	from := tr.E.Log.Len()
	run(t, tr, "dice 3 2", "damage Hero 12 endure")
	hasEvent(t, tr, from, "Hero: endurance 2d6 5 + Str 1 + armor 2 = 8 → 4 of 12 damage gets through")
	if sh := sheet(t, tr, "Hero"); sh.Stamina != 6 || sh.Largest != 4 {
		t.Fatalf("stamina %d largest %d", sh.Stamina, sh.Largest)
	}
	run(t, tr, "dice 6 6", "damage Hero 3 endure") // net never below 0
	if sh := sheet(t, tr, "Hero"); sh.Stamina != 6 || sh.Largest != 4 {
		t.Fatalf("a blocked hit changed the sheet: %d %d", sh.Stamina, sh.Largest)
	}
}

// Jot augments a punch twice: +4 damage, and his skill rolls drop by 4;
// with a defence as well, by 6.
func TestJotAugments(t *testing.T) {
	tr := newTracker(t, addJot, addMung, "next")
	from := tr.E.Log.Len()
	run(t, tr, "dice 4 3 2 2 5 5 1 1", "attack Jot Mung augment=2")
	hasEvent(t, tr, from, "Jot augments 2 times: +4 damage, skill rolls −4 this round")
	hasEvent(t, tr, from, "Jot: Striking 2d6 7 + Dex 3 + Striking 4 − actions 4 = 10")
	hasEvent(t, tr, from, "Mung: Defense 2d6 4 − Dex 1 + Defense 1 = 4")
	hasEvent(t, tr, from, "Jot hits Mung: 10 against Defense 4")
	hasEvent(t, tr, from, "Jot: damage 2d6 10 − Str 1 + augment 4 = 13")
	hasEvent(t, tr, from, "Mung: endurance 2d6 2 + Str 4 = 6 → 7 of 13 damage gets through")
	hasEvent(t, tr, from, "Mung takes 7: Stamina 7/14, largest hit 7 → Hurt (was OK)")
	if got := tally(t, tr, "Jot"); got.Actions != 3 || got.Penalty() != -4 || got.CanDefend() {
		t.Fatalf("Jot's tally %+v", got)
	}
	if got := field(t, tr, "Jot", "This round"); got != "3 actions so far · next action roll −6, other skill rolls −4 · cannot defend (acted without defending)" {
		t.Errorf("sheet shows %q", got)
	}
	if got := marks(t, tr, "Jot"); got != "3 actions · next −6, no defense" {
		t.Errorf("order marks %q", got)
	}
	if got := tr.Sys.Harm(tr.E, comb(t, tr, "Jot")).Gauge; got != "St 10/10" {
		t.Errorf("summary %q", got)
	}

	// Defending first, then the augmented attack: −6.
	tr = newTracker(t, addJot, addMung, "next")
	run(t, tr, "dice 1 1 2 2", "force attack Mung Jot") // Jot's Defense at 0, out of Mung's turn
	from = tr.E.Log.Len()
	run(t, tr, "dice 4 3 1 1", "attack Jot Mung augment=2")
	hasEvent(t, tr, from, "Jot: Striking 2d6 7 + Dex 3 + Striking 4 − actions 6 = 8")
	// He defended this round, so he may defend again: at −8.
	from = tr.E.Log.Len()
	run(t, tr, "dice 6 6 3 3", "force attack Mung Jot")
	hasEvent(t, tr, from, "Jot: Defense 2d6 6 + Dex 3 + Defense 4 − actions 8 = 5")
	if !strings.Contains(field(t, tr, "Jot", "This round"), "5 actions so far · next action roll −10, other skill rolls −8 · may defend") {
		t.Errorf("sheet shows %q", field(t, tr, "Jot", "This round"))
	}
}
