package rules

import (
	"errors"
	"strings"
	"testing"
	"time"

	"fray/model"
)

// fightSys is testSys with an attack that reports what it resolved, and a
// verb that hands the turn over the way some systems' own verbs do.
type fightSys struct{ testSys }

func (fightSys) Verbs() []Verb {
	return append(testSys{}.Verbs(),
		Verb{Name: "attack", Usage: "attack A B [miss]", Run: func(c *Ctx, args []string) error {
			a, err := c.Find(args[0])
			if err != nil {
				return err
			}
			b, err := c.Find(args[1])
			if err != nil {
				return err
			}
			hit := len(args) < 3
			c.Struck(a, b, hit)
			if hit {
				c.Event("%s hits %s", a.Name, b.Name)
				b.OwnSheet().(*hpSheet).HP -= 3
			}
			return nil
		}},
		Verb{Name: "pass", Usage: "pass NAME", Run: func(c *Ctx, args []string) error {
			cb, err := c.Find(args[0])
			if err != nil {
				return err
			}
			c.E.Current = cb.ID
			return nil
		}})
}

// Harm grades hit points left out of 10.
func (fightSys) Harm(_ *model.Encounter, cb *model.Combatant) Harm {
	return Harm{Severity: ByShare(cb.Sheet().(*hpSheet).HP, 10)}
}

// fakeClock is a clock that moves only when told.
type fakeClock struct{ t time.Time }

func (f *fakeClock) now() time.Time             { return f.t }
func (f *fakeClock) wait(d time.Duration)       { f.t = f.t.Add(d) }
func newClock() *fakeClock                      { return &fakeClock{t: time.Date(2025, 5, 1, 20, 0, 0, 0, time.UTC)} }
func fightTracker(t *testing.T) *Tracker        { return trackerOf(t, fightSys{}, "Ann", "Bob") }
func lastEvent(tr *Tracker) string              { return lastText(tr.E.Log.From(0)) }
func tallyOf(tr *Tracker, n string) model.Tally { c, _ := tr.E.Find(n); return c.Tally() }

func trackerOf(t *testing.T, s System, names ...string) *Tracker {
	t.Helper()
	tr := NewTracker(model.New("test", 1), s)
	for i, n := range names {
		mustApply(t, tr, "add "+Quote(n)+" init="+string(rune('9'-i)))
	}
	return tr
}

func TestEnd(t *testing.T) {
	tr := fightTracker(t)
	if _, err := tr.Apply("end"); err == nil || !strings.Contains(err.Error(), "has not started") {
		t.Fatalf("end before the fight: %v", err)
	}
	mustApply(t, tr, "next")
	mustApply(t, tr, "next")
	before := frozen(tr.E)
	res := mustApply(t, tr, "end")
	if !tr.E.Ended || res.Message != "The fight ends after 1 round" {
		t.Fatalf("end: ended=%v message %q", tr.E.Ended, res.Message)
	}
	for _, line := range []string{"next", "prev", "pass Ann", "end", "end now"} {
		if _, err := tr.Apply(line); err == nil {
			t.Errorf("%s after the end: no error", line)
		}
	}
	if _, err := tr.Apply("next"); !errors.Is(err, errEnded) {
		t.Errorf("next after the end says %v", err)
	}
	mustApply(t, tr, "set Bob hp=3") // the GM may still correct a sheet
	mustApply(t, tr, "undo")
	mustApply(t, tr, "undo")
	sameEncounter(t, "undo of end", before, tr.E)
	mustApply(t, tr, "next")
	// With the history gone (the file reopened), resume goes on.
	if _, err := tr.Apply("resume"); err == nil {
		t.Fatal("resume of a fight that has not ended")
	}
	mustApply(t, tr, "end")
	re := NewTracker(tr.E.Clone(), fightSys{})
	if res := mustApply(t, re, "resume"); re.E.Ended || res.Message != "The fight goes on (round 2)" {
		t.Fatalf("resume: %v %q", re.E.Ended, res.Message)
	}
	mustApply(t, re, "next")
}

