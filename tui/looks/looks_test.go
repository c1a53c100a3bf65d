package looks

import (
	"io"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// Each attribute of a look is the chained call it stands for.
func TestStyleIsTheChain(t *testing.T) {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.TrueColor)
	r.SetHasDarkBackground(true)
	fg, bg := lipgloss.Color("#ff0000"), lipgloss.AdaptiveColor{Light: "#000000", Dark: "#00ff00"}
	for _, c := range []struct {
		look  Look
		chain lipgloss.Style
	}{
		{Look{}, r.NewStyle()},
		{Fg(fg), r.NewStyle().Foreground(fg)},
		{Look{Bg: bg}, r.NewStyle().Background(bg)},
		{Fg(fg).Bolded(), r.NewStyle().Foreground(fg).Bold(true)},
		{Look{Italic: true}, r.NewStyle().Italic(true)},
		{Look{Underline: true}, r.NewStyle().Underline(true)},
		{Look{Reverse: true}, r.NewStyle().Reverse(true)},
		{Look{Fg: fg, Bg: bg, Strikethrough: true}, r.NewStyle().Foreground(fg).Background(bg).Strikethrough(true)},
	} {
		if got, want := c.look.Style(r).Render("x"), c.chain.Render("x"); got != want {
			t.Errorf("%+v renders %q, the chain %q", c.look, got, want)
		}
	}
	if got, want := Fg(fg).Style(nil).GetForeground(), lipgloss.TerminalColor(fg); got != want {
		t.Errorf("without a renderer: foreground %v, want %v", got, want)
	}
}
