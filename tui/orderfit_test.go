package tui

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/charmbracelet/x/ansi"

	"fray/model"
	"fray/rules"
	"fray/rules/systems"
	"fray/rules/systems/bigfight"
)

// orderLines is the order pane as drawn, without colour, borders
// stripped.
func orderLines(m *Model) []string {
	var out []string
	for _, l := range m.order.View(false) {
		l = ansi.Strip(l)
		if strings.ContainsAny(l, "┏┗╭╰") {
			continue
		}
		out = append(out, strings.Trim(l, "┃│"))
	}
	return out
}

// lineOf is the order line that shows name, or fails.
func lineOf(t *testing.T, lines []string, name string) string {
	t.Helper()
	for _, l := range lines {
		if strings.Contains(l, " "+name+" ") {
			return l
		}
	}
	t.Fatalf("no order line shows %q whole:\n%s", name, strings.Join(lines, "\n"))
	return ""
}

// osr's count headings only repeat the scores under them: the goblins
// demo, nine combatants at four counts, fits its order at 80x24 without
// scrolling, every row whole, the declared spell too.
func TestOSRCountsFitAt80x24(t *testing.T) {
	tr := demoFight(t, "goblins", []string{"next", "next"})
	if tr.E.Phase != "count" {
		t.Fatalf("phase %q, want count", tr.E.Phase)
	}
	m := sized(tr, Options{}, 80, 24)
	lines := orderLines(m)
	if v := plainView(m); strings.Contains(v, " of 9") || strings.Contains(v, " of 1") {
		t.Errorf("the order scrolls at 80x24:\n%s", v)
	}
	for _, l := range lines {
		if s := strings.TrimSpace(l); s != "" && !strings.Contains(s, "HP ") {
			t.Errorf("a line that is no combatant's: %q", l)
		}
	}
	for _, c := range tr.E.Combatants {
		l := lineOf(t, lines, c.Name)
		if strings.Contains(l, "…") {
			t.Errorf("cut: %q", l)
		}
	}
	if l := lineOf(t, lines, "Goblin shaman"); !strings.Contains(l, "spell: sleep") {
		t.Errorf("the shaman's declared spell is not shown whole: %q", l)
	}
}

// sst's dice scores give way before names and gauges: at 80x24 and
// 60x18 the horde demo shows every name and gauge whole, and a note of
// the system's never cuts into a gauge.
func TestSSTNamesAndGaugesWhole(t *testing.T) {
	sys, _, err := rules.FindDemo(systems.Default(), "horde")
	if err != nil {
		t.Fatal(err)
	}
	// Seed 11 gives the horde nine dice: its score is cut to its highest
	// faces at 60 columns before a gauge is.
	for _, tr := range []*rules.Tracker{demoFight(t, "horde", []string{"next"}), playDemo(t, sys, "horde", 11, []string{"next"})} {
		checkSSTWhole(t, tr)
	}
}

func checkSSTWhole(t *testing.T, tr *rules.Tracker) {
	t.Helper()
	for _, size := range [][2]int{{80, 24}, {60, 18}} {
		m := sized(tr, Options{}, size[0], size[1])
		lines := orderLines(m)
		for _, c := range tr.E.Combatants {
			g := tr.Sys.Harm(tr.E, c).Gauge
			found := false
			for _, l := range lines {
				if strings.Contains(l, g) && (size[0] < 80 || strings.Contains(l, " "+c.Name+" ")) {
					found = true
				}
			}
			if !found {
				t.Errorf("%dx%d: %s's row does not show %q whole:\n%s", size[0], size[1], c.Name, g, strings.Join(lines, "\n"))
			}
		}
	}
}

// One row with long markers takes a second line for them rather than
// every name in the pane being cut short.
func TestLongMarkersWrapNotNames(t *testing.T) {
	tr := demoFight(t, "goblins", []string{"next", "next", "cond Wren stunned 2", "cond Wren prone", "cond Wren blinded", "cond Wren entangled"})
	m := sized(tr, Options{}, 80, 24)
	lines := orderLines(m)
	for _, c := range tr.E.Combatants {
		lineOf(t, lines, c.Name)
	}
	all := strings.Join(lines, "\n")
	for _, mark := range []string{"stunned", "prone", "blinded", "entangled"} {
		if !strings.Contains(all, mark) {
			t.Errorf("%s is not shown:\n%s", mark, all)
		}
	}
	// The second line is under the first, in the notes' column.
	for i, l := range lines {
		if strings.Contains(l, " Wren ") {
			if i+1 >= len(lines) || strings.TrimSpace(lines[i+1]) == "" || strings.Contains(lines[i+1], "HP") {
				t.Errorf("Wren's markers do not go on under the row:\n%s", all)
			}
		}
	}
}

