package player

import (
	"errors"
	"path/filepath"
	"strconv"
	"strings"

	"fray/rules"
	"fray/saves"
	"fray/tui/cells"
)

// The screen, top to bottom: a title bar; the turn line (whose turn, who
// is next, the clocks); the column heads; the rows of the order; a line
// for notices; the keys. On a short terminal the title bar, heads,
// notice line and keys give way, in that order of need, to the rows.

// chrome says which lines besides the rows a screen of height h shows.
type chrome struct{ top, head, status, help bool }

func chromeFor(h int) chrome {
	switch {
	case h >= 8:
		return chrome{true, true, true, true}
	case h >= 5:
		return chrome{top: true, status: true}
	}
	return chrome{}
}

func (c chrome) lines() int {
	n := 1 // the turn line is always there
	for _, b := range []bool{c.top, c.head, c.status, c.help} {
		if b {
			n++
		}
	}
	return n
}

// listHeight is the number of rows of the order that fit.
func (m Model) listHeight() int { return max(1, m.h-chromeFor(m.h).lines()) }

// View implements tea.Model.
func (m Model) View() string {
	if !m.sized {
		return "fray: waiting for the screen size…"
	}
	if m.w <= 0 || m.h <= 0 {
		return ""
	}
	c := chromeFor(m.h)
	lines := make([]string, 0, m.h)
	if c.top {
		lines = append(lines, m.topBar())
	}
	lines = append(lines, m.turnLine())
	cols := m.columns()
	if c.head {
		lines = append(lines, cells.Fit(m.st.Head.Render(cols.head()), m.w))
	}
	rows := m.rows(cols)
	lines = append(lines, rows...)
	for range m.listHeight() - len(rows) {
		lines = append(lines, strings.Repeat(" ", m.w))
	}
	if c.status {
		lines = append(lines, m.statusLine())
	}
	if c.help {
		lines = append(lines, m.helpLine())
	}
	for len(lines) < m.h {
		lines = append(lines, strings.Repeat(" ", m.w))
	}
	return cells.Safe(strings.Join(lines[:m.h], "\n"))
}

func (m Model) topBar() string {
	v := m.state.View
	title := v.Title
	if title == "" {
		title = m.name
	}
	left := m.st.BarTitle.Render(" fray ") + m.st.Bar.Render("· players' view · "+title+" ")
	right := ""
	if v.System != "" {
		right = m.st.Bar.Render(" " + v.System + " ")
	}
	gap := m.w - cells.Width(left) - cells.Width(right)
	if gap < 1 {
		right, gap = "", m.w-cells.Width(left)
	}
	return cells.Fit(left+m.st.Bar.Render(strings.Repeat(" ", max(0, gap)))+right, m.w)
}

// turnLine says whose turn it is and who is next, and how long the turn
// and the fight have run.
func (m Model) turnLine() string {
	v := m.state.View
	if !m.state.Loaded {
		return cells.Fit(m.st.Hint.Render("Reading "+m.name+"…"), m.w)
	}
	paused := v.Clock.Paused(m.state.Kept)
	fight, turn := v.Clock.At(v.Clock.ReadAt(m.now(), m.state.Kept))
	timed := v.Clock.Running() || v.Clock.Fight > 0
	var left, right string
	switch {
	case v.Ended:
		left = m.st.Ended.Render("The fight is over: " + rules.Plural(v.Round, "round"))
		if timed {
			right = "fight " + rules.Clock(fight)
		}
	case v.Round == 0:
		left = m.st.Turn.Render("The fight has not started")
		if v.Next != "" {
			left += m.st.Next.Render(" · first: " + v.Next)
		}
	default:
		left = m.st.Turn.Render(v.Header)
		if v.Next != "" {
			left += m.st.Next.Render(" · next: " + v.Next)
		}
		if timed {
			right = "turn " + rules.Clock(turn) + " · fight " + rules.Clock(fight)
		}
		if paused {
			right = "paused · " + right
		}
	}
	gap := m.w - cells.Width(left) - cells.Width(right)
	if right == "" || gap < 2 {
		return cells.Fit(left, m.w)
	}
	return left + strings.Repeat(" ", gap) + m.st.Hint.Render(right)
}

// columns are the widths of the order's columns at this screen width.
type columns struct {
	score, name, side, harm, marks int
	scoreHead                      string
}

func (c columns) head() string {
	var b strings.Builder
	b.WriteString("  ")
	if c.score > 0 {
		b.WriteString(cells.PadLeft(c.scoreHead, c.score) + " ")
	}
	b.WriteString(pad("Name", c.name))
	if c.side > 0 {
		b.WriteString(" " + pad("Side", c.side))
	}
	if c.harm > 0 {
		b.WriteString(" " + pad("Harm", c.harm))
	}
	if c.marks > 0 {
		b.WriteString(" Conditions")
	}
	return b.String()
}

