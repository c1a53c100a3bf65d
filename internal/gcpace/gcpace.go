// Package gcpace holds the collector's pace fray runs at, so that the
// tracker and the benchmarks that time its keys collect alike.
package gcpace

import (
	"os"
	"runtime/debug"
)

// Percent is the collector's setting (GOGC) fray runs a fight at. Go lets
// the heap grow to twice what is live before it collects (GOGC=100), so a
// process's heap peaks at about twice what it keeps. fray collects when
// the heap has grown by half (GOGC=50), at every size: the 6-combatant
// demo peaks about 2 MiB lower for collections that cost it microseconds
// a command, and a fight of 1000 about 2 MiB lower for 5-15% more CPU a
// turn key, which the keys have room for since they take 0.12-0.25 ms of
// the 0.3 allowed (docs/performance.md, "The collector's settings").
const Percent = 50

// For is the collector's setting; prev, the setting before, stays when
// the GOGC variable is set: it has the last word.
func For(prev int, gogcSet bool) int {
	if gogcSet {
		return prev
	}
	return Percent
}

// Set sets the collector's pace as fray runs, unless GOGC is set, and
// returns the setting before.
func Set() int {
	prev := debug.SetGCPercent(Percent)
	Pace(prev)
	return prev
}

// Pace sets the collector's pace as fray runs (For); prev is the setting
// it had before, which stays when GOGC is set.
func Pace(prev int) {
	_, gogcSet := os.LookupEnv("GOGC")
	debug.SetGCPercent(For(prev, gogcSet))
}
