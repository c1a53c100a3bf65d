package factions_test

import (
	"testing"

	"fray/model"
)

// Sybilla's musket shot at a bandit that dodges: AGI 8, a 2 passes.
func TestDodgeExample(t *testing.T) {
	tr := demo(t, "next", "first Players")
	from := tr.E.Log.Len()
	run(t, tr, "dice 2", "attack Sybilla Bandit1 dodge")
	hasEvent(t, tr, from, "Bandit1 dodges: the attack misses Bandit1")
	if sheet(t, tr, "Bandit1").Health != 8 {
		t.Error("a dodged attack did damage")
	}
	row := tr.Sys.Order(tr.E).Rows
	found := false
	for _, r := range row {
		if r.Name == "Bandit1" {
			found = len(r.Marks) > 0 && r.Marks[0] == "reacted: dodge" && r.Done
		}
	}
	if !found {
		t.Errorf("Bandit1's row does not show the reaction: %+v", row)
	}
	// The dodge used Bandit1's turn: it can neither act nor react again.
	fails(t, tr, "activate Bandit1", "reacted: dodge")
	run(t, tr, "activate Bandit2", "next")
	fails(t, tr, "attack Theobald Bandit1 dodge", "turn is already used")
	// A failed dodge: the attack lands.
	from = tr.E.Log.Len()
	run(t, tr, "dice 15 3", "attack Theobald Bandit3 dodge")
	hasEvent(t, tr, from, "Bandit3 fails to dodge")
	hasEvent(t, tr, from, "Bandit3 takes 3 damage (d6 3 − armour 0): health 8 → 5")
}

// Theobald's spear against the leader's counter with a battleaxe: 4
// against 5, but Theobald's armour 2 makes it 3, so the leader is hit
// first, falls, and never lands his blow.
func TestCounterExample(t *testing.T) {
	tr := demo(t, `set "Bandit leader" armour=0 health=4`, "next", "first Players")
	from := tr.E.Log.Len()
	run(t, tr, "dice 4 5", `attack Theobald "Bandit leader" counter`)
	hasEvent(t, tr, from, "Bandit leader counters with battleaxe: Bandit leader would suffer 4, Theobald 3")
	hasEvent(t, tr, from, "Bandit leader is hit first")
	hasEvent(t, tr, from, "Bandit leader is incapacitated")
	hasEvent(t, tr, from, "Bandit leader's counter never lands")
	if sheet(t, tr, "Theobald").Health != 9 {
		t.Error("Theobald was hurt")
	}
	// The other way round: the attacker falls first and his blow is lost.
	tr = demo(t, "set Balthasar health=2", "next", "first Players")
	from = tr.E.Log.Len()
	run(t, tr, "dice 1 6", "attack Balthasar Bandit2 counter")
	hasEvent(t, tr, from, "Balthasar is hit first")
	hasEvent(t, tr, from, "Balthasar's attack never lands")
	if sheet(t, tr, "Bandit2").Health != 8 || comb(t, tr, "Balthasar").Status != model.Incapacitated {
		t.Error("wrong outcome of the counter")
	}
	// A tie hits both.
	tr = demo(t, "next", "first Players")
	from = tr.E.Log.Len()
	run(t, tr, "dice 4 5", "attack Balthasar Bandit2 counter")
	hasEvent(t, tr, from, "both are hit at once")
	if sheet(t, tr, "Bandit2").Health != 4 || sheet(t, tr, "Balthasar").Health != 6 {
		t.Error("a tie should hit both")
	}
	fails(t, tr, "attack Bandit2 Balthasar counter", "")
}

// Balthasar's sword takes a bandit from 8 to 4; the GM marks him
// incapacitated; Sybilla's dagger then kills him outright.
func TestDeathBlowExample(t *testing.T) {
	tr := demo(t, "next", "first Players")
	from := tr.E.Log.Len()
	run(t, tr, "dice 4", "attack Balthasar Bandit1")
	hasEvent(t, tr, from, "Bandit1 takes 4 damage (d6 4 − armour 0): health 8 → 4")
	run(t, tr, "set Bandit1 status=incapacitated", "activate Bandit2", "activate Sybilla")
	fails(t, tr, "attack Sybilla Bandit1 dodge", "cannot react (incapacitated)")
	from = tr.E.Log.Len()
	run(t, tr, "attack Sybilla Bandit1 with=dagger")
	hasEvent(t, tr, from, "Sybilla delivers a death blow: Bandit1 is dead")
	if comb(t, tr, "Bandit1").Status != model.Dead {
		t.Error("not dead")
	}
	fails(t, tr, "attack Theobald Bandit1", "already dead")
	fails(t, tr, "attack Theobald Bandit2 deathblow", "needs one incapacitated target")
}

