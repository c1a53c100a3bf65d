package main

import (
	"os"
	"runtime/debug"
	"testing"

	"fray/internal/gcpace"
)

func TestGCPercentFor(t *testing.T) {
	for _, c := range []struct {
		prev    int
		gogcSet bool
		want    int
	}{
		{100, false, gcpace.Percent}, // Go's default, GOGC unset
		{200, true, 200},             // GOGC=200 fray
		{-1, true, -1},               // GOGC=off
	} {
		if got := gcpace.For(c.prev, c.gogcSet); got != c.want {
			t.Errorf("gcpace.For(%d, %v) = %d, want %d", c.prev, c.gogcSet, got, c.want)
		}
	}
}

// A load holds the collector (holdGC); once the fight is drawn it
// collects at fray's pace.
func TestPaceAfterTheLoad(t *testing.T) {
	if _, set := os.LookupEnv("GOGC"); set {
		t.Skip("GOGC is set: fray leaves the collector alone")
	}
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	now := func() int {
		p := debug.SetGCPercent(100)
		debug.SetGCPercent(p)
		return p
	}
	prev := holdPace(400)
	if p := now(); p != 400 {
		t.Errorf("while a load holds the collector the setting is %d, want 400", p)
	}
	gcpace.Pace(prev)
	if p := now(); p != gcpace.Percent {
		t.Errorf("after the load the setting is %d, want %d", p, gcpace.Percent)
	}
}

// A command that shows no screen (fray run) goes back to the collector's
// setting before the load, not to the tracker's pace.
func TestReleaseKeepsThePaceBefore(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	now := func() int {
		p := debug.SetGCPercent(100)
		debug.SetGCPercent(p)
		return p
	}
	a := &app{}
	a.holdGC()
	if p := now(); p != 400 {
		t.Errorf("while a load holds the collector the setting is %d, want 400", p)
	}
	a.releaseGC()
	if p := now(); p != 100 {
		t.Errorf("after a command without a screen the setting is %d, want 100, as before the load", p)
	}
}
