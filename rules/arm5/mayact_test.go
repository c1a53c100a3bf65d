package arm5_test

import "testing"

// The combatant whose turn it is acts once; others wait (or take a
// delayed action with act); a defence is no action of one's own.
func TestWhoMayAct(t *testing.T) {
	tr := newTracker(t, addPaul, addAlan, addBruce, "next")
	unchanged(t, tr, "attack Alan Paul", "it is Paul's turn, not Alan's")
	run(t, tr, "dice 2 9", "attack Paul Alan")
	unchanged(t, tr, "attack Paul Bruce", "Paul has already acted this turn")
	run(t, tr, "delay Bruce", "next")
	unchanged(t, tr, "attack Bruce Paul", "Bruce is holding a delayed action: act Bruce takes it now")
	run(t, tr, "dice 9", "force attack Bruce Paul")
}
