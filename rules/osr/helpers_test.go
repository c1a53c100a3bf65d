package osr_test

import (
	"strings"
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/osr"
)

func newTracker(t *testing.T, lines ...string) *rules.Tracker {
	t.Helper()
	tr := rules.NewTracker(model.New("osr", 42), osr.New())
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

func fails(t *testing.T, tr *rules.Tracker, line, want string) {
	t.Helper()
	_, err := tr.Apply(line)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("%s: error %v, want one containing %q", line, err, want)
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

func comb(t *testing.T, tr *rules.Tracker, name string) *model.Combatant {
	t.Helper()
	cb, err := tr.E.Find(name)
	if err != nil {
		t.Fatal(err)
	}
	return cb
}

func sheet(t *testing.T, tr *rules.Tracker, name string) *osr.Sheet {
	t.Helper()
	return comb(t, tr, name).Sheet.(*osr.Sheet)
}

// acting lists the names marked current in the order view.
func acting(tr *rules.Tracker) []string {
	var out []string
	for _, r := range tr.Sys.Order(tr.E).Rows {
		if r.Current {
			out = append(out, r.Name)
		}
	}
	return out
}

func header(tr *rules.Tracker) string { return tr.Sys.Order(tr.E).Header }

const (
	addAra  = `add Ara side=party pc=yes hp=10 ac=14 bcb=2 dex=16 strmod=1 save=12 con=12 weapons="sword 1d8, bow 1d6 missile"`
	addBo   = `add Bo side=party pc=yes hp=8 ac=12 bcb=1 dex=12 save=14 weapons="mace 1d6"`
	addGob  = `add Gob side=goblins hp=5 ac=13 bcb=1 dex=10 save=16 con=9 weapons="spear 1d6"`
	addGrub = `add Grub side=goblins hp=6 ac=12 bcb=1 dex=10 save=10 con=9 weapons="club 1d4"`
)