// The WIT save to hit: a bow beyond half range, a melee blow in darkness.
func TestWitSaveToHit(t *testing.T) {
	tr := demo(t, "next")
	from := tr.E.Log.Len()
	run(t, tr, "dice 5 3", "attack Bandit1 Balthasar with=bow dist=5")
	hasEvent(t, tr, from, "Bandit1 passes the WIT save to hit")
	hasEvent(t, tr, from, "Balthasar takes 2 damage (d6 3 − armour 1): health 10 → 8")
	run(t, tr, "activate Theobald")
	from = tr.E.Log.Len()
	run(t, tr, "dice 20", "attack Theobald Bandit2 unseen dodge")
	hasEvent(t, tr, from, "Theobald misses with spear")
	if comb(t, tr, "Bandit2").Acted {
		t.Error("a reaction was spent on an attack that missed")
	}
	tr = demo(t, "next", "first GM")
	fails(t, tr, "attack Bandit1 Sybilla with=bow dist=9", "out of range")
	fails(t, tr, "attack Bandit1 Sybilla with=bow far moving", "beyond half range")
	fails(t, tr, "attack Bandit1 Sybilla with=bow unseen", "not visible")
	fails(t, tr, "attack Bandit1 Sybilla dist=1", "nearby targets only")
	fails(t, tr, "attack Bandit1 Sybilla Theobald", "only a blast")
}

// Guard and hide put a new target in the way; unaware targets and those
// who already acted cannot react; one reaction per attack.
func TestGuardAndHide(t *testing.T) {
	tr := demo(t, "next", "first GM")
	from := tr.E.Log.Len()
	run(t, tr, "dice 5", "attack Bandit1 Sybilla guard=Theobald")
	hasEvent(t, tr, from, "Theobald guards Sybilla and becomes the target")
	hasEvent(t, tr, from, "Theobald takes 3 damage (d6 5 − armour 2): health 9 → 6")
	fails(t, tr, "activate Theobald", "reacted: guard Sybilla")
	run(t, tr, "activate Balthasar")
	fails(t, tr, "attack Balthasar Bandit2 hide=Sybilla", "willing ally or an enemy it holds grabbed")
	run(t, tr, "activate Bandit2")
	fails(t, tr, "attack Bandit2 Sybilla dodge counter", "dodge or counter, not both")
	fails(t, tr, "attack Bandit2 Sybilla guard=Theobald", "turn is already used")
	fails(t, tr, "attack Bandit2 Sybilla unaware dodge", "taken by surprise")
	fails(t, tr, "attack Bandit2 Sybilla guard=Theobald dodge", "cannot dodge or counter")
	fails(t, tr, "attack Bandit2 Balthasar dodge", "turn is already used")
	from = tr.E.Log.Len()
	run(t, tr, "set Bandit3 grabbedby=Sybilla")
	fails(t, tr, "attack Bandit2 Sybilla hide=Bandit3 dodge", "Bandit3 cannot react: grabbed by Sybilla")
	run(t, tr, "dice 4", "attack Bandit2 Sybilla hide=Bandit3")
	hasEvent(t, tr, from, "Sybilla hides behind Bandit3: Bandit3 is the new target (they swap places)")
	hasEvent(t, tr, from, "Bandit3 takes 4 damage (d6 4 − armour 0): health 8 → 4")
	fails(t, tr, "activate Sybilla", "reacted: hide behind Bandit3")
}

// Opportunity attacks are reactions: out of turn, using the attacker's
// turn for the round.
func TestOpportunityAttack(t *testing.T) {
	tr := demo(t, "next", "first Players", "move Sybilla 1")
	from := tr.E.Log.Len()
	run(t, tr, "dice 2", "attack Bandit3 Sybilla opportunity")
	hasEvent(t, tr, from, "Bandit3 makes an opportunity attack")
	hasEvent(t, tr, from, "Sybilla takes 1 damage (d6 2 − armour 1): health 8 → 7")
	if current(tr) != "Sybilla" {
		t.Errorf("the turn moved to %s", current(tr))
	}
	fails(t, tr, "attack Bandit3 Sybilla opportunity", "turn is already used")
}
