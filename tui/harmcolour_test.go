package tui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"fray/model"
	"fray/rules"
)

// coloured draws the screen of a tracker with a colour profile: styles
// are built for the profile the screen starts under.
func coloured(t testing.TB, tr *rules.Tracker, p termenv.Profile, w, h int) *Model {
	t.Helper()
	lipgloss.SetColorProfile(p)
	defer lipgloss.SetColorProfile(termenv.Ascii)
	return sized(tr, Options{}, w, h)
}

var (
	sgr    = regexp.MustCompile(`\x1b\[[0-9;]*m`)
	struck = regexp.MustCompile(`[\[;]9[;m]`) // strike-through among the attributes
)

// colourOf returns the escape sequences in force where text begins in
// the screen's line for the named combatant, and the line without them.
func colourOf(t *testing.T, m *Model, name, text string) (string, string) {
	t.Helper()
	for _, l := range strings.Split(m.View(), "\n") {
		plain := ansi.Strip(l)
		// The name must be on the order pane's row, not in the log beside it.
		at := strings.Index(plain, " "+name+" ")
		if at < 0 || ansi.StringWidth(plain[:at]) >= m.order.w || !strings.Contains(plain, text) {
			continue
		}
		i := strings.Index(l, text)
		seqs := sgr.FindAllString(l[:i], -1)
		// What is in force: the sequences since the last reset.
		for j := len(seqs) - 1; j >= 0; j-- {
			if seqs[j] == "\x1b[0m" || seqs[j] == "\x1b[m" {
				seqs = seqs[j+1:]
				break
			}
		}
		return strings.Join(seqs, ""), plain
	}
	t.Fatalf("no row of %s showing %q:\n%s", name, text, ansi.Strip(m.View()))
	return "", ""
}

// Per system, two rows of different severities: their harm gauges are
// drawn in different colours, in true colour and in 16 colours, and
// their harm marks differ in plain text too.
func TestHarmColoursDiffer(t *testing.T) {
	for _, c := range []struct {
		sys, demo   string
		lines       []string
		hurt, whole string // a combatant hurt worse than the other
		gauge       string // what begins their gauges
	}{
		// arm5 shows no gauge unharmed: a Heavy wound against a Medium one.
		{"arm5", "brawl", []string{"damage Bruce 12", "damage Alan 14"}, "Alan", "Bruce", ""},
		{"osr", "goblins", []string{`damage "Goblin 1" 3`}, "Goblin 1", "Goblin 2", "HP "},
		{"sst", "horde", []string{"next", "damage Roland 1"}, "Roland", "Mira", "P "},
		{"swords", "skirmish", []string{"damage Mung 5"}, "Mung", "Jot", "St "},
		{"factions", "bandits", []string{"damage Bandit1 9"}, "Bandit1", "Bandit2", "health "},
	} {
		t.Run(c.demo, func(t *testing.T) {
			tr := demoTracker(t, c.sys, c.demo, c.lines...)
			hurt := tr.Sys.Harm(tr.E, comb(t, tr, c.hurt)).Severity
			whole := tr.Sys.Harm(tr.E, comb(t, tr, c.whole)).Severity
			if hurt == whole {
				t.Fatalf("%s and %s are both %s", c.hurt, c.whole, hurt)
			}
			for _, p := range []termenv.Profile{termenv.TrueColor, termenv.ANSI256, termenv.ANSI} {
				m := coloured(t, tr, p, 160, 48)
				hg, wg := gaugeOf(t, tr, c.hurt, c.gauge), gaugeOf(t, tr, c.whole, c.gauge)
				hc, hl := colourOf(t, m, c.hurt, hg)
				wc, wl := colourOf(t, m, c.whole, wg)
				if hc == "" || hc == wc {
					t.Errorf("profile %v: %s (%s) in %q, %s (%s) in %q: the same colour\n%s\n%s", p, c.hurt, hurt, hc, c.whole, whole, wc, hl, wl)
				}
				if !strings.Contains(hl, harmMarks[hurt]+" "+hg) || !strings.Contains(wl, harmMarks[whole]+" "+wg) {
					t.Errorf("rows lack their harm marks:\n%s\n%s", hl, wl)
				}
			}
		})
	}
}

