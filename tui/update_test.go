package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"fray/model"
	"fray/rules"
)

// newTracker returns a tracker on the test system with the given lines
// applied.
func newTracker(t testing.TB, lines ...string) *rules.Tracker {
	t.Helper()
	tr := rules.NewTracker(model.New("tst", 7), tsys{})
	for _, l := range lines {
		if _, err := tr.Apply(l); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
	return tr
}

var trio = []string{"add Paul side=turb init=12", "add Bruce side=ruffians init=9", `add "Cloaked man" side=ruffians init=5`}

// sized returns a model of tr already told its size.
func sized(tr *rules.Tracker, opt Options, w, h int) *Model {
	m := New(tr, opt)
	return send(m, tea.WindowSizeMsg{Width: w, Height: h})
}

func send(m *Model, msg tea.Msg) *Model {
	n, _ := m.Update(msg)
	return n.(*Model)
}

// sendCmd sends a message and runs the command it returns (one level,
// batches included), feeding the results back.
func sendCmd(m *Model, msg tea.Msg) *Model {
	n, cmd := m.Update(msg)
	m = n.(*Model)
	for _, r := range runCmd(cmd) {
		m = send(m, r)
	}
	return m
}

func runCmd(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	msg := cmd()
	if b, ok := msg.(tea.BatchMsg); ok {
		var out []tea.Msg
		for _, c := range b {
			out = append(out, runCmd(c)...)
		}
		return out
	}
	if msg == nil {
		return nil
	}
	return []tea.Msg{msg}
}

// keyMsg builds the message of one key as Bubble Tea reports it.
func keyMsg(k string) tea.KeyMsg {
	switch k {
	case "enter":
		return tea.KeyMsg{Type: tea.KeyEnter}
	case "esc":
		return tea.KeyMsg{Type: tea.KeyEsc}
	case "tab":
		return tea.KeyMsg{Type: tea.KeyTab}
	case "shift+tab":
		return tea.KeyMsg{Type: tea.KeyShiftTab}
	case "up":
		return tea.KeyMsg{Type: tea.KeyUp}
	case "down":
		return tea.KeyMsg{Type: tea.KeyDown}
	case "ctrl+c":
		return tea.KeyMsg{Type: tea.KeyCtrlC}
	case "ctrl+r":
		return tea.KeyMsg{Type: tea.KeyCtrlR}
	case "pgup":
		return tea.KeyMsg{Type: tea.KeyPgUp}
	case "pgdown":
		return tea.KeyMsg{Type: tea.KeyPgDown}
	case "left":
		return tea.KeyMsg{Type: tea.KeyLeft}
	case "right":
		return tea.KeyMsg{Type: tea.KeyRight}
	case "space":
		return tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}}
	case "ctrl+l":
		return tea.KeyMsg{Type: tea.KeyCtrlL}
	case "backspace":
		return tea.KeyMsg{Type: tea.KeyBackspace}
	case "ctrl+u":
		return tea.KeyMsg{Type: tea.KeyCtrlU}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}

func press(m *Model, keys ...string) *Model {
	for _, k := range keys {
		m = send(m, keyMsg(k))
	}
	return m
}

