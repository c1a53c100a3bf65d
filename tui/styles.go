package tui

import (
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/lipgloss"

	"fray/rules"
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

// Harm and side colours carry exact values for every colour profile
// (true colour, 256 colours, the 16 ANSI colours) and for light and dark
// backgrounds, so that no two grades of harm fall on one colour when a
// terminal has only 16. Colour is never all they have: each grade also
// has its mark in the row (see orderrow.go) and the worst ones a weight.
func cc(dark, dark256, dark16, light, light256, light16 string) lipgloss.CompleteAdaptiveColor {
	return lipgloss.CompleteAdaptiveColor{
		Dark:  lipgloss.CompleteColor{TrueColor: dark, ANSI256: dark256, ANSI: dark16},
		Light: lipgloss.CompleteColor{TrueColor: light, ANSI256: light256, ANSI: light16},
	}
}

// harmColours grade the harm scale from unhurt (green) through yellow,
// orange and red to dying (magenta); dead is grey.
var harmColours = [...]lipgloss.CompleteAdaptiveColor{
	rules.Unhurt:     cc("#8fd19e", "114", "2", "#2d7a3e", "28", "2"),
	rules.Hurt:       cc("#e5c07b", "180", "3", "#8a6100", "136", "3"),
	rules.BadlyHurt:  cc("#ff9248", "209", "9", "#c04f00", "166", "9"),
	rules.OutOfFight: cc("#ff5f5f", "203", "1", "#b3261e", "124", "1"),
	rules.Dying:      cc("#ff5fd7", "206", "13", "#a0158a", "126", "5"),
	rules.Dead:       cc("#6c6c6c", "242", "8", "#9a9a9a", "247", "7"),
}

// sideColours tell the sides apart, in the order they joined the fight
// (usually the players' side first): blue, violet, teal, rose, then
// round again. None is a harm colour's hue at the same place in a row.
var sideColours = [...]lipgloss.CompleteAdaptiveColor{
	cc("#6cb6ff", "75", "12", "#0b5cad", "25", "4"),
	cc("#d58cff", "177", "13", "#8a2fb8", "91", "5"),
	cc("#4fd6c9", "80", "14", "#007a70", "30", "6"),
	cc("#ff8fb1", "211", "11", "#b0306a", "125", "1"),
}

// selBg is the background of the selected order row.
var selBg = cc("#3a3550", "238", "8", "#dcd6f5", "253", "7")

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

	Heading, Current, Selected ink

	// Row and RowSel draw order rows: in the list, and selected.
	Row, RowSel rowInks

	Label, Value, Alert ink

	LogCommand, LogRoll, LogEvent, LogRound ink

	HelpTitle, HelpUsage, HelpSummary, HelpOff ink

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
		Row:      newRowInks(false),
		RowSel:   newRowInks(true),

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
		HelpOff:     k(fg(palette.faint)),
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

// rowInks are the inks of one order row. Every part of a row has its
// own, so the selected row can keep its colours on a highlighted
// background: Base draws the spaces between the parts.
type rowInks struct {
	Base, Score, Turn, Marker, Note ink
	Name, Current, Next, Done, Down ink
	Dead, Group                     ink
	Harm                            [rules.Dead + 1]ink // mark and gauge, by severity
	HarmWord                        [rules.Dead + 1]ink // a note that names the harm
	Side                            [len(sideColours)]ink
	NoSide                          ink
}

// newRowInks builds the inks of a row. The selected row (sel) has a
// highlighted background, on which grey text would vanish in a
// 16-colour terminal: its dimmed parts are drawn in the text colour.
func newRowInks(sel bool) rowInks {
	base := lipgloss.NewStyle()
	dim, faint, dead := lipgloss.TerminalColor(palette.dim), lipgloss.TerminalColor(palette.faint), lipgloss.TerminalColor(harmColours[rules.Dead])
	if sel {
		base = base.Background(selBg)
		dim, faint, dead = palette.text, palette.text, palette.text
	}
	fg := func(c lipgloss.TerminalColor) lipgloss.Style { return base.Foreground(c) }
	k := newInk
	r := rowInks{
		Base:    k(base),
		Score:   k(fg(dim)),
		Turn:    k(fg(palette.accent).Bold(true)),
		Marker:  k(fg(palette.text).Bold(true)),
		Note:    k(fg(dim)),
		Name:    k(fg(palette.text)),
		Current: k(fg(palette.accent).Bold(true)),
		Next:    k(fg(palette.text).Underline(true)),
		Done:    k(fg(dim)),
		Down:    k(fg(faint)),
		Dead:    k(fg(dead).Strikethrough(true)),
		Group:   k(fg(palette.accent).Bold(true)),
		NoSide:  k(fg(dim)),
	}
	for sev, c := range harmColours {
		st := fg(c)
		if sel && rules.Severity(sev) == rules.Dead {
			st = fg(dead)
		}
		if rules.Severity(sev) >= rules.OutOfFight && rules.Severity(sev) < rules.Dead {
			st = st.Bold(true)
		}
		r.Harm[sev] = k(st)
		r.HarmWord[sev] = k(st)
	}
	for i, c := range sideColours {
		r.Side[i] = k(fg(c))
	}
	return r
}

// pane returns the frame style for a pane with or without focus.
func (s *Styles) pane(focused bool) *paneStyle {
	if focused {
		return &s.Focused
	}
	return &s.Blurred
}
