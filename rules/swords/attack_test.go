package swords_test

import (
	"testing"

	"fray/model"
)

// Equal rolls go to the defender; range adds its challenge to the Defense.
func TestTiesAndRange(t *testing.T) {
	tr := newTracker(t, addJot, addMung)
	from := tr.E.Log.Len()
	run(t, tr, "attack Jot Mung atk=8 def=8")
	hasEvent(t, tr, from, "Jot misses Mung: 8 against Defense 8")
	from = tr.E.Log.Len()
	run(t, tr, "attack Jot Mung atk=11 def=5 range=6 dmg=9 end=4")
	hasEvent(t, tr, from, "Jot misses Mung: 11 against Defense 5 + range 6 = 11")
	from = tr.E.Log.Len()
	run(t, tr, "attack Jot Mung atk=12 def=5 range=6 dmg=9 end=4")
	hasEvent(t, tr, from, "Jot hits Mung: 12 against Defense 5 + range 6 = 11")
	hasEvent(t, tr, from, "Jot: damage damage (entered) 9")
	hasEvent(t, tr, from, "Mung: endurance endurance (entered) 4 → 5 of 9 damage gets through")
	if sh := sheet(t, tr, "Mung"); sh.Stamina != 9 || sh.Largest != 5 {
		t.Fatalf("Mung %d/%d", sh.Stamina, sh.Largest)
	}
	for _, c := range []struct{ line, want string }{
		{"attack Jot", "an attacker and a target"},
		{"attack Jot Jot", "cannot attack itself"},
		{"attack Jot Mung skill=magic", "skill= takes"},
		{"attack Jot Mung range=-1", "range="},
		{"attack Jot Mung augment=21", "augment="},
		{"attack Jot Mung fiercely", "unknown option"},
		{"attack Jot Mung harm", "harm is for a grab"},
		{"attack Jot Mung defskill=grappling", "only a grab"},
		{"attack Jot Mung skill=grappling augment=1", "no damage unless"},
		{"attack Jot Mung wobble=2", "unknown option wobble="},
		{"attack Jot Mung assist=Mung", "cannot block"},
		{"attack Jot Mung assist=Nobody", "no combatant"},
	} {
		fails(t, tr, c.line, c.want)
	}
}

// A combatant who has acted without defending gets no Defense: the attack
// need only beat the range.
func TestCannotDefendAfterActing(t *testing.T) {
	tr := newTracker(t, addJot, addMung, "next", "force action Mung draws a knife")
	from := tr.E.Log.Len()
	run(t, tr, "attack Jot Mung atk=3 range=3")
	hasEvent(t, tr, from, "Mung has acted this round without defending: no chance to defend")
	hasEvent(t, tr, from, "Jot misses Mung: 3 against no Defense + range 3 = 3")
	run(t, tr, "dice 1 1 1 1", "attack Jot Mung atk=1")
	if tally(t, tr, "Mung").Actions != 1 {
		t.Fatal("a refused Defense counted as an action")
	}
	fails(t, tr, "defend Mung", "cannot defend until the next round")
	fails(t, tr, "attack Jot Mung def=5", "cannot defend now")

	// An unconscious target cannot defend either.
	tr = newTracker(t, addJot, addMung, "set Mung status=unconscious")
	from = tr.E.Log.Len()
	run(t, tr, "attack Jot Mung atk=2 dmg=20 end=0")
	hasEvent(t, tr, from, "Mung cannot defend (unconscious)")
	hasEvent(t, tr, from, "Mung is dead")
	fails(t, tr, "attack Jot Mung atk=2", "already dead")
}

// An assisted block: the friend rolls Defense too, spending an action,
// and the best roll counts.
func TestAssistedBlock(t *testing.T) {
	tr := newTracker(t, addJot, addMung, `add Ada side=heroes dex=1 defense=5`, `add Bo side=heroes`, "next", "force action Bo shouts")
	from := tr.E.Log.Len()
	run(t, tr, "dice 5 5 1 1 4 4", "force attack Mung Jot assist=Ada,Bo")
	hasEvent(t, tr, from, "Mung: Striking 2d6 10 − Dex 1 + Striking 2 = 11")
	hasEvent(t, tr, from, "Jot: Defense 2d6 2 + Dex 3 + Defense 4 = 9")
	hasEvent(t, tr, from, "Ada: assisted block for Jot 2d6 8 + Dex 1 + Defense 5 = 14")
	hasEvent(t, tr, from, "Bo has acted this round without defending: no chance to block")
	hasEvent(t, tr, from, "Mung misses Jot: 11 against Defense 14 (Ada's block)")
	if a := tally(t, tr, "Ada"); a.Actions != 1 || a.Defenses != 1 {
		t.Fatalf("Ada's block: %+v", a)
	}
}

