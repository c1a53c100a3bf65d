package swords_test

import (
	"slices"
	"testing"

	"fray/rules"
	"fray/rules/rulestest"
)

// Stamina and the Health level climb the scale together: a hit from an
// attack, Stamina down to half, a Wounding hit that fells, a killing one.
func TestSeverityStamina(t *testing.T) {
	tr := newTracker(t, addJot, addMung, "next")
	rulestest.Severities(t, tr, "Mung", rules.Unhurt,
		// Striking 7 + 7 against Defense 4; damage 10 − 1 against
		// endurance 2 + 4: 3 get through.
		rulestest.Step{Line: "dice 4 3 2 2 5 5 1 1", Want: rules.Unhurt},
		rulestest.Step{Line: "attack Jot Mung", Want: rules.Hurt},
		rulestest.Step{Line: "damage Mung 4", Want: rules.BadlyHurt}, // 7 of 14 left
		rulestest.Step{Line: "damage Mung 10", Want: rules.OutOfFight},
		rulestest.Step{Line: "damage Mung 20", Want: rules.Dead},
	)
	if h := rulestest.Harm(t, tr, "Mung"); h.Gauge != "St 0/14" || h.Words != "dead" {
		t.Errorf("dead Mung: gauge %q words %q", h.Gauge, h.Words)
	}
}

// The Health level alone grades a combatant with Stamina to spare.
func TestSeverityHealth(t *testing.T) {
	tr := newTracker(t, "add G maxstamina=40", "cond G prone", "set G mounted=yes")
	rulestest.Severities(t, tr, "G", rules.Unhurt,
		rulestest.Step{Line: "damage G 5", Want: rules.Hurt},
		rulestest.Step{Line: "damage G 10", Want: rules.BadlyHurt},
	)
	h := rulestest.Harm(t, tr, "G")
	if h.Gauge != "St 25/40 Wounded" || h.Words != "Wounded" || !slices.Equal(h.Markers, []string{"mounted", "prone"}) {
		t.Errorf("G: %+v", h)
	}
}

// An army's hits grade it; at 0 it is routed, out of the fight.
func TestSeverityArmy(t *testing.T) {
	tr := battleDemo(t)
	rulestest.Severities(t, tr, "Knights", rules.Unhurt,
		rulestest.Step{Line: "dice 4 4 3 3 5 5", Want: rules.Unhurt},
		rulestest.Step{Line: "battle Knights Horde", Want: rules.Hurt}, // 82/100
		rulestest.Step{Line: "set Knights stamina=50", Want: rules.BadlyHurt},
		rulestest.Step{Line: "set Knights stamina=0", Want: rules.OutOfFight},
	)
	if h := rulestest.Harm(t, tr, "Knights"); h.Words != "routed" || len(h.Markers) != 0 {
		t.Errorf("routed Knights: %+v", h)
	}
}
