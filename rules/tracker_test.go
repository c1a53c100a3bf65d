package rules

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"fray/model"
	"fray/rules/dice"
)

// frozen is a deep copy of an encounter, log included, to compare against.
func frozen(e *model.Encounter) *model.Encounter {
	c := e.Clone()
	c.Log = model.LogOf(slices.Clone(e.Log.From(0)))
	return c
}

// sameEncounter fails the test if e differs from the frozen copy in any
// way (but for what it borrows: it is compared as a copy of it).
func sameEncounter(t *testing.T, what string, want, e *model.Encounter) {
	t.Helper()
	if !reflect.DeepEqual(want, frozen(e)) {
		t.Fatalf("%s: encounter changed\nwant %+v\n got %+v", what, want, e)
	}
}

// setUp is an encounter with some of everything in it: a round under way,
// conditions, queued faces, options and a log.
func setUp(t *testing.T) *Tracker {
	t.Helper()
	tr := newTracker(t, "Alan", "Alana", "Bruce")
	for _, l := range []string{"init alan 15", "init alana 12", "init bruce 9", "next", "next",
		"cond bruce prone 2", "option mode grim", "dice 3 4"} {
		mustApply(t, tr, l)
	}
	return tr
}

func TestApplyRefuses(t *testing.T) {
	tr := setUp(t)
	for _, tc := range []struct{ line, want string }{
		{"", "empty command"},
		{"   \t", "empty command"},
		{"fly alan", `unknown command "fly": type help`},
		{"remvoe zed", `unknown command "remvoe": did you mean remove? (help lists every command)`},
		{"Uncodn bruce prone", `did you mean uncond?`},
		{"force remvoe zed", `unknown command "remvoe": did you mean remove?`},
		{"nt alan", `unknown command "nt": type help`},       // two slips from note and next: too far for a short word
		{strings.Repeat("x", 1<<20), `unknown command "xxx`}, // a huge word is no verb, at once
		{`add "Zed`, "not closed"},
		{"spoil", "spoiled on purpose"},
		{"boom", "internal error in boom (nothing was changed)"},
		{"add alan", "already a combatant"},
		{"set alan hp=5 bogus=1", `unknown field "bogus"`},
		{"set al hp=1", `"al" matches Alan, Alana`},
		{"set bruce hp=4 name=alana", "already a combatant"},
		{"roll d2", "queued face 3 does not fit a d2"},
		{"roll d6+d2", "queued face 4 does not fit a d2"}, // a face taken, then refused
		{"dice 5 6 x", "a die face must be a whole number"},
		{"cond nobody dazed", "no combatant"},
		{"remove zed", "no combatant"},
		{"option mode wild", "takes calm or grim"},
		{"init all 3", "only rolls"},
	} {
		before, version, undos := frozen(tr.E), tr.Version(), len(tr.undo)
		_, err := tr.Apply(tc.line)
		if err == nil {
			t.Fatalf("%q: no error", tc.line)
		}
		if !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %q does not say %q", tc.line, err, tc.want)
		}
		sameEncounter(t, tc.line, before, tr.E)
		if tr.Version() != version || len(tr.undo) != undos {
			t.Errorf("%q: version or undo stack moved", tc.line)
		}
	}
	// The encounter still works after all that.
	res := mustApply(t, tr, "roll 2d6")
	if last := res.Entries[len(res.Entries)-1]; !slices.Equal(last.Faces, []int{3, 4}) {
		t.Fatalf("queue after failures gave %v", last.Faces)
	}
}

func TestUndoRedoSteps(t *testing.T) {
	tr := newTracker(t)
	lines := []string{"add Alan", "add Bruce hp=4", "set alan hp=7 side=red", "init all roll", "next",
		"cond alan stunned 3", "dice 0 5", "roll stress+2", "next", "next", "remove bruce", "uncond alan stunned"}
	states := []*model.Encounter{frozen(tr.E)}
	for _, l := range lines {
		mustApply(t, tr, l)
		states = append(states, frozen(tr.E))
	}
	for i := len(lines) - 1; i >= 0; i-- {
		res, err := tr.Apply("undo")
		if err != nil {
			t.Fatalf("undo %q: %v", lines[i], err)
		}
		if res.Message != "undid: "+lines[i] {
			t.Errorf("undo message %q", res.Message)
		}
		sameEncounter(t, "undo "+lines[i], states[i], tr.E)
	}
	if _, err := tr.Undo(); err == nil || !strings.Contains(err.Error(), "nothing to undo") {
		t.Fatalf("undo with nothing to undo: %v", err)
	}
	for i, l := range lines {
		res, err := tr.Apply("REDO")
		if err != nil {
			t.Fatalf("redo %q: %v", l, err)
		}
		sameEncounter(t, "redo "+l, states[i+1], tr.E)
		if want := states[i+1].Log.From(states[i].Log.Len()); !reflect.DeepEqual(res.Entries, want) {
			t.Errorf("redo %q gave entries %+v, want %+v", l, res.Entries, want)
		}
	}
	if _, err := tr.Redo(); err == nil || !strings.Contains(err.Error(), "nothing to redo") {
		t.Fatalf("redo with nothing to redo: %v", err)
	}
}

