package swords_test

import (
	"strings"
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/swords"
)

func newTracker(t *testing.T, lines ...string) *rules.Tracker {
	t.Helper()
	tr := rules.NewTracker(model.New("swords", 42), swords.New())
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

// fails applies a line that must be refused with an error containing want.
func fails(t *testing.T, tr *rules.Tracker, line, want string) {
	t.Helper()
	before := len(tr.E.Log)
	_, err := tr.Apply(line)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("%s: error %v, want one containing %q", line, err, want)
	}
	if len(tr.E.Log) != before {
		t.Fatalf("%s: a refused command changed the log", line)
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

func comb(t *testing.T, tr *rules.Tracker, name string) *model.Combatant {
	t.Helper()
	cb, err := tr.E.Find(name)
	if err != nil {
		t.Fatal(err)
	}
	return cb
}

func sheet(t *testing.T, tr *rules.Tracker, name string) *swords.Sheet {
	t.Helper()
	return comb(t, tr, name).Sheet.(*swords.Sheet)
}

func tally(t *testing.T, tr *rules.Tracker, name string) swords.Tally {
	t.Helper()
	return swords.RoundTally(tr.E, comb(t, tr, name).ID)
}

// field returns the value of a sheet line as Describe shows it.
func field(t *testing.T, tr *rules.Tracker, name, label string) string {
	t.Helper()
	for _, f := range tr.Sys.Describe(tr.E, comb(t, tr, name)) {
		if f.Label == label {
			return f.Value
		}
	}
	t.Fatalf("%s's sheet has no %s line", name, label)
	return ""
}

// marks returns the marks of a combatant's row in the order.
func marks(t *testing.T, tr *rules.Tracker, name string) string {
	t.Helper()
	id := comb(t, tr, name).ID
	for _, r := range tr.Sys.Order(tr.E).Rows {
		if r.ID == id {
			return strings.Join(r.Marks, ", ")
		}
	}
	t.Fatalf("%s is not in the order", name)
	return ""
}

// Jot is fast but weak; Mung strong but slow (the source's Augment example).
const (
	addJot  = `add Jot side=heroes str=-1 dex=3 striking=4 defense=4 init=10`
	addMung = `add Mung side=bandits str=4 dex=-1 striking=2 defense=1 maxstamina=14 init=5`
)
