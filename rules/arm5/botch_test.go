package arm5_test

import "testing"

// A botch makes the whole total 0, whichever side rolled it: every
// botched Attack and Defense Total is logged the same way, its zeros and
// the total they leave.
func TestBotchedTotalsLogAlike(t *testing.T) {
	tr := newTracker(t, addPaul, addBruce, "dice 0 0 4")
	from := tr.E.Log.Len()
	run(t, tr, "attack Paul Bruce botch=1")
	hasEvent(t, tr, from, "Paul: Attack BOTCH ×1: Attack Total 0; the attack on Bruce fails (pick a mild mishap: weapon takes a knock (check whether it holds) · dazed: loses the next turn · stumbles: −3 Defense until the next turn · shield splits)")

	tr = newTracker(t, addPaul, addBruce, "dice 2 0 0")
	from = tr.E.Log.Len()
	run(t, tr, "attack Paul Bruce")
	hasEvent(t, tr, from, "Bruce: Defense BOTCH ×1: Defense Total 0 (pick a mild mishap: weapon takes a knock (check whether it holds) · dazed: loses the next turn · stumbles: −3 Defense until the next turn · shield splits)")

	// The Attack a foe rolls to keep someone engaged, and the Defense of a
	// try to disengage, say the same.
	tr = newTracker(t, addPaul, addAlan, "option engagement on", "next", "dice 2 9", "attack Paul Alan", "next")
	from = tr.E.Log.Len()
	run(t, tr, "dice 0 0 0 0", "disengage Alan")
	hasEvent(t, tr, from, "Alan: disengage Defense BOTCH ×1: Defense Total 0")
	hasEvent(t, tr, from, "Paul: Attack BOTCH ×1: Attack Total 0")
	hasEvent(t, tr, from, "Alan disengages: Defense 0 vs Paul's Attack 0")
}