// The mass bonus: the gorilla (four times the man) +4, the giant (twelve
// times) +7, on attack and on a Grappling defense alike.
func TestGrapplingMass(t *testing.T) {
	tr := newTracker(t, "add Man mass=200", "add Gorilla mass=800", "add Giant mass=2400")
	from := tr.E.Log.Len()
	run(t, tr, "dice 3 3 3 3", "attack Gorilla Man skill=grappling")
	hasEvent(t, tr, from, "Gorilla: Grappling 2d6 6 + mass 4 = 10")
	hasEvent(t, tr, from, "Man: Defense 2d6 6")
	hasEvent(t, tr, from, "Man is grappled by Gorilla")
	if !comb(t, tr, "Man").HasCond("grappled") || sheet(t, tr, "Man").Stamina != 10 {
		t.Fatal("a grab without harm: grappled, no damage")
	}
	tr = newTracker(t, "add Man mass=200", "add Giant mass=2400")
	from = tr.E.Log.Len()
	run(t, tr, "dice 3 3 3 3", "attack Giant Man skill=grappling")
	hasEvent(t, tr, from, "Giant: Grappling 2d6 6 + mass 7 = 13")

	tr = newTracker(t, "add Man mass=200", "add Giant mass=2400")
	from = tr.E.Log.Len()
	run(t, tr, "dice 6 6 1 1", "attack Man Giant skill=grappling defskill=grappling")
	hasEvent(t, tr, from, "Man: Grappling 2d6 12")
	hasEvent(t, tr, from, "Giant: Grappling defense 2d6 2 + mass 7 = 9")

	tr = newTracker(t, "add Gorilla mass=800", "add Giant mass=2400")
	from = tr.E.Log.Len()
	run(t, tr, "dice 6 6 1 1 4 4 1 1", "attack Gorilla Giant skill=grappling harm")
	hasEvent(t, tr, from, "Giant: Defense 2d6 2")
	hasEvent(t, tr, from, "Gorilla: damage 2d6 8")
	hasEvent(t, tr, from, "Giant takes 6: Stamina 4/10, largest hit 6 → Hurt (was OK)")
}

// Damage by weapon kind, and the Riding roll of a mounted target.
func TestWeaponKindsAndRiding(t *testing.T) {
	tr := newTracker(t,
		`add Bowman str=2 archery=2 weapon="long bow" wkind=bow wdam=3`,
		`add Arbalest str=2 weapon=crossbow wkind=mechanical wdam=6`,
		`add Rider dex=1 riding=3 armor=0 mounted=yes shield=yes maxstamina=40`)
	from := tr.E.Log.Len()
	run(t, tr, "dice 6 6 1 1 2 2 1 1 3 3", "attack Bowman Rider")
	hasEvent(t, tr, from, "Bowman: Archery 2d6 12 + Archery 2 = 14")
	hasEvent(t, tr, from, "Bowman: damage 2d6 4 + Str 2 + weapon 3 = 9")
	hasEvent(t, tr, from, "Rider keeps the saddle: Riding 2d6 6 + Dex 1 + Riding 3 = 10 against 9")
	from = tr.E.Log.Len()
	run(t, tr, "dice 6 6 1 1 2 2 1 1 3 3", "attack Arbalest Rider")
	hasEvent(t, tr, from, "Arbalest: damage 2d6 4 + weapon 6 = 10")
	hasEvent(t, tr, from, "Rider is thrown from the saddle: Riding 2d6 6 + Dex 1 + Riding 3 − actions 2 = 8 against 10")
	if sh := sheet(t, tr, "Rider"); sh.Mounted || !comb(t, tr, "Rider").HasCond("unhorsed") {
		t.Fatal("the rider stayed mounted")
	}
	if got := field(t, tr, "Bowman", "Weapon"); got != "long bow (bow +3) → damage 2d6+5, Archery" {
		t.Errorf("weapon line %q", got)
	}
	// A rider who falls in the hit leaves the saddle with no roll.
	tr = newTracker(t, "add A", "add B mounted=yes")
	run(t, tr, "attack A B atk=9 def=1 dmg=30 end=0")
	if sheet(t, tr, "B").Mounted || comb(t, tr, "B").Status != model.Dead {
		t.Fatal("a dead rider stayed mounted")
	}
}
