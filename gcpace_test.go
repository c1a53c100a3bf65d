package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

func TestGCPercentFor(t *testing.T) {
	for _, c := range []struct {
		prev    int
		heap    uint64
		gogcSet bool
		want    int
	}{
		{100, 400 << 10, false, smallHeapGCPercent}, // the demo
		{100, smallHeap - 1, false, smallHeapGCPercent},
		{100, smallHeap, false, bigHeapGCPercent},
		{50, 4500 << 10, false, bigHeapGCPercent}, // 1000 combatants, after a small fight
		{200, 400 << 10, true, 200},               // GOGC=200 fray
		{-1, 4500 << 10, true, -1},                // GOGC=off
	} {
		if got := gcPercentFor(c.prev, c.heap, c.gogcSet); got != c.want {
			t.Errorf("gcPercentFor(%d, %d, %v) = %d, want %d", c.prev, c.heap, c.gogcSet, got, c.want)
		}
	}
}

// After each collection the pace follows the heap live then: a fight
// that grows big moves to Go's default, and back when it is small again.
func TestPaceFollowsTheHeap(t *testing.T) {
	if _, set := os.LookupEnv("GOGC"); set {
		t.Skip("GOGC is set: fray leaves the collector alone")
	}
	runtime.GC()
	if live := readHeap("/gc/heap/live:bytes"); live >= smallHeap/2 {
		t.Skipf("the test process holds %d bytes already", live)
	}
	defer debug.SetGCPercent(debug.SetGCPercent(bigHeapGCPercent))
	paceGC(bigHeapGCPercent)
	now := func() int { // the collector's setting, read where the pacer cannot change it meanwhile
		pacer.mu.Lock()
		defer pacer.mu.Unlock()
		p := debug.SetGCPercent(bigHeapGCPercent)
		debug.SetGCPercent(p)
		return p
	}
	wait := func(want int, why string) {
		t.Helper()
		for range 200 {
			runtime.GC()
			if now() == want {
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
		t.Fatalf("%s: the collector's setting is %d, want %d", why, now(), want)
	}
	wait(smallHeapGCPercent, "a small heap")
	big := make([]*[1024]byte, 4*smallHeap/1024)
	for i := range big {
		big[i] = new([1024]byte)
	}
	wait(bigHeapGCPercent, "a heap grown past smallHeap")
	runtime.KeepAlive(big)
	big = nil
	wait(smallHeapGCPercent, "the heap small again")
	// A load holds the collector: the pacer leaves it alone meanwhile.
	prev := holdPace(400)
	runtime.GC()
	runtime.GC()
	time.Sleep(20 * time.Millisecond)
	if p := now(); p != 400 {
		t.Errorf("while a load holds the collector the pacer set %d", p)
	}
	paceGC(prev)
	if p := now(); p != smallHeapGCPercent {
		t.Errorf("after the load the setting is %d, want %d", p, smallHeapGCPercent)
	}
}
