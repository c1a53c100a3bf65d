package sst

import (
	"testing"

	"fray/model"
	"fray/rules"
)

// Every condition an injury effect marks is one Harm knows for an
// injury: isInjury must keep up with applyEffect's labels.
func TestInjuryLabelsKnown(t *testing.T) {
	seen := 0
	for _, eff := range []string{eStun, eUncon, eSenses, eFracture, eBalance, eBleeder, eKill, eFlesh,
		eParalyse, eWind, ePuncture, eBroken, eFoot, eHand, eSever, eMaim} {
		tr := rules.NewTracker(model.New("sst", 1), New())
		if _, err := tr.Apply("add Gob stateless=yes phys=9 ment=9 body=0 mind=0"); err != nil {
			t.Fatal(err)
		}
		cb, _ := tr.E.Find("Gob")
		c := &rules.Ctx{E: tr.E}
		before := len(cb.Conds)
		if err := applyEffect(c, cb, cb.Sheet().(*Sheet), "left arm", eff); err != nil {
			t.Fatalf("%s: %v", eff, err)
		}
		for _, k := range cb.Conds[before:] {
			seen++
			if !isInjury(k.Label) {
				t.Errorf("%s marks %q, which Harm does not know as an injury", eff, k.Label)
			}
		}
	}
	if seen < 9 {
		t.Errorf("only %d injury conditions marked: the test no longer reaches them", seen)
	}
}
