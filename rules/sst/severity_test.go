package sst_test

import (
	"slices"
	"testing"

	"fray/rules"
	"fray/rules/rulestest"
)

// Ranks climb the scale: one lost, half of them lost, a Killing Blow puts
// the goblin Out of Action, a hit while out kills it.
func TestSeverityRanks(t *testing.T) {
	tr := newTracker(t, "add Gob stateless=yes phys=4 ment=3")
	rulestest.Severities(t, tr, "Gob", rules.Unhurt,
		rulestest.Step{Line: "damage Gob 1", Want: rules.Hurt},      // Physical 3 of 4
		rulestest.Step{Line: "damage Gob 1", Want: rules.BadlyHurt}, // 2 of 4
		rulestest.Step{Line: "damage Gob 9 noinjury", Want: rules.OutOfFight},
		rulestest.Step{Line: "dice 1 2 3 4", Want: rules.OutOfFight},
		rulestest.Step{Line: "damage Gob 1", Want: rules.Dead}, // the BODY roll fails
	)
	if h := rulestest.Harm(t, tr, "Gob"); h.Words != "KIA" {
		t.Errorf("dead Gob: %+v", h)
	}
}

// A State is harm enough to count as hurt, and shows as a marker; a
// Heroic combatant is badly hurt only halfway down to −3.
func TestSeverityStateAndHeroic(t *testing.T) {
	tr := newTracker(t, "add Hero pc=yes phys=3 ment=3")
	rulestest.Severities(t, tr, "Hero", rules.Unhurt,
		rulestest.Step{Line: "damage Hero 1", Want: rules.Hurt}, // a State: stun
		rulestest.Step{Line: "damage Hero 1", Want: rules.Hurt}, // Physical 2 of 3, floor −3
		rulestest.Step{Line: "damage Hero 1", Want: rules.Hurt},
		rulestest.Step{Line: "damage Hero 1", Want: rules.BadlyHurt}, // 0 of 3: half of 6 spent
	)
	h := rulestest.Harm(t, tr, "Hero")
	if h.Gauge != "P 0/3 M 2/3" || !slices.Contains(h.Markers, "stun") {
		t.Errorf("Hero: %+v", h)
	}
}
