package sst

import (
	"runtime"
	"strconv"
	"sync"
	"testing"
	"unsafe"
)

// The table of hands' texts that views share (knownFaces) is written
// once per text and found again by every view after the one that wrote
// it; a view that meets a new hand once the table holds thousands copies
// only a small part of the table, not all of it (a copy of 2000 entries
// is some 100 KB, and sst's spend meets a new hand most presses).
func TestFaceTableKeepsCheaply(t *testing.T) {
	old := knownFaces.Load()
	t.Cleanup(func() { knownFaces.Store(old) })
	knownFaces.Store(nil)
	hand := func(i int) []byte { return []byte("6 6 " + strconv.Itoa(i)) }
	for i := range 2000 { // one view a new hand, as presses of S … enter
		ft := loadFaces()
		ft.text(hand(i))
		ft.keep()
	}
	ft := loadFaces()
	first := ft.text(hand(7))
	if again := loadFaces(); unsafe.StringData(again.text(hand(7))) != unsafe.StringData(first) {
		t.Error("a hand's text was written twice")
	}
	if got := ft.text(hand(1999)); got != "6 6 1999" {
		t.Errorf("text %q", got)
	}
	if len(ft.fresh) != 0 {
		t.Errorf("%d hands the table had are fresh", len(ft.fresh))
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := range 64 {
		ft := loadFaces()
		ft.text(hand(5000 + i))
		ft.keep()
	}
	runtime.ReadMemStats(&after)
	per := (after.TotalAlloc - before.TotalAlloc) / 64
	t.Logf("%d bytes a view that meets a new hand, 2000 known", per)
	if per > 8<<10 {
		t.Errorf("a new hand cost %d bytes a view, with 2000 known", per)
	}
}

// The table is read by views on several goroutines (players' screens)
// while one adds to it.
func TestFaceTableShared(t *testing.T) {
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 300 {
				ft := loadFaces()
				if s := ft.text([]byte("5 " + strconv.Itoa(g*1000+i))); s == "" {
					t.Error("no text")
				}
				ft.keep()
			}
		}()
	}
	wg.Wait()
}
