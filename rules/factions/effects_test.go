package factions_test

import (
	"testing"

	"fray/model"
)

// The grapple example: the bandit counters with his axe for a scratch,
// fails his STR save and is grabbed; grabbed, he cannot react; on his
// turn he breaks free and that is all he does.
func TestGrappleExample(t *testing.T) {
	tr := demo(t, "next", "first Players")
	from := tr.E.Log.Len()
	run(t, tr, "dice 1 15", "attack Theobald Bandit1 grapple counter")
	hasEvent(t, tr, from, "Bandit1 counters with axe first")
	hasEvent(t, tr, from, "Theobald takes no damage (d6 1 − armour 2)")
	hasEvent(t, tr, from, "Bandit1 fails to resist the grapple")
	hasEvent(t, tr, from, "Theobald grabs Bandit1: Bandit1 can only try to break free")
	if sheet(t, tr, "Bandit1").GrabbedBy != "Theobald" {
		t.Fatal("not grabbed")
	}
	// Round 2: Theobald stabs with the dagger; no reaction is possible.
	run(t, tr, "pass", "pass", "first Players")
	fails(t, tr, "attack Theobald Bandit1 with=dagger dodge", "grabbed by Theobald")
	run(t, tr, "dice 3", "attack Theobald Bandit1 with=dagger")
	fails(t, tr, "move Bandit1 1", "can only try to break free")
	from = tr.E.Log.Len()
	run(t, tr, "dice 4", "breakfree Bandit1")
	hasEvent(t, tr, from, "Bandit1 passes: Bandit1 breaks free of Theobald")
	fails(t, tr, "attack Bandit1 Theobald", "already used the main action")
	// A larger character needs no save against a smaller one, and cannot be
	// moved by it.
	tr = demo(t, "set Theobald size=large", "set Bandit2 size=small")
	fails(t, tr, "attack Bandit2 Theobald shove", "larger")
	from = tr.E.Log.Len()
	run(t, tr, "dice 3", "attack Theobald Bandit2 shove")
	hasEvent(t, tr, from, "Bandit2 is smaller than Theobald and cannot resist with STR")
	hasEvent(t, tr, from, "Theobald shoves Bandit2 2 zones")
	hasEvent(t, tr, from, "Bandit2 takes 3 damage (d4 3, direct): health 8 → 5")
	from = tr.E.Log.Len()
	run(t, tr, "dice 2", "attack Sybilla Bandit1 disarm")
	hasEvent(t, tr, from, "Bandit1 resists the disarm")
}

// Size: dice doubled per size larger, the roll halved per size smaller,
// blasts untouched.
func TestSizeEffects(t *testing.T) {
	tr := blank(t,
		`add Wyrm side=Monster health=40 size=large weapons="bite d8, fire breath d6 r2 blast"`,
		`add Hob side=Folk health=20 size=small`,
		`add Knight side=Folk health=20 armour=1 weapons="sword d6, bow d6 r8"`)
	from := tr.E.Log.Len()
	run(t, tr, "dice 1 2 3 4", "attack Wyrm Hob")
	hasEvent(t, tr, from, "Hob takes 10 damage (4d8 10 − armour 0): health 20 → 10")
	from = tr.E.Log.Len()
	run(t, tr, "dice 3", "attack Knight Wyrm")
	hasEvent(t, tr, from, "Wyrm takes 2 damage (d6 3, halved for size → 2 − armour 0): health 40 → 38")
	from = tr.E.Log.Len()
	run(t, tr, "dice 5", "attack Wyrm Hob Knight with=fire")
	hasEvent(t, tr, from, "Hob takes 5 damage (d6 5 − armour 0): health 10 → 5")
	hasEvent(t, tr, from, "Knight takes 4 damage (d6 5 − armour 1): health 20 → 16")
	// A human's bow reaches twice as far against the wyrm.
	run(t, tr, "attack Knight Wyrm with=bow dist=16 hit")
	fails(t, tr, "attack Knight Hob with=bow dist=5", "reaches 4 zones")
}

// A ranged blast that misses goes astray, with the die in the log.
func TestBlastDeviates(t *testing.T) {
	tr := blank(t, `add Gren side=A wit=5 weapons="fire bomb d6 r2 blast"`, "add X side=B health=5", "add Y side=B health=5")
	from := tr.E.Log.Len()
	run(t, tr, "dice 17 3", "attack Gren X Y far")
	hasEvent(t, tr, from, "Gren misses with fire bomb")
	hasEvent(t, tr, from, "the blast lands in neighbouring zone 3 of 8: resolve it on whoever stands there (attack … hit free)")
	last := tr.E.Log.At(tr.E.Log.Len() - 2)
	if last.Kind != model.KindRoll || last.Expr != "d8" || last.Total != 3 {
		t.Errorf("deviation roll not logged: %+v", last)
	}
	fails(t, tr, `attack X Gren Y`, "only a blast")
}

// Impaired damage: unarmed d4, holding back, and the setting.
func TestImpaired(t *testing.T) {
	tr := demo(t)
	from := tr.E.Log.Len()
	run(t, tr, "dice 3 1", "attack Balthasar Bandit1 with=unarmed")
	hasEvent(t, tr, from, "Bandit1 takes 1 damage (d4 impaired, lower of 3 and 1 − armour 0): health 8 → 7")
	from = tr.E.Log.Len()
	run(t, tr, "option impaired half", "dice 5", "attack Balthasar Bandit1 holdback")
	hasEvent(t, tr, from, "Bandit1 takes 3 damage (d6 halved, impaired, 3 − armour 0): health 7 → 4")
	from = tr.E.Log.Len()
	run(t, tr, "option impaired d4", "dice 2", "attack Balthasar Bandit1 holdback cover")
	hasEvent(t, tr, from, "Bandit1 takes 1 damage (impaired d4 2 − armour 1): health 4 → 3")
}

// Damage and heal by hand; a harmed surrender fights on; cover caps at 3.
func TestDamageHealSurrender(t *testing.T) {
	tr := demo(t, "next", "first GM", "surrender Bandit1")
	if !sheet(t, tr, "Bandit1").Surrendered {
		t.Fatal("no surrender")
	}
	from := tr.E.Log.Len()
	run(t, tr, "damage Bandit1 3")
	hasEvent(t, tr, from, "Bandit1 was harmed after surrendering and may fight again")
	run(t, tr, "damage Bandit1 9 direct")
	if comb(t, tr, "Bandit1").Status != model.Incapacitated {
		t.Error("0 health should incapacitate")
	}
	run(t, tr, "heal Bandit1 20")
	if sheet(t, tr, "Bandit1").Health != 8 || comb(t, tr, "Bandit1").Status != model.Active {
		t.Error("heal")
	}
	run(t, tr, "set Theobald armour=3 cover=yes")
	if got := sheet(t, tr, "Theobald").ArmourAgainst(true, false); got != 3 {
		t.Errorf("armour in cover %d", got)
	}
	fails(t, tr, "set Theobald armour=4", "0 to 3")
	fails(t, tr, `set Theobald weapons="sword"`, "no damage dice")
}
