package factions_test

import "testing"

// A combatant added with no health would be taken out by its first hit;
// the log says so as it joins, with the command that fixes it.
func TestAddWithoutHealthSaysSo(t *testing.T) {
	tr := blank(t)
	from := tr.E.Log.Len()
	run(t, tr, "add Zed", "add Ann health=6")
	hasEvent(t, tr, from, "Zed has no health yet: set Zed health=N")
	noEvent(t, tr, from, "Ann has no health")
}
