package factions_test

import (
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/factions"
)

// The wyrm's example: a bite of d8 is 2d8 against a medium character and
// 4d8 against a small one, and its dice may be shared among smaller
// targets: two medium ones a d8 each, or a medium one a d8 and a small
// one 2d8.
func TestSpreadDamageDice(t *testing.T) {
	tr := blank(t,
		`add Wyrm side=Monster health=40 size=large weapons="bite d8, fire breath d6 r2 blast"`,
		`add Hob side=Folk health=20 size=small`,
		`add Knight side=Folk health=20 armour=1 weapons="sword d6"`,
		`add Squire side=Folk health=20`)
	from := tr.E.Log.Len()
	run(t, tr, "dice 5 6", "attack Wyrm Knight Squire spread=1,1")
	hasEvent(t, tr, from, "Knight takes 4 damage (1d8 5 − armour 1): health 20 → 16")
	hasEvent(t, tr, from, "Squire takes 6 damage (1d8 6 − armour 0): health 20 → 14")
	run(t, tr, "dice 5 1 2", "attack Wyrm Knight Hob spread=1,2")
	hasEvent(t, tr, from, "Hob takes 3 damage (2d8 3 − armour 0): health 20 → 17")
	fails(t, tr, "attack Wyrm Knight Squire spread=2,1", "the bite has 2 dice against a medium target: 2,1 asks for more")
	fails(t, tr, "attack Wyrm Knight Squire spread=1", "one number per target")
	fails(t, tr, "attack Knight Wyrm Hob spread=1,1", "only a larger attacker")
	fails(t, tr, "attack Wyrm Knight Squire with=fire spread=1,1", "melee")
}

// Attack stunts: the attacker offers another effect instead of damage; a
// target that accepts takes it, and cannot react; one that refuses takes
// the attack as usual.
func TestAttackStunt(t *testing.T) {
	tr := demo(t, "set Bandit1 health=3", "next", "first Players")
	from := tr.E.Log.Len()
	run(t, tr, `attack Balthasar Bandit1 stunt="disarmed and out of the fight" accepted`)
	hasEvent(t, tr, from, "Balthasar offers a stunt instead of damage: disarmed and out of the fight")
	hasEvent(t, tr, from, "Bandit1 accepts: no damage, no reaction")
	if !comb(t, tr, "Bandit1").HasCond("disarmed and out of the fight") || sheet(t, tr, "Bandit1").Health != 3 {
		t.Fatal("the stunt did not take")
	}
	fails(t, tr, `attack Balthasar Bandit2 stunt=x accepted dodge`, "a stunt accepted cannot be reacted to")
	run(t, tr, "activate Bandit2", "next")
	from = tr.E.Log.Len()
	run(t, tr, "dice 4", `attack Theobald Bandit2 stunt=surrender`)
	hasEvent(t, tr, from, "Bandit2 refuses the stunt: the attack goes on")
	hasEvent(t, tr, from, "Bandit2 takes 4 damage (d6 4 − armour 0): health 8 → 4")
}

// Countering with a non-lethal attack: the normal attack lands first,
// then the non-lethal one; two non-lethal attacks, the counter last.
func TestNonLethalCounter(t *testing.T) {
	tr := demo(t, "next", "first Players")
	from := tr.E.Log.Len()
	run(t, tr, "dice 3 15", "attack Balthasar Bandit1 counter cwith=grapple")
	ev := events(tr, from)
	hit, grab := -1, -1
	for i, e := range ev {
		switch e {
		case "Bandit1 takes 3 damage (d6 3 − armour 0): health 8 → 5":
			hit = i
		case "Bandit1 grabs Balthasar: Balthasar can only try to break free":
			grab = i
		}
	}
	if hit < 0 || grab < hit {
		t.Fatalf("the blow should land, then the grab: %q", ev)
	}
	// A non-lethal attack countered by a non-lethal one: the counter last.
	tr = demo(t, "next", "first Players")
	from = tr.E.Log.Len()
	run(t, tr, "dice 15 15", "attack Theobald Bandit1 shove counter cwith=disarm")
	ev = events(tr, from)
	shove, disarm := -1, -1
	for i, e := range ev {
		switch e {
		case "Theobald shoves Bandit1 half a zone":
			shove = i
		case "Theobald drops a weapon of Bandit1's choosing (edit Theobald's weapons)":
			disarm = i
		}
	}
	if shove < 0 || disarm < shove {
		t.Fatalf("the shove should come first, then the disarm: %q", ev)
	}
}