func TestClock(t *testing.T) {
	clk := newClock()
	tr := fightTracker(t)
	tr.SetClock(clk.now)
	clk.wait(time.Hour) // before the fight: no time counts
	mustApply(t, tr, "next")
	if !tr.E.Clock.Running() || tr.E.Clock.Fight != 0 {
		t.Fatalf("the clock starts with the fight: %+v", tr.E.Clock)
	}
	clk.wait(30 * time.Second)
	mustApply(t, tr, "set Bob hp=9")
	clk.wait(45 * time.Second)
	res := mustApply(t, tr, "next")
	if got := res.Entries[1].Text; got != "Ann's turn took 1:15" {
		t.Errorf("turn time logged as %q", got)
	}
	if f, turn := tr.E.Clock.At(clk.now()); f != 75*time.Second || turn != 0 {
		t.Errorf("after Ann's turn: fight %v, turn %v", f, turn)
	}
	clk.wait(20 * time.Second)
	if f, turn := tr.E.Clock.At(clk.now()); f != 95*time.Second || turn != 20*time.Second {
		t.Errorf("during Bob's turn: fight %v, turn %v", f, turn)
	}
	// A slip fixed: no turn time is logged, Ann's turn starts again.
	if res := mustApply(t, tr, "prev"); len(res.Entries) != 1 {
		t.Errorf("prev logged %v", res.Entries)
	}
	clk.wait(5 * time.Second)
	mustApply(t, tr, "end")
	if tr.E.Clock.Running() {
		t.Error("the clock still runs after the end")
	}
	want := []string{"Ann's turn took 0:05", "The fight ends after 1 round", "The fight took 1:40"}
	if got := tail(tr, 3); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("end logged %q, want %q", got, want)
	}
	if a, b := tallyOf(tr, "Ann"), tallyOf(tr, "Bob"); a.Time != 80*time.Second || b.Time != 20*time.Second {
		t.Errorf("per combatant: Ann %v, Bob %v", a.Time, b.Time)
	}
	clk.wait(time.Hour)
	if f, _ := tr.E.Clock.At(clk.now()); f != 100*time.Second {
		t.Errorf("the fight's time after its end: %v", f)
	}
}

// tail returns the text of the last n events.
func tail(tr *Tracker, n int) []string {
	var out []string
	for i := tr.E.Log.Len() - 1; i >= 0 && len(out) < n; i-- {
		if en := tr.E.Log.At(i); en.Kind == model.KindEvent {
			out = append([]string{en.Text}, out...)
		}
	}
	return out
}

// Time with the file closed never counts: a tracker opened on a running
// fight starts its clock when it opens.
func TestSetClockSkipsClosedTime(t *testing.T) {
	clk := newClock()
	tr := fightTracker(t)
	tr.SetClock(clk.now)
	mustApply(t, tr, "next")
	clk.wait(10 * time.Second)
	mustApply(t, tr, "note a")
	saved := tr.E.Clone()

	clk.wait(7 * 24 * time.Hour)
	re := NewTracker(saved, fightSys{})
	re.SetClock(clk.now)
	clk.wait(5 * time.Second)
	if got := mustApply(t, re, "next").Entries[1].Text; got != "Ann's turn took 0:15" {
		t.Errorf("after reopening: %q", got)
	}
	re.SetClock(nil)
	clk.wait(time.Minute)
	mustApply(t, re, "next")
	if f := re.E.Clock.Fight; f != 15*time.Second {
		t.Errorf("without a clock nothing moves: %v", f)
	}

	// A fresh tracker's frozen state takes the new mark without a copy of
	// the fight; undo goes back to it, mark and all, and a snapshot is
	// the fight as opened, apart from the working copy.
	re = NewTracker(saved.Clone(), fightSys{})
	clk.wait(time.Hour)
	re.SetClock(clk.now)
	if s := re.Snapshot(); s.Clock != re.E.Clock || s.Combatants[0] == re.E.Combatants[0] || !s.Combatants[0].Equal(re.E.Combatants[0]) {
		t.Fatalf("snapshot after SetClock: clock %+v, E's %+v", s.Clock, re.E.Clock)
	}
	mark := re.E.Clock
	clk.wait(5 * time.Second)
	mustApply(t, re, "next")
	mustApply(t, re, "undo")
	if re.E.Clock != mark {
		t.Errorf("undo back to the opening: clock %+v, want %+v", re.E.Clock, mark)
	}
}

