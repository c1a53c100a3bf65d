package factions_test

import (
	"strings"
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/factions"
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
	for _, l := range lines {
		if _, err := tr.Apply(l); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
}

// fails runs a line that must be refused, with an error containing want.
func fails(t *testing.T, tr *rules.Tracker, line, want string) {
	t.Helper()
	_, err := tr.Apply(line)
	if err == nil {
		t.Fatalf("%s: no error", line)
	}
	if !strings.Contains(err.Error(), want) {
		t.Fatalf("%s: error %q does not say %q", line, err, want)
	}
}

func events(tr *rules.Tracker, from int) []string {
	var out []string
	for _, e := range tr.E.Log[from:] {
		if e.Kind == model.KindEvent {
			out = append(out, e.Text)
		}
	}
	return out
}

func hasEvent(t *testing.T, tr *rules.Tracker, from int, want string) {
	t.Helper()
	for _, e := range events(tr, from) {
		if e == want {
			return
		}
	}
	t.Errorf("no event %q; got:\n  %s", want, strings.Join(events(tr, from), "\n  "))
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
	cb, err := tr.E.Find(name)
	if err != nil {
		t.Fatal(err)
	}
	return cb
}

func sheet(t *testing.T, tr *rules.Tracker, name string) *factions.Sheet {
	t.Helper()
	return comb(t, tr, name).Sheet.(*factions.Sheet)
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