// A wrapped row is one entry: j steps over its second line, and a click
// on that line selects it.
func TestWrappedRowIsOneEntry(t *testing.T) {
	tr := demoFight(t, "goblins", []string{"next", "next", "cond Wren stunned 2", "cond Wren prone", "cond Wren blinded", "cond Wren entangled"})
	m := sized(tr, Options{}, 80, 24)
	lines := orderLines(m)
	at := -1
	for i, l := range lines {
		if strings.Contains(l, " Wren ") {
			at = i
		}
	}
	if at < 0 {
		t.Fatal("no Wren")
	}
	m.order.click(at + 2) // the second line; row 0 is the border
	if c := m.selected(); c == nil || c.Name != "Wren" {
		t.Fatalf("a click on Wren's second line selects %v", c)
	}
	m.order.move(1)
	if c := m.selected(); c == nil || c.Name == "Wren" || !strings.Contains(lines[at+2], " "+c.Name+" ") {
		t.Fatalf("j from Wren selects %v, not the row under the second line %q", c, lines[at+2])
	}
}

// The sheet's labels are never cut nor split: a long one stands whole
// on its own line ("Physical rank", never "Physical" over a "rank" that
// reads as a label of its own).
func TestSheetLabelsWhole(t *testing.T) {
	for _, c := range []struct{ demo, name string }{{"horde", "Roland"}, {"brawl", "Alan"}} {
		tr := demoFight(t, c.demo, nil)
		for _, w := range []int{60, 80, 100} {
			m := sized(tr, Options{}, w, 30)
			m.order.selectID(comb(t, tr, c.name).ID)
			m.sheet.sync(tr, m.order.selID)
			for _, l := range m.sheet.View(false)[1:] {
				l = ansi.Strip(l)
				if i := strings.Index(l, "…"); i >= 0 && i < 14 {
					t.Errorf("%s at %d: a label is cut: %q", c.demo, w, l)
				}
				if strings.HasPrefix(strings.TrimLeft(l, "│ !"), "rank ") {
					t.Errorf("%s at %d: a label split over two lines: %q", c.demo, w, l)
				}
			}
		}
	}
}

// The order pane kept up to date command by command (widths widened,
// entries listed again when rows move) has the entries and columns of a
// pane built anew, in every system, over a few rounds of a big fight.
func TestOrderKeptMatchesBuilt(t *testing.T) {
	for _, sys := range systems.Default().All() {
		t.Run(sys.ID(), func(t *testing.T) {
			e, err := bigfight.Build(sys, 60, 50, 3)
			if err != nil {
				t.Fatal(err)
			}
			tr := rules.NewTracker(e, sys)
			m := sized(tr, Options{}, 120, 40)
			for step := range 200 {
				line := bigfight.Turn(tr)
				if _, err := m.run(line); err != nil {
					t.Fatalf("step %d, %s: %v", step, line, err)
				}
				m.refresh()
				keptMatchesBuilt(t, m, tr, fmt.Sprintf("step %d, %s", step, line))
			}
		})
	}
}

// keptMatchesBuilt fails the test unless m's order pane, kept up to
// date command by command, has the widths, entries and lines of a pane
// built anew on tr.
func keptMatchesBuilt(t *testing.T, m *Model, tr *rules.Tracker, what string) {
	t.Helper()
	fresh := newOrderPane(m.st, m.keys)
	fresh.SetSize(m.order.w, m.order.h)
	fresh.sync(tr)
	got, want := &m.order, &fresh
	if [4]int{got.scoreW, got.tightW, got.nameW, got.sideW} != [4]int{want.scoreW, want.tightW, want.nameW, want.sideW} {
		t.Fatalf("%s: widths %v, built anew %v", what,
			[4]int{got.scoreW, got.tightW, got.nameW, got.sideW}, [4]int{want.scoreW, want.tightW, want.nameW, want.sideW})
	}
	if len(got.ents) != len(want.ents) {
		t.Fatalf("%s: %d entries, built anew %d", what, len(got.ents), len(want.ents))
	}
	for i := range got.ents {
		a, b := got.rowAt(i), want.rowAt(i)
		if !sameRow(&a, &b) || got.ents[i] != want.ents[i] {
			t.Fatalf("%s: entry %d is %+v, built anew %+v", what, i, a, b)
		}
	}
	// The rows drawn (some kept from earlier frames) are the rows a new
	// pane draws at the same place.
	want.off, want.sel, want.selID, want.selGroup = got.off, got.sel, got.selID, got.selGroup
	want.setMarks(got.marked)
	want.measure()
	if g, w := strings.Join(got.View(false), "\n"), strings.Join(want.View(false), "\n"); g != w {
		t.Fatalf("%s: the pane draws\n%s\nbuilt anew\n%s", what, g, w)
	}
}

