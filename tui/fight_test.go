package tui

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"fray/model"
	"fray/saves"
)

// clockAt is a clock that moves only when told.
type clockAt struct{ t time.Time }

func (c *clockAt) now() time.Time { return c.t }

func encoded(t *testing.T, e *model.Encounter) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := saves.Encode(&b, e); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// E ends the fight and shows its summary; u takes the end back and the
// file to be saved is byte for byte what it was.
func TestEndAndUndo(t *testing.T) {
	clk := &clockAt{t: time.Date(2025, 5, 1, 20, 0, 0, 0, time.UTC)}
	tr := newTracker(t, trio...)
	tr.SetClock(clk.now)
	m := sized(tr, Options{}, 100, 30)
	if m.keys.End.Enabled() {
		t.Fatal("E is on before the fight")
	}
	m = press(m, "E")
	if tr.E.Ended || !strings.Contains(m.status, "the fight has not started") {
		t.Fatalf("E before the fight: %q", m.status)
	}
	m = press(m, "n")
	clk.t = clk.t.Add(30 * time.Second)
	m = press(m, "a", "enter") // Paul attacks the next foe
	clk.t = clk.t.Add(15 * time.Second)
	before := encoded(t, tr.Snapshot())
	m = press(m, "E")
	if !tr.E.Ended || !m.showSummary {
		t.Fatalf("E: ended %v, summary %v, %q", tr.E.Ended, m.showSummary, m.status)
	}
	v := plainView(m)
	for _, want := range []string{"Summary", "The fight ended after 1 round and 0:45", "turb: 1 of 1 still up",
		"Combatant", "Atk", "Harm now", "Paul", "Cloaked man", "u takes the end back"} {
		if !strings.Contains(v, want) {
			t.Errorf("the summary lacks %q:\n%s", want, v)
		}
	}
	if !strings.Contains(v, "fight 0:45") {
		t.Errorf("the top bar keeps the fight's time:\n%s", v)
	}
	m = press(m, "j", "G", "k", "g", "n")
	if tr.E.Round != 1 || !strings.Contains(m.status, "the fight has ended") {
		t.Errorf("n after the end: round %d, %q", tr.E.Round, m.status)
	}
	m = press(m, "esc")
	if m.showSummary {
		t.Fatal("esc hides the summary")
	}
	m = press(m, "E")
	if !m.showSummary {
		t.Fatal("E shows the summary of an ended fight again")
	}
	clk.t = clk.t.Add(time.Minute)
	m = press(m, "u")
	if tr.E.Ended || m.showSummary {
		t.Fatalf("u takes the end back: ended %v, summary %v", tr.E.Ended, m.showSummary)
	}
	if after := encoded(t, tr.Snapshot()); !bytes.Equal(before, after) {
		t.Fatalf("end then undo changed the file:\n%s\n---\n%s", before, after)
	}
	// A fight opened after its end opens on the summary.
	if !New(tr, Options{}).showSummary == tr.E.Ended {
		t.Fatal("summary on opening")
	}
}

// end typed on the command line shows the summary as E does (the help
// says "the summary shows"); it left the fight's panes up, the order
// still saying whose turn it was.
func TestEndTypedShowsTheSummary(t *testing.T) {
	tr := newTracker(t, append(trio, "next")...)
	m := sized(tr, Options{}, 100, 30)
	m = typeText(press(m, ":"), "end")
	m = press(m, "enter")
	if !tr.E.Ended || !m.showSummary {
		t.Fatalf(":end: ended %v, summary %v\n%s", tr.E.Ended, m.showSummary, plainView(m))
	}
	m = press(m, "esc", "u")
	if tr.E.Ended || m.showSummary {
		t.Fatalf("u: ended %v, summary %v", tr.E.Ended, m.showSummary)
	}
	m = press(m, "ctrl+r")
	if !tr.E.Ended || !m.showSummary {
		t.Fatalf("redo of the end: ended %v, summary %v", tr.E.Ended, m.showSummary)
	}
	m = press(m, "E")
	if m.showSummary {
		t.Fatal("E hides the summary of an ended fight")
	}
}

func TestSummaryEverySize(t *testing.T) {
	tr := newTracker(t, append(trio, "next", "attack Paul Bruce", "end")...)
	m := New(tr, Options{})
	for _, s := range sizes {
		m = send(m, sizeMsg(s))
		for _, k := range []string{"j", "G", "pgup", "k"} {
			m = press(m, k)
			checkBox(t, m.View(), s[0], s[1])
		}
	}
}

