package arm5_test

import (
	"testing"

	"fray/rules"
	"fray/rules/arm5"
)

// The highwaymen demo builds, runs a few rounds of its options from the
// keyboard, and every option it turns on is set.
func TestHighwaymenDemo(t *testing.T) {
	sys := arm5.New()
	e, err := rules.BuildDemo(sys, "highwaymen", 7)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"interrupt", "fast", "ready", "engagement", "reckless", "shock", "morale"} {
		if e.Options[k] != "on" {
			t.Errorf("option %s is %q", k, e.Options[k])
		}
	}
	tr := rules.NewTracker(e, sys)
	for _, l := range []string{"next", "next", "next", "next", "next", "next", "next", "next", "next", "next", "next", "next"} {
		if _, err := tr.Apply(l); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
	if tr.E.Round < 2 {
		t.Errorf("round %d after a dozen turns", tr.E.Round)
	}
	for _, cb := range tr.E.Combatants {
		if cb.Name == "Bayard" && cb.ID == tr.E.Current {
			t.Error("the Captain's horse took a turn of its own")
		}
	}
	if _, err := tr.Apply("force attack Victor Band"); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Apply("priority Ignatio Archer"); err == nil {
		t.Error("an interrupt without a delayed action was allowed")
	}
}
