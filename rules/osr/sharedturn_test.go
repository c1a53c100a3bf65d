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
	from := tr.E.Log.Len()
	run(t, tr, "next")
	hasEvent(t, tr, from, "The turn of Ara and Gob took 0:40")
	at = at.Add(5 * time.Second)
	from = tr.E.Log.Len()
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

// Everyone who acted at a count took a turn, and the count's time: the
// fight's summary counts each of them, not only the first. The last
// count of a round is theirs too, though the next round has begun by the
// time it is counted; a step back and on again counts the count once.
func TestCountCountsATurnForEachWhoActedAtIt(t *testing.T) {
	tr := fourAt(t, "5", "3", "5", "2")
	at := time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)
	tr.SetClock(func() time.Time { return at })
	run(t, tr, "set Ara hp=10")
	at = at.Add(40 * time.Second)
	run(t, tr, "next", "prev", "next") // count 3 (Bo), back to 5 and on again
	at = at.Add(5 * time.Second)
	run(t, tr, "next") // count 2: Grub
	run(t, tr, "add Imp side=goblins hp=3 dex=10", "dice 2", "set Imp init=2")
	at = at.Add(10 * time.Second)
	run(t, tr, "next") // the last count ends: round 2 begins
	want := map[string][2]int{"Ara": {1, 40}, "Gob": {1, 40}, "Bo": {1, 5}, "Grub": {1, 10}, "Imp": {1, 10}}
	for name, w := range want {
		cb := comb(t, tr, name)
		if cb.Tally().Turns != w[0] || cb.Tally().Time != time.Duration(w[1])*time.Second {
			t.Errorf("%s: %d turns, %s; want %d, %ds", name, cb.Tally().Turns, cb.Tally().Time, w[0], w[1])
		}
	}
}

// fray run keeps no undo history, so the state before a command shares
// its combatants with the state after: the tallies must come out the
// same all the same, the last count of each round too (its marks are
// cleared as the next round begins), and the harm a hit did.
func TestSharedCountTalliesAlikeWithAndWithoutUndo(t *testing.T) {
	tally := func(history bool) map[string][2]int {
		tr := newTracker(t, addAra, addBo, addGob, addGrub, "next")
		tr.SetHistory(history)
		at := time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)
		tr.SetClock(func() time.Time { return at })
		run(t, tr, "dice 5 2 5 2", "next") // count 5: Ara, Gob; count 2: Bo, Grub
		at = at.Add(7 * time.Second)
		run(t, tr, "next")
		at = at.Add(5 * time.Second)
		run(t, tr, "next", "dice 4 4 1 1", "next") // round 2: Ara, Bo at 4; Gob, Grub at 1
		run(t, tr, "dice 15 4", "attack Ara Gob")  // a hit for 4
		at = at.Add(3 * time.Second)
		run(t, tr, "next")
		at = at.Add(2 * time.Second)
		run(t, tr, "end")
		got := map[string][2]int{}
		for _, cb := range tr.E.Combatants {
			got[cb.Name] = [2]int{cb.Tally().Turns, int(cb.Tally().Time / time.Second)}
			got[cb.Name+" hits, taken, dealt"] = [2]int{cb.Tally().Hits, cb.Tally().Taken*100 + cb.Tally().Dealt}
		}
		return got
	}
	with, without := tally(true), tally(false)
	for name, w := range with {
		if without[name] != w {
			t.Errorf("%s: %v without undo, %v with", name, without[name], w)
		}
	}
	// Gob falls to Ara's hit (3 steps of harm) before his count in round 2.
	want := map[string][2]int{"Ara": {2, 10}, "Gob": {1, 7}, "Bo": {2, 8}, "Grub": {2, 7},
		"Ara hits, taken, dealt": {1, 0*100 + 3}, "Gob hits, taken, dealt": {0, 3*100 + 0}}
	for name, w := range want {
		if with[name] != w {
			t.Errorf("%s: %v with undo, want %v", name, with[name], w)
		}
	}
}

// A fight ended during a shared count and taken up again (resume) goes
// on with that count: those who shared it count it once, when it ends
// for good, not once at the end and again at the next count.
func TestSharedCountResumedCountsOnce(t *testing.T) {
	for _, history := range []bool{true, false} {
		tr := fourAt(t, "5", "3", "5", "2")
		tr.SetHistory(history)
		run(t, tr, "end", "resume", "next")
		for _, name := range []string{"Ara", "Gob"} {
			if n := comb(t, tr, name).Tally().Turns; n != 1 {
				t.Errorf("history %v: %s took %d turns at count 5, want 1", history, name, n)
			}
		}
	}
}
