package tui

import (
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/lipgloss"
)

// palette is every colour the screen uses. Each one adapts to light and
// dark terminals. With NO_COLOR set lipgloss picks the Ascii profile (it
// reads the environment through termenv.EnvColorProfile), so colours and
// attributes vanish; the screen then relies on its text marks (›, ▶, !,
// the heavy border of the focused pane), never on colour alone.
var palette = struct {
	text, dim, faint, accent, alert, good, border, focus, barBg, barFg lipgloss.AdaptiveColor
}{
	text:   lipgloss.AdaptiveColor{Light: "#1a1a1a", Dark: "#e4e4e4"},
	dim:    lipgloss.AdaptiveColor{Light: "#6b6b6b", Dark: "#8a8a8a"},
	faint:  lipgloss.AdaptiveColor{Light: "#a0a0a0", Dark: "#5c5c5c"},
	accent: lipgloss.AdaptiveColor{Light: "#5a3fc0", Dark: "#b39dff"},
	alert:  lipgloss.AdaptiveColor{Light: "#b3261e", Dark: "#ff6b6b"},
	good:   lipgloss.AdaptiveColor{Light: "#1b7a3a", Dark: "#6fdc8c"},
	border: lipgloss.AdaptiveColor{Light: "#b8b8b8", Dark: "#4a4a4a"},
	focus:  lipgloss.AdaptiveColor{Light: "#5a3fc0", Dark: "#b39dff"},
	barBg:  lipgloss.AdaptiveColor{Light: "#e6e0ff", Dark: "#2b2540"},
	barFg:  lipgloss.AdaptiveColor{Light: "#1a1a1a", Dark: "#e4e4e4"},
}

// ink is a style for one line of text. It keeps the lipgloss.Style and
// the escape sequences that style puts around text, worked out once, so
// drawing a row costs two string joins instead of a full lipgloss Render
// (which measures, wraps and pads, and was most of a key press's time).
// Use it only for single-line text without tabs.
type ink struct {
	lipgloss.Style
	pre, suf string
}

// sentinel is a private-use character that no style sequence contains.
const sentinel = "\uE000"

func newInk(s lipgloss.Style) ink {
	r := s.Render(sentinel)
	i := strings.Index(r, sentinel)
	if i < 0 {
		return ink{Style: s}
	}
	return ink{Style: s, pre: r[:i], suf: r[i+len(sentinel):]}
}

// Render wraps one line of text in the style's sequences.
func (k ink) Render(s string) string {
	if s == "" || (k.pre == "" && k.suf == "") {
		return s
	}
	return k.pre + s + k.suf
}

// paneStyle is how one pane's frame is drawn in one focus state.
type paneStyle struct {
	Border ink
	Title  ink
	Edge   lipgloss.Border
}

// Styles holds every style of the screen. newStyles builds it once; the
// root model keeps it and hands panes what they need.
type Styles struct {
	Focused, Blurred paneStyle

	Bar, BarTitle, BarAlert, BarNote ink
	Tab, TabActive                   ink
	Status, StatusErr, Hint          ink
	Prompt                           ink

	Heading, Current, Selected, Out, Done, Score, Side, Marks ink

	Label, Value, Alert ink

	LogCommand, LogRoll, LogEvent, LogRound ink

	HelpTitle, HelpUsage, HelpSummary ink

	Help help.Styles
}

func newStyles() Styles {
	fg := func(c lipgloss.AdaptiveColor) lipgloss.Style { return lipgloss.NewStyle().Foreground(c) }
	k := newInk
	s := Styles{
		Focused: paneStyle{
			Border: k(fg(palette.focus)),
			Title:  k(fg(palette.focus).Bold(true)),
			Edge:   lipgloss.ThickBorder(),
		},
		Blurred: paneStyle{
			Border: k(fg(palette.border)),
			Title:  k(fg(palette.dim)),
			Edge:   lipgloss.RoundedBorder(),
		},
		Bar:       k(lipgloss.NewStyle().Foreground(palette.barFg).Background(palette.barBg)),
		BarTitle:  k(lipgloss.NewStyle().Foreground(palette.accent).Background(palette.barBg).Bold(true)),
		BarAlert:  k(lipgloss.NewStyle().Foreground(palette.alert).Background(palette.barBg).Bold(true)),
		BarNote:   k(lipgloss.NewStyle().Foreground(palette.good).Background(palette.barBg)),
		Tab:       k(fg(palette.dim)),
		TabActive: k(fg(palette.accent).Bold(true).Underline(true)),
		Status:    k(fg(palette.text)),
		StatusErr: k(fg(palette.alert).Bold(true)),
		Hint:      k(fg(palette.dim)),
		Prompt:    k(fg(palette.accent).Bold(true)),

		Heading:  k(fg(palette.accent).Bold(true)),
		Current:  k(fg(palette.accent).Bold(true)),
		Selected: k(lipgloss.NewStyle().Reverse(true)),
		Out:      k(fg(palette.faint).Strikethrough(true)),
		Done:     k(fg(palette.dim)),
		Score:    k(fg(palette.dim)),
		Side:     k(fg(palette.dim)),
		Marks:    k(fg(palette.alert)),

		Label: k(fg(palette.dim)),
		Value: k(fg(palette.text)),
		Alert: k(fg(palette.alert).Bold(true)),

		LogCommand: k(fg(palette.accent)),
		LogRoll:    k(fg(palette.text)),
		LogEvent:   k(fg(palette.dim)),
		LogRound:   k(fg(palette.faint)),

		HelpTitle:   k(fg(palette.accent).Bold(true)),
		HelpUsage:   k(fg(palette.text)),
		HelpSummary: k(fg(palette.dim)),
	}
	keyStyle := fg(palette.dim)
	descStyle := fg(palette.faint)
	sepStyle := fg(palette.border)
	s.Help = help.Styles{
		Ellipsis:       sepStyle,
		ShortKey:       keyStyle,
		ShortDesc:      descStyle,
		ShortSeparator: sepStyle,
		FullKey:        keyStyle,
		FullDesc:       descStyle,
		FullSeparator:  sepStyle,
	}
	return s
}

// pane returns the frame style for a pane with or without focus.
func (s *Styles) pane(focused bool) *paneStyle {
	if focused {
		return &s.Focused
	}
	return &s.Blurred
}