// gaugeOf is the gauge the system gives a combatant, checked to begin
// as the system's gauges do.
func gaugeOf(t *testing.T, tr *rules.Tracker, name, prefix string) string {
	t.Helper()
	g := tr.Sys.Harm(tr.E, comb(t, tr, name)).Gauge
	if g == "" || !strings.HasPrefix(g, prefix) {
		t.Fatalf("%s's gauge %q does not begin with %q", name, g, prefix)
	}
	return g
}

func comb(t testing.TB, tr *rules.Tracker, name string) *model.Combatant {
	t.Helper()
	cb, err := tr.E.Find(name)
	if err != nil {
		t.Fatal(err)
	}
	return cb
}

// In every colour profile, on light and dark backgrounds, the grades of
// harm have colours of their own, the first two sides differ, and the
// grades past hurt add weight; without colour, each grade has its mark.
func TestHarmScaleReadsEverywhere(t *testing.T) {
	defer lipgloss.SetHasDarkBackground(true)
	for _, dark := range []bool{true, false} {
		lipgloss.SetHasDarkBackground(dark)
		for _, p := range []termenv.Profile{termenv.TrueColor, termenv.ANSI256, termenv.ANSI} {
			lipgloss.SetColorProfile(p)
			st := newStyles()
			seen := map[string]rules.Severity{}
			for _, s := range rules.Severities() {
				pre := st.Row.Harm[s].pre
				if o, dup := seen[pre]; dup || pre == "" {
					t.Errorf("profile %v, dark %v: %s drawn like %s (%q)", p, dark, s, o, pre)
				}
				seen[pre] = s
			}
			if st.Row.Side[0].pre == st.Row.Side[1].pre {
				t.Errorf("profile %v, dark %v: the first two sides look alike", p, dark)
			}
			if st.Row.Marker.pre == st.Row.Note.pre {
				t.Errorf("profile %v: markers look like other notes", p)
			}
		}
	}
	lipgloss.SetColorProfile(termenv.Ascii)
	marks := map[string]bool{}
	for _, s := range rules.Severities() {
		marks[harmMarks[s]] = true
	}
	if len(marks) != len(rules.Severities()) {
		t.Errorf("harm marks repeat: %q", harmMarks)
	}
}

// An osr goblin stunned is not drawn like a dead one: without colour its
// row has no dead mark and a skip mark for its turn, and in colour its
// name is not struck through.
func TestStunnedIsNotDead(t *testing.T) {
	tr := demoTracker(t, "osr", "goblins", "next", "next", `cond "Goblin 1" stunned 2`, `set "Goblin 2" status=dead`)
	m := sized(tr, Options{}, 160, 48)
	var stunned, dead string
	for _, l := range m.order.View(false) {
		l = ansi.Strip(l)
		switch {
		case strings.Contains(l, " Goblin 1 "):
			stunned = l
		case strings.Contains(l, " Goblin 2 "):
			dead = l
		}
	}
	if strings.Contains(stunned, "†") || !strings.Contains(stunned, turnSkip+" ") || !strings.Contains(stunned, "stunned 2") {
		t.Errorf("stunned row: %q", stunned)
	}
	if !strings.Contains(dead, "† HP") {
		t.Errorf("dead row: %q", dead)
	}
	m = coloured(t, tr, termenv.TrueColor, 160, 48)
	sc, _ := colourOf(t, m, "Goblin 1", "Goblin 1")
	dc, _ := colourOf(t, m, "Goblin 2", "Goblin 2")
	if struck.MatchString(sc) || !struck.MatchString(dc) {
		t.Errorf("strike-through: stunned %q, dead %q", sc, dc)
	}
}

// The top bar's colour runs the whole width, clocks or none: no stretch
// of it is left in the terminal's own background. (Fitting the line to
// its room once padded it with plain spaces.)
func TestTopBarColourRunsTheWidth(t *testing.T) {
	for _, w := range []int{60, 80, 100, 160} {
		tr := demoTracker(t, "arm5", "brawl")
		for _, keys := range [][]string{nil, {"n"}} {
			m := coloured(t, tr, termenv.TrueColor, w, 24)
			m = press(m, keys...)
			top := strings.Split(m.View(), "\n")[0]
			// Spaces right after a reset stand in the terminal's own
			// background.
			if plain := unstyledSpaces.FindString(top); plain != "" {
				t.Errorf("width %d keys %v: %d plain spaces in the top bar: %q", w, keys, len(plain)-len("\x1b[0m"), top)
			}
		}
	}
}

var unstyledSpaces = regexp.MustCompile(`\x1b\[0m +(\x1b|$)`)
