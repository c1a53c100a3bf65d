package arm5_test

import (
	"testing"

	"fray/model"
	"fray/rules/arm5"
	"fray/rules/rulestest"
)

func TestHealWorstLevelAndAll(t *testing.T) {
	tr := newTracker(t, addPaul, addAlan, "wound Paul light", "wound Paul heavy", "wound Alan incap", "fatigue Alan +2")
	if comb(t, tr, "Alan").Status != model.Incapacitated {
		t.Fatal("Alan not out")
	}
	run(t, tr, "heal Paul") // the worst: the Heavy wound
	if w := sheet(t, tr, "Paul").Wounds; w[arm5.Heavy] != 0 || w[arm5.Light] != 1 {
		t.Fatalf("Paul %v", w)
	}
	rulestest.Fails(t, tr, "heal Paul medium", "Paul has 0 Medium wounds: cannot heal 1")
	rulestest.Fails(t, tr, "heal Paul light 0", "the count must be 1 or more")
	run(t, tr, "heal Paul,Alan all")
	if sheet(t, tr, "Alan").Wounds != [6]int{} || sheet(t, tr, "Alan").Fatigue != 0 || sheet(t, tr, "Paul").Wounds != [6]int{} {
		t.Fatal("all left harm")
	}
	if comb(t, tr, "Alan").Status != model.Active {
		t.Errorf("Alan %s after heal all", comb(t, tr, "Alan").Status)
	}
	rulestest.Fails(t, tr, "heal Paul", "Paul has no wound to heal")
}
