// Package looks makes the lipgloss styles of fray's screens from what
// each one is: its colours and attributes, one call per style.
//
// Written out as chained calls (NewStyle().Foreground(c).Bold(true)),
// each 552-byte Style a chain makes had a stack slot of its own in the
// function that built the styles: the GM screen's newStyles had a 147 KB
// frame, which took the event loop's stack to 512 KB on the way to the
// first frame, and stack maps that were 0.35 MB of the executable, all
// of it resident (docs/performance.md, "Peak memory"). Look.Style's
// frame is the same for every style made.
package looks

import "github.com/charmbracelet/lipgloss"

// Look is a style's colours (nil leaves the terminal's own) and
// attributes.
type Look struct {
	Fg, Bg                                          lipgloss.TerminalColor
	Bold, Italic, Underline, Reverse, Strikethrough bool
}

// Fg is a look of one colour on the terminal's background.
func Fg(c lipgloss.TerminalColor) Look { return Look{Fg: c} }

// Bolded is l in bold.
func (l Look) Bolded() Look { l.Bold = true; return l }

// Style makes l's style, for r (nil: lipgloss's default renderer).
func (l Look) Style(r *lipgloss.Renderer) lipgloss.Style {
	var s lipgloss.Style
	if r != nil {
		s = r.NewStyle()
	} else {
		s = lipgloss.NewStyle()
	}
	if l.Fg != nil {
		s = s.Foreground(l.Fg)
	}
	if l.Bg != nil {
		s = s.Background(l.Bg)
	}
	if l.Bold {
		s = s.Bold(true)
	}
	if l.Italic {
		s = s.Italic(true)
	}
	if l.Underline {
		s = s.Underline(true)
	}
	if l.Reverse {
		s = s.Reverse(true)
	}
	if l.Strikethrough {
		s = s.Strikethrough(true)
	}
	return s
}
