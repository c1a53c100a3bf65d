package tui

import (
	"strings"
	"testing"

	"fray/rules"
	"fray/rules/arm5"
)

// / jumps to a combatant as the name is typed: a start of a name first,
// else any part of one; enter keeps it, esc goes back.
func TestFindJumpsToAName(t *testing.T) {
	m := sized(newTracker(t, trio...), Options{}, 100, 30)
	m = typeText(press(m, "/"), "clo")
	if m.selected().Name != "Cloaked man" || !strings.Contains(plainView(m), "found Cloaked man") {
		t.Fatalf("typing clo selected %s:\n%s", m.selected().Name, plainView(m))
	}
	m = press(m, "esc")
	if m.selected().Name != "Paul" || m.mode != modeNormal {
		t.Fatalf("esc should go back to Paul, at %s", m.selected().Name)
	}
	m = press(typeText(press(m, "/"), "man"), "enter")
	if m.selected().Name != "Cloaked man" || m.mode != modeNormal {
		t.Fatalf("a part of a name: %s, mode %v", m.selected().Name, m.mode)
	}
	m = press(typeText(press(m, "/"), "zed"), "enter")
	if m.selected().Name != "Cloaked man" || !m.statusErr || !strings.Contains(m.status, `no name contains "zed"`) {
		t.Fatalf("no match: %s, status %q", m.selected().Name, m.status)
	}
	// Letters go to the line, not to the keys.
	if m = typeText(press(m, "/"), "nq"); m.mode != modeCommand || m.t.E.Round != 0 {
		t.Fatalf("keys acted while finding: mode %v, round %d", m.mode, m.t.E.Round)
	}
}

// The add form lists the sheet keys a GM types, not those the tracker
// keeps for itself.
func TestAddFormListsTypedKeysOnly(t *testing.T) {
	sys := arm5.New()
	e, err := rules.BuildDemo(sys, "brawl", 42)
	if err != nil {
		t.Fatal(err)
	}
	m := press(sized(rules.NewTracker(e, sys), Options{}, 120, 40), "+")
	v := plainView(m)
	if !strings.Contains(v, "bheavy") || strings.Contains(v, "bheavydone") || strings.Contains(v, "bincapdone") {
		t.Fatalf("the add form's keys:\n%s", v)
	}
}
