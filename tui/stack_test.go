package tui

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
)

// stackGrowth runs f on a goroutine whose stack is 32 KB, with no
// collection to shrink it meanwhile, and returns how far f took it past
// 32 KB: 0 if f fit. A stack of 32 KB or more is a span of its own, and
// the one it outgrows goes back at once, so the heap's stack bytes move
// by exactly that much.
//
// Every key press runs on the event loop's goroutine. A press that takes
// it past 32 KB copies it to a new one of 64 KB, which the next
// collection hands back and the next press takes again; building the
// screen did so up to 512 KB before the first frame, the peak of a small
// fight (docs/performance.md, "Peak memory").
func stackGrowth(t *testing.T, f func()) int64 {
	if raceEnabled {
		t.Skip("the race detector's frames are bigger: the figure is fray's own")
	}
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	// The heap's stack bytes are everyone's: a goroutine left by another
	// test may start or end meanwhile. The least of three runs is f's.
	least := int64(math.MaxInt64)
	for range 3 {
		grew := make(chan int64)
		go func() {
			deep(18) // some 18 KB: the stack becomes 32 KB
			runtime.ReadMemStats(&stackBefore)
			f()
			runtime.ReadMemStats(&stackAfter)
			grew <- int64(stackAfter.StackInuse) - int64(stackBefore.StackInuse)
		}()
		least = min(least, <-grew)
	}
	return least
}

// stackBefore and stackAfter are stackGrowth's readings, 5 KB each: not
// on the stack it measures.
var stackBefore, stackAfter runtime.MemStats

// deep uses a KB of stack for each n.
func deep(n int) byte {
	var b [1000]byte
	b[n] = byte(n)
	if n > 0 {
		return deep(n-1) + b[n]
	}
	return b[0]
}

func brawlModel(t *testing.T) func() *Model {
	mk := demoTrackers(t)["arm5/brawl"]
	if mk == nil {
		t.Fatal("no arm5 brawl demo")
	}
	return func() *Model { return sized(mk(), Options{}, 120, 40) }
}

// TestNewStack: chained Style calls written out in newStyles and
// newRowInks once gave them frames of 147 and 40 KB, and New one of 71
// KB, which took the stack to 512 KB (look.style); it now goes to 64.
func TestNewStack(t *testing.T) {
	mk := brawlModel(t)
	var m *Model
	if g := stackGrowth(t, func() { m = mk() }); g > 32<<10 {
		t.Errorf("building the screen took the stack %d KB past 32, want at most 32", g>>10)
	}
	runtime.KeepAlive(m)
}

// TestKeyStack: turn keys and the frames they draw fit in 32 KB. Update's
// frame was 21.6 KB (the form and text input it copies for a cursor's
// blink, now in updateInputs), which took every press past 32 KB.
func TestKeyStack(t *testing.T) {
	m := brawlModel(t)()
	if g := stackGrowth(t, func() {
		for range 3 {
			m = press(m, "n")
			m.View()
		}
	}); g > 0 {
		t.Errorf("three turn keys took the stack %d KB past 32, want them to fit", g>>10)
	}
}
