package sst_test

import (
	"testing"

	"fray/model"
	"fray/rules"
)

// The roll of an action-dice pool counts dice, not pips: its line says
// so, and says how many dice the 6s added.
func TestActionDiceRollSaysDice(t *testing.T) {
	tr := newTracker(t, "add Roland pc=yes", "dice 6 5 4 3 2")
	from := tr.E.Log.Len()
	run(t, tr, "next")
	var got []string
	for _, en := range tr.E.Log.From(from) {
		if en.Kind == model.KindRoll && en.Why == "action dice" {
			got = append(got, rules.RollText(en))
		}
	}
	want := "Roland, action dice: 4d6 [6 5 4 3 2] = 5 (5 dice: 1 more for a 6)"
	if len(got) != 1 || got[0] != want {
		t.Errorf("roll lines %q, want [%q]", got, want)
	}
}

func TestActionDiceRollCountsMoreSixes(t *testing.T) {
	tr := newTracker(t, "add Roland pc=yes", "dice 6 6 4 3 2 1")
	from := tr.E.Log.Len()
	run(t, tr, "next")
	for _, en := range tr.E.Log.From(from) {
		if en.Kind == model.KindRoll && en.Why == "action dice" {
			if got, want := rules.RollText(en), "Roland, action dice: 4d6 [6 6 4 3 2 1] = 6 (6 dice: 2 more for 6s)"; got != want {
				t.Errorf("roll line %q, want %q", got, want)
			}
			return
		}
	}
	t.Error("no action dice roll")
}

// A mob's die added to its fixed faces is counted too: "1 mob die: 1d6
// [5] = 1" read as a five that made a one.
func TestMobDieRollSaysDice(t *testing.T) {
	tr := newTracker(t, `add "Goblin archers" group=mob fixed=5,4,3,2`, "dice 5")
	from := tr.E.Log.Len()
	run(t, tr, "next")
	for _, en := range tr.E.Log.From(from) {
		if en.Kind == model.KindRoll {
			if got, want := rules.RollText(en), "Goblin archers, 1 mob die: 1d6 [5] = 1 (1 die)"; got != want {
				t.Errorf("roll line %q, want %q", got, want)
			}
			return
		}
	}
	t.Error("no mob die roll")
}
