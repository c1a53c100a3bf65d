package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

func TestOptionsScreen(t *testing.T) {
	tr := newTracker(t, trio...)
	m := sized(tr, Options{}, 100, 30)
	m = press(m, "o")
	v := plainView(m)
	if m.mode != modeOptions || !strings.Contains(v, "Options of Test Rules") ||
		!strings.Contains(v, "style ‹plain›") || !strings.Contains(v, "how the fight reads") {
		t.Fatalf("o should list the options with their values:\n%s", v)
	}
	m = press(m, "enter")
	if tr.E.Options["style"] != "fancy" || !strings.Contains(plainView(m), "style ‹fancy›") {
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
	m = press(m, "u")
	if tr.E.Options["style"] != "grim" {
		t.Fatal("u is not an options key; undo waits for the main screen")
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
	if tr.E.Options["bonus"] != "3" || m.mode != modeOptions || !strings.Contains(plainView(m), "bonus ‹3›") {
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
		for _, k := range []string{"j", "enter", "esc", "k", "space", "right", "left", "tab", "j"} {
			m = press(m, k)
			checkBox(t, m.View(), s[0], s[1])
		}
		if m.mode != modeOptions {
			t.Fatalf("%v: the options stay open", s)
		}
	}
}
