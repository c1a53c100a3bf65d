package player

import (
	"github.com/charmbracelet/lipgloss"

	"fray/rules"
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

func newStyles(r *lipgloss.Renderer) styles {
	n := r.NewStyle
	s := styles{
		Bar:      n().Background(cBarBg).Foreground(cText),
		BarTitle: n().Background(cBarBg).Foreground(cAccent).Bold(true),
		Turn:     n().Foreground(cText).Bold(true),
		Ended:    n().Foreground(cAccent).Bold(true),
		Head:     n().Foreground(cDim),
		Heading:  n().Foreground(cAccent),
		Current:  n().Bold(true).Reverse(true),
		Next:     n().Foreground(cAccent),
		Ours:     n().Foreground(cOurs),
		Foe:      n().Foreground(cFoe),
		Score:    n().Foreground(cDim),
		Marks:    n().Foreground(cDim).Italic(true),
		Out:      n().Foreground(cDim).Strikethrough(true),
		Notice:   n().Foreground(cAccent),
		Alert:    n().Foreground(cAlert).Bold(true),
		Hint:     n().Foreground(cDim),
	}
	for i := range s.Severity {
		s.Severity[i] = n().Foreground(cHarm[i])
	}
	s.Severity[rules.BadlyHurt] = s.Severity[rules.BadlyHurt].Bold(true)
	s.Severity[rules.Dying] = s.Severity[rules.Dying].Bold(true)
	return s
}
