package swords_test

import (
	"strings"
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/rulestest"
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

func comb(t *testing.T, tr *rules.Tracker, name string) *model.Combatant {
	t.Helper()
	return rulestest.Comb(t, tr, name)
}

func sheet(t *testing.T, tr *rules.Tracker, name string) *swords.Sheet {
	t.Helper()
	return comb(t, tr, name).Sheet().(*swords.Sheet)
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
