package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// The collector's pace. Go lets the heap grow to twice what is live
// before it collects, and to 4 MB at least: a fight of a few dozen
// combatants holds well under 1 MB, so most of what its heap takes from
// the system is garbage waiting for a collection. Below smallHeap fray
// collects when the heap has grown by half (GOGC=50), which halves that
// floor too: the 6-combatant demo peaks about 2 MiB lower, for
// collections that cost such a fight microseconds a command. A big fight
// keeps Go's default: there each collection scans megabytes, and
// collecting twice as often adds 5-15% to a turn's CPU, which a loaded
// laptop has no room for (see docs/performance.md). After each
// collection the pace follows the heap then live, so a fight that grows
// big (add 1000 goblin) or small again changes pace with it. The GOGC
// variable, when set, has the last word.
const (
	smallHeapGCPercent = 50
	bigHeapGCPercent   = 100
	// smallHeap is measured in heap objects: once the fight is read and
	// drawn (what it holds, and whatever reading it left for the
	// collector) 0.4 MB for the demo, 4.2–5.4 MB for 1000 combatants with
	// a 10,000-entry log in every system; live after a collection 0.4 and
	// 2.6–3.7 MB.
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

// pacer keeps the collector's pace (gcPercentFor) after each collection,
// unless a load holds it (holdGC).
var pacer struct {
	mu      sync.Mutex
	held    bool // a file is being read: the collector waits (holdGC)
	started bool // the collections are being followed
	percent int  // the setting made last
}

// holdPace sets the collector to percent while a file is read, and
// returns the setting before.
func holdPace(percent int) int {
	pacer.mu.Lock()
	defer pacer.mu.Unlock()
	pacer.held = true
	return debug.SetGCPercent(percent)
}

// paceGC sets the collector for the fight just opened, from what the
// heap holds now (gcPercentFor), and follows the collections from then
// on; prev is the setting it had before.
func paceGC(prev int) {
	_, gogcSet := os.LookupEnv("GOGC")
	pacer.mu.Lock()
	defer pacer.mu.Unlock()
	pacer.held = false
	pacer.percent = gcPercentFor(prev, readHeap("/memory/classes/heap/objects:bytes"), gogcSet)
	debug.SetGCPercent(pacer.percent)
	if !gogcSet && !pacer.started {
		pacer.started = true
		followCollections()
	}
}

// followCollections paces the collector after the next collection and
// every one after it: a cleanup runs once the collector has found its
// object unreachable, and arms the next.
func followCollections() {
	runtime.AddCleanup(&gcSentinel{}, func(struct{}) {
		repace()
		followCollections()
	}, struct{}{})
}

// gcSentinel is an object for a collection to find unreachable; it holds
// a pointer so that the allocator gives it a block of its own.
type gcSentinel struct{ _ *int }

// repace sets the collector for the heap live after the last collection.
func repace() {
	pacer.mu.Lock()
	defer pacer.mu.Unlock()
	if pacer.held {
		return
	}
	if p := gcPercentFor(pacer.percent, readHeap("/gc/heap/live:bytes"), false); p != pacer.percent {
		pacer.percent = p
		debug.SetGCPercent(p)
	}
}

// readHeap reads one of the runtime's heap metrics; unknown, it reads as
// a big heap.
func readHeap(name string) uint64 {
	s := []metrics.Sample{{Name: name}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return smallHeap
	}
	return s[0].Value.Uint64()
}
