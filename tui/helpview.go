package tui

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// The help bar and the help screen. The help screen lists every key of the main screen above the commands. Its column groups
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
	if m.mode == modeQuit || m.mode == modeSaveAs {
		out := blank(s.W, s.Help)
		out[0] = fit(m.st.Hint.Render(m.quitHint()), s.W)
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