// columns sizes the columns for the rows: each as wide as its widest
// entry, within limits; on a narrow screen the side goes first, then the
// score, and the name is shortened before the harm.
func (m Model) columns() columns {
	var c columns
	c.scoreHead = "#"
	for _, r := range m.state.View.Rows {
		if r.Heading {
			continue
		}
		c.score = max(c.score, cells.Width(r.Score))
		c.name = max(c.name, cells.Width(r.Name))
		c.side = max(c.side, cells.Width(r.Side))
		c.harm = max(c.harm, cells.Width(r.Harm))
		c.marks = max(c.marks, cells.Width(strings.Join(r.Marks, ", ")))
	}
	if c.score > 0 {
		c.score = max(c.score, 1)
	}
	c.name = min(max(c.name, 4), 24)
	c.side = min(c.side, 14)
	c.harm = min(c.harm, 28)
	if c.side > 0 {
		c.side = max(c.side, 4)
	}
	if c.harm > 0 {
		c.harm = max(c.harm, 4)
	}
	used := func() int {
		n := 2 + c.name
		for _, w := range []int{c.score, c.side, c.harm} {
			if w > 0 {
				n += w + 1
			}
		}
		return n
	}
	if used() > m.w {
		c.side = 0
	}
	if used() > m.w {
		c.score = 0
	}
	if over := used() - m.w; over > 0 {
		c.name = max(4, c.name-over)
	}
	if over := used() - m.w; over > 0 && c.harm > 0 {
		c.harm = max(1, c.harm-over)
	}
	c.marks = max(0, m.w-used()-1)
	return c
}

// rows draws the visible rows of the order.
func (m Model) rows(c columns) []string {
	v := m.state.View
	h := m.listHeight()
	out := make([]string, 0, h)
	if m.state.Loaded && len(v.Rows) == 0 {
		return append(out, cells.Fit(m.st.Hint.Render("Nobody is in the fight yet."), m.w))
	}
	for i := m.off; i < len(v.Rows) && len(out) < h; i++ {
		out = append(out, cells.Fit(m.row(v.Rows[i], c), m.w))
	}
	return out
}

func (m Model) row(r rules.PlayerRow, c columns) string {
	st := m.st
	if r.Heading {
		return st.Heading.Render("── " + r.Name + " ──")
	}
	var b strings.Builder
	switch {
	case r.Current:
		b.WriteString(st.Turn.Render("▶ "))
	case r.Next:
		b.WriteString(st.Next.Render("› "))
	default:
		b.WriteString("  ")
	}
	if c.score > 0 {
		b.WriteString(st.Score.Render(cells.PadLeft(r.Score, c.score)) + " ")
	}
	name := pad(r.Name, c.name)
	switch {
	case r.Out:
		name = st.Out.Render(name)
	case r.Current:
		name = st.Current.Render(name)
	case r.Ours:
		name = st.Ours.Render(name)
	default:
		name = st.Foe.Render(name)
	}
	b.WriteString(name)
	if c.side > 0 {
		side := pad(r.Side, c.side)
		if r.Ours {
			b.WriteString(" " + st.Ours.Render(side))
		} else {
			b.WriteString(" " + st.Foe.Render(side))
		}
	}
	if c.harm > 0 {
		harm := pad(r.Harm, c.harm)
		if r.HasSeverity && r.Harm != "" {
			harm = st.Severity[max(rules.Unhurt, min(r.Severity, rules.Dead))].Render(harm)
		}
		b.WriteString(" " + harm)
	}
	if c.marks > 0 && len(r.Marks) > 0 {
		b.WriteString(" " + st.Marks.Render(strings.Join(r.Marks, ", ")))
	}
	return b.String()
}

// statusLine shows a notice: the newest file could not be read, or a key
// that changes nothing here; else where the rows are when they scroll.
func (m Model) statusLine() string {
	switch {
	case m.state.Err != nil && m.state.Loaded:
		return cells.Fit(m.st.Alert.Render("! the last good state; the file now: "+shortError(m.state.Err)), m.w)
	case m.state.Err != nil:
		return cells.Fit(m.st.Alert.Render("! "+shortError(m.state.Err)), m.w)
	case m.notice != "":
		return cells.Fit(m.st.Notice.Render(m.notice), m.w)
	}
	n, h := len(m.state.View.Rows), m.listHeight()
	if n > h {
		where := "rows " + strconv.Itoa(m.off+1) + "–" + strconv.Itoa(min(n, m.off+h)) + " of " + strconv.Itoa(n)
		if !m.follow {
			where += " · f follows the turn again"
		}
		return cells.Fit(m.st.Hint.Render(where), m.w)
	}
	return strings.Repeat(" ", m.w)
}

// helpLine lists the keys, as many as fit.
func (m Model) helpLine() string {
	var parts []string
	used := 0
	for _, p := range m.keys.help() {
		if used+cells.Width(p)+3 > m.w {
			break
		}
		parts = append(parts, p)
		used += cells.Width(p) + 3
	}
	return cells.Fit(m.st.Hint.Render(strings.Join(parts, " · ")), m.w)
}

// pad cuts or pads s to exactly w cells.
func pad(s string, w int) string { return cells.Fit(s, w) }

// shortError is a reading's error with the file named by its base name:
// the players need the line and the problem, not the GM's folders.
func shortError(err error) string {
	var se *saves.Error
	if errors.As(err, &se) {
		short := *se
		short.File = filepath.Base(se.File)
		return short.Error()
	}
	return err.Error()
}
