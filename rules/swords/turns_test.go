package swords_test

import "testing"

// Initiative order: Jot (10) acts, as often as he likes at the running
// penalty; Mung waits for his turn, but defends whenever he is attacked.
func TestWhoMayAct(t *testing.T) {
	tr := newTracker(t, addJot, addMung, "next")
	fails(t, tr, "attack Mung Jot atk=3 def=9", "it is Jot's turn, not Mung's")
	fails(t, tr, "action Mung draws", "it is Jot's turn, not Mung's")
	run(t, tr, "attack Jot Mung atk=3 def=9", "attack Jot Mung atk=3 def=9", "action Jot jumps")
	run(t, tr, "dice 3 3", "defend Mung")
	run(t, tr, "next", "delay Mung")
	fails(t, tr, "attack Mung Jot atk=3 def=9", "Mung is holding a delayed action: act Mung takes it now")
	run(t, tr, "act Mung", "attack Mung Jot atk=3 def=9")
}
