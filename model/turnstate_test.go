package model

import (
	"slices"
	"testing"
)

// A combatant's turn state is kept sorted by kind, so that the same state
// reached in another order is equal (undo compares it); an empty one is
// nil, as a combatant's that never had one.
func TestTurnState(t *testing.T) {
	a, b := NewCombatant(), NewCombatant()
	a.SetTurn("use", "main=1")
	a.SetTurn("delay", "3")
	a.SetTurn("react", "dodge")
	b.SetTurn("react", "dodge")
	b.SetTurn("use", "zones=1")
	b.SetTurn("delay", "3")
	b.SetTurn("use", "main=1")
	if !a.Equal(b) {
		t.Fatalf("the same state differs: %v and %v", a.TurnState, b.TurnState)
	}
	want := []TurnVal{{"delay", "3"}, {"react", "dodge"}, {"use", "main=1"}}
	if !slices.Equal(a.TurnState, want) {
		t.Fatalf("state %v, want %v", a.TurnState, want)
	}
	if v, ok := a.TurnItem("react"); !ok || v != "dodge" || a.TurnText("party") != "" {
		t.Fatalf("read %q %v / %q", v, ok, a.TurnText("party"))
	}
	if _, ok := a.TurnItem("party"); ok {
		t.Fatal("an item never set")
	}
	c := a.Clone()
	c.SetTurn("delay", "4")
	if a.TurnText("delay") != "3" {
		t.Fatal("a clone's change reached the original")
	}
	if !a.DropTurn("react") || a.DropTurn("react") {
		t.Fatal("drop reports wrong")
	}
	a.DropTurn("delay")
	a.DropTurn("use")
	if a.TurnState != nil || !a.Equal(NewCombatant()) {
		t.Fatalf("emptied state %#v is not nil", a.TurnState)
	}
	// A frozen copy shares an unchanged state, and copies a changed one.
	old := b.Clone()
	if s := b.CloneSharing(old); &s.TurnState[0] != &old.TurnState[0] {
		t.Fatal("an unchanged state is copied")
	}
	b.SetTurn("use", "bonus=1")
	if s := b.CloneSharing(old); &s.TurnState[0] == &old.TurnState[0] || s.TurnText("use") != "bonus=1" || old.TurnText("use") != "main=1" {
		t.Fatal("a changed state is shared")
	}
}
