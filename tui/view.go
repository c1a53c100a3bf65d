package tui

import (
	"path/filepath"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"fray/tui/cells"
)

// viewCache keeps drawn parts of the screen between frames. It is shared
// by every copy of the model (a pointer), and each entry records what it
// was drawn for.
type viewCache struct {
	topKey  topKey
	top     string
	helpKey helpKey
	help    []string // the help bar (the help screen keeps its own, helpCache)
	msgKey  msgKey
	msg     [2]string // the status line and its second line (statusLines)
	size    int       // room for the next frame: the last one's length and some
}

type topKey struct {
	w            int
	note         string
	err, phy     bool
	clock, watch string
}

type msgKey struct {
	text, tail string
	err        bool
	w          int
}

type helpKey struct {
	mask    uint64
	attack  string // the attack key's verb (attackKeyHelp)
	w, h    int
	focused focus
}

// helpHeight is the height the help bar wants: one line. The full help
// lists the keys in the body, above the commands, where it can scroll.
func (m *Model) helpHeight() int { return 1 }

// View implements tea.Model. It joins parts drawn ahead of time (panes
// rebuild their lines in Update only when what they show changed) and
// draws only what is visible, writing every row of the screen into one
// buffer (block.go).
func (m *Model) View() string {
	if !m.sized {
		return "fray: starting…"
	}
	s := m.scr
	if s.W <= 0 || s.H <= 0 {
		return ""
	}
	var b strings.Builder
	b.Grow(m.cache.size)
	line := func(l string) {
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(l)
	}
	if s.Top > 0 {
		line(m.topBar())
	}
	if s.Tabs > 0 {
		line(m.tabBar())
	}
	if s.Body.H > 0 {
		body := m.body()
		for y := range s.Body.H {
			line("")
			body.writeRow(&b, y)
		}
	}
	status, more := m.statusLines()
	if s.Status > 0 {
		line(status)
	}
	if s.Help > 0 {
		for i, l := range m.helpBar() {
			if i == 0 && more != "" {
				l = more // a long message goes on over the keys until the next key
			}
			line(l)
		}
	}
	// The frame is this buffer (String does not copy it), so the room kept
	// is what a press allocates for it: the last frame's length and a
	// little, which covers the few dozen bytes a frame grows by from one
	// turn to the next without rounding up to a larger size of block.
	m.cache.size = b.Len() + b.Len()/32 + 64
	return cells.Safe(b.String())
}

// topBar shows the program, the system, where the encounter is saved,
// the last save's result and physical-dice mode.
func (m *Model) topBar() string {
	k := topKey{w: m.scr.W, note: m.saveNote, err: m.saveErr, phy: m.t.Physical(),
		clock: m.clockText(), watch: m.watchText()}
	c := m.cache
	if c.top != "" && c.topKey == k {
		return c.top
	}
	// The clocks and the watchers stand at the right; the rest gives way
	// to them on a narrow screen.
	right := m.topRight(k)
	room := k.w - width(right)
	gap := 0 // the clocks keep two spaces from the rest
	if right != "" {
		gap = 2
	}
	// Narrow, the file's folder goes first, then the system's name gives
	// way to its id, then "saving to" before the file's name (a GM at 80
	// columns keeps the system), then the id goes too.
	base := filepath.Base(m.opt.Path)
	var line string
	for _, try := range []struct {
		sys, path string
		short     bool
	}{{m.t.Sys.Name(), m.opt.Path, false}, {m.t.Sys.Name(), base, false}, {m.t.Sys.ID(), base, false},
		{m.t.Sys.ID(), base, true}, {"", base, true}} {
		if line = m.topLine(k, try.sys, try.path, try.short); width(ansi.Strip(line)) <= room-gap {
			break
		}
	}
	if width(line) > room-gap && k.err && right != "" {
		// A warning (the save failed, the file was edited outside fray)
		// says what to do at its end: the clocks give way to it.
		right, room, gap = "", k.w, 0
	}
	if width(line) > room-gap {
		line = fit(line, max(0, room-gap)) // cut only: fit pads with plain spaces
	}
	if w := width(line); w < room {
		line += m.st.Bar.Render(strings.Repeat(" ", room-w))
	}
	c.top, c.topKey = fit(line+right, k.w), k
	return c.top
}

// topRight is the right of the top bar: the clocks and the watchers,
// within half the width (the turn's clock goes first, then the count).
func (m *Model) topRight(k topKey) string {
	fight := k.clock
	if i := strings.Index(fight, "fight "); i >= 0 {
		fight = fight[i:]
	}
	join := func(ps ...string) string {
		var out []string
		for _, p := range ps {
			if p != "" {
				out = append(out, p)
			}
		}
		return strings.Join(out, " · ")
	}
	for _, s := range []string{join(k.clock, k.watch), join(fight, k.watch), fight, k.watch} {
		if s != "" && width(s)+2 <= k.w/2 {
			return m.st.BarNote.Render(" " + s + " ")
		}
	}
	return ""
}