func TestNewCommandClearsRedo(t *testing.T) {
	tr := newTracker(t, "Alan")
	mustApply(t, tr, "note one")
	mustApply(t, tr, "note two")
	mustApply(t, tr, "undo")
	if !tr.CanRedo() {
		t.Fatal("nothing to redo after undo")
	}
	mustApply(t, tr, "note three")
	if tr.CanRedo() {
		t.Fatal("a new command left the redo stack")
	}
	var texts []string
	for i, en := range tr.E.Log.All() {
		if en.Seq != i+1 {
			t.Errorf("entry %d has Seq %d", i, en.Seq)
		}
		texts = append(texts, en.Text)
	}
	want := []string{"add Alan", "Alan joins the fight", "note one", "note: one", "note three", "note: three"}
	if !slices.Equal(texts, want) {
		t.Fatalf("log %q, want %q", texts, want)
	}
}

func TestFailureBetweenUndoAndRedo(t *testing.T) {
	tr := newTracker(t, "Alan")
	mustApply(t, tr, "note one")
	mustApply(t, tr, "dice 4 6")
	res := mustApply(t, tr, "roll 2d6 for luck")
	after, entries := frozen(tr.E), slices.Clone(res.Entries)
	mustApply(t, tr, "undo")
	for _, bad := range []string{"spoil", "boom", "roll d6+d2", "fly"} {
		if _, err := tr.Apply(bad); err == nil {
			t.Fatalf("%q: no error", bad)
		}
	}
	res = mustApply(t, tr, "redo")
	sameEncounter(t, "redo after failures", after, tr.E)
	if !reflect.DeepEqual(res.Entries, entries) {
		t.Fatalf("redo entries %+v, want %+v", res.Entries, entries)
	}
	// Undo, a successful command, undo again: the log is as before the roll.
	mustApply(t, tr, "undo")
	mustApply(t, tr, "note two")
	mustApply(t, tr, "undo")
	if n := tr.E.Log.Len(); tr.E.Log.At(n-1).Text != "queued faces: 4 6 (next rolls use these)" {
		t.Fatalf("log ends %+v", tr.E.Log.At(n-1))
	}
	mustApply(t, tr, "redo")
	if n := tr.E.Log.Len(); tr.E.Log.At(n-1).Text != "note: two" {
		t.Fatalf("log ends %+v", tr.E.Log.At(n-1))
	}
}

func TestConditionExpiry(t *testing.T) {
	tr := newTracker(t, "Alan", "Bruce")
	mustApply(t, tr, "cond bruce blessed 2") // before combat: rounds 1 and 2
	mustApply(t, tr, "next")                 // round 1, Alan
	mustApply(t, tr, "cond alan stunned 1")  // this round only
	mustApply(t, tr, "next")                 // Bruce
	bruce, _ := tr.E.Find("bruce")
	if !tr.E.Combatants[0].HasCond("stunned") || !bruce.HasCond("blessed") {
		t.Fatal("a condition ended too early")
	}
	res := mustApply(t, tr, "next") // round 2 begins
	if tr.E.Round != 2 || tr.E.Combatants[0].HasCond("stunned") {
		t.Fatalf("round %d, conds %v", tr.E.Round, tr.E.Combatants[0].Conds)
	}
	found := false
	for _, en := range res.Entries {
		found = found || en.Text == "Alan is no longer stunned"
	}
	if !found {
		t.Fatalf("expiry not logged: %+v", res.Entries)
	}
	if bruce, _ = tr.E.Find("bruce"); !bruce.HasCond("blessed") {
		t.Fatal("blessed ended at round 2")
	}
	mustApply(t, tr, "undo")
	if tr.E.Round != 1 || !tr.E.Combatants[0].HasCond("stunned") {
		t.Fatal("undo did not bring the condition back")
	}
	mustApply(t, tr, "redo")
	mustApply(t, tr, "next")
	mustApply(t, tr, "next") // round 3
	if bruce, _ = tr.E.Find("bruce"); bruce.HasCond("blessed") || tr.E.Round != 3 {
		t.Fatalf("blessed still on in round %d", tr.E.Round)
	}
}

