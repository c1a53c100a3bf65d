package tui

import tea "github.com/charmbracelet/bubbletea"

// The mouse (off with Options.NoMouse, which leaves it to the terminal):
// a click on a row of the order selects it, a click anywhere in a pane
// moves the focus there, and the wheel scrolls the pane under the pointer
// (the order moves its selection, as j and k do) or the help screen.

// wheelStep is how many lines one notch of the wheel scrolls.
const wheelStep = 3

// mouse handles a mouse message on the main or the help screen; while a
// form, the options screen or the bottom line is open it does nothing.
func (m *Model) mouse(msg tea.MouseMsg) {
	if m.opt.NoMouse || m.mode != modeNormal {
		return
	}
	up := msg.Button == tea.MouseButtonWheelUp
	wheel := up || msg.Button == tea.MouseButtonWheelDown
	step := wheelStep
	if up {
		step = -step
	}
	if m.showHelp {
		if wheel {
			m.helpOff += step
			m.clampHelp()
		}
		return
	}
	click := msg.Button == tea.MouseButtonLeft && msg.Action == tea.MouseActionPress
	if !click && !wheel {
		return
	}
	if click && m.scr.Tabs > 0 && msg.Y == m.scr.Top {
		if f, ok := tabAt(msg.X); ok {
			m.focus = f
		}
		return
	}
	f, ok := m.paneAt(msg.X, msg.Y)
	if !ok {
		return
	}
	if click {
		m.focus = f
		if f == focusOrder {
			m.order.click(msg.Y - m.paneRect(f).Y)
		}
		return
	}
	switch f {
	case focusOrder:
		m.order.move(step / wheelStep)
	case focusSheet:
		m.sheet.off += step
		m.sheet.clamp()
	case focusLog:
		m.log.back = max(0, m.log.back-step)
	}
}

// tabAt returns the tab of the tab bar (view.go) at column x: each is
// its name in brackets or spaces, then a space.
func tabAt(x int) (focus, bool) {
	at := 0
	for f := focus(0); f < numFocus; f++ {
		n := width(f.String()) + 2
		if x >= at && x < at+n {
			return f, true
		}
		at += n + 1
	}
	return 0, false
}

// paneRect is where pane f is on the screen.
func (m *Model) paneRect(f focus) rect {
	switch f {
	case focusSheet:
		return m.scr.Sheet
	case focusLog:
		return m.scr.Log
	}
	return m.scr.Order
}

// paneAt returns the pane drawn at cell (x, y). On a screen that shows one
// pane at a time only the focused one is drawn.
func (m *Model) paneAt(x, y int) (focus, bool) {
	in := func(r rect) bool { return x >= r.X && x < r.X+r.W && y >= r.Y && y < r.Y+r.H }
	if m.scr.Arr == single {
		return m.focus, in(m.scr.Body)
	}
	for _, f := range []focus{focusOrder, focusSheet, focusLog} {
		if in(m.paneRect(f)) {
			return f, true
		}
	}
	return 0, false
}

// click selects the entry drawn on row y of the pane (0 is its top
// border); a heading or an empty row selects nothing.
func (p *orderPane) click(y int) {
	if y < 1 {
		return
	}
	// Entries may take two lines (tall): walk down to the one at y.
	i, top := p.off, 1
	for i < len(p.ents) && top+p.height(i) <= y {
		top += p.height(i)
		i++
	}
	if i >= len(p.ents) || p.entryID(i) == 0 {
		return
	}
	p.setSel(i)
}
