package sst_test

import (
	"testing"

	"fray/model"
	"fray/rules/sst"
)

// The source's example: a Heroic character of rank 3 loses one rank (or
// takes a State) to any damage, suffers Trauma at 4 and a Killing Blow at 7.
func TestHeroicRankThree(t *testing.T) {
	tr := newTracker(t, "add Hero pc=yes phys=3 ment=3")
	from := tr.E.Log.Len()
	run(t, tr, "damage Hero 1")
	hasEvent(t, tr, from, "Hero takes a State: stun")
	// Already stunned: the next point costs a rank.
	from = tr.E.Log.Len()
	run(t, tr, "damage Hero 1")
	hasEvent(t, tr, from, "Hero loses a Physical rank (1 damage against Total Rank 3): Physical 2 of 3 left")
	// 4 > 3: Trauma, a rank and an injury (chest triple, effect 4: flesh wound).
	from = tr.E.Log.Len()
	run(t, tr, "dice 5 5 5 2 4", "damage Hero 4")
	hasEvent(t, tr, from, "4 damage against Total Rank 3: Trauma")
	hasEvent(t, tr, from, "injury location chest: the attacker may shift it 1 area")
	hasEvent(t, tr, from, "Hero's injury: chest, effect 4 → flesh wound")
	wantGet(t, tr, "Hero", "lphys", "3")
	// Two direct Physical losses each cost a Mental rank by cross-over.
	if s := sheet(t, tr, "Hero"); s.Left(sst.Physical, 2) != 0 || s.Left(sst.Mental, 2) != 2 {
		t.Errorf("left %d/%d, want 0/2", s.Left(sst.Physical, 2), s.Left(sst.Mental, 2))
	}
	if comb(t, tr, "Hero").Status != model.Active {
		t.Fatal("a Heroic combatant at rank 0 is still in action")
	}
	// 7 > 6: Killing Blow: Out of Action, injury at +1 (head, 6+1 → kill).
	from = tr.E.Log.Len()
	run(t, tr, "dice 6 6 1 2 6", "damage Hero 7")
	hasEvent(t, tr, from, "7 damage against Total Rank 3: a Killing Blow")
	hasEvent(t, tr, from, "Hero is Out of Action (killing blow)")
	hasEvent(t, tr, from, "Hero's injury: head, effect 7 → kill")
	if comb(t, tr, "Hero").Status != model.Incapacitated {
		t.Fatalf("status %s", comb(t, tr, "Hero").Status)
	}
	// Hit again while out: a BODY roll, no success is Killed in Action.
	from = tr.E.Log.Len()
	run(t, tr, "dice 1 2 3 4", "damage Hero 1")
	hasEvent(t, tr, from, "Hero fails the BODY roll (hit while Out of Action)")
	if comb(t, tr, "Hero").Status != model.Dead {
		t.Fatal("not killed")
	}
}

func TestDamageThresholds(t *testing.T) {
	for _, c := range []struct {
		add, dmg string
		want     string
		status   model.Status
	}{
		{"phys=2 bphys=1", "3", "takes a State: stun", model.Active}, // Total 3: not Trauma
		{"phys=2 bphys=1", "4 noinjury", "Trauma", model.Active},     // 4 > 3
		{"phys=3 stateless=yes", "1", "loses a Physical rank", model.Active},
		{"phys=3", "1 rank", "loses a Physical rank", model.Active},
		{"phys=3", "10 noinjury", "over three times the rank", model.Dead}, // 10 > 9
		{"phys=3", "1 massive noinjury", "1 damage against Total Rank 3 from a Massive weapon", model.Dead},
		{"phys=1", "1", "stun", model.Active},
		{"phys=1 lphys=0 stateless=yes", "1", "Out of Action (ranks spent)", model.Incapacitated},
		{"phys=0", "1", "rank 0", model.Incapacitated},
		{"phys=9", "5 rank", "holds at Physical rank 9", model.Active},
		{"ment=3", "1 mental", "takes a State: shock", model.Active},
		{"ment=3", "1 mental magic", "takes a State: doubt", model.Active},
		{"ment=3", "4 mental", "Panicked", model.Active},
		{"ment=3", "7 mental", "Crushed", model.Active},
	} {
		tr := newTracker(t, "add X "+c.add)
		from := tr.E.Log.Len()
		run(t, tr, "damage X "+c.dmg)
		hasEvent(t, tr, from, c.want)
		if st := comb(t, tr, "X").Status; st != c.status {
			t.Errorf("%s, damage %s: status %s, want %s", c.add, c.dmg, st, c.status)
		}
	}
}

