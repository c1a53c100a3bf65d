package sst_test

import "testing"

// spend's pool flag starts a pooled action named by the words after the
// cost, wherever the flag stands among them: the flag is no part of the
// action's name nor of what the log says was paid for.
func TestSpendPoolFlagIsNoText(t *testing.T) {
	for _, line := range []string{"spend Mage 6 pool fireball", "spend Mage 6 fireball pool"} {
		tr := newTracker(t, "add Mage pc=yes dice=6,5,4,3,2", "add Orc dice=2", "next")
		from := tr.E.Log.Len()
		run(t, tr, line)
		wantGet(t, tr, "Mage", "cast", "fireball")
		hasEvent(t, tr, from, "Mage spends 6 on fireball (cost 6)")
	}
}