func typeText(m *Model, s string) *Model {
	for _, r := range s {
		m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
	return m
}

func plainView(m *Model) string { return ansi.Strip(m.View()) }

func TestJMovesSelection(t *testing.T) {
	m := sized(newTracker(t, trio...), Options{}, 100, 30)
	if got := m.selected().Name; got != "Paul" {
		t.Fatalf("first selection = %s, want Paul", got)
	}
	m = press(m, "j")
	if got := m.selected().Name; got != "Bruce" {
		t.Fatalf("after j = %s, want Bruce", got)
	}
	m = press(m, "j", "j", "j")
	if got := m.selected().Name; got != "Cloaked man" {
		t.Fatalf("j stops at the end, got %s", got)
	}
	m = press(m, "k")
	if got := m.selected().Name; got != "Bruce" {
		t.Fatalf("after k = %s, want Bruce", got)
	}
	if v := plainView(m); !strings.Contains(v, "─ Bruce ─") {
		t.Fatalf("the sheet should be Bruce's:\n%s", v)
	}
}

func TestNAdvancesTurn(t *testing.T) {
	tr := newTracker(t, trio...)
	m := sized(tr, Options{}, 100, 30)
	m = press(m, "n")
	if tr.E.Round != 1 || tr.E.ByID(tr.E.Current).Name != "Paul" {
		t.Fatalf("round %d current %d after n", tr.E.Round, tr.E.Current)
	}
	m = press(m, "n")
	if cur := tr.E.ByID(tr.E.Current).Name; cur != "Bruce" {
		t.Fatalf("current = %s, want Bruce", cur)
	}
	if got := m.selected().Name; got != "Bruce" {
		t.Fatalf("the selection follows the turn: %s", got)
	}
	if v := plainView(m); !strings.Contains(v, "Round 1 · Bruce's turn") || !strings.Contains(v, "› next") {
		t.Fatalf("view lacks the turn header or the log line:\n%s", v)
	}
	m = press(m, "u")
	if cur := tr.E.ByID(tr.E.Current).Name; cur != "Paul" {
		t.Fatalf("undo: current = %s, want Paul", cur)
	}
	press(m, "ctrl+r")
	if cur := tr.E.ByID(tr.E.Current).Name; cur != "Bruce" {
		t.Fatalf("redo: current = %s, want Bruce", cur)
	}
}

func TestHelpListsVerbs(t *testing.T) {
	m := sized(newTracker(t, trio...), Options{}, 100, 40)
	v := helpText(t, m, 100, 40)
	m = press(m, "?")
	for _, want := range []string{"attack A B", "damage NAME N", "init NAME N", "undo", "n next", "ctrl+c"} {
		if !strings.Contains(v, want) {
			t.Errorf("help lacks %q", want)
		}
	}
	m = press(m, "?")
	if strings.Contains(plainView(m), "A hits B for a d6") {
		t.Error("? should close the help")
	}
}

func TestTabSwitchesFocus(t *testing.T) {
	m := sized(newTracker(t, trio...), Options{}, 58, 18)
	if m.focus != focusOrder || !strings.Contains(plainView(m), "[Order]") {
		t.Fatal("narrow screen should start on the order")
	}
	m = press(m, "tab")
	if m.focus != focusSheet || !strings.Contains(plainView(m), "[Sheet]") {
		t.Fatalf("tab should show the sheet:\n%s", plainView(m))
	}
	m = press(m, "tab", "tab")
	if m.focus != focusOrder {
		t.Fatal("tab should cycle back to the order")
	}
	m = press(m, "shift+tab")
	if m.focus != focusLog {
		t.Fatal("shift+tab should go back to the log")
	}
}

func TestKeysDisabledWhenUseless(t *testing.T) {
	m := sized(newTracker(t), Options{}, 100, 30)
	if m.keys.Next.Enabled() || m.keys.Undo.Enabled() || m.keys.Attack.Enabled() {
		t.Fatal("with nobody there, next/undo/attack should be disabled")
	}
	if strings.Contains(plainView(m), "next turn") {
		t.Fatal("disabled keys should not show in help")
	}
	m = press(m, "n") // disabled: nothing happens, nothing breaks
	m = press(typeText(press(typeText(press(m, "+"), "Paul"), "tab", "tab", "tab"), "3"), "enter")
	if len(m.t.E.Combatants) != 1 || m.t.E.Combatants[0].Init != 3 || !m.keys.Next.Enabled() || !m.keys.Undo.Enabled() {
		t.Fatalf("add via + failed: %q", m.status)
	}
	if m.keys.Act.Enabled() {
		t.Fatal("act needs a delaying combatant")
	}
	m = press(m, "n", "D")
	if !m.t.E.Combatants[0].Delaying || !m.keys.Act.Enabled() {
		t.Fatal("D should delay the selected combatant")
	}
	press(m, "A")
	if m.t.E.Combatants[0].Delaying {
		t.Fatal("A should make the delayed combatant act")
	}
}

func TestLogScrollAndFollow(t *testing.T) {
	tr := newTracker(t, trio...)
	for i := 0; i < 200; i++ {
		tr.E.Event("filler %d", i)
	}
	m := sized(tr, Options{}, 100, 30)
	m = press(m, "tab", "tab") // focus the log
	if !strings.Contains(plainView(m), "filler 199") {
		t.Fatal("the log should show the newest entry")
	}
	m = press(m, "pgup")
	if strings.Contains(plainView(m), "filler 199") || m.log.back == 0 {
		t.Fatal("pgup should scroll the log up")
	}
	back := m.log.back
	m = press(m, "n")
	if m.log.back <= back {
		t.Fatal("new entries must not move a scrolled-up log")
	}
	m = press(m, "G")
	if m.log.back != 0 || !strings.Contains(plainView(m), "Paul's turn") {
		t.Fatal("G should follow the newest again")
	}
	m = press(m, "g")
	if !strings.Contains(plainView(m), "Paul joins the fight") {
		t.Fatalf("g should show the first entry:\n%s", plainView(m))
	}
}

var sizes = [][2]int{{0, 0}, {1, 1}, {2, 2}, {10, 3}, {20, 5}, {40, 10}, {59, 18}, {60, 18}, {60, 14}, {80, 24}, {100, 30}, {139, 40}, {160, 48}, {200, 60}, {300, 12}}

func TestEverySize(t *testing.T) {
	for _, withHelp := range []bool{false, true} {
		m := New(newTracker(t, trio...), Options{})
		if v := m.View(); !strings.Contains(v, "starting") {
			t.Fatalf("placeholder before the first size: %q", v)
		}
		if withHelp {
			m = press(m, "?")
		}
		for _, s := range sizes {
			m = send(m, tea.WindowSizeMsg{Width: s[0], Height: s[1]})
			for _, k := range []string{"n", "j", "tab", ":", "x", "esc", "pgup", "tab"} {
				m = press(m, k)
				checkBox(t, m.View(), s[0], s[1])
			}
		}
	}
}

// checkBox fails unless v is at most h lines of at most w cells.
func checkBox(t *testing.T, v string, w, h int) {
	t.Helper()
	if v == "" {
		return
	}
	ls := strings.Split(v, "\n")
	if len(ls) > h {
		t.Fatalf("%dx%d: %d lines", w, h, len(ls))
	}
	for i, l := range ls {
		if lw := ansi.StringWidth(l); lw > w {
			t.Fatalf("%dx%d: line %d is %d wide: %q", w, h, i, lw, l)
		}
	}
}

// While a save runs, further commands do not start more saves; when it
// reports back, one more save writes the newest state.
func TestHelpScrolls(t *testing.T) {
	m := sized(newTracker(t, trio...), Options{}, 80, 22)
	m = press(m, "?")
	if !strings.Contains(plainView(m), "n next") {
		t.Fatalf("help top:\n%s", plainView(m))
	}
	m = press(m, "G")
	if strings.Contains(plainView(m), "n next") || !strings.Contains(plainView(m), "Shorthand on the screen") {
		t.Fatalf("G should scroll the help to the end:\n%s", plainView(m))
	}
	m = press(m, "esc")
	if m.showHelp {
		t.Fatal("esc closes the help")
	}
}

// A with someone else selected named only what was wrong ("Bruce is not
// delaying: D delays"), leaving the GM to hunt for the one who delayed:
// it names who is delaying.
func TestANamesWhoIsDelaying(t *testing.T) {
	m := sized(newTracker(t, trio...), Options{}, 100, 30)
	m = press(m, "n")
	who := m.selected().Name
	m = press(m, "D", "n", "A")
	if m.selected().Name == who || !strings.Contains(m.status, who+" is delaying: select it, then A") {
		t.Fatalf("A on %s: %q", m.selected().Name, m.status)
	}
}
