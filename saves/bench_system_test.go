package saves

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/systems"
	"fray/rules/systems/bigfight"
)

// Benchmarks with real sheets: every system's demo combatants repeated to
// 1000 (see bigfight), the fight started, with no log and with a
// 10,000-entry log. The other benchmarks use a small test sheet.

// systemFight builds a big fight of a system and its tracker.
func systemFight(b *testing.B, sys rules.System, logLen int) *rules.Tracker {
	b.Helper()
	e, err := bigfight.Build(sys, 1000, logLen, 1)
	if err != nil {
		b.Fatal(err)
	}
	return rules.NewTracker(e, sys)
}

// BenchmarkAutosave measures the save that follows each turn command: the
// GM's usual command is applied (not timed), then the encounter is saved
// (timed). The log's length must not matter.
func BenchmarkAutosave(b *testing.B) {
	for _, sys := range systems.Default().All() {
		for _, logLen := range []int{0, 10000} {
			b.Run(fmt.Sprintf("%s/log=%d", sys.ID(), logLen), func(b *testing.B) {
				tr := systemFight(b, sys, logLen)
				path := filepath.Join(b.TempDir(), "fight.toml")
				save := func(e *model.Encounter) error { return Save(path, e) }
				b.ReportAllocs()
				for b.Loop() {
					b.StopTimer()
					if line := bigfight.Turn(tr); true {
						if _, err := tr.Apply(line); err != nil {
							b.Fatalf("%s: %v", line, err)
						}
					}
					b.StartTimer()
					if err := save(tr.Snapshot()); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkLoadSystem measures Load of a 1000-combatant fight with a
// 10,000-entry log, in every system.
func BenchmarkLoadSystem(b *testing.B) {
	reg := systems.Default()
	for _, sys := range reg.All() {
		b.Run(sys.ID(), func(b *testing.B) {
			tr := systemFight(b, sys, 10000)
			path := filepath.Join(b.TempDir(), "fight.toml")
			if err := Save(path, tr.E); err != nil {
				b.Fatal(err)
			}
			if fi, err := os.Stat(path); err == nil {
				b.SetBytes(fi.Size())
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, _, err := Load(path, reg); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