// Groups whose rows are apart (a, b, a, then b), a member moved to
// another group or renamed where it stands, a name that widens and
// narrows the column: the pane kept up to date draws what one built
// anew draws (widen compares with what it kept of the rows before, the
// groups by number).
func TestOrderKeptMatchesBuiltGroups(t *testing.T) {
	tr := newTracker(t, `add Ann init=12 "note=group a"`, `add Bob side=b init=11 "note=group b"`,
		`add Cat init=10 "note=group a"`, "add Dan side=d init=9", `add Eve side=b init=8 "note=group b"`)
	m := sized(tr, Options{}, 100, 30)
	keptMatchesBuilt(t, m, tr, "at the start")
	for _, line := range []string{`set Bob "note=group a"`, `set Dan "note=group b"`, "set Dan name=Daniel-the-long",
		"set Daniel-the-long name=Dan", `set Ann "note=group c"`, "set Ann side=far-away-side", `set Cat note=x`, "set Eve init=13"} {
		if _, err := m.run(line); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		m.refresh()
		keptMatchesBuilt(t, m, tr, line)
	}
}

// A row kept drawn is drawn again when any one thing it shows changes,
// the columns staying as they were: its name, side, gauge, harm, notes,
// hidden mark, turn marks or x mark (drawn compares each; the fights
// above change several at once, and the pane they draw in grows with
// its rows, which draws every row again).
func TestOrderKeptRowsFollowEachChange(t *testing.T) {
	for _, c := range []struct {
		what string
		do   func(*Model) error
	}{
		{"renamed", runLine("set Bob name=Rob")},
		{"another side", runLine("set Bob side=x")},
		{"hidden", runLine("set Bob hidden=yes")},
		{"a condition", runLine("cond Bob prone")},
		{"another gauge", runLine("set Bob hp=11")},
		{"hurt", runLine("set Bob hp=3")},
		{"down", runLine("set Bob status=unconscious")},
		{"turn", runLine("next")},
		{"marked", func(m *Model) error {
			m.order.selectID(comb(t, m.t, "Bob").ID)
			m.toggleMark()
			m.order.selectID(comb(t, m.t, "Ann").ID)
			return nil
		}},
	} {
		tr := newTracker(t, "add Ann side=a init=12", "add Bob side=b init=11", "add Cyd side=c init=10", "next")
		m := sized(tr, Options{}, 100, 30)
		m.order.SetSize(60, 12) // the screen sizes the pane to its rows: here it stays
		m.order.selectID(comb(t, tr, "Ann").ID)
		keptMatchesBuilt(t, m, tr, "before: "+c.what) // Bob's row is kept drawn
		if err := c.do(m); err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		m.refresh()
		m.order.SetSize(60, 12)
		keptMatchesBuilt(t, m, tr, c.what)
	}
}

// runLine is a change of TestOrderKeptRowsFollowEachChange: a command.
func runLine(line string) func(*Model) error {
	return func(m *Model) error {
		_, err := m.run(line)
		return err
	}
}

// sameRow reports whether two rows are the same in every field.
func sameRow(a, b *rules.OrderRow) bool {
	return a.ID == b.ID && a.Score == b.Score && a.Name == b.Name && a.Side == b.Side && a.Current == b.Current &&
		a.Next == b.Next && a.Out == b.Out && a.Done == b.Done && slices.Equal(a.Marks, b.Marks) &&
		a.Heading == b.Heading && a.Group == b.Group && a.Lead == b.Lead
}

// The order's scroll note counts combatants, not lines: factions' side
// headings count for nothing and a folded group (the highwaymen's two
// brigands) for each member, so the total is the fight's size.
func TestOrderScrollNoteCountsCombatants(t *testing.T) {
	for _, f := range demoFights {
		if f.demo != "bandits" && f.demo != "highwaymen" {
			continue
		}
		tr := demoFight(t, f.demo, f.lines)
		m := sized(tr, Options{}, 60, 18)
		want := fmt.Sprintf(" of %d ", len(tr.E.Combatants))
		if v := plainView(m); !strings.Contains(v, "┗━ 1–") || !strings.Contains(v, want) {
			t.Errorf("%s: the scroll note does not count %d combatants:\n%s", f.demo, len(tr.E.Combatants), v)
		}
	}
}

// The tracker's order pane says how to start the fight (the view's
// hint), where fray show says only that it has not started.
func TestOrderTitleHintsBeforeTheFight(t *testing.T) {
	m := sized(demoFight(t, "bandits", nil), Options{}, 100, 30)
	if v := plainView(m); !strings.Contains(v, "Not started — press n · initi") {
		t.Errorf("no hint in the order's title:\n%s", v)
	}
	m = press(m, "n")
	if v := plainView(m); strings.Contains(v, "press n") {
		t.Errorf("a hint once started:\n%s", v)
	}
}

