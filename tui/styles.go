package tui

import (
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/lipgloss"

	"fray/rules"
	"fray/tui/looks"
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

// look is what newStyles and newRowInks say of each style (package
// looks: one call per style, not chained Style calls in one frame).
type look = looks.Look

// fg is a look of one colour on the terminal's background.
func fg(c lipgloss.TerminalColor) look { return looks.Fg(c) }

// inkOf makes l's ink in k. A call of its own (too big to be inlined), so
// that the 584-byte ink it makes is not a slot of newStyles' frame at
// every use; TestNewStack checks the stack building the screen takes.
func inkOf(k *ink, l look) { *k = newInk(l.Style(nil)) }

// newStyles builds the screen's styles.
func newStyles() *Styles {
	s := new(Styles)
	s.Focused.Edge = lipgloss.ThickBorder()
	inkOf(&s.Focused.Border, fg(palette.focus))
	inkOf(&s.Focused.Title, fg(palette.focus).Bolded())
	s.Blurred.Edge = lipgloss.RoundedBorder()
	inkOf(&s.Blurred.Border, fg(palette.border))
	inkOf(&s.Blurred.Title, fg(palette.dim))
	inkOf(&s.Bar, look{Fg: palette.barFg, Bg: palette.barBg})
	inkOf(&s.BarTitle, look{Fg: palette.accent, Bg: palette.barBg, Bold: true})
	inkOf(&s.BarAlert, look{Fg: palette.alert, Bg: palette.barBg, Bold: true})
	inkOf(&s.BarNote, look{Fg: palette.good, Bg: palette.barBg})
	inkOf(&s.Tab, fg(palette.dim))
	inkOf(&s.TabActive, look{Fg: palette.accent, Bold: true, Underline: true})
	inkOf(&s.Status, fg(palette.text))
	inkOf(&s.StatusErr, fg(palette.alert).Bolded())
	inkOf(&s.Hint, fg(palette.dim))
	inkOf(&s.Prompt, fg(palette.accent).Bolded())

	inkOf(&s.Heading, fg(palette.accent).Bolded())
	inkOf(&s.Current, fg(palette.accent).Bolded())
	inkOf(&s.Selected, look{Reverse: true})
	newRowInks(&s.Row, false)
	newRowInks(&s.RowSel, true)

	inkOf(&s.Label, fg(palette.dim))
	inkOf(&s.Value, fg(palette.text))
	inkOf(&s.Alert, fg(palette.alert).Bolded())

	inkOf(&s.LogCommand, fg(palette.accent))
	inkOf(&s.LogRoll, fg(palette.text))
	inkOf(&s.LogEvent, fg(palette.dim))
	inkOf(&s.LogRound, fg(palette.faint))

	inkOf(&s.HelpTitle, fg(palette.accent).Bolded())
	inkOf(&s.HelpUsage, fg(palette.text))
	inkOf(&s.HelpSummary, fg(palette.dim))
	inkOf(&s.HelpOff, fg(palette.faint))

	key, desc, sep := fg(palette.dim).Style(nil), fg(palette.faint).Style(nil), fg(palette.border).Style(nil)
	s.Help = help.Styles{
		Ellipsis:       sep,
		ShortKey:       key,
		ShortDesc:      desc,
		ShortSeparator: sep,
		FullKey:        key,
		FullDesc:       desc,
		FullSeparator:  sep,
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

// newRowInks builds the inks of a row in r. The selected row (sel) has a
// highlighted background, on which grey text would vanish in a
// 16-colour terminal: its dimmed parts are drawn in the text colour.
func newRowInks(r *rowInks, sel bool) {
	var bg lipgloss.TerminalColor
	dim, faint, dead := lipgloss.TerminalColor(palette.dim), lipgloss.TerminalColor(palette.faint), lipgloss.TerminalColor(harmColours[rules.Dead])
	if sel {
		bg = selBg
		dim, faint, dead = palette.text, palette.text, palette.text
	}
	fg := func(c lipgloss.TerminalColor) look { return look{Fg: c, Bg: bg} }
	inkOf(&r.Base, look{Bg: bg})
	inkOf(&r.Score, fg(dim))
	inkOf(&r.Turn, fg(palette.accent).Bolded())
	inkOf(&r.Marker, fg(palette.text).Bolded())
	inkOf(&r.Note, fg(dim))
	inkOf(&r.Name, fg(palette.text))
	inkOf(&r.Current, fg(palette.accent).Bolded())
	inkOf(&r.Next, look{Fg: palette.text, Bg: bg, Underline: true})
	inkOf(&r.Done, fg(dim))
	inkOf(&r.Down, fg(faint))
	inkOf(&r.Dead, look{Fg: dead, Bg: bg, Strikethrough: true})
	inkOf(&r.Group, fg(palette.accent).Bolded())
	inkOf(&r.NoSide, fg(dim))
	for sev, c := range harmColours {
		l := fg(c)
		if sel && rules.Severity(sev) == rules.Dead {
			l = fg(dead)
		}
		if rules.Severity(sev) >= rules.OutOfFight && rules.Severity(sev) < rules.Dead {
			l = l.Bolded()
		}
		inkOf(&r.Harm[sev], l)
		inkOf(&r.HarmWord[sev], l)
	}
	for i, c := range sideColours {
		inkOf(&r.Side[i], fg(c))
	}
}

// pane returns the frame style for a pane with or without focus.
func (s *Styles) pane(focused bool) *paneStyle {
	if focused {
		return &s.Focused
	}
	return &s.Blurred
}
