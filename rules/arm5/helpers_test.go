package arm5_test

import (
	"strings"
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/arm5"
)

func newTracker(t *testing.T, lines ...string) *rules.Tracker {
	t.Helper()
	tr := rules.NewTracker(model.New("arm5", 42), arm5.New())
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

// events returns the text of every event logged from entry `from` on.
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
	return cb.Sheet.(*arm5.Sheet)
}

func comb(t *testing.T, tr *rules.Tracker, name string) *model.Combatant {
	t.Helper()
	cb, err := tr.E.Find(name)
	if err != nil {
		t.Fatal(err)
	}
	return cb
}

// The tavern people of the examples, with catalogue weapons.
const (
	addPaul  = `add Paul side=turb qik=1 dex=1 str=2 sta=2 abilityname="Single Weapon" ability=5 brawl=3 weapon="long sword" shield="round shield" prot=4 load=4 init=10`
	addAlan  = `add Alan side=ruffians qik=0 dex=1 str=1 sta=1 abilityname="Single Weapon" ability=3 weapon=club prot=1 load=2 init=8`
	addBruce = `add Bruce side=ruffians qik=0 dex=0 str=2 sta=2 abilityname=Brawl ability=4 brawl=4 weapon=dagger load=1 init=7`
)
