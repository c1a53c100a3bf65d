// Package cells measures, cuts and pads lines of terminal text by the
// cells they take on screen, styled or not. The GM's screen and the
// player view both lay their lines out with it.
package cells

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// Width returns the cells s takes. Plain ASCII (most names, scores and
// log lines) is measured by its length; anything else by ansi.StringWidth.
func Width(s string) int {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x80 || c < 0x20 {
			return ansi.StringWidth(s)
		}
	}
	return len(s)
}

// Fit cuts a (possibly styled) line to w cells, ending a cut line in …,
// and pads it with spaces to exactly w, so blocks can be joined side by
// side without measuring again.
func Fit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	s = Cut(s, w)
	if sw := Width(s); sw < w {
		s += strings.Repeat(" ", w-sw)
	}
	return s
}

// Cut is Fit without the padding: s cut to w cells, ending in … when
// cut, and as it is when it fits.
func Cut(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if Width(s) > w {
		return ansi.Truncate(s, w, "…")
	}
	return s
}

// PadLeft right-aligns s in w cells; a longer s is left as it is.
func PadLeft(s string, w int) string {
	sw := Width(s)
	if sw >= w {
		return s
	}
	return strings.Repeat(" ", w-sw) + s
}
