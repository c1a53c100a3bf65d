package tui

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/x/ansi"

	"fray/rules"
	"fray/rules/systems"
)

// demoTrackers returns a fresh tracker on every demo of every system.
func demoTrackers(t *testing.T) map[string]func() *rules.Tracker {
	out := map[string]func() *rules.Tracker{}
	for _, s := range systems.Default().All() {
		for _, d := range s.Demos() {
			out[s.ID()+"/"+d.Name] = func() *rules.Tracker {
				e, err := rules.BuildDemo(s, d.Name, 42)
				if err != nil {
					t.Fatal(err)
				}
				return rules.NewTracker(e, s)
			}
		}
	}
	return out
}

// helpText opens the help screen and pages through all of it, returning
// every line seen with the frame taken off.
func helpText(t *testing.T, m *Model, w, h int) string {
	t.Helper()
	m = press(m, "?")
	if !m.showHelp {
		t.Fatal("? should open the help screen")
	}
	var b strings.Builder
	last := ""
	for range 200 {
		v := m.View()
		checkBox(t, v, w, h)
		if v == last {
			break
		}
		last = v
		for _, l := range strings.Split(ansi.Strip(v), "\n") {
			b.WriteString(strings.Trim(l, "┃│") + "\n")
		}
		m = press(m, "pgdown")
	}
	return b.String()
}

// every binding of the key maps, as the help writes them.
func everyBinding(m *Model) []key.Binding {
	var bs []key.Binding
	for _, g := range m.keys.FullHelp() {
		bs = append(bs, g...)
	}
	bs = append(bs, defaultFormKeys().ShortHelp()...)
	return append(bs, m.optionsHelp()...)
}

// Every key in the key maps appears in ? in every state of every demo,
// at every size, with its description; one that is off says why.
func TestHelpListsEveryKeyInEveryState(t *testing.T) {
	states := map[string][]string{
		"opened":   nil,
		"started":  {"n"},
		"undone":   {"n", "n", "u"},
		"last row": {"n", "G"},
	}
	for name, mk := range demoTrackers(t) {
		for state, keys := range states {
			for _, s := range [][2]int{{60, 18}, {80, 24}, {160, 48}} {
				m := press(sized(mk(), Options{}, s[0], s[1]), keys...)
				text := helpText(t, m, s[0], s[1])
				groups := m.keyGroups()
				for _, b := range everyBinding(m) {
					h := b.Help()
					if h.Key == "" {
						continue // the heading of the system's keys
					}
					e, ok := findEntry(groups, h.Key, h.Desc)
					switch {
					case !ok:
						t.Errorf("%s %s: %q %q is in no group of the help", name, state, h.Key, h.Desc)
						continue
					case !b.Enabled() && e.off == "":
						t.Errorf("%s %s: %q is off without a reason", name, state, h.Key)
					}
					if !strings.Contains(text, h.Key) {
						t.Errorf("%s %s %v: %q missing from the help screen", name, state, s, h.Key)
					}
					if s[0] == 60 { // one column: the key begins its line, the text follows
						re := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(h.Key) + `\s+` + regexp.QuoteMeta(strings.Fields(h.Desc)[0]))
						if !re.MatchString(text) {
							t.Errorf("%s %s %v: %q %q not drawn together:\n%s", name, state, s, h.Key, h.Desc, text)
						}
					}
				}
				for _, g := range groups {
					if !strings.Contains(text, g.title) {
						t.Errorf("%s %s %v: no %q in the help", name, state, s, g.title)
					}
				}
			}
		}
	}
}

func findEntry(gs []helpGroup, k, desc string) (helpEntry, bool) {
	for _, g := range gs {
		for _, e := range g.entries {
			if e.key == k && e.desc == desc {
				return e, true
			}
		}
	}
	return helpEntry{}, false
}

// A reopened fight has no undo history: u and ctrl+r are listed, dimmed,
// with the reason, and pressing u says it on the status line.
func TestHelpShowsKeysThatAreOff(t *testing.T) {
	tr := newTracker(t, trio...)
	m := sized(rules.NewTracker(tr.E, tr.Sys), Options{}, 100, 40) // reopened
	var text string
	for _, g := range m.keyGroups() {
		text += ansi.Strip(strings.Join(m.renderGroup(g, 200, keyWidth(g, 200)), "\n")) + "\n"
	}
	for _, want := range []string{
		"u      undo — off: nothing to undo since fray opened the file",
		"ctrl+r redo — off: nothing undone to redo",
		"p previous turn — off: the fight has not started: n starts it",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("help lacks %q:\n%s", want, text)
		}
	}
	m = press(m, "u")
	if m.status != "u does nothing now: nothing to undo since fray opened the file" {
		t.Errorf("status after u: %q", m.status)
	}
}

