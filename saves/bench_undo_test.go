package saves

import (
	"io"
	"testing"

	"fray/rules/systems"
	"fray/rules/systems/bigfight"
)

// BenchmarkSaveAfterUndo measures the autosave's encoding of the command
// that follows an undo (the command, the undo and the command again
// untimed), arm5 at 1000 combatants with a 10,000-entry log: the saver
// finds where the log it wrote last and the new one part. When the log
// was one slice, the new entry moved the whole log to other memory and
// the saver compared it entry by entry; in blocks it compares at most
// the block the undo cut.
func BenchmarkSaveAfterUndo(b *testing.B) {
	sys, err := systems.Default().Lookup("arm5")
	if err != nil {
		b.Fatal(err)
	}
	tr := systemFight(b, sys, 10000)
	apply := func() {
		if line := bigfight.Turn(tr); true {
			if _, err := tr.Apply(line); err != nil {
				b.Fatalf("%s: %v", line, err)
			}
		}
	}
	var enc Encoder
	enc.Encode(tr.Snapshot())
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		apply()
		if _, _, err := enc.WriteTo(io.Discard, tr.Snapshot()); err != nil {
			b.Fatal(err)
		}
		if _, err := tr.Undo(); err != nil {
			b.Fatal(err)
		}
		if _, _, err := enc.WriteTo(io.Discard, tr.Snapshot()); err != nil {
			b.Fatal(err)
		}
		apply()
		b.StartTimer()
		if _, _, err := enc.WriteTo(io.Discard, tr.Snapshot()); err != nil {
			b.Fatal(err)
		}
	}
}
