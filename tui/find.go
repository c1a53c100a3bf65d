package tui

import (
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// Finding a combatant by name: / opens the bottom line for a name, and
// the selection jumps to the first combatant in the order whose name
// starts with what is typed (else contains it) as each key is typed;
// enter keeps it, esc goes back to where the selection was.

// openFind opens the bottom line for a name.
func (m *Model) openFind() tea.Cmd {
	m.mode, m.lineBack, m.finding = modeCommand, modeNormal, true
	m.findFrom = m.order.selID
	cmd := m.line.open("/", "")
	m.fitLine()
	return cmd
}

// updateFind handles a key while a name is being found.
func (m *Model) updateFind(msg tea.KeyMsg) tea.Cmd {
	switch msg.Type {
	case tea.KeyEsc:
		m.closeFind()
		m.order.selectID(m.findFrom)
		return nil
	case tea.KeyEnter:
		if id := m.findName(m.line.in.Value()); id == 0 && strings.TrimSpace(m.line.in.Value()) != "" {
			m.setErr(&noNameError{m.line.in.Value()})
		}
		m.closeFind()
		return nil
	}
	var cmd tea.Cmd
	m.line.in, cmd = m.line.in.Update(msg)
	if id := m.findName(m.line.in.Value()); id != 0 {
		m.order.selectID(id)
	}
	return cmd
}

func (m *Model) closeFind() {
	m.mode, m.finding = modeNormal, false
	m.line.close()
}

// noNameError says that no name matches what was typed after /.
type noNameError struct{ text string }

func (e *noNameError) Error() string { return "no name contains " + `"` + e.text + `"` }

// findName returns the first combatant in the order whose name starts
// with text, else the first whose name contains it (ignoring case), or 0.
func (m *Model) findName(text string) int {
	q := strings.ToLower(strings.TrimSpace(text))
	if q == "" {
		return 0
	}
	contains := 0
	for _, r := range m.order.view.Rows {
		if r.Heading || r.ID == 0 {
			continue
		}
		n := strings.ToLower(r.Name)
		if strings.HasPrefix(n, q) {
			return r.ID
		}
		if contains == 0 && strings.Contains(n, q) {
			contains = r.ID
		}
	}
	return contains
}

// findHint is the help bar while finding: the name found, or that none is.
func (m *Model) findHint() string {
	v := strings.TrimSpace(m.line.in.Value())
	if v == "" {
		return "type a name, or part of one · enter: keep the selection · esc: back"
	}
	if id := m.findName(v); id != 0 {
		return "found " + m.t.E.ByID(id).Name + " · enter: keep it · esc: back"
	}
	return "no name contains \"" + v + "\" · esc: back"
}

// offKey returns why the key msg does nothing now, if it is a key of the
// main screen that is switched off; "" otherwise.
func (m *Model) offKey(msg tea.KeyMsg) string {
	for _, r := range m.keyRules() {
		if !r.on && pressed(msg, *r.b) {
			return r.why
		}
	}
	return ""
}

// pressed reports whether msg is one of b's keys, even while b is off.
func pressed(msg tea.KeyMsg, b key.Binding) bool { return slices.Contains(b.Keys(), msg.String()) }