// The time between the last command and closing counts: the closing
// save's snapshot runs the clock up to then, to the fight, the turn and
// whoever holds it, and leaves the tracker (and earlier snapshots) as
// they were.
func TestClosingSnapshotCountsToClose(t *testing.T) {
	clk := newClock()
	tr := fightTracker(t)
	tr.SetClock(clk.now)
	if _, moved := tr.ClosingSnapshot(); moved {
		t.Error("the clock moved before the fight")
	}
	mustApply(t, tr, "next") // Ann's turn
	clk.wait(10 * time.Second)
	mustApply(t, tr, "note a")
	before := tr.Snapshot()
	clk.wait(50 * time.Second)
	s, moved := tr.ClosingSnapshot()
	if !moved || s.Clock.Fight != time.Minute || s.Clock.Turn != time.Minute || !s.Clock.Mark.Equal(clk.now()) {
		t.Fatalf("closing: moved %v, clock %+v; want a minute of fight and turn, marked now", moved, s.Clock)
	}
	ann, err := s.Find("Ann")
	if err != nil {
		t.Fatal(err)
	}
	if ann.TurnTime != time.Minute {
		t.Errorf("Ann's turn time %v, want 1m", ann.TurnTime)
	}
	if tr.E.Clock.Fight != 10*time.Second || before.Clock.Fight != 10*time.Second {
		t.Errorf("the tracker's clock changed: %v, the earlier snapshot's %v", tr.E.Clock.Fight, before.Clock.Fight)
	}
	if a, _ := tr.E.Find("Ann"); a.TurnTime != 10*time.Second {
		t.Errorf("the tracker's Ann changed: %v", a.TurnTime)
	}
	// Reopened from that save, the closed time does not count.
	re := NewTracker(s, fightSys{})
	clk.wait(time.Hour)
	re.SetClock(clk.now)
	clk.wait(5 * time.Second)
	mustApply(t, re, "next")
	if re.E.Clock.Fight != 65*time.Second {
		t.Errorf("after reopening: fight %v, want 1:05", re.E.Clock.Fight)
	}
	mustApply(t, tr, "end")
	if _, moved := tr.ClosingSnapshot(); moved {
		t.Error("the clock moved after the end")
	}
}

func TestTally(t *testing.T) {
	tr := fightTracker(t)
	mustApply(t, tr, "next")           // Ann's turn 1
	mustApply(t, tr, "attack Ann Bob") // hit
	mustApply(t, tr, "attack Ann Bob miss")
	mustApply(t, tr, "next") // Bob's turn 1
	mustApply(t, tr, "prev") // back to Ann: not a new turn
	mustApply(t, tr, "next") // Bob again: not a new turn either
	mustApply(t, tr, "next") // Ann's turn 2
	mustApply(t, tr, "attack Bob Ann")
	if _, err := tr.Apply("attack Bob Zed"); err == nil {
		t.Fatal("attack on nobody worked")
	}
	mustApply(t, tr, "set Ann hp=1") // harm from no attack: taken, not dealt
	a, b := tallyOf(tr, "Ann"), tallyOf(tr, "Bob")
	// Bob's 10 hit points: 7 is hurt (one step); Ann's 7 then 1 is
	// hurt, then badly hurt.
	if a.Turns != 2 || a.Attacks != 2 || a.Hits != 1 || a.Dealt != 1 || a.Taken != 2 {
		t.Errorf("Ann: %+v", a)
	}
	if b.Turns != 1 || b.Attacks != 1 || b.Hits != 1 || b.Dealt != 1 || b.Taken != 1 {
		t.Errorf("Bob: %+v", b)
	}
	mustApply(t, tr, "undo")
	mustApply(t, tr, "undo")
	if b := tallyOf(tr, "Bob"); b.Attacks != 0 {
		t.Errorf("undo keeps the attack: %+v", b)
	}
}

func TestHiddenAndReveal(t *testing.T) {
	tr := fightTracker(t)
	mustApply(t, tr, "add Cutthroat hidden=yes")
	if c, _ := tr.E.Find("Cutthroat"); !c.Hidden {
		t.Fatal("add hidden=yes")
	}
	mustApply(t, tr, "set Cutthroat hidden=no")
	if c, _ := tr.E.Find("Cutthroat"); c.Hidden {
		t.Fatal("set hidden=no")
	}
	if _, err := tr.Apply("set Cutthroat hidden=perhaps"); err == nil || !strings.Contains(err.Error(), "yes or no") {
		t.Fatalf("hidden=perhaps: %v", err)
	}
	if RevealOf(tr.E.Options) != RevealWords {
		t.Fatal("reveal defaults to words")
	}
	mustApply(t, tr, "option reveal numbers")
	if RevealOf(tr.E.Options) != RevealNumbers {
		t.Fatal("option reveal numbers")
	}
	if _, err := tr.Apply("option reveal all"); err == nil || !strings.Contains(err.Error(), "none or words or numbers") {
		t.Fatalf("option reveal all: %v", err)
	}
	if _, err := tr.Apply("option colour red"); err == nil || !strings.Contains(err.Error(), "mode, bonus, reveal") {
		t.Fatalf("unknown option: %v", err)
	}
}

