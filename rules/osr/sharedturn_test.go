package osr_test

import (
	"testing"
	"time"
)

// Everyone whose count it is acts together, so the turn's time is theirs:
// the line that logs it names them all, not only the first.
func TestCountTimeNamesAllWhoActedAtIt(t *testing.T) {
	tr := fourAt(t, "5", "3", "5", "2")
	at := time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)
	tr.SetClock(func() time.Time { return at })
	run(t, tr, "set Ara hp=10") // the clock runs from here
	at = at.Add(40 * time.Second)
	from := len(tr.E.Log)
	run(t, tr, "next")
	hasEvent(t, tr, from, "The turn of Ara and Gob took 0:40")
	at = at.Add(5 * time.Second)
	from = len(tr.E.Log)
	run(t, tr, "next") // count 3: Bo alone
	hasEvent(t, tr, from, "Bo's turn took 0:05")
}

// Those who act together at a count are named as a sentence names them,
// the first few and how many more: a horde's count does not list all.
func TestCountNamesItsActorsInShort(t *testing.T) {
	tr := fourAt(t, "5", "3", "5", "2")
	hasEvent(t, tr, 0, "Count 5: Ara and Gob act together")
	tr = newTracker(t, addAra, addBo, addGob, addGrub,
		"add Imp1 side=goblins hp=3 dex=10", "add Imp2 side=goblins hp=3 dex=10", "add Imp3 side=goblins hp=3 dex=10", "add Imp4 side=goblins hp=3 dex=10", "next")
	run(t, tr, "dice 4 4 4 4 4 4 4 4", "next")
	hasEvent(t, tr, 0, "Count 4: Ara, Bo, Gob and 5 more act together")
}
