package tui

import (
	"path/filepath"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// viewCache keeps drawn parts of the screen between frames. It is shared
// by every copy of the model (a pointer), and each entry records what it
// was drawn for.
type viewCache struct {
	topKey  topKey
	top     string
	helpKey helpKey
	help    []string
	verbsW  int
	verbsK  uint64
	verbs   []string
}

type topKey struct {
	w        int
	note     string
	err, phy bool
}

type helpKey struct {
	mask    uint64
	w, h    int
	all     bool
	focused focus
}

// helpHeight is the height the help bar wants: one line. The full help
// lists the keys in the body, above the commands, where it can scroll.
func (m *Model) helpHeight() int { return 1 }

// View implements tea.Model. It joins parts drawn ahead of time (panes
// rebuild their lines in Update only when what they show changed) and
// draws only what is visible.
func (m Model) View() string {
	if !m.sized {
		return "fray: starting…"
	}
	s := m.scr
	if s.W <= 0 || s.H <= 0 {
		return ""
	}
	lines := make([]string, 0, s.H)
	if s.Top > 0 {
		lines = append(lines, m.topBar())
	}
	if s.Tabs > 0 {
		lines = append(lines, m.tabBar())
	}
	lines = append(lines, m.body()...)
	if s.Status > 0 {
		lines = append(lines, m.statusLine())
	}
	if s.Help > 0 {
		lines = append(lines, m.helpBar()...)
	}
	return strings.Join(lines, "\n")
}

// topBar shows the program, the system, where the encounter is saved,
// the last save's result and physical-dice mode.
func (m *Model) topBar() string {
	k := topKey{w: m.scr.W, note: m.saveNote, err: m.saveErr, phy: m.t.Physical()}
	c := m.cache
	if c.top != "" && c.topKey == k {
		return c.top
	}
	line := m.topLine(k, m.t.Sys.Name(), m.opt.Path)
	if width(ansi.Strip(line)) > k.w {
		// Narrow: the system's name goes first, then the folder of the file.
		line = m.topLine(k, "", filepath.Base(m.opt.Path))
	}
	if w := width(line); w < k.w {
		line += m.st.Bar.Render(strings.Repeat(" ", k.w-w))
	}
	c.top, c.topKey = fit(line, k.w), k
	return c.top
}

// topLine draws the top bar's parts; sys may be empty to save room.
func (m *Model) topLine(k topKey, sys, path string) string {
	st := m.st
	var b strings.Builder
	b.WriteString(st.BarTitle.Render(" fray "))
	if sys != "" {
		b.WriteString(st.Bar.Render("· " + sys + " "))
	}
	if m.opt.Save == nil {
		b.WriteString(st.Bar.Render("· not saved"))
	} else {
		b.WriteString(st.Bar.Render("· saving to " + path))
	}
	if k.note != "" {
		b.WriteString(st.Bar.Render(" · "))
		if k.err {
			b.WriteString(st.BarAlert.Render(k.note))
		} else {
			b.WriteString(st.BarNote.Render(k.note))
		}
	}
	if k.phy {
		b.WriteString(st.Bar.Render(" · "))
		b.WriteString(st.BarAlert.Render("physical dice"))
	}
	return b.String()
}

// tabBar names the panes of a narrow screen, marking the one shown, or
// the open form.
func (m *Model) tabBar() string {
	var b strings.Builder
	if m.mode == modeForm || m.optionsShown() {
		title := m.form.title
		if m.mode != modeForm {
			title = "Options"
		}
		b.WriteString(m.st.TabActive.Render("[" + title + "]"))
		b.WriteString(" ")
		b.WriteString(m.st.Hint.Render("esc goes back"))
		return fit(b.String(), m.scr.W)
	}
	for f := focus(0); f < numFocus; f++ {
		if f == m.focus {
			b.WriteString(m.st.TabActive.Render("[" + f.String() + "]"))
		} else {
			b.WriteString(m.st.Tab.Render(" " + f.String() + " "))
		}
		b.WriteString(" ")
	}
	b.WriteString(m.st.Hint.Render("tab switches"))
	return fit(b.String(), m.scr.W)
}

// body draws the panes (or the help screen) in the body rectangle.
func (m *Model) body() []string {
	s := m.scr
	b := s.Body
	if b.H <= 0 {
		return nil
	}
	if m.showHelp {
		return m.helpScreen()
	}
	if m.optionsShown() {
		return m.optionsScreen()
	}
	form := m.mode == modeForm
	switch s.Arr {
	case single:
		var ls []string
		switch {
		case form:
			ls = m.form.View()
		case m.focus == focusOrder:
			ls = m.order.View(true)
		case m.focus == focusSheet:
			ls = m.sheet.View(true)
		default:
			ls = m.log.View(true)
		}
		return joinColumns(b.H, [][]string{ls}, []int{b.W})
	}
	// Side by side, a form takes the sheet's place and every other pane
	// shows unfocused.
	right := m.form.View
	if !form {
		right = func() []string { return m.sheet.View(m.focus == focusSheet) }
	}
	order := m.order.View(!form && m.focus == focusOrder)
	log := m.log.View(!form && m.focus == focusLog)
	if s.Arr == split {
		return joinColumns(b.H, [][]string{append(order, log...), right()}, []int{s.Order.W, s.Sheet.W})
	}
	return joinColumns(b.H, [][]string{order, right(), log}, []int{s.Order.W, s.Sheet.W, s.Log.W})
}

// statusLine shows the open command line or die prompt, else the result
// of the last command or its error.
func (m *Model) statusLine() string {
	w := m.scr.W
	switch {
	case m.mode == modeCommand || m.mode == modeFace:
		return fit(m.line.in.View(), w)
	case m.statusErr:
		return fit(m.st.StatusErr.Render(m.status), w)
	case m.status != "":
		return fit(m.st.Status.Render(m.status), w)
	}
	return strings.Repeat(" ", max(0, w))
}

// helpBar is the generated key help, or while typing a command, the usage
// of its verb or the completion candidates.
func (m *Model) helpBar() []string {
	s := m.scr
	if m.mode == modeCommand {
		out := blank(s.W, s.Help)
		out[0] = fit(m.st.Hint.Render(m.lineHint()), s.W)
		return out
	}
	if m.mode == modeFace {
		out := blank(s.W, s.Help)
		out[0] = fit(m.st.Hint.Render(faceHelp(m.need)), s.W)
		return out
	}
	if m.mode == modeForm {
		out := blank(s.W, s.Help)
		out[0] = fit(m.help.ShortHelpView(m.form.keys.ShortHelp()), s.W)
		return out
	}
	if m.mode == modeOptions {
		out := blank(s.W, s.Help)
		out[0] = fit(m.help.ShortHelpView(m.optionsHelp()), s.W)
		return out
	}
	k := helpKey{mask: m.keys.enabledMask(), w: s.W, h: s.Help, all: m.showHelp, focused: m.focus}
	c := m.cache
	if c.help != nil && c.helpKey == k {
		return c.help
	}
	ls := strings.Split(m.help.ShortHelpView(m.keys.ShortHelp()), "\n")
	if m.showHelp {
		ls = []string{m.st.Hint.Render(helpScreenHint)}
	}
	out := make([]string, s.Help)
	for i := range out {
		l := ""
		if i < len(ls) {
			l = ls[i]
		}
		out[i] = fit(l, s.W)
	}
	c.help, c.helpKey = out, k
	return out
}

// lineHint explains the command being typed: its usage and summary once
// the verb is known, the candidates while completing, else how to start.
func (m *Model) lineHint() string {
	if len(m.line.comps) > 0 {
		return "tab: " + strings.Join(m.line.comps, "  ")
	}
	word, _, _ := strings.Cut(strings.TrimSpace(m.line.in.Value()), " ")
	for _, v := range m.verbs {
		if word != "" && v.Name == strings.ToLower(word) {
			return v.Usage + " — " + v.Summary
		}
	}
	return "enter: apply · esc: cancel · tab: complete · ↑/↓: history · help: all commands"
}

// optionsShown reports whether the options screen is in the body: open,
// or waiting under the command line it opened.
func (m *Model) optionsShown() bool {
	return m.mode == modeOptions || (m.mode == modeCommand && m.lineBack == modeOptions)
}

// helpScreenHint is the help bar under the help screen.
const helpScreenHint = "j/k, pgup/pgdn, g/G: scroll · ? or esc: close"

// helpScreen lists every key of the main screen, then every verb of the
// system with its usage, scrollable.
func (m *Model) helpScreen() []string {
	b := m.scr.Body
	c := m.cache
	iw := max(0, b.W-2)
	mask := m.keys.enabledMask()
	if c.verbs == nil || c.verbsW != iw || c.verbsK != mask {
		uw := 0
		for _, v := range m.verbs {
			uw = max(uw, width(v.Usage))
		}
		uw = min(uw, max(8, iw*2/5))
		c.verbs = nil
		for _, l := range m.fullHelpLines(iw) {
			c.verbs = append(c.verbs, fit(l, iw))
		}
		c.verbs = append(c.verbs, "", m.st.Hint.Render("Type : then a command. Names may be any unique start of a name; quote names with spaces."), "")
		sw := max(1, iw-uw-2)
		for _, v := range m.verbs {
			us := strings.Split(ansi.Wrap(v.Usage, uw, ""), "\n")
			ss := strings.Split(ansi.Wrap(v.Summary, sw, ""), "\n")
			for i := 0; i < max(len(us), len(ss)); i++ {
				u, su := "", ""
				if i < len(us) {
					u = us[i]
				}
				if i < len(ss) {
					su = ss[i]
				}
				c.verbs = append(c.verbs, m.st.HelpUsage.Render(pad(u, uw))+"  "+m.st.HelpSummary.Render(su))
			}
		}
		c.verbsW, c.verbsK = iw, mask
	}
	off := min(m.helpOff, len(c.verbs))
	ls := frame(m.st.pane(true), "Keys and commands of "+m.t.Sys.Name()+" · ? or esc closes", "", c.verbs[off:], b.W, b.H)
	return joinColumns(b.H, [][]string{ls}, []int{b.W})
}
