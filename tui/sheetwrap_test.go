package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The arm5 sheet wraps its characteristics between them, never between a
// label and its value.
func TestSheetKeepsLabelWithValue(t *testing.T) {
	for _, s := range [][2]int{{100, 30}, {120, 40}} {
		m := sized(brawl(t), Options{}, s[0], s[1])
		view := ansi.Strip(m.View())
		if !strings.Contains(view, "Characteristics") {
			t.Fatalf("%dx%d: no characteristics in the sheet:\n%s", s[0], s[1], view)
		}
		for _, l := range strings.Split(view, "\n") {
			l = strings.TrimRight(l, " │┃")
			for _, label := range []string{"Qik", "Dex", "Str", "Sta", "Pre", "Size"} {
				if strings.HasSuffix(l, " "+label) {
					t.Errorf("%dx%d: %q is cut from its value:\n%s", s[0], s[1], label, view)
				}
			}
		}
	}
}
