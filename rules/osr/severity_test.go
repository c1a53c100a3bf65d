package osr_test

import (
	"slices"
	"testing"

	"fray/rules"
	"fray/rules/rulestest"
)

// A monster's harm climbs the scale as its hit points fall: an attack
// that hits, damage to half, a failed death save at 0 HP, then a blow
// past −10.
func TestSeverityMonster(t *testing.T) {
	tr := newTracker(t, addAra, addGrub)
	rulestest.Severities(t, tr, "Grub", rules.Unhurt,
		rulestest.Step{Line: "dice 15 1", Want: rules.Unhurt},        // queued, not yet rolled
		rulestest.Step{Line: "attack Ara Grub", Want: rules.Hurt},    // 1 + STR 1: 4 of 6 left
		rulestest.Step{Line: "damage Grub 1", Want: rules.BadlyHurt}, // 3 of 6 left
		rulestest.Step{Line: "dice 5", Want: rules.BadlyHurt},
		rulestest.Step{Line: "damage Grub 4", Want: rules.OutOfFight}, // −1 HP, the death save fails
		rulestest.Step{Line: "damage Grub 10", Want: rules.Dead},      // −11 HP
	)
	h := rulestest.Harm(t, tr, "Grub")
	if h.Gauge != "HP −11/6" || h.Words != "dead" {
		t.Errorf("dead Grub: gauge %q words %q", h.Gauge, h.Words)
	}
}

// A player character at 0 HP is dying, which is worse than out of the
// fight; the GM decides when it dies.
func TestSeverityPlayerDying(t *testing.T) {
	tr := newTracker(t, addBo)
	rulestest.Severities(t, tr, "Bo", rules.Unhurt,
		rulestest.Step{Line: "damage Bo 3", Want: rules.Hurt},
		rulestest.Step{Line: "damage Bo 2", Want: rules.BadlyHurt},
		rulestest.Step{Line: "damage Bo 4", Want: rules.Dying},
		rulestest.Step{Line: "set Bo status=dead", Want: rules.Dead},
	)
}

// Subdual damage counts off the hit points left; reaching them knocks out.
func TestSeveritySubdual(t *testing.T) {
	tr := newTracker(t, addAra, addGrub)
	rulestest.Severities(t, tr, "Grub", rules.Unhurt,
		rulestest.Step{Line: "dice 15 1", Want: rules.Unhurt},
		rulestest.Step{Line: "attack Ara Grub subdual", Want: rules.Hurt},    // 1 real, 1 subdual
		rulestest.Step{Line: "damage Grub 2 subdual", Want: rules.BadlyHurt}, // HP 4, subdual 2
		rulestest.Step{Line: "damage Grub 2 subdual", Want: rules.OutOfFight},
	)
	if h := rulestest.Harm(t, tr, "Grub"); h.Words != "unconscious" || h.Gauge != "HP 3/6 sub 3" {
		t.Errorf("knocked out by subdual: gauge %q words %q", h.Gauge, h.Words)
	}
}

// A stunned goblin is a marker, not out of the fight: it may be unhurt.
func TestStunnedIsAMarker(t *testing.T) {
	tr := newTracker(t, addGrub, "cond Grub stunned 2", "cond Grub prone")
	h := rulestest.Harm(t, tr, "Grub")
	if h.Severity != rules.Unhurt {
		t.Errorf("stunned and unhurt: %s", h.Severity)
	}
	if !slices.Contains(h.Markers, "stunned 2") || !slices.Contains(h.Markers, "prone") {
		t.Errorf("markers %q", h.Markers)
	}
}
