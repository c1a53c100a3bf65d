package factions_test

import (
	"strings"
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/factions"
	"fray/rules/rulestest"
)

// demo returns a tracker over the bandits demo, then runs lines.
func demo(t *testing.T, lines ...string) *rules.Tracker {
	t.Helper()
	sys := factions.New()
	e, err := rules.BuildDemo(sys, "bandits", 42)
	if err != nil {
		t.Fatal(err)
	}
	tr := rules.NewTracker(e, sys)
	run(t, tr, lines...)
	return tr
}

// blank returns a tracker over an empty encounter, then runs lines.
func blank(t *testing.T, lines ...string) *rules.Tracker {
	t.Helper()
	tr := rules.NewTracker(model.New("factions", 42), factions.New())
	run(t, tr, lines...)
	return tr
}

func run(t *testing.T, tr *rules.Tracker, lines ...string) {
	t.Helper()
	rulestest.Run(t, tr, lines...)
}

func fails(t *testing.T, tr *rules.Tracker, line, want string) {
	t.Helper()
	rulestest.Fails(t, tr, line, want)
}

func events(tr *rules.Tracker, from int) []string { return rulestest.Events(tr, from) }

func hasEvent(t *testing.T, tr *rules.Tracker, from int, want string) {
	t.Helper()
	rulestest.HasEvent(t, tr, from, want)
}

func noEvent(t *testing.T, tr *rules.Tracker, from int, prefix string) {
	t.Helper()
	for _, e := range events(tr, from) {
		if strings.HasPrefix(e, prefix) {
			t.Errorf("unexpected event %q", e)
		}
	}
}

func comb(t *testing.T, tr *rules.Tracker, name string) *model.Combatant {
	t.Helper()
	return rulestest.Comb(t, tr, name)
}

func sheet(t *testing.T, tr *rules.Tracker, name string) *factions.Sheet {
	t.Helper()
	return comb(t, tr, name).Sheet().(*factions.Sheet)
}

func header(tr *rules.Tracker) string { return tr.Sys.Order(tr.E).Header }

func wantHeader(t *testing.T, tr *rules.Tracker, want string) {
	t.Helper()
	if got := header(tr); got != want {
		t.Errorf("header %q, want %q", got, want)
	}
}

func current(tr *rules.Tracker) string {
	if cb := tr.E.ByID(tr.E.Current); cb != nil {
		return cb.Name
	}
	return ""
}
