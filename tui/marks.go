package tui

import (
	"strconv"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"fray/model"
	"fray/rules"
)

// Marks: x marks (or unmarks) the selected row, or every member of a
// folded group, and esc clears them. While rows are marked, the keys that
// act on a combatant act on all the marked ones instead: d and the attack
// form put them all in the target field, c, h and f start the command
// line with them, as one target word ("Ghoul 1,Ghoul 2"), so one command
// resolves each on its own sheet and one undo takes it all back. A
// command that used the marks clears them once it is applied; cancelling
// keeps them.

// toggleMark marks or unmarks the selection.
func (m *Model) toggleMark() {
	ids := m.selectionIDs()
	if len(ids) == 0 {
		return
	}
	all := true
	for _, id := range ids {
		all = all && m.marks[id]
	}
	next := make(map[int]bool, len(m.marks)+len(ids))
	for id, on := range m.marks {
		next[id] = on
	}
	for _, id := range ids {
		if all {
			delete(next, id)
		} else {
			next[id] = true
		}
	}
	m.setMarks(next)
	if n := len(m.markedNames()); n > 0 {
		keys := "d, c, h"
		if m.hasFatigue { // else f does nothing: name no key that is off
			keys += ", f"
		}
		m.status = strconv.Itoa(n) + " marked: " + keys + " and the attack form act on all of them · esc clears"
	} else {
		m.status = "no marks left"
	}
}

// selectionIDs are the combatants the selection stands for: the members
// of a selected folded group, else the selected combatant.
func (m *Model) selectionIDs() []int {
	if g := m.order.selGroup; g != "" {
		var out []int
		for _, r := range m.order.view.Rows {
			if r.Group == g && !r.Heading && r.ID != 0 {
				out = append(out, r.ID)
			}
		}
		return out
	}
	if m.order.selID == 0 {
		return nil
	}
	return []int{m.order.selID}
}

// setMarks replaces the marks (a new map: copies of the model share it)
// and has the order pane draw its rows again.
func (m *Model) setMarks(marks map[int]bool) {
	if len(marks) == 0 {
		marks = nil
	}
	m.marks = marks
	m.order.setMarks(marks)
}

// clearMarks drops every mark.
func (m *Model) clearMarks() { m.setMarks(nil) }

// marked returns the marked combatants still in the fight, in the order
// they were added.
func (m *Model) marked() []*model.Combatant {
	if len(m.marks) == 0 {
		return nil
	}
	var out []*model.Combatant
	for _, c := range m.t.E.Combatants {
		if m.marks[c.ID] {
			out = append(out, c)
		}
	}
	return out
}

func (m *Model) markedNames() []string {
	cs := m.marked()
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Name
	}
	return out
}

// targets is what a key acting on "the selected combatant" names: every
// marked combatant as one comma-list word when some are marked (and it
// reports so), else the selected one. The word is unquoted: forms and
// lines quote it.
func (m *Model) targets() (word string, many bool) {
	if names := m.markedNames(); len(names) > 0 {
		return strings.Join(names, ","), true
	}
	return nameOf(m.selected()), false
}

// targetWord is targets as a command word followed by a space, for a
// prefilled command line ("" with nobody).
func (m *Model) targetWord() (string, bool) {
	w, many := m.targets()
	if w == "" {
		return "", false
	}
	if many {
		return rules.TargetList(strings.Split(w, ",")) + " ", true
	}
	return m.quote(w) + " ", false
}

// openTargetLine opens the command line with verb and the targets.
func (m *Model) openTargetLine(verb, rest string) tea.Cmd {
	word, many := m.targetWord()
	m.usingMarks = many
	return m.openLine(verb + " " + word + rest)
}

// marksUsed clears the marks after a command that used them was applied.
func (m *Model) marksUsed() {
	if !m.usingMarks {
		return
	}
	m.usingMarks = false
	if len(m.marks) > 0 {
		m.clearMarks()
		m.status += " · marks cleared"
	}
}
