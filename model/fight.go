package model

import "time"

// Clock is how long a fight has run. It keeps durations brought up to date
// at each command rather than a start time, so that the weeks a file spends
// closed between sessions never count: a program that opens a running
// fight moves Mark to its own start (see rules.Tracker.SetClock).
type Clock struct {
	Fight time.Duration // the whole fight, up to Mark
	Turn  time.Duration // the current turn, up to Mark
	// Mark is when Fight and Turn were last brought up to date. It is
	// zero while the clock stands: before the fight, after its end, or
	// when nobody keeps time.
	Mark time.Time
}

// Running reports whether the clock is counting.
func (c Clock) Running() bool { return !c.Mark.IsZero() }

// At returns the fight's and the current turn's time as of now: the kept
// durations, plus the time since Mark while the clock runs. A now before
// Mark (a clock set back) adds nothing.
func (c Clock) At(now time.Time) (fight, turn time.Duration) {
	fight, turn = c.Fight, c.Turn
	if c.Running() {
		if d := now.Sub(c.Mark); d > 0 {
			fight += d
			turn += d
		}
	}
	return fight, turn
}

// Paused reports whether the clock would run but nobody keeps it: kept
// says whether a tracker has the fight open. A reader of a file nobody
// has open sees the clock stand where the last save left it, since the
// tracker counts none of that time on reopening.
func (c Clock) Paused(kept bool) bool { return c.Running() && !kept }

// ReadAt returns the moment a reader should read the clock at (see At):
// now, or Mark while the clock is paused.
func (c Clock) ReadAt(now time.Time, kept bool) time.Time {
	if c.Paused(kept) {
		return c.Mark
	}
	return now
}

// Tally counts what a combatant did and suffered over the fight, for the
// summary and the report. Harm is counted in steps of the harm scale all
// systems share (rules.Severity): unhurt to badly hurt is two.
type Tally struct {
	Turns   int           // turns begun
	Attacks int           // attacks made (one per target)
	Hits    int           // of those, the ones that did harm
	Dealt   int           // harm its attacks did, in steps of the scale
	Taken   int           // harm it suffered from anything, in steps
	Time    time.Duration // time its turns took
}

// IsZero reports whether nothing has been counted.
func (t Tally) IsZero() bool { return t == Tally{} }
