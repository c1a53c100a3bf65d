package tui

import (
	"strings"
	"testing"

	"fray/rules"
	"fray/rules/systems"
)

// demoTracker builds a system's demo encounter and a tracker on it.
func demoTracker(t *testing.T, sys, demo string, lines ...string) *rules.Tracker {
	t.Helper()
	s, err := systems.Default().Lookup(sys)
	if err != nil {
		t.Fatal(err)
	}
	return playDemo(t, s, demo, 7, lines)
}

// playDemo sets a demo up on a seed and applies lines.
func playDemo(t testing.TB, s rules.System, demo string, seed uint64, lines []string) *rules.Tracker {
	t.Helper()
	e, err := rules.BuildDemo(s, demo, seed)
	if err != nil {
		t.Fatal(err)
	}
	tr := rules.NewTracker(e, s)
	for _, l := range lines {
		if _, err := tr.Apply(l); err != nil {
			t.Fatalf("%s: %s: %v", demo, l, err)
		}
	}
	return tr
}

// selectName selects a combatant in the order pane.
func selectName(t *testing.T, m Model, name string) Model {
	t.Helper()
	cb, err := m.t.E.Find(name)
	if err != nil {
		t.Fatal(err)
	}
	m.order.selectID(cb.ID)
	return m
}

// Every flag and key the attack form offers, in every system, is one the
// attack verb's parser takes: the form is read from the usage text, so
// the usage must list exactly what the parser knows.
func TestAttackFormOptionsParse(t *testing.T) {
	for _, s := range systems.Default().All() {
		for _, d := range s.Demos() {
			tr := demoTracker(t, s.ID(), d.Name)
			if _, ok := tr.Verb("attack"); !ok {
				continue
			}
			m := press(sized(tr, Options{}, 120, 40), "a")
			if m.mode != modeForm {
				t.Fatalf("%s: no attack form", s.ID())
			}
			a, b := field(t, m, "attacker").value(), field(t, m, "target").value()
			var opts []string
			for _, f := range m.form.fields {
				switch f.arg {
				case argFlag:
					opts = append(opts, f.key)
				case argKey:
					opts = append(opts, f.key+"=1")
				}
			}
			if len(opts) == 0 {
				t.Errorf("%s %s: the attack form offers no options", s.ID(), d.Name)
			}
			for _, o := range opts {
				line := "attack " + rules.Quote(a) + " " + rules.Quote(b) + " " + o
				if _, err := tr.Apply(line); err != nil && strings.Contains(err.Error(), "unknown option") {
					t.Errorf("%s %s: %s: %v", s.ID(), d.Name, line, err)
				}
			}
		}
	}
}

// osr: several act on one count. The selected one of them attacks, and
// its target is a foe, not the ally the selection would have made it.
func TestAttackFormSeveralActing(t *testing.T) {
	// Brannoc, Ilse, Wren, Odo, Goblin 1, 2, 3, boss, shaman: Goblins 1
	// and 3 both act at count 6.
	tr := demoTracker(t, "osr", "goblins", "next", "dice 2 2 2 2 6 1 6 1 1", "next")
	m := sized(tr, Options{}, 120, 40)
	m = press(selectName(t, m, "Goblin 3"), "a")
	if a, b := field(t, m, "attacker").value(), field(t, m, "target").value(); a != "Goblin 3" || b == "" || strings.HasPrefix(b, "Goblin") {
		t.Fatalf("attacker %q target %q, want Goblin 3 against a foe", a, b)
	}
	// An ally selected while another acts: the target is a foe all the same.
	m = press(selectName(t, press(m, "esc"), "Goblin boss"), "a")
	if a, b := field(t, m, "attacker").value(), field(t, m, "target").value(); a != "Goblin 1" || strings.HasPrefix(b, "Goblin") {
		t.Fatalf("attacker %q target %q, want Goblin 1 against a foe", a, b)
	}
	// A foe selected is the target.
	m = press(selectName(t, press(m, "esc"), "Wren"), "a")
	if a, b := field(t, m, "attacker").value(), field(t, m, "target").value(); a != "Goblin 1" || b != "Wren" {
		t.Fatalf("attacker %q target %q, want Goblin 1 against Wren", a, b)
	}
}

// arm5: a member of a group attacks as the group, whose name the attack
// verb takes (group bonus, a blow per member).
func TestAttackFormGroup(t *testing.T) {
	tr := demoTracker(t, "arm5", "highwaymen")
	m := sized(tr, Options{}, 120, 40)
	m = press(selectName(t, m, "Brigand"), "a")
	a, b := field(t, m, "attacker").value(), field(t, m, "target").value()
	if a != "Band" || (b != "Victor" && b != "Ignatio") {
		t.Fatalf("attacker %q target %q, want Band against the redcap's side", a, b)
	}
	ver := tr.Version()
	m = press(m, "enter")
	if m.mode != modeNormal || tr.Version() != ver+1 || !strings.HasPrefix(lastCommand(tr), "attack Band ") {
		t.Fatalf("the group's attack did not apply: %v", m.form.err)
	}
	// Someone in no group attacks by name.
	m = press(selectName(t, m, "Archer"), "a")
	if a := field(t, m, "attacker").value(); a != "Archer" && a != nameOf(tr.E.ByID(tr.E.Current)) {
		t.Fatalf("attacker %q", a)
	}
}