// Cross-over: every Nth direct loss costs a rank on the other track, and
// those losses never cascade back.
func TestCrossover(t *testing.T) {
	for _, c := range []struct {
		n, lphys, lment, physLeft, mentLeft int
	}{
		{2, 2, 0, 4, 5}, {2, 3, 2, 2, 3}, {3, 3, 0, 3, 5}, {3, 5, 3, 0, 2}, {4, 4, 4, 1, 1},
	} {
		tr := newTracker(t, "option crossover "+itoa(c.n), "add X phys=6 ment=6 heroic=yes")
		run(t, tr, "set X lphys="+itoa(c.lphys)+" lment="+itoa(c.lment))
		s := sheet(t, tr, "X")
		if p, m := s.Left(sst.Physical, c.n), s.Left(sst.Mental, c.n); p != c.physLeft || m != c.mentLeft {
			t.Errorf("crossover %d, lost %d/%d: left %d/%d, want %d/%d", c.n, c.lphys, c.lment, p, m, c.physLeft, c.mentLeft)
		}
	}
	tr := newTracker(t, "add X phys=4 ment=4 stateless=yes")
	from := tr.E.Log.Len()
	run(t, tr, "damage X 1", "damage X 1")
	hasEvent(t, tr, from, "X loses 1 Mental rank by cross-over: Mental 3 of 4 left")
	// Healing the cause heals the cross-over.
	run(t, tr, "heal X phys")
	if sheet(t, tr, "X").Left(sst.Mental, 2) != 4 {
		t.Error("cross-over loss not healed with its cause")
	}
}

// A normal combatant is out at 0 ranks left, a Heroic one at −3; set
// brings it back when its ranks are healed.
func TestOutOfActionFloor(t *testing.T) {
	tr := newTracker(t, "add Guard phys=2", "add Hero pc=yes phys=2")
	run(t, tr, "set Guard lphys=2", "set Hero lphys=4")
	if comb(t, tr, "Guard").Status != model.Incapacitated || comb(t, tr, "Hero").Status != model.Active {
		t.Fatal("floors wrong")
	}
	run(t, tr, "set Hero lphys=5")
	if comb(t, tr, "Hero").Status != model.Incapacitated {
		t.Fatal("Hero not out at −3")
	}
	run(t, tr, "heal Guard phys")
	if comb(t, tr, "Guard").Status != model.Active {
		t.Fatal("healed Guard still out")
	}
}

// States block actions until cleared: a die, a roll (a failure costs the
// action), or a roll bought with a 1.
func TestClearStates(t *testing.T) {
	tr := newTracker(t, "add Hero pc=yes dice=5,4,3,1 body=2", "add Orc dice=2", "next", "damage Hero 1")
	fails(t, tr, "attack Hero Orc", "must clear it first")
	run(t, tr, "clear Hero")
	wantGet(t, tr, "Hero", "dice", "5 4 1")
	run(t, tr, "damage Hero 1 noinjury", "dice 2 3", "clear Hero roll cost=4")
	wantGet(t, tr, "Hero", "dice", "5 1") // the 4-cost action was lost
	if !comb(t, tr, "Hero").HasCond("stun") {
		t.Fatal("failed roll cleared the State")
	}
	run(t, tr, "dice 5 1", "one Hero clear")
	if comb(t, tr, "Hero").HasCond("stun") {
		t.Fatal("passed roll left the State")
	}
	wantGet(t, tr, "Hero", "dice", "5")
}

func itoa(n int) string { return string(rune('0' + n)) }
