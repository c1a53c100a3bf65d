package tui

import (
	"runtime"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"fray/rules/systems"
	"fray/saves"
	"fray/saves/savestest"
)

// BenchmarkLiveHeap measures what a big fight keeps in memory as the
// tracker runs it: a file of 1000 combatants with a 10,000-entry log,
// opened through a session (its journal begun, the first frame drawn at
// 120×40), then 100 steps of the GM's turn keys (turnPlay: n; P in sst;
// enter and P in factions), each saved as autosave saves it. It reports the heap live
// after a collection once the first frame is drawn, before the journal's
// base is written (live-MB-start), and after the presses (live-MB-100); the collector lets the heap grow to
// about twice what is live before it runs, so that is what the process's
// peak follows. Run it with -benchtime 1x.
func BenchmarkLiveHeap(b *testing.B) {
	for _, sys := range systems.Default().All() {
		b.Run(sys.ID(), func(b *testing.B) {
			_, path := savestest.BigFile(b, sys, 1000, 10000, 1)
			var start, after uint64
			for range b.N {
				start, after = liveHeap(b, path, sys.ID())
			}
			b.ReportMetric(float64(start)/1e6, "live-MB-start")
			b.ReportMetric(float64(after)/1e6, "live-MB-100")
		})
	}
}

// liveHeap opens path as the tracker does and returns the heap it keeps
// once drawn and after 100 steps of system id's turn keys.
func liveHeap(b *testing.B, path, id string) (start, after uint64) {
	live := func() uint64 {
		var ms runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	base := live()
	sess, err := saves.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer sess.Close()
	tr, err := sess.Load(systems.Default())
	if err != nil {
		b.Fatal(err)
	}
	if err := sess.BeginJournal(tr.Snapshot()); err != nil {
		b.Fatal(err)
	}
	lipgloss.SetColorProfile(termenv.TrueColor)
	m := sized(tr, Options{Path: path, Store: sess}, 120, 40)
	lipgloss.SetColorProfile(termenv.Ascii)
	_ = m.View()
	start = live() - base
	sess.LaunchJournal()
	play := turnPlay{sys: id}
	for range 100 {
		for _, k := range play.keys(b, m) {
			m = sendCmd(m, keyMsg(k))
			_ = m.View()
		}
	}
	if m.saver.fileVer != m.t.Version() || m.t.Version() < 100 {
		b.Fatalf("after 100 steps of %s's turn the file holds version %d of %d", id, m.saver.fileVer, m.t.Version())
	}
	after = live() - base
	runtime.KeepAlive(m)
	return start, after
}
