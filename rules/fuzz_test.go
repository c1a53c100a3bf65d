package rules

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"fray/model"
)

// FuzzSplit: Split never panics, never returns words and an error
// together, never a word with a control character, and Quote/Split give
// back any valid UTF-8 string without control characters unchanged.
func FuzzSplit(f *testing.F) {
	for _, s := range []string{"", "next", `add "Brother Marcus" side=monks`, `a\ b`, `'it"s'`, `"\"`,
		"tab\there", "new\nline", `\`, `"unclosed`, "Ælfric", "\xff\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		words, err := Split(s)
		if err != nil && words != nil {
			t.Fatalf("Split(%q) returned words and an error", s)
		}
		for _, w := range words {
			if utf8.ValidString(s) && !utf8.ValidString(w) {
				t.Fatalf("Split(%q) made invalid UTF-8 %q", s, w)
			}
		}
		for _, w := range words {
			if r, at := FindControl(w); at > 0 {
				t.Fatalf("Split(%q) let %q through in %q", s, r, w)
			}
		}
		if !utf8.ValidString(s) {
			return
		}
		q := Quote(s)
		got, err := Split(q)
		if r, at := FindControl(s); at > 0 {
			var ce *ControlError
			if !errors.As(err, &ce) || ce.Char != r {
				t.Fatalf("Split(Quote(%q)) = %q, %v: want the control character refused", s, got, err)
			}
			return
		}
		if err != nil || len(got) != 1 || got[0] != s {
			t.Fatalf("Split(Quote(%q)) = %q, %v (quoted %q)", s, got, err, q)
		}
		got, err = Split("set " + q + " x=1")
		if err != nil || len(got) != 3 || got[1] != s {
			t.Fatalf("Split of %q inside a line = %q, %v", q, got, err)
		}
	})
}

// fuzzTracker is a running test encounter with a few combatants, a round
// under way, a condition and queued faces.
func fuzzTracker(t *testing.T) *Tracker {
	t.Helper()
	tr := NewTracker(model.New("test", 99), testSys{})
	for _, l := range []string{"add Alan init=12 side=red", `add "Brother Marcus" hp=7`, "add Bruce",
		"init bruce 9", "next", "cond bruce prone 2", "dice 3 0 7"} {
		if _, err := tr.Apply(l); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
	return tr
}

// checkEncounter fails on a broken invariant of the encounter.
func checkEncounter(t *testing.T, what string, e *model.Encounter) {
	t.Helper()
	var ids []int
	for _, c := range e.Combatants {
		ids = append(ids, c.ID)
		if c.ID <= 0 || c.ID >= e.NextID || c.Name == "" || c.Sheet() == nil {
			t.Fatalf("%s: bad combatant %+v", what, c)
		}
		if f, err := e.Find(c.Name); f != c {
			t.Fatalf("%s: %q cannot be found by its own name: %v", what, c.Name, err)
		}
	}
	order := slices.Clone(e.Order)
	slices.Sort(order)
	slices.Sort(ids)
	if !slices.Equal(order, ids) {
		t.Fatalf("%s: order %v is not the combatants %v", what, e.Order, ids)
	}
	if e.Current != 0 && e.ByID(e.Current) == nil {
		t.Fatalf("%s: current %d is nobody", what, e.Current)
	}
	for i, en := range e.Log.All() {
		if en.Seq != i+1 {
			t.Fatalf("%s: log entry %d has Seq %d", what, i, en.Seq)
		}
	}
}

// FuzzApply runs up to eight fuzzed command lines (one per line of the
// input) against a running encounter. Nothing may panic; a failed command
// leaves the encounter and the undo stacks exactly as they were; a
// successful one is undone to the state before it and redone to the state
// after it.
func FuzzApply(f *testing.F) {
	for _, s := range []string{"next", "add Zed hp=3 init=roll", "set al hp=1", "remove bruce\nundo\nredo",
		"cond alan stunned 1\nnext\nnext\nnext", "roll stress3+5 to hit", "roll 2d6+1d4-1", "dice 0 0 0\nroll stress20",
		"init all roll", "option mode grim", "spoil", "boom", "set bro name=Marcus\nset marcus side=blue",
		"uncond bruce prone", "prev", "delay alan", "note \"hello world\"", "undo\nundo\nundo\nredo", "add 'O''Neil'",
		`set alan "name=  x  "`, "remove alan\nremove bruce\nremove brother\nnext"} {
		f.Add(s, false)
	}
	f.Add("roll 2d6", true)
	f.Add("init all roll", true)
	f.Fuzz(func(t *testing.T, script string, physical bool) {
		tr := fuzzTracker(t)
		tr.SetPhysical(physical)
		lines := strings.Split(script, "\n")
		if len(lines) > 8 {
			lines = lines[:8]
		}
		for _, line := range lines {
			before, version := frozen(tr.E), tr.Version()
			undos, redos := len(tr.undo), len(tr.redo)
			_, err := tr.Apply(line)
			if err != nil {
				if err.Error() == "" {
					t.Fatalf("%q: an empty error", line)
				}
				if !reflect.DeepEqual(before, frozen(tr.E)) {
					t.Fatalf("%q failed (%v) but changed the encounter", line, err)
				}
				if tr.Version() != version || len(tr.undo) != undos || len(tr.redo) != redos {
					t.Fatalf("%q failed (%v) but moved the undo state", line, err)
				}
				continue
			}
			checkEncounter(t, line, tr.E)
			if tr.Version() == version {
				t.Fatalf("%q succeeded without a new version", line)
			}
			if words, _ := Split(line); strings.EqualFold(words[0], "undo") || strings.EqualFold(words[0], "redo") {
				continue
			}
			after := frozen(tr.E)
			if _, err := tr.Undo(); err != nil {
				t.Fatalf("undo of %q: %v", line, err)
			}
			if !reflect.DeepEqual(before, frozen(tr.E)) {
				t.Fatalf("undo of %q did not restore the encounter", line)
			}
			if _, err := tr.Redo(); err != nil {
				t.Fatalf("redo of %q: %v", line, err)
			}
			if !reflect.DeepEqual(after, frozen(tr.E)) {
				t.Fatalf("redo of %q did not restore the encounter", line)
			}
		}
	})
}
