package saves

import (
	"bytes"
	"testing"
	"time"

	"fray/model"
	"fray/rules"
	"fray/rules/systems"
	"fray/rules/systems/bigfight"
)

// TestArchivedLogPlays: a big fight read with its log kept as read plays
// on exactly as the same fight read into entries: the same commands give
// the same files, saved incrementally after each command as autosave
// does, and the new entries are numbered after the archived ones (the
// turn's time, logged before the command that ended the turn, too). Undo
// back to the start leaves the archive alone.
func TestArchivedLogPlays(t *testing.T) {
	reg := systems.Default()
	for _, sys := range reg.All() {
		e, err := bigfight.Build(sys, 40, 3000, 1)
		if err != nil {
			t.Fatal(err)
		}
		e.Clock.Mark = time.Unix(1e9, 0) // the clock runs: each turn's time is logged
		var b bytes.Buffer
		if err := Encode(&b, e); err != nil {
			t.Fatal(err)
		}
		src := b.String()
		ae, _, ok := decodeStream("f.toml", src, reg)
		if !ok || ae.Archive == nil {
			t.Fatalf("%s: the log is not kept as read", sys.ID())
		}
		te, _, err := decodeTree("f.toml", src, reg)
		if err != nil {
			t.Fatal(err)
		}
		now := time.Unix(2e9, 0)
		clock := func() time.Time { return now }
		at, tt := rules.NewTracker(ae, sys), rules.NewTracker(te, sys)
		at.SetClock(clock)
		tt.SetClock(clock)
		var enc Encoder
		enc.Encode(at.Snapshot())
		for i := range 12 {
			now = now.Add(time.Second)
			line := bigfight.Turn(tt)
			_, aerr := at.Apply(line)
			_, terr := tt.Apply(line)
			if (aerr == nil) != (terr == nil) {
				t.Fatalf("%s: %s: %v against %v", sys.ID(), line, aerr, terr)
			}
			got, want := string(enc.Encode(at.Snapshot())), encoded(t, tt.E)
			if got != want {
				t.Fatalf("%s: after %d commands (%s) the files differ", sys.ID(), i+1, line)
			}
		}
		timed := false
		for _, en := range at.E.Log {
			timed = timed || en.Why == "turn time"
		}
		if !timed {
			t.Fatalf("%s: no turn's time logged", sys.ID())
		}
		for i, en := range at.E.WholeLog() {
			if en.Seq != i+1 {
				t.Fatalf("%s: entry %d has number %d", sys.ID(), i+1, en.Seq)
			}
		}
		n := at.E.Archive.Len()
		for {
			if _, err := at.Undo(); err != nil {
				break
			}
		}
		if got := string(enc.Encode(at.Snapshot())); got != encoded(t, at.E) || len(at.E.Log) != 0 || at.E.LogLen() != n {
			t.Fatalf("%s: undone to the start, the file differs", sys.ID())
		}
	}
}

func encoded(t *testing.T, e *model.Encounter) string {
	t.Helper()
	var b bytes.Buffer
	if err := Encode(&b, e); err != nil {
		t.Fatal(err)
	}
	return b.String()
}
