package main

import (
	"os"
	"runtime/debug"
	"runtime/metrics"
)

// The collector's pace once a fight is open. Go lets the heap grow to
// twice what is live before it collects, and to 4 MB at least: a fight
// of a few dozen combatants holds well under 1 MB, so most of what its
// heap takes from the system is garbage waiting for a collection. Below
// smallHeap fray collects when the heap has grown by half (GOGC=50),
// which halves that floor too: the 6-combatant demo peaks about 2 MiB
// lower, for collections that cost such a fight microseconds a command.
// A big fight keeps Go's default: there each collection scans megabytes,
// and collecting twice as often adds some 15% to a turn's work (see
// docs/performance.md). The GOGC variable, when set, has the last word.
const (
	smallHeapGCPercent = 50
	bigHeapGCPercent   = 100
	// smallHeap is measured in heap objects once the fight is read and
	// drawn (what it holds, and whatever reading it left for the
	// collector): 0.4 MB for the demo, 4.2–5.4 MB for 1000 combatants
	// with a 10,000-entry log in every system.
	smallHeap = 2 << 20
)

// gcPercentFor is the collector's setting for a fight whose heap holds
// heap bytes; prev, the setting before, stays when GOGC is set.
func gcPercentFor(prev int, heap uint64, gogcSet bool) int {
	switch {
	case gogcSet:
		return prev
	case heap < smallHeap:
		return smallHeapGCPercent
	}
	return bigHeapGCPercent
}

// paceGC sets the collector for the fight just opened (gcPercentFor);
// prev is the setting it had before.
func paceGC(prev int) {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	heap := uint64(smallHeap) // unknown: as a big fight
	if s[0].Value.Kind() == metrics.KindUint64 {
		heap = s[0].Value.Uint64()
	}
	_, set := os.LookupEnv("GOGC")
	debug.SetGCPercent(gcPercentFor(prev, heap, set))
}
