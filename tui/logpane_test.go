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
// last word on the last line; only that end is wrapped, and kept for the
// next look.
func TestLogLongEntryShowsItsEnd(t *testing.T) {
	tr := demoTracker(t, "osr", "goblins")
	words := make([]string, 4000)
	for i := range words {
		words[i] = "w" + strconv.Itoa(i)
	}
	tr.E.Append(model.Entry{Kind: model.KindEvent, Text: strings.Join(words, " ")})
	m := sized(tr, Options{}, 100, 30)
	iw, ih := m.log.inner()
	lines := m.log.lines
	if len(lines) != ih {
		t.Fatalf("%d lines in a pane %d high", len(lines), ih)
	}
	var shown []string
	for i, l := range lines {
		l = ansi.Strip(l)
		if w := width(l); w > iw {
			t.Errorf("line %d is %d wide, the pane %d", i, w, iw)
		}
		shown = append(shown, strings.Fields(l)...)
	}
	if strings.Join(shown, " ") != strings.Join(words[len(words)-len(shown):], " ") {
		t.Errorf("the pane shows %q, not the end of the entry", shown)
	}
	if m.log.made[tr.E.LogLen()-1] == nil {
		t.Error("the entry's lines are not kept")
	}
}
