package sst_test

import (
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/rulestest"
	"fray/rules/sst"
)

func newTracker(t *testing.T, lines ...string) *rules.Tracker {
	t.Helper()
	tr := rules.NewTracker(model.New("sst", 42), sst.New())
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

// hasEvent checks that an event containing want was logged from entry from on.
func hasEvent(t *testing.T, tr *rules.Tracker, from int, want string) {
	t.Helper()
	rulestest.HasEventContaining(t, tr, from, want)
}

func current(tr *rules.Tracker) string {
	if cb := tr.E.ByID(tr.E.Current); cb != nil {
		return cb.Name
	}
	return ""
}

func comb(t *testing.T, tr *rules.Tracker, name string) *model.Combatant {
	t.Helper()
	return rulestest.Comb(t, tr, name)
}

func sheet(t *testing.T, tr *rules.Tracker, name string) *sst.Sheet {
	t.Helper()
	return comb(t, tr, name).Sheet().(*sst.Sheet)
}

func get(t *testing.T, tr *rules.Tracker, name, key string) string {
	t.Helper()
	v, ok := sheet(t, tr, name).Get(key)
	if !ok {
		t.Fatalf("no key %s", key)
	}
	return v
}

func wantGet(t *testing.T, tr *rules.Tracker, name, key, want string) {
	t.Helper()
	if got := get(t, tr, name, key); got != want {
		t.Errorf("%s %s = %q, want %q", name, key, got, want)
	}
}

// order returns the names in countdown order.
func order(tr *rules.Tracker) []string {
	var out []string
	for _, r := range tr.Sys.Order(tr.E).Rows {
		out = append(out, r.Name)
	}
	return out
}
