package main

import (
	"os"
	"runtime/debug"
)

// The collector's pace. Go lets the heap grow to twice what is live
// before it collects (GOGC=100), so a process's heap peaks at about
// twice what it keeps. fray collects when the heap has grown by half
// (GOGC=50), at every size: the 6-combatant demo peaks about 2 MiB
// lower for collections that cost it microseconds a command, and a
// fight of 1000 about 2 MiB lower for 5-15% more CPU a turn key, which
// the keys have room for since they take 0.12-0.25 ms of the 0.3 allowed
// (docs/performance.md, "The collector's settings"). The GOGC variable,
// when set, has the last word.
const gcPercent = 50

// gcPercentFor is the collector's setting; prev, the setting before,
// stays when GOGC is set.
func gcPercentFor(prev int, gogcSet bool) int {
	if gogcSet {
		return prev
	}
	return gcPercent
}

// holdPace sets the collector to percent while a file is read (holdGC),
// and returns the setting before.
func holdPace(percent int) int { return debug.SetGCPercent(percent) }

// paceGC sets the collector's pace for the fight just opened; prev is
// the setting it had before.
func paceGC(prev int) {
	_, gogcSet := os.LookupEnv("GOGC")
	debug.SetGCPercent(gcPercentFor(prev, gogcSet))
}
