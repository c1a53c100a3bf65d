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
