package factions_test

import (
	"slices"
	"testing"

	"fray/rules"
	"fray/rules/rulestest"
)

// Health climbs the scale: a spear thrust, down to half, to 0, then a
// death blow.
func TestSeverityHealth(t *testing.T) {
	tr := demo(t, "next", "first Players", "activate Theobald")
	rulestest.Severities(t, tr, "Bandit3", rules.Unhurt,
		rulestest.Step{Line: "dice 3", Want: rules.Unhurt},
		rulestest.Step{Line: "attack Theobald Bandit3", Want: rules.Hurt}, // 8 → 5
		rulestest.Step{Line: "damage Bandit3 1", Want: rules.BadlyHurt},   // 4 of 8
		rulestest.Step{Line: "damage Bandit3 4", Want: rules.OutOfFight},
		rulestest.Step{Line: "activate Bandit1", Want: rules.OutOfFight},
		rulestest.Step{Line: "activate Sybilla", Want: rules.OutOfFight},
		rulestest.Step{Line: "attack Sybilla Bandit3 with=dagger", Want: rules.Dead},
	)
	if h := rulestest.Harm(t, tr, "Bandit3"); h.Gauge != "health 0/8" || h.Words != "dead" {
		t.Errorf("dead Bandit3: %+v", h)
	}
}

// Surrender takes a character out of the fight unhurt; a grab and cover
// are markers.
func TestSeveritySurrenderAndMarkers(t *testing.T) {
	tr := demo(t, "set Bandit2 cover=yes", "cond Bandit2 prone")
	h := rulestest.Harm(t, tr, "Bandit2")
	if h.Severity != rules.Unhurt || !slices.Equal(h.Markers, []string{"in cover", "prone"}) {
		t.Errorf("Bandit2: %+v", h)
	}
	run(t, tr, "set Bandit2 surrendered=yes")
	if h := rulestest.Harm(t, tr, "Bandit2"); h.Severity != rules.OutOfFight || h.Words != "surrendered" {
		t.Errorf("surrendered Bandit2: %+v", h)
	}
}
