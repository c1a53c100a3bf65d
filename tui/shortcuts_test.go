package tui

import (
	"strings"
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/factions"
	"fray/rules/osr"
)

func hasCond(c *model.Combatant, label string) bool {
	for _, k := range c.Conds {
		if k.Label == label {
			return true
		}
	}
	return false
}

// A system key fills its template with the selection and goes through
// Apply: the log shows the command, and undo takes it back.
func TestShortcutAppliesOnSelection(t *testing.T) {
	tr := newTracker(t, trio...)
	m := sized(tr, Options{}, 100, 30)
	m = press(m, "j", "Y")
	bruce := tr.E.Combatants[1]
	if !hasCond(bruce, "marked") {
		t.Fatalf("Y should mark the selected Bruce: %q", m.status)
	}
	if v := plainView(m); !strings.Contains(v, "› cond Bruce marked") {
		t.Fatalf("the log should show the command:\n%s", v)
	}
	m = press(m, "j", "Y")
	if !hasCond(tr.E.Combatants[2], "marked") {
		t.Fatal("names with spaces are quoted")
	}
	press(m, "u")
	if hasCond(tr.E.Combatants[2], "marked") || !hasCond(bruce, "marked") {
		t.Fatal("u undoes the last shortcut only")
	}
}

// {cur} needs a current combatant: the key is disabled before combat.
func TestShortcutNeedsCurrent(t *testing.T) {
	tr := newTracker(t, trio...)
	m := sized(tr, Options{}, 100, 30)
	if m.keys.System[2].Enabled() {
		t.Fatal("C names {cur}: disabled before combat")
	}
	ver := tr.Version()
	m = press(m, "C")
	if tr.Version() != ver || hasCond(tr.E.Combatants[0], "hit") {
		t.Fatal("a disabled shortcut does nothing")
	}
	m = press(m, "n", "j", "j", "C")
	if !hasCond(tr.E.Combatants[0], "hit") || hasCond(tr.E.Combatants[2], "hit") {
		t.Fatalf("C hits whoever's turn it is (Paul), not the selection: %q", m.status)
	}
}

// A template ending in a space opens the command line instead.
func TestShortcutPrefills(t *testing.T) {
	tr := newTracker(t, trio...)
	m := sized(tr, Options{}, 100, 30)
	m = press(m, "N")
	if m.mode != modeCommand || m.line.in.Value() != "note " {
		t.Fatalf("N should open :note , got mode %d %q", m.mode, m.line.in.Value())
	}
	m = press(typeText(m, "ambush!"), "enter")
	if m.mode != modeNormal || !strings.Contains(plainView(m), "ambush!") {
		t.Fatalf("the line should apply:\n%s", plainView(m))
	}
}

func TestShortcutHelp(t *testing.T) {
	m := sized(newTracker(t, trio...), Options{}, 100, 30)
	if v := plainView(m); !strings.Contains(v, "Y mark") {
		t.Fatalf("the help bar should show the system's keys:\n%s", v)
	}
	m = press(m, "?")
	v := plainView(m)
	for _, want := range []string{"Test Rules keys", "Y", "mark", "N", "note…"} {
		if !strings.Contains(v, want) {
			t.Errorf("full help lacks %q:\n%s", want, v)
		}
	}
}

// clashSys offers keys the screen uses itself, a key twice and two keys
// with one command.
type clashSys struct{ tsys }

func (clashSys) Shortcuts() []rules.Shortcut {
	return []rules.Shortcut{
		{Key: "n", Help: "bad next", Line: "cond {sel} bad"},
		{Key: "esc", Help: "bad esc", Line: "cond {sel} bad"},
		{Key: "enter", Help: "mark", Line: "cond {sel} marked"},
		{Key: "e", Help: "mark", Line: "cond {sel} marked"},
		{Key: "e", Help: "twice", Line: "cond {sel} twice"},
		{Key: "Q", Help: "", Line: ""},
	}
}

