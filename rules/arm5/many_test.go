package arm5_test

import (
	"testing"

	"fray/rules"
	"fray/rules/arm5"
	"fray/rules/rulestest"
)

// A blow of Damage 10 on three at once: each meets its own Soak and takes
// the wound its own Size gives, and one undo takes all three back.
func TestDamageSeveralEachOnOwnSoak(t *testing.T) {
	tr := newTracker(t, addPaul, addAlan, addBruce)
	from := tr.E.Log.Len()
	run(t, tr, "damage Paul,Alan,Bruce 10")
	hasEvent(t, tr, from, "damage on 3: Paul, Alan, Bruce")
	hasEvent(t, tr, from, "Paul: Damage 10 − Soak 6 = 4 → Light wound")
	hasEvent(t, tr, from, "Alan: Damage 10 − Soak 2 = 8 → Medium wound")
	hasEvent(t, tr, from, "Bruce: Damage 10 − Soak 2 = 8 → Medium wound")
	var light, medium [6]int
	light[arm5.Light], medium[arm5.Medium] = 1, 1
	want := map[string][6]int{"Paul": light, "Alan": medium, "Bruce": medium}
	for name, w := range want {
		if got := sheet(t, tr, name).Wounds; got != w {
			t.Errorf("%s wounds %v, want %v", name, got, w)
		}
	}
	run(t, tr, "undo")
	for name := range want {
		if got := sheet(t, tr, name).Wounds; got != [6]int{} {
			t.Errorf("undo: %s still has %v", name, got)
		}
	}
}

// add 3 grog group forms a combat group with the first as vanguard; more
// than six cannot be one group.
func TestAddGroupFormsCombatGroup(t *testing.T) {
	tr := newTracker(t)
	tr.SetLibrary(&rulestest.Library{Ts: []rules.Template{
		rulestest.Template("Grog", "side=turb", "qik=1", "dex=1", "str=1", "sta=1", `abilityname="Single Weapon"`, "ability=4", "weapon=spear"),
	}})
	run(t, tr, "add 3 grog group")
	rows := tr.Sys.Order(tr.E).Rows
	for _, r := range rows {
		if r.ID != 0 && r.Group != "Grogs" {
			t.Errorf("row %s group %q", r.Name, r.Group)
		}
	}
	run(t, tr, "add 3 grog group")
	rulestest.HasEventContaining(t, tr, 0, "Grogs 2")
	rulestest.Fails(t, tr, "add 7 grog group", "a combat group has at most 6 members")
}

// An attack on several targets is one action: each target is attacked
// (its own Defense and Soak), the attacker acts once, and a refusal for
// the action (out of turn) refuses it all.
func TestAttackSeveralIsOneAction(t *testing.T) {
	tr := newTracker(t, addPaul, addAlan, addBruce, "next")
	from := tr.E.Log.Len()
	run(t, tr, "dice 8 2 3 4", "attack Paul Alan,Bruce")
	hasEvent(t, tr, from, "attack on 2: Alan, Bruce")
	rulestest.HasEventContaining(t, tr, from, "Paul hits Alan")
	rulestest.HasEventContaining(t, tr, from, "Paul hits Bruce")
	rulestest.Fails(t, tr, "attack Paul Alan", "already acted this turn")
	rulestest.Fails(t, tr, "attack Bruce Paul,Alan", "turn")
	run(t, tr, "undo")
	if sheet(t, tr, "Alan").Wounds != [6]int{} || sheet(t, tr, "Bruce").Wounds != [6]int{} {
		t.Fatal("one undo should take back both blows")
	}
}
