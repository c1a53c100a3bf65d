package tui

import (
	"runtime"
	"runtime/debug"
	"testing"
)

// TestNewStack: building the screen leaves the goroutine that builds it
// (the event loop's, in fray) with a small stack. Chained Style calls
// written out in newStyles and newRowInks once gave them frames of 147
// and 40 KB, and New one of 71 KB, which took that stack to 512 KB on the
// way to the first frame (look.style).
func TestNewStack(t *testing.T) {
	mk := demoTrackers(t)["arm5/brawl"]
	if mk == nil {
		t.Fatal("no arm5 brawl demo")
	}
	tr := mk()
	// No collection meanwhile: it would shrink the stack, and move the
	// figure.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	grew := make(chan uint64)
	go func() {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		m := New(tr, Options{})
		runtime.ReadMemStats(&after)
		runtime.KeepAlive(m)
		grew <- after.StackInuse - before.StackInuse
	}()
	if g := <-grew; g > 128<<10 {
		t.Errorf("building the screen took the stack %d KB further, want at most 128", g>>10)
	} else {
		t.Logf("stack: %d KB more", g>>10)
	}
}