func TestShortcutClashIgnored(t *testing.T) {
	tr := rules.NewTracker(model.New("tst", 7), clashSys{})
	for _, l := range trio {
		if _, err := tr.Apply(l); err != nil {
			t.Fatal(err)
		}
	}
	m := sized(tr, Options{}, 100, 30)
	if !m.statusErr || !strings.Contains(m.status, "n (the screen's next)") ||
		!strings.Contains(m.status, "esc") || !strings.Contains(m.status, "e (already mark)") {
		t.Fatalf("the refused keys should be named: %q", m.status)
	}
	if len(m.keys.System) != 1 || m.keys.System[0].Help().Key != "enter/e" {
		t.Fatalf("enter and e share one binding: %+v", m.keys.System)
	}
	m = press(m, "n")
	if tr.E.Round != 1 || hasCond(tr.E.Combatants[0], "bad") {
		t.Fatal("n stays next turn")
	}
	m = press(m, "enter")
	if !hasCond(tr.E.Combatants[0], "marked") {
		t.Fatalf("enter marks: %q", m.status)
	}
	press(m, "j", "e")
	if !hasCond(tr.E.Combatants[1], "marked") || hasCond(tr.E.Combatants[1], "twice") {
		t.Fatal("e marks (the first listing wins)")
	}
}

// A round of the factions demo run with keys only: enter activates
// the selected character, P passes, and when every faction has passed in
// a row the round ends.
func TestFactionsRoundByKeys(t *testing.T) {
	sys := factions.New()
	e, err := rules.BuildDemo(sys, "bandits", 42)
	if err != nil {
		t.Fatal(err)
	}
	tr := rules.NewTracker(e, sys)
	m := sized(tr, Options{}, 100, 30)
	acted := func(name string) bool {
		for _, c := range tr.E.Combatants {
			if c.Name == name {
				return c.Acted
			}
		}
		return false
	}
	m = press(m, "n", "j", "j", "j", "enter") // the GM starts with its leader
	if !acted("Bandit leader") {
		t.Fatalf("enter should activate the leader: %q", m.status)
	}
	m = press(m, "k", "k", "k", "enter", "G", "k", "k", "enter", "P")
	if !acted("Sybilla") || !acted("Bandit1") {
		t.Fatalf("Sybilla, then a bandit, then the players pass: %q", m.status)
	}
	m = press(m, "G", "k", "enter", "g", "j", "enter", "G", "enter", "g", "j", "j", "enter")
	for _, n := range []string{"Bandit2", "Balthasar", "Bandit3", "Theobald"} {
		if !acted(n) {
			t.Fatalf("%s should have acted: %q", n, m.status)
		}
	}
	m = press(m, "P", "P")
	if tr.E.Round != 2 || !strings.Contains(plainView(m), "Round 1 ends") {
		t.Fatalf("GM pass, players pass: the round ends (round %d, %q)", tr.E.Round, m.status)
	}
}

// osr: S opens a declaration for the selected caster; H holds.
func TestOSRDeclareAndHold(t *testing.T) {
	sys := osr.New()
	e, err := rules.BuildDemo(sys, "goblins", 42)
	if err != nil {
		t.Fatal(err)
	}
	tr := rules.NewTracker(e, sys)
	m := sized(tr, Options{}, 100, 30)
	m = press(m, "j", "S")
	if got := m.line.in.Value(); got != `declare "Sister Ilse" spell ` {
		t.Fatalf("S should prefill the declaration: %q", got)
	}
	m = press(typeText(m, "bless"), "enter")
	if !strings.Contains(plainView(m), "spell: bless") {
		t.Fatalf("the declaration should show:\n%s", plainView(m))
	}
	m = press(m, "n", "n")
	cur := tr.E.ByID(tr.E.Current)
	m = press(m, "H")
	if !cur.Delaying || !strings.Contains(plainView(m), "hold "+rules.Quote(cur.Name)) {
		t.Fatalf("H should hold %s: %q", cur.Name, m.status)
	}
}
