package main

import "runtime/debug"

// holdPace sets the collector to percent while a file is read (holdGC),
// and returns the setting before.
func holdPace(percent int) int { return debug.SetGCPercent(percent) }
