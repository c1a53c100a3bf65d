package systems_test

import (
	"fmt"
	"testing"
	"unsafe"

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

// BenchmarkLogAfterUndo measures the GM's turn command, an undo and the
// turn command again in arm5 at 1000 combatants with a 10,000-entry log.
// It shows a copy not yet taken out: undo cuts the log's room to its
// length (rules/tracker.go, Undo: a save may still read the entries past
// it), so the first entry after an undo copies the whole log into room
// twice its length (model.Encounter.Append), some 2.9 MB each time; the
// benchmark reports those bytes an undo (log-B/undo) apart from the rest.
func BenchmarkLogAfterUndo(b *testing.B) {
	tr := bigTracker(b, "arm5", 1000, 10000)
	apply := func() {
		if _, err := tr.Apply(bigfight.Turn(tr)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	var grown float64
	for b.Loop() {
		apply()
		if _, err := tr.Undo(); err != nil {
			b.Fatal(err)
		}
		before := cap(tr.E.Log)
		apply()
		if c := cap(tr.E.Log); c != before {
			grown += float64(c) * float64(unsafe.Sizeof(model.Entry{}))
		}
	}
	b.ReportMetric(grown/float64(b.N), "log-B/undo")
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