// At 80 columns the summary cuts no word: the harm leaves its words out
// from the end, and the hint is whole.
func TestSummaryAt80(t *testing.T) {
	tr := demoTracker(t, "arm5", "brawl", "next", "damage Paul 12", `damage "Alan,Bruce" 15`, "end")
	m := sized(tr, Options{}, 80, 24)
	v := plainView(m)
	if strings.Contains(v, "…") {
		t.Errorf("the summary cuts words:\n%s", v)
	}
	// Dealt and Taken are steps of the shared scale, not the system's
	// points: a GM who saw 8 damage dealt and reads "Dealt 3" is told why.
	for _, want := range []string{"M1 −3", "u takes the end back · X writes the report · j/k scroll",
		"Dealt, Taken: steps of harm (hurt, badly hurt, out, dying, dead)"} {
		if !strings.Contains(v, want) {
			t.Errorf("the summary lacks %q:\n%s", want, v)
		}
	}
	// Alan and Bruce each took the damage both were dealt at once.
	for _, l := range strings.Split(v, "\n") {
		if strings.Contains(l, "Bruce") && !strings.Contains(l, " 2 yes") {
			t.Errorf("Bruce took no harm in the summary: %q", l)
		}
	}
}

// The top bar shows the turn's and the fight's time, and who watches.
func TestClockAndWatchers(t *testing.T) {
	clk := &clockAt{t: time.Date(2025, 5, 1, 20, 0, 0, 0, time.UTC)}
	tr := newTracker(t, trio...)
	tr.SetClock(clk.now)
	m := sized(tr, Options{Watchers: func() int { return 3 }}, 100, 30)
	if v := plainView(m); strings.Contains(v, "fight 0:") {
		t.Fatalf("a clock before the fight:\n%s", v)
	}
	m = press(m, "n")
	clk.t = clk.t.Add(42 * time.Second)
	m = send(m, tickMsg(clk.t))
	if top := strings.Split(plainView(m), "\n")[0]; !strings.Contains(top, "turn 0:42 · fight 0:42") {
		t.Fatalf("top bar: %q", top)
	}
	if runCmd(m.watchersCmd())[0] != watchersMsg(3) {
		t.Fatal("the watchers are counted")
	}
	m = send(m, watchersMsg(3))
	if top := strings.Split(plainView(m), "\n")[0]; !strings.Contains(top, "3 watching") {
		t.Fatalf("top bar: %q", top)
	}
	// At 60 columns the clocks and watchers keep their place.
	m = send(m, sizeMsg([2]int{60, 20}))
	if top := strings.Split(plainView(m), "\n")[0]; !strings.Contains(top, "fight 0:42 · 3 watching") {
		t.Fatalf("narrow top bar: %q", top)
	}
	// Opening a fight under way saves it at once, so watchers see its
	// clock start from now.
	if New(tr, Options{Save: func(*model.Encounter) error { return nil }}).Init() == nil {
		t.Fatal("no save at the start of a running fight")
	}
}

// X writes the report and says where, or says why it cannot.
func TestReportKey(t *testing.T) {
	tr := newTracker(t, append(trio, "next")...)
	m := sized(tr, Options{}, 100, 30)
	m = press(m, "X")
	if !strings.Contains(m.status, "X does nothing now") {
		t.Fatalf("X with nowhere to write: %q", m.status)
	}
	var got *model.Encounter
	write := func(e *model.Encounter) (string, error) { got = e; return "/fights/brawl-report.md", nil }
	m = sized(tr, Options{Report: write}, 100, 30)
	n, cmd := m.Update(keyMsg("X"))
	m = n.(*Model)
	for _, msg := range runCmd(cmd) {
		m = send(m, msg)
	}
	if got == nil || !bytes.Equal(encoded(t, got), encoded(t, tr.Snapshot())) || m.status != "wrote the report to /fights/brawl-report.md" {
		t.Fatalf("X: %q", m.status)
	}
	fail := func(*model.Encounter) (string, error) { return "", errors.New("disk full") }
	m = sized(tr, Options{Report: fail}, 100, 30)
	n, cmd = m.Update(keyMsg("X"))
	m = send(n.(*Model), runCmd(cmd)[0])
	if !m.statusErr || m.status != "disk full" {
		t.Fatalf("X failing: %q", m.status)
	}
}

func sizeMsg(s [2]int) tea.WindowSizeMsg { return tea.WindowSizeMsg{Width: s[0], Height: s[1]} }

