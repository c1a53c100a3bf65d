package player

import (
	"github.com/charmbracelet/lipgloss"

	"fray/rules"
	"fray/tui/looks"
)

// styles holds every style of the player view, built once per screen
// from that screen's renderer: each player of fray serve has a terminal
// of their own, with its own colours.
type styles struct {
	Bar, BarTitle, Turn, Ended   lipgloss.Style
	Head, Heading, Current, Next lipgloss.Style
	Ours, Foe, Score, Marks, Out lipgloss.Style
	Notice, Alert, Hint          lipgloss.Style
	Severity                     [rules.Dead + 1]lipgloss.Style
}

// Colours adapt to light and dark terminals. Without colour (NO_COLOR,
// a dumb terminal) the view still reads: the marks ▶ and ›, the harm in
// words, bold for the current turn.
var (
	cText   = lipgloss.AdaptiveColor{Light: "#1a1a1a", Dark: "#e4e4e4"}
	cDim    = lipgloss.AdaptiveColor{Light: "#6b6b6b", Dark: "#8a8a8a"}
	cAccent = lipgloss.AdaptiveColor{Light: "#5a3fc0", Dark: "#b39dff"}
	cBarBg  = lipgloss.AdaptiveColor{Light: "#e6e0ff", Dark: "#2b2540"}
	cOurs   = lipgloss.AdaptiveColor{Light: "#1f5fb0", Dark: "#7fb4ff"}
	cFoe    = lipgloss.AdaptiveColor{Light: "#a3322a", Dark: "#ff8a7a"}
	cAlert  = lipgloss.AdaptiveColor{Light: "#b3261e", Dark: "#ff6b6b"}
	// The harm scale, unhurt to dead.
	cHarm = [...]lipgloss.AdaptiveColor{
		{Light: "#1b7a3a", Dark: "#6fdc8c"}, // unhurt
		{Light: "#8a6d00", Dark: "#e6c84c"}, // hurt
		{Light: "#b35900", Dark: "#ffa04d"}, // badly hurt
		{Light: "#b3261e", Dark: "#ff6b6b"}, // out of the fight
		{Light: "#8b0000", Dark: "#ff3b3b"}, // dying
		{Light: "#8a8a8a", Dark: "#6b6b6b"}, // dead
	}
)

// newStyles builds the styles for r, one looks.Look at a time (see
// package looks: written as chained calls they made a 37 KB frame, and
// 50 KB of stack maps).
func newStyles(r *lipgloss.Renderer) *styles {
	s := new(styles)
	set := func(st *lipgloss.Style, l looks.Look) { *st = l.Style(r) }
	fg := looks.Fg
	set(&s.Bar, looks.Look{Fg: cText, Bg: cBarBg})
	set(&s.BarTitle, looks.Look{Fg: cAccent, Bg: cBarBg, Bold: true})
	set(&s.Turn, fg(cText).Bolded())
	set(&s.Ended, fg(cAccent).Bolded())
	set(&s.Head, fg(cDim))
	set(&s.Heading, fg(cAccent))
	set(&s.Current, looks.Look{Bold: true, Reverse: true})
	set(&s.Next, fg(cAccent))
	set(&s.Ours, fg(cOurs))
	set(&s.Foe, fg(cFoe))
	set(&s.Score, fg(cDim))
	set(&s.Marks, looks.Look{Fg: cDim, Italic: true})
	set(&s.Out, looks.Look{Fg: cDim, Strikethrough: true})
	set(&s.Notice, fg(cAccent))
	set(&s.Alert, fg(cAlert).Bolded())
	set(&s.Hint, fg(cDim))
	for i, c := range cHarm {
		l := fg(c)
		if rules.Severity(i) == rules.BadlyHurt || rules.Severity(i) == rules.Dying {
			l = l.Bolded()
		}
		set(&s.Severity[i], l)
	}
	return s
}
