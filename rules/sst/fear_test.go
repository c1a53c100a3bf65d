package sst_test

import (
	"strings"
	"testing"
)

// A failed fear roll leaves the victim afraid: it rolls again each time it
// acts until it passes, and then no more.
func TestFearOnEachAction(t *testing.T) {
	tr := newTracker(t, "add Boss side=gob zone=gate dice=2",
		"add A side=pc zone=gate spirit=2 ment=5 dice=5,5,4,4",
		"add C side=pc zone=gate spirit=1 dice=6,5,4",
		"add D side=pc zone=gate spirit=1 dice=6,6", "next")
	run(t, tr, "dice 1 2  1  1", "fear gate fearsome from=Boss")
	wantGet(t, tr, "A", "afraid", "fearsome")
	wantGet(t, tr, "A", "lment", "1")

	// Fearsome, failed again as A acts: another rank, the action goes on.
	from := tr.E.Log.Len()
	run(t, tr, "dice 2 2", "spend A 5 move")
	hasEvent(t, tr, from, "A is still afraid (fearsome) and must face it as it acts")
	wantGet(t, tr, "A", "lment", "2")
	hasEvent(t, tr, from, "A spends 5 on move")
	// Passed: steeled, no more rolls.
	from = tr.E.Log.Len()
	run(t, tr, "dice 6 1", "spend A 5")
	hasEvent(t, tr, from, "A is no longer afraid")
	wantGet(t, tr, "A", "afraid", "")
	from = tr.E.Log.Len()
	run(t, tr, "spend A 4")
	for _, e := range events(tr, from) {
		if strings.Contains(e, "afraid") || strings.Contains(e, "SPIRIT") {
			t.Errorf("a steeled combatant rolled again: %q", e)
		}
	}

	// C and D failed too (one SPIRIT die each, a 1) and lost a rank.
	wantGet(t, tr, "C", "afraid", "fearsome")
	run(t, tr, "set C afraid=scary")
	// Scary, failed as C attacks: the die just spent buys nothing.
	from = tr.E.Log.Len()
	run(t, tr, "dice 1", "force attack C Boss")
	hasEvent(t, tr, from, "C freezes in fright: the die just spent buys nothing")
	hasEvent(t, tr, from, "C's action is lost to fear")
	for _, e := range events(tr, from) {
		if strings.Contains(e, "C attacks Boss") {
			t.Errorf("the frozen attack was rolled: %q", e)
		}
	}
	wantGet(t, tr, "C", "dice", "6 5")

	// Fearsome with the stun option: a failure as D acts stuns it, and
	// the State stops the action.
	run(t, tr, "set D afraid=fearsome fearstun=yes")
	from = tr.E.Log.Len()
	run(t, tr, "dice 1", "force spend D 6")
	hasEvent(t, tr, from, "D takes a State: stun")
	hasEvent(t, tr, from, "D's action is lost to fear")

	// Undo brings the fear back.
	if _, err := tr.Undo(); err != nil {
		t.Fatal(err)
	}
	if comb(t, tr, "D").HasCond("stun") {
		t.Error("undo kept the stun")
	}
}
