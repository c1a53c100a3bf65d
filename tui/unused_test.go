package tui

import (
	"regexp"
	"strings"
	"testing"

	"fray/rules"
	"fray/rules/factions"
)

// addFormLabels opens the add form and returns its field labels.
func addFormLabels(m *Model) []string {
	m = press(m, "+")
	var out []string
	for _, f := range m.form.fields {
		out = append(out, f.label)
	}
	return out
}

// The help's lines for the init and prev verbs.
var (
	verbHelpInit = regexp.MustCompile(`(?m)^init NAME`)
	verbHelpPrev = regexp.MustCompile(`(?m)^prev +move`)
)

// factions has no use for init and prev: i and p are off, the help says
// why and lists no init or prev command, and the add form asks for no
// initiative; a system that uses them keeps all three.
func TestUnusedVerbsSwitchedOff(t *testing.T) {
	sys := factions.New()
	e, err := rules.BuildDemo(sys, "bandits", 42)
	if err != nil {
		t.Fatal(err)
	}
	tr := rules.NewTracker(e, sys)
	m := sized(tr, Options{}, 160, 40)
	m = press(m, "n", "j") // round 1, someone selected
	if tr.E.Round != 1 || m.selected() == nil {
		t.Fatalf("setup: round %d, selected %v", tr.E.Round, m.selected())
	}
	if m.keys.Init.Enabled() || m.keys.Prev.Enabled() {
		t.Errorf("i enabled %v, p enabled %v: both should be off", m.keys.Init.Enabled(), m.keys.Prev.Enabled())
	}
	n := tr.E.Log.Len()
	m = press(m, "p", "i")
	if tr.E.Log.Len() != n || m.mode != modeNormal || m.line.in.Value() != "" {
		t.Errorf("p or i did something: %d new log entries, mode %v, line %q", tr.E.Log.Len()-n, m.mode, m.line.in.Value())
	}
	if v := helpText(t, m, 160, 40); verbHelpInit.MatchString(v) || verbHelpPrev.MatchString(v) {
		t.Errorf("the help lists init or prev:\n%s", v)
	}
	if a, b := m.whyOff(m.keys.Init), m.whyOff(m.keys.Prev); a != "Faction turns has no initiative scores" ||
		b != "Faction turns steps no turn back: u undoes" {
		t.Errorf("why i and p are off: %q, %q", a, b)
	}
	for _, l := range addFormLabels(m) {
		if l == "init" {
			t.Errorf("the add form has an init field: %v", addFormLabels(m))
		}
	}

	m = sized(newTracker(t, trio...), Options{}, 160, 40)
	m = press(m, "n", "n")
	if !m.keys.Init.Enabled() || !m.keys.Prev.Enabled() {
		t.Errorf("tst: i enabled %v, p enabled %v: both should be on", m.keys.Init.Enabled(), m.keys.Prev.Enabled())
	}
	if v := helpText(t, m, 160, 40); !strings.Contains(v, "i initiative") || !strings.Contains(v, "p previous turn") || !verbHelpInit.MatchString(v) {
		t.Errorf("tst: the help lacks i, p or init:\n%s", v)
	}
	if ls := addFormLabels(m); !strings.Contains(strings.Join(ls, " "), "init") {
		t.Errorf("tst: the add form lacks its init field: %v", ls)
	}
}
