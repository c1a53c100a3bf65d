package saves

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

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
// GM's usual command is applied (not timed), then the tracker's snapshot
// is saved (timed). encode is the work of the incremental encoder alone,
// streaming the file's parts with their checksum as a save does;
// save is Session.Save as the screen calls it, on the fight loaded as the
// tracker loads it (the encoder's tables taken from the file, then kept
// as the journal's base keeps them): flush the folder (the last swap),
// encode and write over the spare, fsync, record the save in the
// journal, swap the names (spare.go; elsewhere a new file and a rename).
// The log's length must not change the encoding's cost. cpu-ms/op is the
// CPU the save uses (all threads, user and system): the rest of its
// ns/op is waiting for the disk to take the file.
func BenchmarkAutosave(b *testing.B) {
	for _, sys := range systems.Default().All() {
		for _, logLen := range []int{0, 10000} {
			tr := systemFight(b, sys, logLen)
			turn := func(b *testing.B, tr *rules.Tracker) {
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
					turn(b, tr)
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
				// Opened as the tracker opens it: the journal's base
				// takes the encoder's tables from the file read.
				sess, err := Open(path)
				if err != nil {
					b.Fatal(err)
				}
				defer sess.Close()
				tr, err := sess.Load(systems.Default())
				if err != nil {
					b.Fatal(err)
				}
				if err := sess.StartJournal(tr.Snapshot()); err != nil {
					b.Fatal(err)
				}
				if err := sess.Save(tr.Snapshot(), tr.Version()); err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				var cpu time.Duration
				for b.Loop() {
					turn(b, tr)
					start := cpuTime()
					if err := sess.Save(tr.Snapshot(), tr.Version()); err != nil {
						b.Fatal(err)
					}
					cpu += cpuTime() - start
				}
				b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
			})
		}
	}
}

// BenchmarkLoadSystem measures Load of a 1000-combatant fight with a
// 10,000-entry log, in every system, as every reader but the tracker's
// screen loads (BenchmarkLoadLater). cpu-ns/op counts every goroutine's
// share (the log and half the combatants are read on another core), the
// steadier measure on a busy machine.
func BenchmarkLoadSystem(b *testing.B) {
	reg := systems.Default()
	for _, sys := range reg.All() {
		b.Run(sys.ID(), func(b *testing.B) {
			path := systemFile(b, sys)
			if fi, err := os.Stat(path); err == nil {
				b.SetBytes(fi.Size())
			}
			b.ReportAllocs()
			start := cpuTime()
			for b.Loop() {
				if _, _, err := Load(path, reg); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
		})
	}
}

// systemFile saves systemFight's 1000 combatants and 10,000 log entries
// of sys in a file for the benchmark and returns its path.
func systemFile(b *testing.B, sys rules.System) string {
	path := filepath.Join(b.TempDir(), "fight.toml")
	if err := Save(path, systemFight(b, sys, 10000).E); err != nil {
		b.Fatal(err)
	}
	return path
}

// BenchmarkLoadLater measures what the tracker waits for before its first
// frame at 1000 combatants with a 10,000-entry log, in every system: the
// session's Load with the log's check left for after it
// (Session.CheckLogLater). The check is waited for untimed; cpu-ns/op
// counts every goroutine's share of the timed part.
func BenchmarkLoadLater(b *testing.B) {
	reg := systems.Default()
	for _, sys := range reg.All() {
		b.Run(sys.ID(), func(b *testing.B) {
			path := systemFile(b, sys)
			var cpu time.Duration // no allocations reported: the check's run beside the timed part
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				sess, err := Open(path)
				if err != nil {
					b.Fatal(err)
				}
				sess.CheckLogLater()
				start := cpuTime()
				b.StartTimer()
				if _, err := sess.Load(reg); err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				cpu += cpuTime() - start
				if err := sess.LogChecked(); err != nil {
					b.Fatal(err)
				}
				sess.Close()
				b.StartTimer()
			}
			b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
		})
	}
}

// BenchmarkSheetFields measures what the loader does with the sheets of
// a 1000-combatant fight, in every system: a blank sheet each, then each
// field of the file set on it (the file's parse is not timed).
func BenchmarkSheetFields(b *testing.B) {
	for _, sys := range systems.Default().All() {
		b.Run(sys.ID(), func(b *testing.B) {
			var buf bytes.Buffer
			if err := Encode(&buf, systemFight(b, sys, 0).E); err != nil {
				b.Fatal(err)
			}
			root, ok := fastParse(buf.String())
			if !ok {
				b.Fatal("the file does not parse")
			}
			tables := root.get("combatant").list
			b.ReportAllocs()
			for b.Loop() {
				d := &decoder{name: "fight.toml"}
				for _, t := range tables {
					c := &model.Combatant{Profile: &model.Profile{Name: "x"}}
					if err := d.sheet(c, t.line, t.get("sheet"), sys); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// BenchmarkSessionLoad measures the tracker's load (Session.Load, as
// `fray FILE` makes it) of a 1000-combatant fight with a 10,000-entry
// log, in every system, with what it allocates: opening the session, the
// load with the log's check left for after it (Session.CheckLogLater),
// the check waited for, closing. cpu-ns/op counts every goroutine's share.
func BenchmarkSessionLoad(b *testing.B) {
	reg := systems.Default()
	for _, sys := range reg.All() {
		b.Run(sys.ID(), func(b *testing.B) {
			path := systemFile(b, sys)
			b.ReportAllocs()
			start := cpuTime()
			for b.Loop() {
				sess, err := Open(path)
				if err != nil {
					b.Fatal(err)
				}
				sess.CheckLogLater()
				if _, err := sess.Load(reg); err != nil {
					b.Fatal(err)
				}
				if err := sess.LogChecked(); err != nil {
					b.Fatal(err)
				}
				sess.Close()
			}
			b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
		})
	}
}
