package arm5_test

import (
	"slices"
	"testing"

	"fray/rules"
	"fray/rules/rulestest"
)

// Wounds climb the scale: a Medium wound from an attack, a Heavy one
// from another, then an Incapacitating and a Fatal wound.
func TestSeverityWounds(t *testing.T) {
	tr := newTracker(t, addPaul, addBruce)
	rulestest.Severities(t, tr, "Bruce", rules.Unhurt,
		// Attack 13 vs Defense 12 → Advantage 1; Damage 9 − Soak 2 = 7: Medium.
		rulestest.Step{Line: "dice 3 8", Want: rules.Unhurt},
		rulestest.Step{Line: "attack Paul Bruce", Want: rules.Hurt},
		// Attack 17 vs Defense 12 → Advantage 5; 13 − 2 = 11: Heavy.
		rulestest.Step{Line: "dice 7 8", Want: rules.Hurt},
		rulestest.Step{Line: "attack Paul Bruce", Want: rules.BadlyHurt},
		rulestest.Step{Line: "damage Bruce 20", Want: rules.OutOfFight}, // 18: Incapacitating
		rulestest.Step{Line: "damage Bruce 30", Want: rules.Dead},       // 28: Fatal
	)
	if h := rulestest.Harm(t, tr, "Bruce"); h.Gauge != "F1 I1 H1 M1 −8" || h.Words != "dead" {
		t.Errorf("dead Bruce: gauge %q words %q", h.Gauge, h.Words)
	}
}

// Light harm and fatigue count as hurt; many small wounds add up to badly
// hurt through their penalty; Bruises that knock out are out of the fight.
func TestSeverityPenaltiesAndBruises(t *testing.T) {
	tr := newTracker(t, addBruce)
	rulestest.Severities(t, tr, "Bruce", rules.Unhurt,
		rulestest.Step{Line: "fatigue Bruce +1", Want: rules.Unhurt}, // Winded costs nothing
		rulestest.Step{Line: "fatigue Bruce +1", Want: rules.Hurt},   // Weary: −1
		rulestest.Step{Line: "wound Bruce light +3", Want: rules.Hurt},
		rulestest.Step{Line: "wound Bruce light +1", Want: rules.BadlyHurt}, // −5 in all
		rulestest.Step{Line: "wound Bruce light -4", Want: rules.Hurt},
		rulestest.Step{Line: "damage Bruce 20 nonlethal", Want: rules.OutOfFight},
	)
	h := rulestest.Harm(t, tr, "Bruce")
	if h.Words != "unconscious" || h.Gauge != "bI1 −1 Weary" {
		t.Errorf("knocked out: gauge %q words %q", h.Gauge, h.Words)
	}
}

// Delaying, the Lords of Men states and conditions are markers.
func TestHarmMarkers(t *testing.T) {
	tr := newTracker(t, addPaul, addBruce, "next", "delay Paul", "cond Bruce prone 2")
	if h := rulestest.Harm(t, tr, "Paul"); !slices.Equal(h.Markers, []string{"delaying"}) || h.Severity != rules.Unhurt {
		t.Errorf("Paul: %+v", h)
	}
	if h := rulestest.Harm(t, tr, "Bruce"); !slices.Equal(h.Markers, []string{"prone 2"}) {
		t.Errorf("Bruce: %+v", h)
	}
}
