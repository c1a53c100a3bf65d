package serve

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"fray/rules"
	"fray/rules/systems"
	"fray/rules/systems/bigfight"
	"fray/saves"
)

// BenchmarkSaveReachesPlayer times, end to end, how long after a save of
// a 1000-combatant fight (with a 10,000-entry log) lands on disk a player
// connected over SSH sees it: the wait for Follow's next look, reading
// the file, the players' view, drawing and sending the frame. The budget
// is 200 ms; fray's own part of it is BenchmarkReload in tui/player.
func BenchmarkSaveReachesPlayer(b *testing.B) {
	reg := systems.Default()
	sys, err := reg.Lookup("arm5")
	if err != nil {
		b.Fatal(err)
	}
	e, err := bigfight.Build(sys, 1000, 10000, 1)
	if err != nil {
		b.Fatal(err)
	}
	f := &fight{path: filepath.Join(b.TempDir(), "big.toml"), tr: rules.NewTracker(e, sys)}
	if err := saves.Save(f.path, f.tr.Snapshot()); err != nil {
		b.Fatal(err)
	}
	_, addr := startServer(b, f, Config{})
	p := connect(b, addr, nil, 120, 40)
	cur := f.tr.E.ByID(f.tr.E.Current).Name
	_, mark := p.waitFor(cur, 0, 10*time.Second)
	b.ResetTimer()
	var total time.Duration
	for i := 0; i < b.N; i++ {
		name := fmt.Sprintf("Turn%d", i)
		b.StopTimer()
		if _, err := f.tr.Apply("set " + rules.Quote(cur) + " name=" + name); err != nil {
			b.Fatal(err)
		}
		snap := f.tr.Snapshot()
		b.StartTimer()
		start := time.Now()
		if err := saves.Save(f.path, snap); err != nil {
			b.Fatal(err)
		}
		_, mark = p.waitFor(name+"'s turn", mark, 10*time.Second)
		total += time.Since(start)
		cur = name
	}
	b.ReportMetric(float64(total.Milliseconds())/float64(b.N), "ms/save")
}