// The help bar starts with the keys every fight uses, in every system at
// 80 columns, and never cuts an entry.
func TestHelpBarStartsWithEveryFightKeys(t *testing.T) {
	want := "n next • a attack • d damage • u undo • ? help • q quit"
	for name, mk := range demoTrackers(t) {
		for _, w := range []int{60, 80, 160} {
			m := sized(mk(), Options{}, w, 24)
			bar := strings.TrimRight(ansi.Strip(m.helpBar()[0]), " ")
			if !strings.HasPrefix(bar, want) {
				t.Errorf("%s at %d: bar %q", name, w, bar)
			}
			if ansi.StringWidth(bar) > w {
				t.Errorf("%s at %d: bar too wide: %q", name, w, bar)
			}
			whole := map[string]bool{}
			for _, b := range m.keys.ShortHelp() {
				whole[b.Help().Key+" "+b.Help().Desc] = true
			}
			for _, e := range strings.Split(bar, " • ") {
				if !whole[e] {
					t.Errorf("%s at %d: %q is not a whole entry of %q", name, w, e, bar)
				}
			}
		}
	}
}

func TestWrapWords(t *testing.T) {
	for _, c := range []struct {
		in   string
		w    int
		want []string
	}{
		{"aaa bbb ccc", 7, []string{"aaa bbb", "ccc"}},
		{"attack A [exert|charge|nonlethal]", 12, []string{"attack A", "[exert|", "charge|", "nonlethal]"}},
		{"abcdefghij", 4, []string{"abcd", "efgh", "ij"}},
		{"", 5, []string{""}},
	} {
		got := wrapWords(c.in, c.w)
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("wrapWords(%q, %d) = %q, want %q", c.in, c.w, got, c.want)
		}
		for _, l := range got {
			if width(l) > c.w {
				t.Errorf("wrapWords(%q, %d): %q too wide", c.in, c.w, l)
			}
		}
	}
	if got := cutWords("one two three", 9); got != "one two…" {
		t.Errorf("cutWords = %q", got)
	}
}

// No line of the help screen is cut inside a word at 80 columns: every
// word of every usage and summary is whole somewhere in the text.
func TestHelpWrapsBetweenWords(t *testing.T) {
	for name, mk := range demoTrackers(t) {
		m := sized(mk(), Options{}, 80, 24)
		words := map[string]bool{}
		for _, l := range strings.Split(helpText(t, m, 80, 24), "\n") {
			for _, w := range strings.Fields(l) {
				words[w] = true
			}
		}
		for _, v := range m.verbs {
			for _, w := range strings.Fields(v.Summary) {
				if !words[w] {
					t.Errorf("%s: %q of %q is cut", name, w, v.Summary)
				}
			}
			for _, w := range strings.Fields(v.Usage) {
				if !words[w] && !strings.Contains(w, "|") && !strings.Contains(w, ",") {
					t.Errorf("%s: %q of %q is cut", name, w, v.Usage)
				}
			}
		}
	}
}

// The screen's own marks are explained in the README, as in ?.
func TestReadmeExplainsTheScreensMarks(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range append(orderLegend(), scoreLegend) {
		for _, mark := range strings.Split(a.Mark, " / ") {
			if mark != "bold note" && !strings.Contains(string(b), "`"+mark+"`") {
				t.Errorf("README.md does not explain %q", mark)
			}
		}
	}
}

// A command's usage too long for its column goes on indented under its
// first line, so the rest of it never reads as a command of its own.
func TestHelpUsageHangs(t *testing.T) {
	for _, w := range []int{50, 160} {
		m := sized(demoFight(t, "horde", nil), Options{}, w, 48)
		lines := m.commandLines(w - 2)
		for i, l := range lines {
			if !strings.HasPrefix(ansi.Strip(l), "attack ATTACKER") {
				continue
			}
			next := ansi.Strip(lines[i+1])
			if !strings.HasPrefix(next, "  [") {
				t.Errorf("at %d columns the attack usage goes on with %q", w, next)
			}
		}
	}
}

// A key too wide for the key column takes a line of its own; the column
// is then as wide as the widest key that fits in it, not the most it may
// be, so the other entries' words keep the room (the options screen's
// "enter/space/→" beside "u" and "esc/o").
func TestHelpKeyColumnFitsTheKeysThatFit(t *testing.T) {
	g := helpGroup{entries: []helpEntry{{key: "enter/space/→"}, {key: "esc/o"}, {key: "ctrl+r"}, {key: "u"}}}
	if kw := keyWidth(g, 36); kw != 6 {
		t.Errorf("key column %d wide at 36, want 6 (ctrl+r)", kw)
	}
	if kw := keyWidth(g, 60); kw != 13 {
		t.Errorf("key column %d wide at 60, want 13 (every key fits)", kw)
	}
}

// The help screen lists, under a verb whose options say what they do,
// each option with its line; help attack scrolls there.
func TestHelpListsOptionLines(t *testing.T) {
	tr := brawl(t)
	v, _ := tr.Verb("attack")
	for _, w := range []int{40, 78, 158} {
		m := sized(tr, Options{}, w+2, 40)
		text := ansi.Strip(strings.Join(m.helpLines(w), "\n"))
		for _, word := range []string{"dexert", "botch="} {
			about := strings.Fields(v.OptionHelp[word])
			want := word + "  "
			if i := strings.Index(text, want); i < 0 || !strings.Contains(text[i:], about[0]+" "+about[1]) {
				t.Errorf("width %d: no %s line saying %q:\n%s", w, word, v.OptionHelp[word], text)
			}
		}
		for _, l := range m.helpLines(w) {
			if width(l) > w {
				t.Errorf("width %d: a line of %d cells: %q", w, width(l), ansi.Strip(l))
			}
		}
	}
}
