package main

import "testing"

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
