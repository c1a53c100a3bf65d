package main

import (
	"os"
	"runtime/debug"

	"fray/internal/gcpace"
)

// gcPercent is the collector's pace for a fight (gcpace.Percent, shared
// with the benchmarks that time the keys).
const gcPercent = gcpace.Percent

// gcPercentFor is the collector's setting; prev, the setting before,
// stays when GOGC is set.
func gcPercentFor(prev int, gogcSet bool) int { return gcpace.For(prev, gogcSet) }

// holdPace sets the collector to percent while a file is read (holdGC),
// and returns the setting before.
func holdPace(percent int) int { return debug.SetGCPercent(percent) }

// paceGC sets the collector's pace for the fight just opened; prev is
// the setting it had before.
func paceGC(prev int) {
	_, gogcSet := os.LookupEnv("GOGC")
	debug.SetGCPercent(gcPercentFor(prev, gogcSet))
}
