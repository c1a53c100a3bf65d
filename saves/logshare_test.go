package saves

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/systems"
	"fray/rules/systems/bigfight"
)

// TestSaveSeesItsSnapshot: a save reads the tracker's snapshot on its own
// goroutine, as autosave does, while the GM goes on: turns, undo (whose
// next entry is written where the cut log ended), redo, a log growing
// across its blocks. The save must write the log as it stood when the
// snapshot was taken, byte for byte what a new encoder writes of a copy
// taken then, and never read an entry being written (run with -race).
func TestSaveSeesItsSnapshot(t *testing.T) {
	sys, err := systems.Default().Lookup("arm5")
	if err != nil {
		t.Fatal(err)
	}
	e, err := bigfight.Build(sys, 30, 3*model.LogBlock-5, 1)
	if err != nil {
		t.Fatal(err)
	}
	tr := rules.NewTracker(e, sys)
	r := rand.New(rand.NewPCG(13, 1))
	var enc Encoder // the saver's, kept from save to save as autosave keeps it
	undone := 0
	for range 300 {
		snap := tr.Snapshot()
		was := *snap
		was.Log = model.LogOf(slices.Clone(snap.Log.From(0))) // memory of its own
		saved := make(chan []byte)
		go func() {
			out := enc.Encode(snap)
			for i, en := range snap.Log.All() {
				if want := was.Log.At(i); en.Seq != want.Seq || en.Text != want.Text {
					t.Errorf("the save read entry %d as %q, the snapshot had %q", i, en.Text, want.Text)
					break
				}
			}
			saved <- slices.Clone(out)
		}()
		for range r.IntN(6) + 1 {
			switch r.IntN(4) {
			case 0:
				if _, err := tr.Undo(); err == nil {
					undone++
				}
			case 1:
				_, _ = tr.Redo()
			default:
				if line := bigfight.Turn(tr); true {
					if _, err := tr.Apply(line); err != nil {
						t.Fatalf("%s: %v", line, err)
					}
				}
			}
		}
		out := <-saved
		if want := new(Encoder).Encode(&was); !bytes.Equal(out, want) {
			t.Fatalf("the save wrote other than the snapshot held when it was taken:\n%s", firstDiff(out, want))
		}
	}
	if undone < 50 || tr.E.LogLen() < 4*model.LogBlock {
		t.Fatalf("%d undos, %d entries: the test did not undo and grow the log as meant", undone, tr.E.LogLen())
	}
}
