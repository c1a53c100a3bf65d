package tui

import (
	"fmt"
	"strconv"
	"syscall"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"fray/model"
	"fray/rules"
	"fray/rules/arm5"
)

// benchModel builds an arm5 encounter of n combatants through the tracker
// (with `add` lines, as a GM would) and a 10,000-entry log, started and
// sized at 100×30.
func benchModel(b *testing.B, n int, opt Options) Model {
	b.Helper()
	sys := arm5.New()
	tr := rules.NewTracker(model.New("arm5", 1), sys)
	for i := 0; i < n; i++ {
		line := fmt.Sprintf("add Fighter%04d side=%s qik=%d dex=1 str=1 sta=1 ability=4 weapon=club init=%d",
			i, []string{"red", "blue"}[i%2], i%3, i%20)
		if _, err := tr.Apply(line); err != nil {
			b.Fatal(err)
		}
	}
	for len(tr.E.Log) < 10000 {
		i := len(tr.E.Log)
		if i%3 == 0 {
			tr.E.Append(model.Entry{Kind: model.KindRoll, Who: "Fighter0001", Why: "attack", Expr: "stress die, 1 botch",
				Faces: []int{1, 7}, Special: "exploded ×2", Total: 14})
		} else {
			tr.E.Event("filler event number %s for the log", strconv.Itoa(i))
		}
	}
	if _, err := tr.Apply("next"); err != nil {
		b.Fatal(err)
	}
	// Draw with real colours, as on a GM's terminal; the goldens' plain
	// profile is restored once the styles are built.
	lipgloss.SetColorProfile(termenv.TrueColor)
	m := sized(tr, opt, 100, 30)
	lipgloss.SetColorProfile(termenv.Ascii)
	_ = m.View()
	return m
}

// BenchmarkKeyPress measures Update and View of one selection key (j and
// k alternating), as the GM moves through the order.
func BenchmarkKeyPress(b *testing.B) {
	for _, n := range []int{10, 100, 1000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			m := benchModel(b, n, Options{})
			keys := []tea.KeyMsg{keyMsg("j"), keyMsg("k")}
			b.ReportAllocs()
			b.ResetTimer()
			c := startCPU()
			for i := 0; i < b.N; i++ {
				m = send(m, keys[i%2])
				_ = m.View()
			}
			c.report(b)
		})
	}
}

// BenchmarkNextTurn measures Update and View of `n`, which applies a
// command through the tracker (snapshot for undo, the turn engine, the
// log) and redraws the order, sheet and log. The saving variant adds the
// snapshot taken for the autosave (the write itself runs off the loop).
func BenchmarkNextTurn(b *testing.B) {
	for _, c := range []struct {
		name string
		opt  Options
	}{{"", Options{}}, {"saving/", Options{Path: "x", Save: func(*model.Encounter) error { return nil }}}} {
		for _, n := range []int{10, 100, 1000} {
			b.Run(c.name+strconv.Itoa(n), func(b *testing.B) {
				benchNext(b, benchModel(b, n, c.opt))
			})
		}
	}
}

func benchNext(b *testing.B, m Model) {
	{
		{
			k := keyMsg("n")
			b.ReportAllocs()
			b.ResetTimer()
			c := startCPU()
			for i := 0; i < b.N; i++ {
				m = send(m, k)
				m.saver.busy = false // as if the last save had reported back
				_ = m.View()
			}
			c.report(b)
		}
	}
}

// BenchmarkStart measures what stands between loading an encounter and
// the first frame: New, the first size message and View.
func BenchmarkStart(b *testing.B) {
	for _, n := range []int{10, 1000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			tr := benchModel(b, n, Options{}).t
			b.ReportAllocs()
			b.ResetTimer()
			c := startCPU()
			for i := 0; i < b.N; i++ {
				m := sized(tr, Options{}, 100, 30)
				_ = m.View()
			}
			c.report(b)
		})
	}
}

// cpuClock reads the process's CPU time (all threads, the collector's
// included). On a shared machine wall time per op swings with the load;
// CPU time per op, reported as cpu-ns/op, is the steadier measure.
type cpuClock struct{ start time.Duration }

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func startCPU() cpuClock { return cpuClock{start: cpuTime()} }

func (c cpuClock) report(b *testing.B) {
	b.ReportMetric(float64(cpuTime()-c.start)/float64(b.N), "cpu-ns/op")
}
