package tui

import (
	"regexp"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"fray/model"
	"fray/rules"
	"fray/rules/arm5"
)

func TestOptionsScreen(t *testing.T) {
	tr := newTracker(t, trio...)
	m := sized(tr, Options{}, 100, 30)
	m = press(m, "o")
	v := plainView(m)
	if m.mode != modeOptions || !strings.Contains(v, "Options of Test Rules") ||
		!hasOption(v, "style", "‹plain›") || !strings.Contains(v, "how the fight reads") {
		t.Fatalf("o should list the options with their values:\n%s", v)
	}
	m = press(m, "enter")
	if tr.E.Options["style"] != "fancy" || !hasOption(plainView(m), "style", "‹fancy›") {
		t.Fatalf("enter cycles to the next value: %v %q", tr.E.Options, m.status)
	}
	if v := plainView(m); !strings.Contains(v, "‹fancy›*") || !strings.Contains(v, "default plain") {
		t.Fatal("a changed option names its default")
	}
	m = press(m, "space", "space")
	if tr.E.Options["style"] != "plain" {
		t.Fatalf("the values wrap around: %v", tr.E.Options)
	}
	m = press(m, "left")
	if tr.E.Options["style"] != "grim" {
		t.Fatalf("left goes back a value: %v", tr.E.Options)
	}
	if v := plainView(m); !strings.Contains(v, "u undo") || strings.Contains(v, "ctrl+r redo") {
		t.Fatalf("the help line lists undo, not yet redo:\n%s", v)
	}
	m = press(m, "u")
	if tr.E.Options["style"] != "plain" || m.mode != modeOptions || !hasOption(plainView(m), "style", "‹plain›") {
		t.Fatalf("u undoes on the options screen too, which shows it: %v %q", tr.E.Options, m.status)
	}
	if !strings.Contains(plainView(m), "ctrl+r redo") {
		t.Fatalf("after an undo the help line lists redo:\n%s", plainView(m))
	}
	m = press(m, "ctrl+r")
	if tr.E.Options["style"] != "grim" || m.mode != modeOptions || !hasOption(plainView(m), "style", "‹grim›") {
		t.Fatalf("ctrl+r redoes on the options screen: %v %q", tr.E.Options, m.status)
	}
	m = press(m, "esc", "u")
	if tr.E.Options["style"] != "plain" || m.mode != modeNormal {
		t.Fatalf("esc closes, u undoes the last change: %v", tr.E.Options)
	}
	// An integer option is typed at the command line, and the screen
	// comes back when it closes.
	m = press(m, "o", "j", "enter")
	if m.mode != modeCommand || m.line.in.Value() != "option bonus " || !strings.Contains(plainView(m), "Options of") {
		t.Fatalf("enter on bonus should open :option bonus  over the options: %d %q", m.mode, m.line.in.Value())
	}
	m = press(typeText(m, "x"), "enter")
	if m.mode != modeOptions || !m.statusErr {
		t.Fatalf("a bad number is an error, back on the options: %d %q", m.mode, m.status)
	}
	m = press(m, "enter")
	m = press(typeText(m, "3"), "enter")
	if tr.E.Options["bonus"] != "3" || m.mode != modeOptions || !hasOption(plainView(m), "bonus", "‹3›") {
		t.Fatalf("bonus should be 3: %v %q", tr.E.Options, m.status)
	}
	m = press(m, "enter", "esc")
	if m.mode != modeOptions {
		t.Fatal("esc on the line goes back to the options")
	}
	m = press(m, "o")
	if m.mode != modeNormal {
		t.Fatal("o closes the options too")
	}
	m = press(m, ":")
	m = press(typeText(m, "options"), "enter")
	if m.mode != modeOptions {
		t.Fatal(":options opens the screen")
	}
}

func TestOptionsEverySize(t *testing.T) {
	m := New(newTracker(t, trio...), Options{})
	m = press(m, "o")
	for _, s := range sizes {
		m = send(m, tea.WindowSizeMsg{Width: s[0], Height: s[1]})
		// k to the top, then j to the integer option, whose enter opens
		// the command line and esc closes it again.
		for _, k := range []string{"k", "k", "k", "j", "enter", "esc", "k", "space", "right", "left", "tab", "j"} {
			m = press(m, k)
			checkBox(t, m.View(), s[0], s[1])
		}
		if m.mode != modeOptions {
			t.Fatalf("%v: the options stay open", s)
		}
	}
}

// Options scrolled out of sight are announced in the frame's edges, as
// the forms do.
func TestOptionsMoreMarkers(t *testing.T) {
	open := func(w, h int) *Model {
		sys := arm5.New()
		return press(sized(rules.NewTracker(model.New("x", 1), sys), Options{}, w, h), "o")
	}
	m := open(60, 18)
	n := len(m.opts.opts)
	v := plainView(m)
	if !strings.Contains(v, "━ ↓ more · esc closes") || strings.Contains(v, "↑ more") {
		t.Fatalf("at the first option there are more below only:\n%s", v)
	}
	both := false
	for range n {
		m = press(m, "j")
		v := plainView(m)
		both = both || strings.Contains(v, "↑ more") && strings.Contains(v, "↓ more")
	}
	if !both {
		t.Error("on the way down there should be a place with more both ways")
	}
	v = plainView(m)
	if !strings.Contains(v, "(Lords of Men) ↑ more") || strings.Contains(v, "↓ more") {
		t.Fatalf("at the last option there are more above only:\n%s", v)
	}
	checkBox(t, m.View(), 60, 18)
	if v := plainView(open(100, 30)); strings.Contains(v, "more") {
		t.Errorf("options that fit say nothing of more:\n%s", v)
	}
}

// hasOption reports whether the options screen shows the option with the
// value, however wide the key column is.
func hasOption(v, key, value string) bool {
	return regexp.MustCompile(regexp.QuoteMeta(key) + ` +` + regexp.QuoteMeta(value)).MatchString(v)
}