func TestClockText(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0: "0:00", 42 * time.Second: "0:42", 12*time.Minute + 30*time.Second + 900*time.Millisecond: "12:30",
		62*time.Minute + 5*time.Second: "1:02:05", -time.Second: "0:00",
	} {
		if got := Clock(d); got != want {
			t.Errorf("Clock(%v) = %q, want %q", d, got, want)
		}
	}
}

// Harm done to several targets at once (a comma list, as marked rows
// send it) is taken by each of them.
func TestTallyManyTargets(t *testing.T) {
	tr := fightTracker(t)
	mustApply(t, tr, "next")
	mustApply(t, tr, `set "Ann,Bob" hp=4`) // unhurt to badly hurt: two steps
	for _, n := range []string{"Ann", "Bob"} {
		if got := tallyOf(tr, n).Taken; got != 2 {
			t.Errorf("%s took %d steps, want 2", n, got)
		}
	}
}

// sharedSys is fightSys where everyone still standing holds the turn at
// once, as at an osr count.
type sharedSys struct{ fightSys }

func (sharedSys) SharedTurn(_, e *model.Encounter, yield func(*model.Combatant) bool) {
	for _, cb := range e.Combatants {
		if cb.Sheet().(*hpSheet).HP > 0 && !yield(cb) {
			return
		}
	}
}

// A turn several held at once is logged with all their names.
func TestTurnTimeNamesEveryoneWhoSharedIt(t *testing.T) {
	clk := newClock()
	tr := trackerOf(t, sharedSys{}, "Ann", "Bob", "Cid")
	tr.SetClock(clk.now)
	mustApply(t, tr, "next")
	clk.wait(12 * time.Second)
	if got := mustApply(t, tr, "next").Entries[1].Text; got != "The turn of Ann, Bob and Cid took 0:12" {
		t.Errorf("turn time logged as %q", got)
	}
	tr = trackerOf(t, sharedSys{}, "Ann", "Bob", "Cid", "Dan", "Eve", "Fay")
	tr.SetClock(clk.now)
	mustApply(t, tr, "next")
	clk.wait(3 * time.Second)
	if got := mustApply(t, tr, "next").Entries[1].Text; got != "The turn of Ann, Bob, Cid and 3 more took 0:03" {
		t.Errorf("turn time logged as %q", got)
	}
}

func TestNameList(t *testing.T) {
	for _, c := range []struct {
		names []string
		total int
		want  string
	}{
		{nil, 0, ""},
		{[]string{"Ann"}, 1, "Ann"},
		{[]string{"Ann", "Bob"}, 2, "Ann and Bob"},
		{[]string{"Ann", "Bob", "Cid", "Dan"}, 4, "Ann, Bob, Cid and Dan"},
		{[]string{"Ann", "Bob", "Cid"}, 5, "Ann, Bob, Cid and 2 more"},
	} {
		if got := NameList(c.names, c.total); got != c.want {
			t.Errorf("NameList(%q) = %q, want %q", c.names, got, c.want)
		}
	}
}

// Plural writes a count as words do: "1 success", "2 successes", "2
// misses", "1 die", "3 dice", "0 ones".
func TestPluralReadsAsWords(t *testing.T) {
	for _, c := range []struct {
		n          int
		noun, want string
	}{{1, "success", "1 success"}, {2, "success", "2 successes"}, {2, "miss", "2 misses"}, {1, "die", "1 die"},
		{3, "die", "3 dice"}, {0, "one", "0 ones"}, {2, "round", "2 rounds"}, {1, "round", "1 round"}} {
		if got := Plural(c.n, c.noun); got != c.want {
			t.Errorf("Plural(%d, %q) = %q, want %q", c.n, c.noun, got, c.want)
		}
	}
}
