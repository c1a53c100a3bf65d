package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

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
func selectName(t *testing.T, m *Model, name string) *Model {
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
			// The form itself, as a would open it once the attack can be
			// made (before the fight a says at once why not).
			m := sized(tr, Options{}, 120, 40)
			m.openForm(m.attackForm())
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

// The attack form offers only those who may attack now: in the osr
// countdown, the one whose count it is even when another row is
// selected; tab goes through those who may, and nobody else.
func TestAttackFormOffersWhoMayAct(t *testing.T) {
	tr := demoTracker(t, "osr", "goblins", "next", "next")
	m := sized(tr, Options{}, 120, 40)
	actors := rules.Actors(tr.Sys, tr.E, rules.Attack)
	if len(actors) == 0 {
		t.Fatal("nobody may act at the first count")
	}
	var idle string
	for _, c := range tr.E.Combatants {
		if rules.MayAct(tr.Sys, tr.E, c, rules.Attack) != nil {
			idle = c.Name
			break
		}
	}
	m = press(selectName(t, m, idle), "a")
	atk := m.form.fields[0]
	if atk.value() != actors[0].Name {
		t.Fatalf("attacker %q, want %q (selected %q may not act)", atk.value(), actors[0].Name, idle)
	}
	for _, n := range atk.pool {
		if c, _ := tr.E.Find(n); rules.MayAct(tr.Sys, tr.E, c, rules.Attack) != nil {
			t.Errorf("the form offers %s, who may not attack now", n)
		}
	}
	if len(atk.pool) != len(actors) {
		t.Errorf("pool %v, actors %d", atk.pool, len(actors))
	}
	// In the declare phase nobody may: a opens the form saying why and
	// that ctrl+f forces it, once, not twice; the GM may still pick
	// another target, and ctrl+f then forces that attack, and the log
	// says so.
	tr = demoTracker(t, "osr", "goblins", "next")
	m = press(sized(tr, Options{}, 120, 40), "a")
	v := plainView(m)
	if m.mode != modeForm || !strings.Contains(v, "declare spells and charges first") || !strings.Contains(v, "ctrl+f does it anyway") {
		t.Fatalf("no form, reason nor word of force in the declare phase:\n%s", v)
	}
	if c := strings.Count(v, "declare spells and charges first"); c != 1 {
		t.Errorf("the reason shows %d times:\n%s", c, v)
	}
	m.form.fields[1].in.SetValue("Goblin boss")
	n := tr.E.Log.Len()
	m = send(m, tea.KeyMsg{Type: tea.KeyCtrlF})
	logged := rules.LogText(tr.E.Log.From(n))
	if m.mode == modeForm || !strings.Contains(logged, "forced: round 1: declare spells and charges first") || !strings.Contains(logged, "Goblin boss") {
		t.Errorf("ctrl+f did not force the attack on the chosen target:\n%s\n%s", logged, plainView(m))
	}
}

// The spanning crossbowman's turn: a says at once that the spanning is
// why he may not attack, and how to end it, opening no form; no force is
// offered, for none would do.
func TestAttackFormExtendedAction(t *testing.T) {
	tr := demoTracker(t, "arm5", "highwaymen", "next", "next")
	if cur := tr.E.ByID(tr.E.Current); cur == nil || cur.Name != "Xavier" {
		t.Fatalf("not Xavier's turn: %v", cur)
	}
	m := press(sized(tr, Options{}, 80, 24), "a")
	if m.mode == modeForm {
		t.Fatalf("a opened the form on Xavier's spanning turn")
	}
	if !strings.HasPrefix(m.status, "Xavier is busy spanning crossbow") || !strings.Contains(m.status, "extended Xavier stop ends it") {
		t.Errorf("a does not say Xavier is spanning: %q", m.status)
	}
	v := plainView(m)
	for _, no := range []string{"its action", "ctrl+f forces", "force"} {
		if strings.Contains(m.status, no) || strings.Contains(v, "— "+no) {
			t.Errorf("the status says %q: %q", no, m.status)
		}
	}
	// The form, opened all the same (as it is after a refused enter),
	// says why in its hint.
	m.openForm(m.attackForm())
	if hint := m.form.fields[0].hint; !strings.HasPrefix(hint, "Xavier is busy spanning crossbow") || strings.Contains(hint, "ctrl+f") {
		t.Errorf("the form does not say Xavier is spanning: %q", hint)
	}
}

// The order pane shows where each stands, compactly: its zone and those
// it is engaged with.
func TestOrderShowsPositions(t *testing.T) {
	tr := demoTracker(t, "osr", "goblins", "set Brannoc zone=3", `engage "Goblin 1" Brannoc`)
	v := plainView(sized(tr, Options{}, 160, 48))
	for _, want := range []string{"@3 · ×Goblin 1", "@3 · ×Brannoc"} {
		if !strings.Contains(v, want) {
			t.Errorf("the order lacks %q:\n%s", want, v)
		}
	}
}

// A group's boxes grow to show their placeholders whole where the form
// has the room ("WEIGHT", not "WEIG…"), keeping as many to a line.
func TestFormBoxesFitPlaceholders(t *testing.T) {
	tr := demoTracker(t, "sst", "horde", "next")
	m := press(sized(tr, Options{}, 160, 48), "a")
	v := plainView(m)
	if !strings.Contains(v, "[WEIGHT") || strings.Contains(v, "WEIG…") {
		t.Errorf("a placeholder is cut:\n%s", v)
	}
}
