package tui

import (
	"regexp"
	"strings"
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/osr"
)

// TestFullHelpListsEveryKey opens the full help at sizes too narrow for
// every column side by side: each enabled binding must still show, its
// key followed by its description on one line, on the first screen when
// the terminal is tall enough, else somewhere while paging down.
func TestFullHelpListsEveryKey(t *testing.T) {
	trackers := map[string]func() *rules.Tracker{
		"test": func() *rules.Tracker { return newTracker(t, trio...) },
		"osr": func() *rules.Tracker {
			tr := rules.NewTracker(model.New("osr", 7), osr.New())
			for _, l := range []string{"add Ann", "add Bob"} {
				if _, err := tr.Apply(l); err != nil {
					t.Fatal(err)
				}
			}
			return tr
		},
	}
	for name, mk := range trackers {
		for _, s := range [][2]int{{100, 30}, {60, 18}, {80, 24}} {
			m := press(sized(mk(), Options{}, s[0], s[1]), "?")
			if !m.showHelp {
				t.Fatal("? should open the full help")
			}
			checkBox(t, m.View(), s[0], s[1])
			bar := plainView(m)
			if s[1] < 30 {
				// Short: page down to the end, keeping every screen seen.
				for range 10 {
					m = press(m, "pgdown")
					checkBox(t, m.View(), s[0], s[1])
					bar += "\n" + plainView(m)
				}
			}
			n := 0
			for _, g := range m.keys.FullHelp() {
				for _, b := range g {
					h := b.Help()
					if !b.Enabled() || h.Key == "" {
						continue
					}
					n++
					re := regexp.MustCompile(regexp.QuoteMeta(h.Key) + ` +` + regexp.QuoteMeta(h.Desc))
					if !re.MatchString(bar) {
						t.Errorf("%s %v: %q %q missing from the full help:\n%s", name, s, h.Key, h.Desc, bar)
					}
				}
			}
			if n < 20 {
				t.Fatalf("%s: only %d bindings enabled", name, n)
			}
		}
	}
}

// TestFullHelpSystemHeading checks that the system's keys are headed by
// a line of their own that reads as a heading.
func TestFullHelpSystemHeading(t *testing.T) {
	m := press(sized(newTracker(t, trio...), Options{}, 100, 30), "?")
	v := plainView(m)
	if !regexp.MustCompile(`─ Test Rules keys ─`).MatchString(v) {
		t.Fatalf("no heading for the system's keys:\n%s", v)
	}
	if strings.Contains(v, "Test Rules:") {
		t.Fatalf("the old run-on heading is still there:\n%s", v)
	}
}
