package arm5_test

import (
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/arm5"
	"fray/rules/rulestest"
)

func newTracker(t *testing.T, lines ...string) *rules.Tracker {
	t.Helper()
	tr := rules.NewTracker(model.New("arm5", 42), arm5.New())
	run(t, tr, lines...)
	return tr
}

func run(t *testing.T, tr *rules.Tracker, lines ...string) {
	t.Helper()
	rulestest.Run(t, tr, lines...)
}

func events(tr *rules.Tracker, from int) []string { return rulestest.Events(tr, from) }

func hasEvent(t *testing.T, tr *rules.Tracker, from int, want string) {
	t.Helper()
	rulestest.HasEvent(t, tr, from, want)
}

func current(tr *rules.Tracker) string {
	if cb := tr.E.ByID(tr.E.Current); cb != nil {
		return cb.Name
	}
	return ""
}

func sheet(t *testing.T, tr *rules.Tracker, name string) *arm5.Sheet {
	t.Helper()
	cb, err := tr.E.Find(name)
	if err != nil {
		t.Fatal(err)
	}
	return cb.Sheet().(*arm5.Sheet)
}

func comb(t *testing.T, tr *rules.Tracker, name string) *model.Combatant {
	t.Helper()
	return rulestest.Comb(t, tr, name)
}

// The tavern people of the examples, with catalogue weapons.
const (
	addPaul  = `add Paul side=turb qik=1 dex=1 str=2 sta=2 abilityname="Single Weapon" ability=5 brawl=3 weapon="long sword" shield="round shield" prot=4 load=4 init=10`
	addAlan  = `add Alan side=ruffians qik=0 dex=1 str=1 sta=1 abilityname="Single Weapon" ability=3 weapon=club prot=1 load=2 init=8`
	addBruce = `add Bruce side=ruffians qik=0 dex=0 str=2 sta=2 abilityname=Brawl ability=4 brawl=4 weapon=dagger load=1 init=7`
)
