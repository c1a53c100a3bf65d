package model

import (
	"fmt"
	"time"
)

// Every number an encounter keeps has a range, far beyond any real fight
// and far inside what the machine can count, so that no number can wrap
// around: the loader refuses a file with a number outside it, and the
// tracker refuses a command that would take one outside it (see
// rules.Tracker.Apply). A system's sheet fields have the ranges its Set
// accepts.
const (
	// MaxRound is the last round fray counts: a round a second for
	// eleven days.
	MaxRound = 1_000_000
	// MaxID is the largest combatant ID; NextID may be one more.
	MaxID = 999_999_999
	// MaxNumber bounds every other whole number, either way: scores,
	// tie-breaks, counts, totals, tallies.
	MaxNumber = 1_000_000_000
	// MaxDuration bounds the fight's clock: a hundred years.
	MaxDuration = 100 * 365 * 24 * time.Hour
)

// RangeError says a number is outside the range fray keeps.
type RangeError struct {
	What     string // "round", "Paul's init"
	Value    int64
	Min, Max int64
}

func (e *RangeError) Error() string {
	return fmt.Sprintf("%s %d is out of the range fray keeps (%d to %d)", e.What, e.Value, e.Min, e.Max)
}

// InRange returns a *RangeError if v is outside min..max, else nil.
func InRange(what string, v, min, max int64) error {
	if v < min || v > max {
		return &RangeError{What: what, Value: v, Min: min, Max: max}
	}
	return nil
}

// firstErr returns the first non-nil error of checks made in order.
func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// CheckNumbers checks the encounter's own numbers (not its combatants'
// nor its log's: see Combatant.CheckNumbers and Entry.CheckNumbers).
func (e *Encounter) CheckNumbers() error {
	err := firstErr(
		InRange("round", int64(e.Round), 0, MaxRound),
		InRange("count", int64(e.Count), -MaxNumber, MaxNumber),
		InRange("next id", int64(e.NextID), 1, MaxID+1),
		InRange("current", int64(e.Current), 0, MaxID),
		InRange("the fight's time", int64(e.Clock.Fight), 0, int64(MaxDuration)),
		InRange("the turn's time", int64(e.Clock.Turn), 0, int64(MaxDuration)),
	)
	if err != nil {
		return err
	}
	for _, f := range e.Queue {
		if err := InRange("a queued face", int64(f), 0, MaxNumber); err != nil {
			return err
		}
	}
	return nil
}

// CheckNumbers checks a combatant's numbers. The message, which names
// the combatant, is written only for a number out of range: the tracker
// checks every combatant a command changed.
func (c *Combatant) CheckNumbers() error {
	vs := [len(combatantBounds)]int64{int64(c.ID), int64(c.Init), int64(c.Tie), int64(c.Status),
		int64(c.Turns), int64(c.Strikes.Attacks), int64(c.Strikes.Hits), int64(c.Strikes.Dealt),
		int64(c.Strikes.Taken), int64(c.TurnTime)}
	for i, v := range vs {
		if b := &combatantBounds[i]; v < b.min || v > b.max {
			return InRange(c.Name+"'s "+b.what, v, b.min, b.max)
		}
	}
	for _, k := range c.Conds {
		for _, b := range [...]bound{{" expiry round", int64(k.Expires), 0, MaxRound}, {" turn", int64(k.Who), 0, MaxID}} {
			if b.out() {
				return InRange(c.Name+"'s "+k.Label+b.what, b.v, b.min, b.max)
			}
		}
	}
	for _, id := range c.Engaged {
		if b := (bound{"engaged id", int64(id), 1, MaxID}); b.out() {
			return InRange(c.Name+"'s "+b.what, b.v, b.min, b.max)
		}
	}
	return nil
}

// bound is a number with its range and what it is, for a message.
// combatantBounds are the ranges of a combatant's numbers, in the order
// CheckNumbers lists them.
var combatantBounds = [...]bound{
	{"id", 0, 1, MaxID},
	{"init", 0, -MaxNumber, MaxNumber},
	{"tie-break", 0, -MaxNumber, MaxNumber},
	{"status", 0, int64(Active), int64(Dead)},
	{"turns", 0, 0, MaxNumber},
	{"attacks", 0, 0, MaxNumber},
	{"hits", 0, 0, MaxNumber},
	{"harm dealt", 0, 0, MaxNumber},
	{"harm taken", 0, 0, MaxNumber},
	{"time", 0, 0, int64(MaxDuration)},
}

type bound struct {
	what        string
	v, min, max int64
}

func (b bound) out() bool { return b.v < b.min || b.v > b.max }

// CheckNumbers checks a log entry's numbers.
func (en *Entry) CheckNumbers() error {
	err := firstErr(
		InRange("a log entry's round", int64(en.Round), 0, MaxRound),
		InRange("a roll's total", int64(en.Total), -MaxNumber, MaxNumber),
	)
	if err != nil {
		return err
	}
	for _, f := range en.Faces {
		if err := InRange("a die's face", int64(f), -MaxNumber, MaxNumber); err != nil {
			return err
		}
	}
	return nil
}
