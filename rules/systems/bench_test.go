package systems_test

import (
	"fmt"
	"runtime"
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/systems"
	"fray/rules/systems/bigfight"
)

// BenchmarkNextAndOrder measures, for every shipped system, the command a
// game master types for the next turn (next; in sst paying for an action
// or next; in factions activating a character or passing) through the
// tracker, plus the order view the screen draws after it: 1000 combatants
// with the sheets of the system's demo and a 10,000-entry log. Every
// command must succeed, so no error path is timed.
func BenchmarkNextAndOrder(b *testing.B) {
	for _, sys := range systems.Default().All() {
		b.Run(sys.ID(), func(b *testing.B) {
			e, err := bigfight.Build(sys, 1000, 10000, 1)
			if err != nil {
				b.Fatal(err)
			}
			tr := rules.NewTracker(e, sys)
			b.ReportAllocs()
			for b.Loop() {
				line := bigfight.Turn(tr)
				if _, err := tr.Apply(line); err != nil {
					b.Fatalf("%s: %v", line, err)
				}
				_ = sys.Order(tr.E)
			}
		})
	}
}

// BenchmarkScriptAdds measures a script of 10,000 adds as fray run applies
// it (no undo history: the first failing line leaves the file as it was),
// in every system: each add places the newcomer in the order by binary
// search instead of sorting everyone again.
func BenchmarkScriptAdds(b *testing.B) {
	lines := make([]string, 10000)
	for i := range lines {
		lines[i] = fmt.Sprintf("add F%05d side=s%d init=%d", i, i%2, 1+i%20)
	}
	for _, sys := range systems.Default().All() {
		if sys.ID() == "factions" {
			continue // no initiative scores: adds take no init=
		}
		b.Run(sys.ID(), func(b *testing.B) {
			for b.Loop() {
				tr := rules.NewTracker(model.New(sys.ID(), 1), sys)
				tr.SetHistory(false)
				for _, l := range lines {
					if _, err := tr.Apply(l); err != nil {
						b.Fatalf("%s: %v", l, err)
					}
				}
			}
		})
	}
}

// BenchmarkLogAfterUndo measures what the log allocates in arm5 at 1000
// combatants with a 10,000-entry log, where a log kept as one slice made
// its two big copies (model.Log keeps it in blocks now):
//
//   - undo: the GM's turn command right after an undo (the command and
//     the undo before it untimed, their bytes not counted). Undo cuts the
//     log so that what comes after cannot write over entries a save may
//     still read; the first entry after it copied the whole log (2.9 MB at
//     10,000 entries), and copies at most the last block now (18 KB).
//   - turn: the same command after one not undone, to compare with.
//   - grow: 1024 entries an op added to the fight's log as commands add
//     them (model.Encounter.Append); max-B/entry is the most one entry
//     allocated, at any op. A full slice doubled at once (3.1 MB past
//     10,912 entries); the log adds a block.
func BenchmarkLogAfterUndo(b *testing.B) {
	apply := func(tr *rules.Tracker) {
		if _, err := tr.Apply(bigfight.Turn(tr)); err != nil {
			b.Fatal(err)
		}
	}
	for _, undo := range []bool{true, false} {
		name := map[bool]string{true: "undo", false: "turn"}[undo]
		b.Run(name, func(b *testing.B) {
			tr := bigTracker(b, "arm5", 1000, 10000)
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				b.StopTimer()
				apply(tr)
				if _, err := tr.Undo(); undo && err != nil {
					b.Fatal(err)
				} else if !undo {
					apply(tr)
				}
				b.StartTimer()
				apply(tr)
			}
		})
	}
	b.Run("grow", func(b *testing.B) {
		e := bigTracker(b, "arm5", 1000, 10000).E
		en := model.Entry{Kind: model.KindRoll, Who: "Goblin", Why: "attack", Expr: "stress die+9", Faces: []int{1, 7}, Total: 23}
		b.ReportAllocs()
		var most uint64
		var m runtime.MemStats
		for range b.N {
			for range 1024 {
				runtime.ReadMemStats(&m)
				was := m.TotalAlloc
				e.Append(en)
				runtime.ReadMemStats(&m)
				most = max(most, m.TotalAlloc-was)
			}
		}
		b.ReportMetric(float64(most), "max-B/entry")
	})
}

// bigTracker is a tracker of a fight that bigfight builds in system id,
// started, with n combatants and a log of logLen entries.
func bigTracker(tb testing.TB, id string, n, logLen int) *rules.Tracker {
	tb.Helper()
	sys, err := systems.Default().Lookup(id)
	if err != nil {
		tb.Fatal(err)
	}
	e, err := bigfight.Build(sys, n, logLen, 1)
	if err != nil {
		tb.Fatal(err)
	}
	return rules.NewTracker(e, sys)
}