// A grabber keeps hold while it moves (dragging the grabbed), disarms it
// or strikes with a one-handed weapon or unarmed; any other action frees
// the one it holds, unless it is larger.
func TestGrabberFreesByOtherActions(t *testing.T) {
	tr := demo(t, `set Theobald weapons="spear d6, dagger d4, greataxe d8 great"`, "set Bandit1 grabbedby=Theobald", "next", "first Players")
	run(t, tr, "dice 2", "attack Theobald Bandit2 with=dagger")
	if sheet(t, tr, "Bandit1").GrabbedBy == "" {
		t.Fatal("a one-handed blow let go")
	}
	from := tr.E.Log.Len()
	run(t, tr, "bonus Theobald opens the door")
	hasEvent(t, tr, from, "Bandit1 is free: Theobald let go to act")
	tr = demo(t, `set Theobald weapons="greataxe d8 great"`, "set Bandit1 grabbedby=Theobald", "next", "first Players")
	run(t, tr, "dice 2", "attack Theobald Bandit2")
	if sheet(t, tr, "Bandit1").GrabbedBy != "" {
		t.Fatal("a two-handed blow kept hold")
	}
	// Larger: any action keeps the hold.
	tr = demo(t, "set Theobald size=large", "set Bandit1 grabbedby=Theobald", "next", "first Players", "main Theobald shouts")
	if sheet(t, tr, "Bandit1").GrabbedBy == "" {
		t.Fatal("a larger grabber let go")
	}
}

// Gear: a damaged (or improvised) weapon breaks when a 1 is rolled on its
// damage die; damaged shields, then damaged armour, break under a blow of
// 8 or more before armour. `gear` lists what was used in the fight, for
// the durability rolls after it.
func TestGearDegradation(t *testing.T) {
	tr := demo(t, `set Balthasar weapons="sword d6 damaged, club d6 improvised"`, `set Bandit1 armour=2 shield=damaged armourdamaged=yes`, "next", "first Players")
	from := tr.E.Log.Len()
	run(t, tr, "dice 1", "attack Balthasar Bandit1")
	hasEvent(t, tr, from, "Balthasar's sword breaks (a 1 on the damage die of a damaged weapon)")
	if sheet(t, tr, "Balthasar").Weapons != "club d6 improvised" {
		t.Fatalf("weapons %q", sheet(t, tr, "Balthasar").Weapons)
	}
	tr = demo(t, `set Bandit1 armour=2 shield=damaged armourdamaged=yes`, `set Bandit2 weapons="maul 2d6"`, "next", "first GM")
	from = tr.E.Log.Len()
	run(t, tr, "dice 5 4", "attack Bandit2 Bandit1")
	hasEvent(t, tr, from, "Bandit1's damaged shield breaks under a blow of 9")
	if s := sheet(t, tr, "Bandit1"); s.Armour != 1 || s.Shield != "" {
		t.Fatalf("armour %d shield %q", s.Armour, s.Shield)
	}
	run(t, tr, "next", "activate Sybilla", "next", "dice 6 6", "force attack Bandit2 Bandit1")
	if s := sheet(t, tr, "Bandit1"); s.Armour != 0 || s.ArmourDamaged {
		t.Fatalf("armour %d damaged %v", s.Armour, s.ArmourDamaged)
	}
	from = tr.E.Log.Len()
	run(t, tr, "gear")
	hasEvent(t, tr, from, "gear used this fight (roll its durability after): Bandit2: maul")
}