// topLine draws the top bar's parts; sys may be empty to save room.
func (m *Model) topLine(k topKey, sys, path string, short bool) string {
	st := m.st
	var b strings.Builder
	b.WriteString(st.BarTitle.Render(" fray "))
	if sys != "" {
		b.WriteString(st.Bar.Render("· " + sys + " "))
	}
	if m.saver.store == nil {
		b.WriteString(st.Bar.Render("· not saved"))
	} else if short {
		b.WriteString(st.Bar.Render("· " + path))
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
func (m *Model) body() block {
	s := m.scr
	b := s.Body
	whole := func(ls []string) block { return plain{ls, b.W} }
	switch {
	case m.showHelp:
		return whole(m.helpScreen())
	case m.optionsShown():
		return whole(m.optionsScreen())
	case m.mode == modeFights:
		return whole(m.fightsScreen())
	case m.showSummary:
		return whole(m.summaryScreen())
	}
	form := m.mode == modeForm
	if form && s.Form == b {
		return plain{m.form.View(), b.W}
	}
	if s.Arr == single {
		switch {
		case m.focus == focusOrder:
			return m.order.block(true)
		case m.focus == focusSheet:
			return m.sheet.block(true)
		}
		return m.log.block(true)
	}
	// Side by side, a form takes the sheet's place and every other pane
	// shows unfocused.
	var right block
	if form {
		right = plain{m.form.View(), s.Form.W}
	} else {
		right = m.sheet.block(m.focus == focusSheet)
	}
	order := m.order.block(!form && m.focus == focusOrder)
	log := m.log.block(!form && m.focus == focusLog)
	switch {
	case s.Arr == stacked && form:
		return beside{over{order, log, max(0, s.Order.H)}, right}
	case s.Arr == stacked:
		return over{beside{order, right}, log, max(0, s.Order.H)}
	}
	return beside{order, right, log}
}

// statusLines shows the open command line or die prompt, else the result
// of the last command or its error. A message wider than the screen goes
// on in more, which takes the help bar's first line until the next key:
// a refusal or a hint is read whole, not cut at 80 columns. Past two
// lines it is cut, but the way past a refusal never is.
func (m *Model) statusLines() (status, more string) {
	w := m.scr.W
	var text, tail string
	style := m.st.Status
	switch {
	case m.mode == modeCommand || m.mode == modeFace || m.mode == modeSaveAs:
		return fit(m.line.in.View(), w), ""
	case m.status == "":
		return strings.Repeat(" ", max(0, w)), ""
	case m.statusErr && m.refused != "":
		text, tail, style = m.status, " — ctrl+f forces it", m.st.StatusErr
	case m.statusErr:
		text, style = m.status, m.st.StatusErr
	default:
		text = m.status
	}
	if width(text+tail) <= w || m.scr.Help == 0 || w < 2 {
		// One line: the reason gives way to the tail.
		return fit(style.Render(cells.Cut(text, max(0, w-width(tail)))+tail), w), ""
	}
	k := msgKey{text: text, tail: tail, err: m.statusErr, w: w}
	if c := m.cache; c.msgKey == k {
		return c.msg[0], c.msg[1]
	}
	first, rest := splitLine(text, w)
	if rest == "" { // the hint alone goes on: from the line's start
		tail = strings.TrimLeft(tail, " ")
	}
	status, more = fit(style.Render(first), w), fit(style.Render(cells.Cut(rest, max(0, w-width(tail)))+tail), w)
	m.cache.msgKey, m.cache.msg = k, [2]string{status, more}
	return status, more
}

// splitLine cuts plain text into a first line of at most w cells, at its
// last space that fits (anywhere, when a word is longer than the line),
// and the rest. It looks no further than the first line, so a message
// listing a thousand names costs no more than a short one.
func splitLine(s string, w int) (first, rest string) {
	first = ansi.Truncate(s, w, "")
	if len(first) == len(s) {
		return s, ""
	}
	if s[len(first)] != ' ' {
		if i := strings.LastIndexByte(first, ' '); i > 0 {
			first = first[:i]
		}
	}
	return strings.TrimRight(first, " "), strings.TrimLeft(s[len(first):], " ")
}

// optionsShown reports whether the options screen is in the body: open,
// or waiting under the command line it opened.
func (m *Model) optionsShown() bool {
	return m.mode == modeOptions || (m.mode == modeCommand && m.lineBack == modeOptions)
}
