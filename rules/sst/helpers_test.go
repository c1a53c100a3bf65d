package sst_test

import (
	"strings"
	"testing"

	"fray/model"
	"fray/rules"
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
	for _, l := range lines {
		if _, err := tr.Apply(l); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
}

// fails applies a line that must be refused, and checks the error text.
func fails(t *testing.T, tr *rules.Tracker, line, want string) {
	t.Helper()
	_, err := tr.Apply(line)
	if err == nil {
		t.Fatalf("%s: no error, want one containing %q", line, want)
	}
	if !strings.Contains(err.Error(), want) {
		t.Fatalf("%s: error %q, want it to contain %q", line, err, want)
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

// hasEvent checks that an event containing want was logged from entry from on.
func hasEvent(t *testing.T, tr *rules.Tracker, from int, want string) {
	t.Helper()
	for _, e := range events(tr, from) {
		if strings.Contains(e, want) {
			return
		}
	}
	t.Errorf("no event containing %q; got:\n  %s", want, strings.Join(events(tr, from), "\n  "))
}

func current(tr *rules.Tracker) string {
	if cb := tr.E.ByID(tr.E.Current); cb != nil {
		return cb.Name
	}
	return ""
}

func comb(t *testing.T, tr *rules.Tracker, name string) *model.Combatant {
	t.Helper()
	cb, err := tr.E.Find(name)
	if err != nil {
		t.Fatal(err)
	}
	return cb
}

func sheet(t *testing.T, tr *rules.Tracker, name string) *sst.Sheet {
	t.Helper()
	return comb(t, tr, name).Sheet.(*sst.Sheet)
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
