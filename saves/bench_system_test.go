package saves

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

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
// GM's usual command is applied (not timed), then the tracker's snapshot
// is saved (timed). encode is the work of the incremental encoder alone,
// streaming the file's parts with their checksum as a save does;
// save is Session.Save as the screen calls it: encode, write a temporary
// file, fsync, record the save in the journal, rename, fsync the folder.
// The log's length must not change the encoding's cost.
func BenchmarkAutosave(b *testing.B) {
	for _, sys := range systems.Default().All() {
		for _, logLen := range []int{0, 10000} {
			tr := systemFight(b, sys, logLen)
			turn := func(b *testing.B) {
				b.StopTimer()
				if line := bigfight.Turn(tr); true {
					if _, err := tr.Apply(line); err != nil {
						b.Fatalf("%s: %v", line, err)
					}
				}
				b.StartTimer()
			}
			b.Run(fmt.Sprintf("encode/%s/log=%d", sys.ID(), logLen), func(b *testing.B) {
				var enc Encoder
				enc.Encode(tr.Snapshot())
				b.ReportAllocs()
				for b.Loop() {
					turn(b)
					if _, _, err := enc.WriteTo(io.Discard, tr.Snapshot()); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run(fmt.Sprintf("save/%s/log=%d", sys.ID(), logLen), func(b *testing.B) {
				path := filepath.Join(b.TempDir(), "fight.toml")
				if err := Save(path, tr.E); err != nil {
					b.Fatal(err)
				}
				sess, err := Open(path)
				if err != nil {
					b.Fatal(err)
				}
				defer sess.Close()
				if err := sess.StartJournal(tr.E); err != nil {
					b.Fatal(err)
				}
				if err := sess.Save(tr.Snapshot(), tr.Version()); err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				for b.Loop() {
					turn(b)
					if err := sess.Save(tr.Snapshot(), tr.Version()); err != nil {
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
