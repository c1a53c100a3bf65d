package tui

import (
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"fray/model"
)

// An entry far longer than the log pane can show (a new round's line of
// initiative rolls at 1000 combatants) fills the pane with its end, the
// last word on the last line, whatever its letters and even without a
// space; only that end is wrapped, and kept for the next look.
func TestLogLongEntryShowsItsEnd(t *testing.T) {
	words := func(f func(i int) string) string {
		ws := make([]string, 4000)
		for i := range ws {
			ws[i] = f(i)
		}
		return strings.Join(ws, " ")
	}
	for name, text := range map[string]string{
		"ascii":    words(func(i int) string { return "w" + strconv.Itoa(i) }),
		"accents":  words(func(i int) string { return "é" + strconv.Itoa(i) + "ü" }),
		"wide":     words(func(i int) string { return "戦" + strconv.Itoa(i) }),
		"no space": strings.Repeat("abcdefghij", 3000),
	} {
		t.Run(name, func(t *testing.T) {
			tr := demoTracker(t, "osr", "goblins")
			tr.E.Append(model.Entry{Kind: model.KindEvent, Text: text})
			m := sized(tr, Options{}, 100, 30)
			iw, ih := m.log.inner()
			lines := m.log.lines
			if len(lines) != ih {
				t.Fatalf("%d lines in a pane %d high", len(lines), ih)
			}
			var shown strings.Builder
			for i, l := range lines {
				l = ansi.Strip(l)
				if w := width(l); w > iw {
					t.Errorf("line %d is %d wide, the pane %d", i, w, iw)
				}
				shown.WriteString(strings.ReplaceAll(l, " ", ""))
			}
			if !strings.HasSuffix(strings.ReplaceAll(text, " ", ""), shown.String()) {
				t.Errorf("the pane shows %q, not the end of the entry", shown.String())
			}
			if m.log.made[tr.E.LogLen()-1] == nil {
				t.Error("the entry's lines are not kept")
			}
		})
	}
}

// The note under the log counts the entries below the last one that
// shows: at the top of a long log (g) the entries that fit under the
// first are not "newer below", and a page down from there moves on a
// page, not one entry.
func TestLogTopCountsOnlyHiddenEntries(t *testing.T) {
	tr := newTracker(t)
	for i := range 300 {
		tr.E.Event("line %d", i)
	}
	m := sized(tr, Options{}, 80, 24)
	m.focus = focusLog
	m = press(m, "g")
	_, ih := m.log.inner()
	if got := ansi.Strip(m.log.lines[0]); !strings.HasSuffix(got, "line 0") {
		t.Fatalf("g: the log starts with %q, not its first entry", got)
	}
	want := strconv.Itoa(300-ih) + " newer below"
	if v := plainView(m); !strings.Contains(v, want) {
		t.Errorf("at the top of 300 one-line entries, %d lines shown, the note is not %q:\n%s", ih, want, v)
	}
	m = press(m, "pgdown")
	if got, want := strings.TrimSpace(ansi.Strip(m.log.lines[0])), "line "+strconv.Itoa(ih-1); got != want {
		t.Errorf("a page down from the top starts at %q, not at the line that ended the page (%q)", got, want)
	}
}