// An empty fight's order pane does not say "press n" in its title, which
// then only answered that nobody was in the fight: its body says to add.
func TestEmptyOrderTitleSaysNoN(t *testing.T) {
	for _, sys := range systems.Default().All() {
		m := sized(rules.NewTracker(model.New(sys.ID(), 7), sys), Options{}, 80, 24)
		v := plainView(m)
		if strings.Contains(v, "press n") || !strings.Contains(v, "Not started") || !strings.Contains(v, emptyOrder) {
			t.Errorf("%s, empty fight:\n%s", sys.ID(), v)
		}
	}
}

// What the order pane keeps of every row (wasRow) and of every row drawn
// (drawn) stays at the sizes their comments give: a fight of 1000 keeps
// a thousand of the one and hundreds of the other.
func TestOrderKeepsSmallRecords(t *testing.T) {
	if n := unsafe.Sizeof(wasRow{}); n > 56 {
		t.Errorf("wasRow is %d bytes, over 56", n)
	}
	if n := unsafe.Sizeof(drawn{}); n > 112 {
		t.Errorf("drawn is %d bytes, over 112", n)
	}
}

// A row drawn in columns wider than its record keeps (past 255 cells) is
// not kept: drawn again, it follows the columns. A name of 300 letters
// takes the name column to 300, which a byte would keep as 44; renamed
// to 44 letters, the column is 44, and Ann's row, kept from before,
// would still have its name padded to 300.
func TestOrderRowsPastKeptWidthsDrawnAgain(t *testing.T) {
	long := strings.Repeat("L", 300)
	tr := newTracker(t, "add Ann side=a init=12", "add "+long+" side=b init=10")
	m := sized(tr, Options{}, 100, 30)
	m.order.SetSize(420, 20)
	m.order.selectID(comb(t, tr, long).ID)
	keptMatchesBuilt(t, m, tr, "a name 300 wide")
	if _, err := m.run("set " + long + " name=" + strings.Repeat("S", 44)); err != nil {
		t.Fatal(err)
	}
	m.refresh()
	m.order.SetSize(420, 20)
	keptMatchesBuilt(t, m, tr, "renamed 44 wide")
}

// A kept row is drawn again when anything render reads of it differs:
// each of the row's texts and turn marks, the note's harm, gauge and
// marks, the x mark, the columns and the squeezed scores (drawing keeps
// each; a change the commands above cannot make alone is made here in
// place).
func TestKeptRowComparesAllItDraws(t *testing.T) {
	row := func(p *orderPane, i int) *rules.OrderRow { return &p.view.Rows[p.ents[i].row] }
	for _, c := range []struct {
		what   string
		change func(p *orderPane, i int)
	}{
		{"score", func(p *orderPane, i int) { row(p, i).Score += "1" }},
		{"name", func(p *orderPane, i int) { row(p, i).Name += "x" }},
		{"side", func(p *orderPane, i int) { row(p, i).Side += "x" }},
		{"current", func(p *orderPane, i int) { row(p, i).Current = !row(p, i).Current }},
		{"next", func(p *orderPane, i int) { row(p, i).Next = !row(p, i).Next }},
		{"out", func(p *orderPane, i int) { row(p, i).Out = !row(p, i).Out }},
		{"done", func(p *orderPane, i int) { row(p, i).Done = !row(p, i).Done }},
		{"heading", func(p *orderPane, i int) { row(p, i).Heading = !row(p, i).Heading }},
		{"marked", func(p *orderPane, i int) { p.setMarks(map[int]bool{row(p, i).ID: true}) }},
		{"harm", func(p *orderPane, i int) { p.note(i).sev++ }},
		{"gauge", func(p *orderPane, i int) { p.note(i).gauge += "x" }},
		{"marks", func(p *orderPane, i int) {
			p.note(i).marks = append(slices.Clone(p.note(i).marks), noteMark{"x", markOther})
		}},
		{"columns", func(p *orderPane, i int) { p.cols.name++ }},
		{"squeezed", func(p *orderPane, i int) { p.cols.tight = !p.cols.tight }},
	} {
		tr := newTracker(t, "add Ann side=a init=12", "add Bob side=b init=11", "add Cyd side=c init=10", "next")
		m := sized(tr, Options{}, 100, 30)
		p := &m.order
		p.selectID(comb(t, tr, "Ann").ID)
		_ = p.View(false)
		iw, _ := p.inner()
		i := p.indexOf(comb(t, tr, "Bob").ID)
		d := p.drawnAt(i)
		if !d.shows(p, i, iw) {
			t.Fatalf("%s: Bob's row is not kept drawn", c.what)
		}
		c.change(p, i)
		if d.shows(p, i, iw) {
			t.Errorf("%s changed, and Bob's row kept drawn still shows it", c.what)
		}
	}
}
