package osr_test

import (
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/osr"
	"fray/rules/rulestest"
)

func newTracker(t *testing.T, lines ...string) *rules.Tracker {
	t.Helper()
	tr := rules.NewTracker(model.New("osr", 42), osr.New())
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

func sheet(t *testing.T, tr *rules.Tracker, name string) *osr.Sheet {
	t.Helper()
	return comb(t, tr, name).Sheet().(*osr.Sheet)
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

func hasEventContaining(t *testing.T, tr *rules.Tracker, from int, want string) {
	t.Helper()
	rulestest.HasEventContaining(t, tr, from, want)
}
