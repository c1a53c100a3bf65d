package rules

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"fray/model"
)

// drainSys is the test system with commands that push numbers past their
// ranges, as a careless rule could.
type drainSys struct{ testSys }

func (drainSys) Verbs() []Verb {
	return []Verb{
		{Name: "drain", Usage: "drain NAME", Summary: "take a million hp", Run: func(c *Ctx, args []string) error {
			cb, err := c.Find(args[0])
			if err != nil {
				return err
			}
			cb.OwnSheet().(*hpSheet).HP -= 1_000_000
			c.Event("%s is drained", cb.Name)
			return nil
		}},
		{Name: "taint", Usage: "taint NAME", Summary: "give a note text from elsewhere", Run: func(c *Ctx, args []string) error {
			cb, err := c.Find(args[0])
			if err != nil {
				return err
			}
			cb.OwnProfile().Note = "from a template\x1b[2J"
			return nil
		}},
		{Name: "mark", Usage: "mark NAME", Summary: "give turn state text from elsewhere", Run: func(c *Ctx, args []string) error {
			cb, err := c.Find(args[0])
			if err != nil {
				return err
			}
			cb.SetTurn("declared", "from a template\x07")
			return nil
		}},
		{Name: "boost", Usage: "boost NAME", Summary: "add a billion to init", Run: func(c *Ctx, args []string) error {
			cb, err := c.Find(args[0])
			if err != nil {
				return err
			}
			cb.Init += 1_000_000_001
			return nil
		}},
	}
}

// TestCommandsKeepRanges: a command that would take a number past its
// range is refused and changes nothing; up to the range it works.
func TestCommandsKeepRanges(t *testing.T) {
	tr := NewTracker(model.New("test", 1), drainSys{})
	for _, l := range []string{"add Paul init=5", "add Bruce", "drain Paul"} {
		if _, err := tr.Apply(l); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
	check := func(line, want string) {
		t.Helper()
		before, ver, undos := tr.E.Clone(), tr.Version(), len(tr.undo)
		logLen := tr.E.Log.Len()
		_, err := tr.Apply(line)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("%s: %v, want %q", line, err, want)
		}
		if !reflect.DeepEqual(before, tr.E.Clone()) || tr.E.Log.Len() != logLen || tr.Version() != ver || len(tr.undo) != undos {
			t.Fatalf("%s was refused but changed something", line)
		}
	}
	check("drain Paul", "nothing done: Paul's hp would be -1999990, which fray cannot keep")
	check("boost Bruce", "nothing done: Bruce's init 1000000001 is out of the range fray keeps")
	check("taint Bruce", "nothing done: Bruce's note would hold an escape (U+001B) (character 16)")
	check("mark Bruce", "nothing done: Bruce's declared would hold control character U+0007 (character 16)")
	tr.E.Round = model.MaxRound
	tr.last.Round = model.MaxRound
	if _, err := tr.Apply("next"); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Apply("next"); err != nil {
		t.Fatal(err)
	}
	check("next", "round 1000001 is out of the range fray keeps (0 to 1000000)")
	// The undo and redo of what worked are untouched.
	if _, err := tr.Apply("undo"); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Apply("redo"); err != nil {
		t.Fatal(err)
	}
}

// TestTryKeepsRanges: Try, the dry run the screen offers commands by,
// refuses what Apply refuses for a number or a text out of its range, with
// the same words, and changes nothing; with history off too.
func TestTryKeepsRanges(t *testing.T) {
	for _, history := range []bool{true, false} {
		tr := NewTracker(model.New("test", 1), drainSys{})
		for _, l := range []string{"add Paul init=5", "add Bruce", "drain Paul"} {
			if _, err := tr.Apply(l); err != nil {
				t.Fatalf("%s: %v", l, err)
			}
		}
		tr.SetHistory(history)
		for _, line := range []string{"drain Paul", "boost Bruce", "taint Bruce", "set Bruce note=ok"} {
			before, logLen := tr.E.Clone(), tr.E.Log.Len()
			tryErr := tr.Try(line)
			if !reflect.DeepEqual(before, tr.E.Clone()) || tr.E.Log.Len() != logLen {
				t.Fatalf("history %v: Try(%s) changed the encounter", history, line)
			}
			_, applyErr := tr.Apply(line)
			if (tryErr == nil) != (applyErr == nil) || (tryErr != nil && tryErr.Error() != applyErr.Error()) {
				t.Errorf("history %v: %s: Try says %v, Apply says %v", history, line, tryErr, applyErr)
			}
		}
	}
}

// A command the range check refuses wrote its entries past the end of
// the log, where nobody else has looked: taking it back keeps the log's
// room, so the next command's entry does not copy the whole log (2.9 MB
// at 10,000 entries), and nothing it wrote stays.
func TestRefusedCommandKeepsTheLogsRoom(t *testing.T) {
	e := model.New("test", 1)
	for i := range 1000 {
		e.Event("entry %d", i)
	}
	tr := NewTracker(e, drainSys{})
	for _, l := range []string{"add Paul init=5", "drain Paul"} { // the second drain goes past the range
		if _, err := tr.Apply(l); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
	snap := tr.Snapshot()
	kept := slices.Clone(snap.Log.From(0))
	n := tr.E.Log.Len()
	if _, err := tr.Apply("drain Paul"); err == nil {
		t.Fatal("drain Paul was not refused")
	}
	if tr.E.Log.Len() != n {
		t.Fatalf("the refused command left %d entries", tr.E.Log.Len()-n)
	}
	room := tr.E.Log
	if _, err := tr.Apply("add Bruce"); err != nil {
		t.Fatal(err)
	}
	if tr.E.Log.Shared(room) != n {
		t.Errorf("the entry after a refused command copied the log's last block (%d entries)", n)
	}
	for _, en := range tr.E.Log.From(n) {
		if strings.Contains(en.Text, "drained") {
			t.Errorf("the refused command's entry stayed: %q", en.Text)
		}
	}
	if !reflect.DeepEqual(snap.Log.From(0), kept) {
		t.Error("a snapshot's log changed")
	}
}
