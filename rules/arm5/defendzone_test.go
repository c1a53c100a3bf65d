package arm5_test

import (
	"testing"

	"fray/rules/rulestest"
)

// A group may defend someone, as a character may: the group's action on
// its vanguard's turn. Plainly, nobody can attack the charge while the
// group can fight; with interceptors the vanguard rolls the group's
// Action Priority and an intercepted attack goes against the group.
func TestGroupDefends(t *testing.T) {
	victor := `add Victor side=turb qik=2 dex=1 sta=1 abilityname="Single Weapon" ability=3 watk=3 wdfn=1 wdam=5 prot=1 init=3`
	tr := turb(t, formGrogs+" vanguard=Paul bonus=defense", victor, "next")
	if current(tr) != "Paul" {
		t.Fatalf("setup: %s's turn", current(tr))
	}
	unchanged(t, tr, "defend Grogs Paul", "outside the group")
	unchanged(t, tr, "defend Marla Victor", "defend Grogs Victor")
	from := tr.E.Log.Len()
	run(t, tr, "defend Grogs Victor")
	hasEvent(t, tr, from, "Grogs defends Victor until Paul's next turn: nobody can attack Victor while Grogs can fight")
	if !hasMark(orderRow(t, tr, "Victor").Marks, "defended by Grogs") {
		t.Errorf("Victor's marks %v", orderRow(t, tr, "Victor").Marks)
	}
	run(t, tr, "next")
	if current(tr) != "Bruce" {
		t.Fatalf("after the group: %s's turn", current(tr))
	}
	unchanged(t, tr, "attack Bruce Victor", "Victor is defended by Grogs")

	// With interceptors, the group intercepts through its vanguard and the
	// blow falls on it, against the group's Defense.
	run(t, tr, "option interceptors on")
	from = tr.E.Log.Len()
	run(t, tr, "dice 9 2 3 8", "attack Bruce Victor")
	rulestest.HasEventContaining(t, tr, from, "Grogs intercepts Bruce's attack on Victor: priority")
	hasEvent(t, tr, from, "Bruce's attack goes against Grogs instead")
	rulestest.HasEventContaining(t, tr, from, "Grogs (Paul): Defense ")
	rulestest.HasEventContaining(t, tr, from, "group ")
	if w := sheet(t, tr, "Victor").Wounds; w != [6]int{} {
		t.Errorf("Victor was harmed: %v", w)
	}
}

// A defender guards one who stays within two paces: with zones set, the
// same zone. Defending one elsewhere is refused; a charge who walks away
// is no longer guarded.
func TestDefenderStaysNear(t *testing.T) {
	tr := newTracker(t, highwaymenExample...)
	run(t, tr, "set Victor zone=road", "set Ignatio zone=hedge", "next", "next", "next")
	if current(tr) != "Ignatio" {
		t.Fatalf("setup: %s's turn", current(tr))
	}
	unchanged(t, tr, "defend Ignatio Victor", "within two paces")
	run(t, tr, "set Ignatio zone=road", "defend Ignatio Victor", "set Victor zone=well", "next")
	from := tr.E.Log.Len()
	run(t, tr, "dice 5 3", "attack Archer Victor missile")
	hasEvent(t, tr, from, "Ignatio is not within two paces of Victor (road, well): no interception")
	rulestest.HasEventContaining(t, tr, from, "Archer: Attack")
}

// Defenders as interceptors: a defender may also interrupt an enemy who
// moves into the two paces around him — with zones, into his zone. If he
// wins the Action Priority roll the enemy is engaged with him.
func TestInterceptMovingFoe(t *testing.T) {
	tr := newTracker(t, highwaymenExample...)
	run(t, tr, "set Victor zone=road", "set Ignatio zone=road", "set Highwayman3 zone=hedge", "set Archer zone=hedge",
		"next", "next", "next", "defend Ignatio Victor", "next")
	if current(tr) != "Archer" {
		t.Fatalf("setup: %s's turn", current(tr))
	}
	// The archer loses the roll: engaged with Ignatio where he stands.
	from := tr.E.Log.Len()
	run(t, tr, "dice 5 3", "move Archer road")
	hasEvent(t, tr, from, "Archer moves from hedge to road")
	hasEvent(t, tr, from, "Ignatio: action priority Qik 1 + Ability 7 − Enc 2 + stress 5 = 11")
	hasEvent(t, tr, from, "Archer: action priority Ability 5 + stress 3 = 8")
	hasEvent(t, tr, from, "Ignatio intercepts Archer moving into road: priority 11 vs 8")
	if !comb(t, tr, "Archer").EngagedWith(comb(t, tr, "Ignatio").ID) {
		t.Error("the archer is not engaged with Ignatio")
	}
	// The third highwayman wins it and slips by.
	run(t, tr, "next")
	from = tr.E.Log.Len()
	run(t, tr, "dice 2 4", "move Highwayman3 road")
	hasEvent(t, tr, from, "Highwayman3 slips past Ignatio into road: priority 10 vs 8")
	if len(comb(t, tr, "Highwayman3").Engaged) != 0 {
		t.Error("Highwayman3 was engaged")
	}
	// A friend moving in, or anyone with the option off, rolls nothing.
	run(t, tr, "next", "set Victor zone=well")
	if current(tr) != "Highwayman1" {
		t.Fatalf("round 2: %s's turn", current(tr))
	}
	from = tr.E.Log.Len()
	run(t, tr, "force move Victor road")
	noEventContaining(t, events(tr, from), "priority")
	run(t, tr, "option interceptors off", "set Highwayman1 zone=hedge")
	from = tr.E.Log.Len()
	run(t, tr, "move Highwayman1 road")
	noEventContaining(t, events(tr, from), "priority")
}
