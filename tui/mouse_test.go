package tui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

func click(m *Model, x, y int) *Model {
	return send(m, tea.MouseMsg{X: x, Y: y, Button: tea.MouseButtonLeft, Action: tea.MouseActionPress})
}

func wheel(m *Model, x, y int, up bool) *Model {
	b := tea.MouseButtonWheelDown
	if up {
		b = tea.MouseButtonWheelUp
	}
	return send(m, tea.MouseMsg{X: x, Y: y, Button: b, Action: tea.MouseActionPress})
}

// A click on a row of the order selects it; a click in a pane focuses
// it; the wheel scrolls the pane under the pointer.
func TestMouseSelectsFocusesAndScrolls(t *testing.T) {
	tr := newTracker(t, trio...)
	for i := range 30 {
		if _, err := tr.Apply("note line " + string(rune('a'+i%26))); err != nil {
			t.Fatal(err)
		}
	}
	m := sized(tr, Options{}, 100, 30)
	o := m.scr.Order
	m = click(m, o.X+3, o.Y+3) // the third row: Cloaked man
	if m.selected() == nil || m.selected().Name != "Cloaked man" || m.focus != focusOrder {
		t.Fatalf("click on the third row selected %v, focus %v", m.selected(), m.focus)
	}
	m = click(m, o.X+3, o.Y) // the border: nothing
	if m.selected().Name != "Cloaked man" {
		t.Fatalf("a click on the border moved the selection to %s", m.selected().Name)
	}
	m = wheel(m, o.X+3, o.Y+2, true)
	if m.selected().Name != "Bruce" {
		t.Fatalf("wheel up over the order selected %s", m.selected().Name)
	}
	s := m.scr.Sheet
	m = click(m, s.X+3, s.Y+2)
	if m.focus != focusSheet || m.selected().Name != "Bruce" {
		t.Fatalf("a click in the sheet: focus %v, selection %s", m.focus, m.selected().Name)
	}
	l := m.scr.Log
	m = wheel(m, l.X+3, l.Y+2, true)
	if m.log.back != wheelStep {
		t.Fatalf("wheel up over the log: back %d", m.log.back)
	}
	m = wheel(m, l.X+3, l.Y+2, false)
	if m.log.back != 0 {
		t.Fatalf("wheel down over the log: back %d", m.log.back)
	}
	// With the help screen open the wheel scrolls it.
	m = wheel(press(m, "?"), 5, 5, false)
	if m.helpOff != wheelStep {
		t.Fatalf("wheel on the help: offset %d", m.helpOff)
	}
}

// On a narrow screen a click on a tab shows that pane.
func TestMouseTabs(t *testing.T) {
	m := sized(newTracker(t, trio...), Options{}, 60, 18)
	if m.scr.Tabs == 0 {
		t.Skip("this size shows no tab bar")
	}
	m = click(m, len("[Order]  Sh"), m.scr.Top)
	if m.focus != focusSheet {
		t.Fatalf("click on the Sheet tab: focus %v", m.focus)
	}
}

// --no-mouse: the mouse does nothing.
func TestNoMouse(t *testing.T) {
	m := sized(newTracker(t, trio...), Options{NoMouse: true}, 100, 30)
	o := m.scr.Order
	m = click(m, o.X+3, o.Y+3)
	if m.selected().Name != "Paul" {
		t.Fatalf("--no-mouse: the click selected %s", m.selected().Name)
	}
}