// The GM's order marks a combatant the players do not see.
func TestHiddenMarked(t *testing.T) {
	tr := newTracker(t, append(trio, "set Bruce hidden=yes")...)
	m := sized(tr, Options{}, 100, 30)
	row := func() string {
		for _, l := range m.order.View(true) {
			if strings.Contains(l, "Bruce") {
				return ansi.Strip(l)
			}
		}
		return ""
	}
	if !strings.Contains(row(), "hidden") {
		t.Fatalf("Bruce's row does not say hidden: %q", row())
	}
	m = press(typeText(press(m, ":"), "set Bruce hidden=no"), "enter")
	if strings.Contains(row(), "hidden") {
		t.Fatalf("still marked: %q", row())
	}
}

// The top bar gives up the file's folder before the system's name, the
// name for its id, and "saving to" before leaving the system out.
func TestTopBarKeepsTheSystem(t *testing.T) {
	tr := demoTracker(t, "osr", "goblins")
	opt := Options{Path: "/home/gm/.local/share/fray/campaigns/eastmarch/demo-goblins.toml", Save: func(*model.Encounter) error { return nil }}
	for _, c := range []struct {
		w    int
		want string
	}{{120, "Old-school d20 · saving to /home/gm"}, {70, "Old-school d20 · saving to demo-goblins.toml"}, {50, "fray · osr · saving to demo-goblins.toml"}} {
		m := sized(tr, opt, c.w, 24)
		if top := strings.Split(plainView(m), "\n")[0]; !strings.Contains(top, c.want) {
			t.Errorf("at %d columns the top bar %q lacks %q", c.w, top, c.want)
		}
	}
	// At 80 columns, saved, with the clocks running: "saving to" gives
	// way before the system does.
	clk := &clockAt{t: time.Date(2025, 5, 1, 20, 0, 0, 0, time.UTC)}
	tr.SetClock(clk.now)
	m := press(sized(tr, Options{Path: "/data/demo-highwaymen.toml", Save: opt.Save}, 80, 24), "n")
	m = send(m, tickMsg(clk.t))
	m.saveNote = "saved 21:03:12"
	top := strings.Split(plainView(m), "\n")[0]
	if !strings.Contains(top, "fray · osr · demo-highwaymen.toml · saved 21:03:12") || !strings.Contains(top, "fight 0:00") {
		t.Errorf("at 80 columns, saved, the top bar %q", top)
	}
	// A name that just fits still leaves a gap before the clocks, never
	// "saved 21:03:12 turn 0:00" run together.
	for _, name := range []string{"demo-horde.toml", "demo-hordes.toml", "demo-horde-x.toml"} {
		m := press(sized(tr, Options{Path: "/data/" + name, Save: opt.Save}, 80, 24), "n")
		m = send(m, tickMsg(clk.t))
		m.saveNote = "saved 21:03:12"
		top := strings.TrimRight(strings.Split(plainView(m), "\n")[0], " ")
		left, _, _ := strings.Cut(top, "turn 0:")
		if !strings.HasSuffix(left, "  ") {
			t.Errorf("no gap before the clocks: %q", top)
		}
	}
}

// Quitting counts the time since the last command: the last save, once
// the screen has gone, holds the clock run up to the quit, though the
// file held every command already; with nothing more to count there is
// no save.
func TestQuitCountsTheClock(t *testing.T) {
	clk := &clockAt{t: time.Date(2025, 5, 1, 20, 0, 0, 0, time.UTC)}
	tr := newTracker(t, trio...)
	tr.SetClock(clk.now)
	var saved []*model.Encounter
	m := sized(tr, Options{Path: "f.toml", Save: func(e *model.Encounter) error { saved = append(saved, e); return nil }}, 100, 30)
	if err := m.saver.closeOut(tr, "f.toml"); err != nil || len(saved) != 0 {
		t.Fatalf("closing before the fight: %v, %d saves; want none", err, len(saved))
	}
	m = sendCmd(m, keyMsg("n"))
	clk.t = clk.t.Add(20 * time.Second)
	m = sendCmd(m, keyMsg("n"))
	clk.t = clk.t.Add(40 * time.Second)
	n, cmd := m.Update(keyMsg("q"))
	m = n.(*Model)
	if !quits(cmd) {
		t.Fatal("q did not quit with the file up to date")
	}
	saved = nil
	if err := m.saver.closeOut(tr, "f.toml"); err != nil {
		t.Fatal(err)
	}
	if len(saved) != 1 || saved[0].Clock.Fight != time.Minute {
		var got []time.Duration
		for _, e := range saved {
			got = append(got, e.Clock.Fight)
		}
		t.Fatalf("the last save's fight clock: %v; want one save at 1:00", got)
	}
	if tr.E.Clock.Fight != 20*time.Second {
		t.Errorf("the tracker's own clock moved: %v", tr.E.Clock.Fight)
	}
}
