package tui

import (
	"strings"
	"testing"
)

// When an activation ends and the turn rests with a faction to choose who
// goes, the selection moves on to the first of that faction who may act,
// as it follows the turn in the other systems: enter then activates them.
func TestSelectionFollowsTheTurnToTheFactionToChoose(t *testing.T) {
	m := sized(demoFight(t, "bandits", nil), Options{}, 80, 24)
	m = press(m, "n")
	if m.t.E.Round != 1 {
		t.Fatalf("round %d", m.t.E.Round)
	}
	first := m.selected()
	m = press(m, "enter")
	if cur := m.t.E.ByID(m.t.E.Current); cur == nil || cur.ID != first.ID {
		t.Fatalf("enter activated %v, not the selected %s", cur, first.Name)
	}
	m = press(m, "n") // the activation ends; the other faction chooses
	sel := m.selected()
	if m.t.E.Current != 0 || sel == nil || sel.Side == first.Side {
		t.Fatalf("after %s's turn: current %d, selected %v", first.Name, m.t.E.Current, sel)
	}
	m = press(m, "enter")
	if cur := m.t.E.ByID(m.t.E.Current); cur == nil || cur.ID != sel.ID {
		t.Errorf("enter on %s activated %v", sel.Name, cur)
	}
}

// In an empty encounter the keys that act on a combatant say there is
// nobody yet and how to add one, not to select someone with j/k; nor
// does the sheet.
func TestEmptyFightSaysNobodyYet(t *testing.T) {
	m := sized(newTracker(t), Options{}, 80, 24)
	for _, k := range []string{"d", "c", "i"} {
		m = press(m, k)
		if !strings.Contains(m.status, "nobody in the fight yet: + adds someone") {
			t.Errorf("%s in an empty fight: %q", k, m.status)
		}
	}
	if v := plainView(m); strings.Contains(v, "j/k") {
		t.Errorf("an empty fight asks to select with j/k:\n%s", v)
	}
}
