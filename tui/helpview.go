package tui

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"
)

// The help screen lists every key of the main screen above the commands. Its column groups
// (keyMap.FullHelp) are packed left to right into as many rows of columns
// as the width needs, so a narrow terminal wraps columns instead of
// dropping them. The packing is worked out with every binding counted as
// enabled, so the rows do not move as keys come and go; a disabled
// binding only leaves its place blank.

// helpRow is one row of packed column groups: indices into FullHelp and
// the height the row keeps.
type helpRow struct {
	groups []int
	h      int
}

// isHeading reports whether a binding is the heading of the system's keys
// (it alone has no key text).
func isHeading(b key.Binding) bool { return b.Help().Key == "" }

// helpSep is the gap drawn between two column groups of a row.
func (m *Model) helpSep() string {
	return m.help.Styles.FullSeparator.Inline(true).Render(m.help.FullSeparator)
}

// helpGroup draws one column group: its bindings through the help model,
// under a heading line when the group starts with the system's heading.
// With all set, disabled bindings are drawn as if enabled (to measure).
func (m *Model) helpGroup(g []key.Binding, all bool) string {
	var head string
	if len(g) > 0 && isHeading(g[0]) {
		head = strings.TrimSuffix(g[0].Help().Desc, ":") + " keys"
		g = g[1:]
	}
	if all {
		c := make([]key.Binding, len(g))
		for i, b := range g {
			b.SetEnabled(true) // b is a copy: the key map is untouched
			c[i] = b
		}
		g = c
	}
	body := m.help.FullHelpView([][]key.Binding{g})
	if head == "" || body == "" {
		return body
	}
	// A rule either side makes the heading read as one, not as the tail
	// of the column to its left.
	head = "─ " + head + " ─"
	if w := lipgloss.Width(body); w > lipgloss.Width(head) {
		head += strings.Repeat("─", w-lipgloss.Width(head))
	}
	return m.st.HelpTitle.Render(head) + "\n" + body
}

// packHelp packs the column groups into rows no wider than w, greedily
// left to right; a group wider than w gets a row of its own.
func (m *Model) packHelp(groups [][]key.Binding, w int) []helpRow {
	sw := lipgloss.Width(m.helpSep())
	var rows []helpRow
	used := 0
	for i, g := range groups {
		gw := lipgloss.Width(m.helpGroup(g, true))
		gh := len(g)
		if len(rows) == 0 || used+sw+gw > w {
			rows = append(rows, helpRow{})
			used = gw
		} else {
			used += sw + gw
		}
		r := &rows[len(rows)-1]
		r.groups = append(r.groups, i)
		r.h = max(r.h, gh)
	}
	return rows
}

// fullHelpLines draws the packed full help at width w, one string per
// terminal line (not yet fitted to the width), a blank line between rows.
func (m *Model) fullHelpLines(w int) []string {
	groups := m.keys.FullHelp()
	var out []string
	for n, r := range m.packHelp(groups, w) {
		if n > 0 {
			out = append(out, "") // rows of columns apart
		}
		var cols []string
		for _, i := range r.groups {
			c := m.helpGroup(groups[i], false)
			if c == "" {
				continue // every binding of the group is disabled
			}
			if len(cols) > 0 {
				cols = append(cols, m.helpSep())
			}
			cols = append(cols, c)
		}
		ls := strings.Split(lipgloss.JoinHorizontal(lipgloss.Top, cols...), "\n")
		for i := 0; i < r.h; i++ {
			l := ""
			if i < len(ls) && len(cols) > 0 {
				l = ls[i]
			}
			out = append(out, l)
		}
	}
	for len(out) > 0 && strings.TrimSpace(out[len(out)-1]) == "" {
		out = out[:len(out)-1]
	}
	return out
}
