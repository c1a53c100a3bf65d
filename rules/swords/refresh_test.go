package swords_test

import (
	"strings"
	"testing"

	"fray/model"
)

// Stamina and the largest hit entered with set (or add) move the status
// as the harm verbs do; status= on the same line wins; undo takes it back.
func TestSetRefreshesStatus(t *testing.T) {
	tr := newTracker(t, "add Jot", "add Ana", "add Bo stamina=0")
	want := func(name string, st model.Status) {
		t.Helper()
		if got := comb(t, tr, name).Status; got != st {
			t.Errorf("%s is %s, want %s", name, got, st)
		}
	}
	want("Bo", model.Unconscious)

	from := tr.E.Log.Len()
	run(t, tr, "set Jot stamina=0")
	hasEvent(t, tr, from, "Jot falls")
	want("Jot", model.Unconscious)
	run(t, tr, "set Jot largest=20")
	want("Jot", model.Dead)
	// Healing brings back one the harm put down.
	run(t, tr, "set Jot largest=3 stamina=10")
	want("Jot", model.Active)

	// A Hurt hit that leaves Stamina changes nothing.
	run(t, tr, "set Ana largest=6 stamina=4")
	want("Ana", model.Active)
	// status= given on the same line is kept.
	run(t, tr, "set Ana stamina=0 status=active")
	want("Ana", model.Active)
	// A status set by hand survives an unrelated edit.
	run(t, tr, "set Ana stamina=3", "set Ana status=incapacitated", "set Ana stamina=5")
	want("Ana", model.Incapacitated)

	// Undo.
	run(t, tr, "set Bo stamina=6")
	want("Bo", model.Active)
	if _, err := tr.Undo(); err != nil {
		t.Fatal(err)
	}
	want("Bo", model.Unconscious)
}

// An army set to 0 hits is routed; hits given back rally it.
func TestSetRoutsArmy(t *testing.T) {
	tr := battleDemo(t)
	from := tr.E.Log.Len()
	run(t, tr, "set Horde stamina=0")
	hasEvent(t, tr, from, "Horde is routed")
	cb := comb(t, tr, "Horde")
	if cb.Status != model.Incapacitated || !cb.HasCond("routed") {
		t.Fatalf("Horde %s, conds %v", cb.Status, cb.Conds)
	}
	run(t, tr, "set Horde stamina=40")
	if cb := comb(t, tr, "Horde"); cb.Status != model.Active || cb.HasCond("routed") {
		t.Errorf("Horde %s, conds %v after rallying", cb.Status, cb.Conds)
	}
	if _, err := tr.Undo(); err != nil {
		t.Fatal(err)
	}
	if cb := comb(t, tr, "Horde"); cb.Status != model.Incapacitated {
		t.Errorf("undo: Horde %s", cb.Status)
	}
}

// Stamina above the most hits is refused once the whole command is in, so
// the keys may come in any order on one line.
func TestStaminaAboveMaxRefusedPerCommand(t *testing.T) {
	tr := newTracker(t, "add B stamina=40 maxstamina=40", "add C maxstamina=40 stamina=40")
	for _, n := range []string{"B", "C"} {
		if s := sheet(t, tr, n); s.Stamina != 40 || s.MaxStamina != 40 {
			t.Fatalf("%s: stamina %d/%d, want 40/40", n, s.Stamina, s.MaxStamina)
		}
	}
	before := tr.E.Log.Len()
	if _, err := tr.Apply("set B stamina=50"); err == nil || !strings.Contains(err.Error(), "above maxstamina 40") {
		t.Fatalf("set above the maximum: %v", err)
	}
	if s := sheet(t, tr, "B"); s.Stamina != 40 || tr.E.Log.Len() != before {
		t.Fatal("a refused set changed the encounter")
	}
}