func TestNameLookup(t *testing.T) {
	tr := newTracker(t, "Alan", "Alana", "Brother Marcus", "Bruce")
	mustApply(t, tr, "set ALAN hp=1")
	if hp(t, tr, "alana") != "10" || hp(t, tr, "alan") != "1" {
		t.Fatal("exact name did not beat the prefix")
	}
	mustApply(t, tr, "set alana hp=2")
	mustApply(t, tr, "set bro hp=3")
	mustApply(t, tr, `set "brother m" hp=4`)
	if hp(t, tr, "Brother Marcus") != "4" {
		t.Fatal("prefix lookup")
	}
	before := frozen(tr.E)
	_, err := tr.Apply("set br hp=9")
	var amb *model.AmbiguousError
	if !errors.As(err, &amb) || !slices.Equal(amb.Matches, []string{"Brother Marcus", "Bruce"}) {
		t.Fatalf("ambiguous prefix: %v", err)
	}
	if !strings.Contains(err.Error(), "Brother Marcus") || !strings.Contains(err.Error(), "Bruce") {
		t.Fatalf("error does not name both: %v", err)
	}
	sameEncounter(t, "ambiguous", before, tr.E)
	var nf *model.NotFoundError
	if _, err := tr.Apply("set zed hp=1"); !errors.As(err, &nf) {
		t.Fatalf("unknown name: %v", err)
	}
}

func TestPhysicalDice(t *testing.T) {
	tr := newTracker(t, "Alan")
	tr.SetPhysical(true)
	if !tr.Physical() {
		t.Fatal("Physical() is false")
	}
	before, rng := frozen(tr.E), tr.E.RNG
	_, err := tr.Apply("roll 2d6+1 jump")
	var need *dice.NeedFaceError
	if !errors.As(err, &need) || need.Sides != 6 {
		t.Fatalf("want a d6 requested, got %v", err)
	}
	sameEncounter(t, "waiting for a face", before, tr.E)
	tr.Supply(5)
	if _, err = tr.Apply("roll 2d6+1 jump"); !errors.As(err, &need) {
		t.Fatalf("second face: %v", err)
	}
	tr.Supply(2)
	if got := tr.Typed(); !slices.Equal(got, []int{5, 2}) {
		t.Fatalf("Typed() = %v", got)
	}
	res := mustApply(t, tr, "roll 2d6+1 jump")
	last := res.Entries[len(res.Entries)-1]
	if !slices.Equal(last.Faces, []int{5, 2}) || last.Total != 8 || tr.E.RNG != rng {
		t.Fatalf("roll %+v, rng moved %v", last, tr.E.RNG != rng)
	}
	if len(tr.Typed()) != 0 {
		t.Fatal("typed faces kept after success")
	}
	// Queued faces come before typed ones; a bad typed face drops them all.
	mustApply(t, tr, "dice 6")
	tr.Supply(9)
	if _, err := tr.Apply("roll 2d6"); err == nil || errors.As(err, &need) {
		t.Fatalf("typed 9 on a d6: %v", err)
	}
	if len(tr.Typed()) != 0 || !slices.Equal(tr.E.Queue, []int{6}) {
		t.Fatalf("after a bad face: typed %v queue %v", tr.Typed(), tr.E.Queue)
	}
	tr.Supply(3)
	tr.CancelFaces()
	if len(tr.Typed()) != 0 {
		t.Fatal("CancelFaces kept faces")
	}
	tr.SetPhysical(false)
	if _, err := tr.Apply("roll 2d6"); err != nil {
		t.Fatal(err)
	}
}

func TestVersionAndResult(t *testing.T) {
	tr := newTracker(t, "Alan")
	v := tr.Version()
	res := mustApply(t, tr, "note  hello  ")
	if tr.Version() != v+1 || res.Message != "note: hello" || len(res.Entries) != 2 ||
		res.Entries[0].Kind != model.KindCommand || res.Entries[0].Text != "note  hello" {
		t.Fatalf("version %d→%d result %+v", v, tr.Version(), res)
	}
	if !tr.CanUndo() || tr.CanRedo() {
		t.Fatal("CanUndo/CanRedo")
	}
	mustApply(t, tr, "undo")
	mustApply(t, tr, "redo")
	if tr.Version() != v+3 {
		t.Fatalf("version %d after undo and redo, want %d", tr.Version(), v+3)
	}
}

// BenchmarkApplyNext measures one "next" at 10, 100 and 1000 combatants,
// snapshot clone and undo bookkeeping included.
func BenchmarkApplyNext(b *testing.B) {
	for _, n := range []int{10, 100, 1000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			e := model.New("test", 1)
			for i := range n {
				if err := e.Add(&model.Combatant{Init: i, HasInit: true, Profile: (&model.Profile{Name: fmt.Sprint("c", i)}).WithSheet(&hpSheet{HP: 10})}); err != nil {
					b.Fatal(err)
				}
			}
			sortByInit(e)
			tr := NewTracker(e, testSys{})
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				if _, err := tr.Apply("next"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// A command that only rolls (roll 2d6, init all roll in some systems)
// still says what it did: its last roll, as the log writes it.
func TestRollOnlyCommandHasAMessage(t *testing.T) {
	tr := newTracker(t, "Ann")
	mustApply(t, tr, "dice 3 4")
	res := mustApply(t, tr, "roll 2d6")
	if res.Message != "GM, roll: 2d6 [3 4] = 7" {
		t.Errorf("roll 2d6: message %q", res.Message)
	}
}
