package saves

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"fray/model"
	"fray/rules"
	"fray/rules/systems"
)

// BenchmarkAdd1000 times `add 1000 goblin` as the : line runs it: the
// template read from the data folder's files, a thousand copies each
// rolling its hit dice and joining the order, one undo step. Before the
// fight and in the middle of one (where each copy is a late arrival).
func BenchmarkAdd1000(b *testing.B) {
	reg := systems.Default()
	lib := NewLibrary(b.TempDir(), reg)
	for _, id := range []string{"osr", "arm5", "swords"} {
		s, _ := reg.Lookup(id)
		tpl := map[string]string{"osr": "goblin", "arm5": "brigand", "swords": "bandit"}[id]
		for _, mid := range []bool{false, true} {
			name := id + "/before"
			if mid {
				name = id + "/mid-fight"
			}
			b.Run(name, func(b *testing.B) {
				var cpu time.Duration
				for b.Loop() {
					b.StopTimer()
					tr := rules.NewTracker(model.New(id, 1), s)
					tr.SetLibrary(lib)
					if mid {
						benchApply(b, tr, "add Hero side=heroes", "next", "next")
					}
					b.StartTimer()
					start := cpuTime()
					benchApply(b, tr, "add 1000 "+tpl)
					cpu += cpuTime() - start
				}
				b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
			})
		}
	}
}

func benchApply(b *testing.B, tr *rules.Tracker, lines ...string) {
	b.Helper()
	for _, l := range lines {
		if _, err := tr.Apply(l); err != nil {
			b.Fatalf("%s: %v", l, err)
		}
	}
}

// BenchmarkList200 times the library of fights: 200 encounters of twelve
// combatants, each with a 2,000-entry log. files is what L shows at once
// (the names and save times, no file read); read is every file summed up
// and checked that it would open, as fray ls reads them (L reads them one
// by one, off the event loop).
func BenchmarkList200(b *testing.B) {
	dir := b.TempDir()
	e := bigFight(12, 2000)
	for i := range 200 {
		e.Title = fmt.Sprintf("Fight %d", i)
		if err := Save(filepath.Join(dir, fmt.Sprintf("fight-%03d.toml", i)), e); err != nil {
			b.Fatal(err)
		}
	}
	fi, _ := os.Stat(filepath.Join(dir, "fight-000.toml"))
	reg := testReg(b)
	for _, c := range []struct {
		name string
		list func() ([]Summary, error)
	}{
		{"files", func() ([]Summary, error) { return Files(dir) }},
		{"read", func() ([]Summary, error) { return List(dir, reg, "") }},
	} {
		b.Run(c.name, func(b *testing.B) {
			start := cpuTime()
			for b.Loop() {
				sums, err := c.list()
				if err != nil || len(sums) != 200 || sums[0].Err != nil {
					b.Fatalf("%d summaries, %v", len(sums), err)
				}
			}
			b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
			b.ReportMetric(float64(fi.Size())/1024, "KiB/file")
		})
	}
}

// cpuTime is the process's CPU time: on a shared machine wall time per op
// swings with the load, CPU time per op (cpu-ns/op) much less.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