// Mounts and riders take their turn together, on the rider's activation;
// a mount at full speed leaves its rider no action or reaction; riders
// strike impaired; getting on or off is half a zone of movement, and
// from a moving mount an AGI save or a fall (d4, direct).
func TestMountsAndRiders(t *testing.T) {
	tr := demo(t, `add Bess side=Players health=12 speed=4 weapons="hooves d6"`, "set Balthasar on=Bess", "next", "first Players")
	fails(t, tr, "activate Bess", "Bess carries Balthasar: it acts on Balthasar's activation")
	run(t, tr, "activate Balthasar", "move Bess 2")
	if comb(t, tr, "Balthasar").Zone != "2" {
		t.Fatal("the rider stayed behind")
	}
	from := tr.E.Log.Len()
	run(t, tr, "dice 5 2", "attack Balthasar Bandit1")
	hasEvent(t, tr, from, "Bandit1 takes 2 damage (d6 impaired, lower of 5 and 2 − armour 0): health 8 → 6")
	run(t, tr, "dice 3", "attack Bess Bandit1")
	run(t, tr, "next", "activate Bandit1", "next")
	// Round 2: the mount gallops at full speed, the rider can do nothing.
	run(t, tr, "pass", "pass", "first Players", "activate Balthasar", "move Bess 6")
	fails(t, tr, "attack Balthasar Bandit1", "Bess moved at full speed: Balthasar can take no action")
	fails(t, tr, "dismount Balthasar", "Bess moved at full speed")
	// Dismounting from a moving mount: an AGI save or a fall.
	tr = demo(t, `add Bess side=Players health=12 speed=4`, "set Balthasar on=Bess", "next", "first Players", "activate Balthasar", "move Bess 1")
	from = tr.E.Log.Len()
	run(t, tr, "dice 15 3", "dismount Balthasar")
	hasEvent(t, tr, from, "Balthasar fails the AGI save and falls: d4 direct damage")
	hasEvent(t, tr, from, "Balthasar takes 3 damage (d4 3, direct): health 10 → 7")
	if sheet(t, tr, "Balthasar").On != "" {
		t.Fatal("still riding")
	}
	if u := comb(t, tr, "Balthasar"); u.Status != model.Active {
		t.Fatal("status")
	}
}

// Chases over long distances: the fleeing make a group AGI save; those
// who pass get away, the others are caught. Faster, no save; slower, no
// escape.
func TestChase(t *testing.T) {
	tr := demo(t, "dice 5 15")
	from := tr.E.Log.Len()
	run(t, tr, "chase Bandit1 Bandit2")
	hasEvent(t, tr, from, "Bandit1 gets away (AGI save passed)")
	hasEvent(t, tr, from, "Bandit2 is caught by the pursuers (AGI save failed)")
	if !sheet(t, tr, "Bandit1").Retreated || sheet(t, tr, "Bandit2").Retreated {
		t.Fatal("marks")
	}
	run(t, tr, "chase Bandit3 faster")
	if !sheet(t, tr, "Bandit3").Retreated {
		t.Fatal("the faster did not get away")
	}
	from = tr.E.Log.Len()
	run(t, tr, `chase "Bandit leader" slower`)
	hasEvent(t, tr, from, "Bandit leader cannot get away: the pursuers are faster")
}

// A mount carries its rider while the rider is on it (rules.Carriers:
// the attack form offers the rider first), and nobody once it is off.
func TestMountCarriesItsRider(t *testing.T) {
	tr := demo(t, `add Bess side=Players health=12 speed=4`, "set Balthasar on=Bess")
	sys := factions.New()
	if !rules.Carries(sys, tr.E, comb(t, tr, "Bess")) || rules.Carries(sys, tr.E, comb(t, tr, "Balthasar")) {
		t.Fatal("Bess does not carry Balthasar, or he carries someone")
	}
	run(t, tr, "set Balthasar on=")
	if rules.Carries(sys, tr.E, comb(t, tr, "Bess")) {
		t.Fatal("Bess carries someone with nobody on her")
	}
}
