package tui

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"fray/rules"
)

// scrollKeys are the keys every pane answers when it has focus.
type scrollKeys struct {
	Top, Bottom, PageUp, PageDown key.Binding
}

func newScrollKeys(k keyMap) scrollKeys {
	return scrollKeys{Top: k.Top, Bottom: k.Bottom, PageUp: k.PageUp, PageDown: k.PageDown}
}

// orderPane shows the turn order and holds the selection. It caches the
// system's OrderView per tracker version and the rendered rows per version
// and width, and draws only the rows that fit.
type orderPane struct {
	st   *Styles
	keys scrollKeys
	w, h int

	ver   int // tracker version of view; -1 before the first sync
	view  rules.OrderView
	t     *rules.Tracker
	notes []string // per row: the system's harm summary and the row's marks,
	noted []bool   // worked out when the row is first drawn
	selID int      // selected combatant, 0 for none
	sel   int      // index in view.Rows of the selection, -1 for none
	off   int      // first visible row

	scoreW, nameW, sideW int // widest score, name and side in view
	rows                 []string
	rowsW                int
}

func newOrderPane(st *Styles, k keyMap) orderPane {
	return orderPane{st: st, keys: newScrollKeys(k), ver: -1, sel: -1}
}

// SetSize sets the outer size of the pane, border included.
func (p *orderPane) SetSize(w, h int) {
	p.w, p.h = w, h
	p.resetRows()
	p.follow()
}

// sync refreshes the view from the tracker when its version moved.
func (p *orderPane) sync(t *rules.Tracker) {
	if p.ver == t.Version() {
		return
	}
	p.ver = t.Version()
	p.view = t.Sys.Order(t.E)
	p.rowsW = -1
	p.resetRows()
	p.scoreW, p.nameW, p.sideW = 0, 0, 0
	p.t = t
	p.notes = make([]string, len(p.view.Rows))
	p.noted = make([]bool, len(p.view.Rows))
	for _, r := range p.view.Rows {
		if r.Heading {
			continue
		}
		p.scoreW = max(p.scoreW, width(r.Score))
		p.nameW = max(p.nameW, width(r.Name))
		p.sideW = max(p.sideW, width(r.Side))
	}
	p.sel = -1
	if p.selID != 0 {
		p.sel = p.indexOf(p.selID)
	}
	if p.sel < 0 {
		p.selectCurrent()
	}
	p.follow()
}

// resetRows empties the cache of drawn rows when the rows or width change.
func (p *orderPane) resetRows() {
	iw, _ := p.inner()
	if iw == p.rowsW && len(p.rows) == len(p.view.Rows) {
		return
	}
	p.rows = make([]string, len(p.view.Rows))
	p.rowsW = iw
}

func (p *orderPane) indexOf(id int) int {
	for i, r := range p.view.Rows {
		if !r.Heading && r.ID == id {
			return i
		}
	}
	return -1
}

// selectCurrent selects whoever's turn it is, or else the first combatant.
func (p *orderPane) selectCurrent() {
	p.sel, p.selID = -1, 0
	for i, r := range p.view.Rows {
		if r.Heading || r.ID == 0 {
			continue
		}
		if p.sel < 0 || r.Current {
			p.sel, p.selID = i, r.ID
		}
		if r.Current {
			break
		}
	}
	p.follow()
}

// selectID selects a combatant by ID if it is in the order.
func (p *orderPane) selectID(id int) {
	if i := p.indexOf(id); i >= 0 {
		p.sel, p.selID = i, id
		p.follow()
	}
}

// move steps the selection by delta combatant rows, skipping headings and
// stopping at the ends.
func (p *orderPane) move(delta int) {
	i := p.sel
	step := 1
	if delta < 0 {
		step, delta = -1, -delta
	}
	for ; delta > 0; delta-- {
		j := i + step
		for j >= 0 && j < len(p.view.Rows) && (p.view.Rows[j].Heading || p.view.Rows[j].ID == 0) {
			j += step
		}
		if j < 0 || j >= len(p.view.Rows) {
			break
		}
		i = j
	}
	if i >= 0 && i < len(p.view.Rows) && i != p.sel {
		p.sel, p.selID = i, p.view.Rows[i].ID
	}
	p.follow()
}

func (p *orderPane) inner() (int, int) { return inner(p.w, p.h) }

// follow scrolls so the selected row is visible.
func (p *orderPane) follow() {
	_, ih := p.inner()
	ih = max(1, ih)
	n := len(p.view.Rows)
	if p.sel >= 0 {
		if p.sel < p.off {
			p.off = p.sel
		}
		if p.sel >= p.off+ih {
			p.off = p.sel - ih + 1
		}
	}
	p.off = max(0, min(p.off, n-ih))
}

// Update moves the selection with the scroll keys when the pane has focus.
func (p orderPane) Update(msg tea.Msg) (orderPane, tea.Cmd) {
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		return p, nil
	}
	_, ih := p.inner()
	switch {
	case key.Matches(km, p.keys.Top):
		p.move(-len(p.view.Rows))
	case key.Matches(km, p.keys.Bottom):
		p.move(len(p.view.Rows))
	case key.Matches(km, p.keys.PageUp):
		p.move(-max(1, ih-1))
	case key.Matches(km, p.keys.PageDown):
		p.move(max(1, ih-1))
	}
	return p, nil
}

// View draws the pane at its size.
func (p *orderPane) View(focused bool) []string {
	iw, ih := p.inner()
	cache := p.rowsW == iw && len(p.rows) == len(p.view.Rows)
	lines := make([]string, 0, ih)
	for i := p.off; i < len(p.view.Rows) && len(lines) < ih; i++ {
		if i == p.sel {
			lines = append(lines, p.st.Selected.Render(fit(p.plain(i, iw), iw)))
			continue
		}
		if !cache {
			lines = append(lines, p.render(i, iw))
			continue
		}
		if p.rows[i] == "" {
			// The slice is shared by every copy of the pane, so a row
			// drawn here stays drawn until the version or width changes.
			p.rows[i] = p.render(i, iw)
		}
		lines = append(lines, p.rows[i])
	}
	title := p.view.Header
	if title == "" {
		title = "Turn order"
	}
	note := ""
	if n := len(p.view.Rows); n > ih && ih > 0 {
		note = strconv.Itoa(p.off+1) + "–" + strconv.Itoa(min(n, p.off+ih)) + " of " + strconv.Itoa(n)
	}
	if len(p.view.Rows) == 0 && ih > 0 {
		lines = append(lines, p.st.Hint.Render("nobody yet: press + or type :add NAME"))
	}
	return frame(p.st.pane(focused), title, note, lines, p.w, p.h)
}

// columns returns the widths of the name and side columns for width iw.
func (p *orderPane) columns(iw int) (nameW, sideW int) {
	sideW = min(p.sideW, 10)
	nameW = min(p.nameW, max(4, (iw-3-p.scoreW)/2))
	return nameW, sideW
}

// note returns row i's note, asking the system for its summary the first
// time the row is drawn: only visible rows ever pay for it.
func (p *orderPane) note(i int) string {
	if i >= len(p.noted) || p.t == nil {
		return ""
	}
	if !p.noted[i] {
		r := p.view.Rows[i]
		sum := ""
		if c := p.t.E.ByID(r.ID); c != nil && !r.Heading {
			sum = p.t.Sys.Summary(p.t.E, c)
		}
		p.notes[i], p.noted[i] = rowNote(sum, r.Marks), true
	}
	return p.notes[i]
}

// rowNote joins a harm summary and marks, leaving out marks the summary
// already says (a status is often in both).
func rowNote(sum string, marks []string) string {
	words := strings.Fields(sum)
	parts := make([]string, 0, len(marks)+1)
	if sum != "" {
		parts = append(parts, sum)
	}
outer:
	for _, mk := range marks {
		for _, w := range words {
			if strings.EqualFold(w, mk) {
				continue outer
			}
		}
		parts = append(parts, mk)
	}
	return strings.Join(parts, " · ")
}

// marker is the two-cell mark before a row: selection, then turn state.
func marker(r rules.OrderRow, selected bool) string {
	s := " "
	if selected {
		s = "›"
	}
	switch {
	case r.Current:
		return s + "▶"
	case r.Out:
		return s + "✗"
	case r.Done:
		return s + "✓"
	}
	return s + " "
}

func pad(s string, w int) string {
	if w <= 0 {
		return ""
	}
	sw := width(s)
	if sw > w {
		return ansi.Truncate(s, w, "…")
	}
	return s + strings.Repeat(" ", w-sw)
}

func padLeft(s string, w int) string {
	sw := width(s)
	if sw >= w {
		return s
	}
	return strings.Repeat(" ", w-sw) + s
}

// plain renders row i without colour, for the selected (reversed) row.
func (p *orderPane) plain(i, iw int) string {
	r := p.view.Rows[i]
	if r.Heading {
		return "  " + r.Name
	}
	nameW, sideW := p.columns(iw)
	var b strings.Builder
	b.WriteString(marker(r, true))
	b.WriteString(padLeft(r.Score, p.scoreW))
	b.WriteString(" ")
	b.WriteString(pad(r.Name, nameW))
	if sideW > 0 {
		b.WriteString(" ")
		b.WriteString(pad(r.Side, sideW))
	}
	if n := p.note(i); n != "" {
		b.WriteString(" ")
		b.WriteString(n)
	}
	return b.String()
}

// render draws unselected row i in colour, cut to iw cells.
func (p *orderPane) render(i, iw int) string {
	st := p.st
	r := p.view.Rows[i]
	if r.Heading {
		return fit(st.Heading.Render("  "+r.Name), iw)
	}
	nameW, sideW := p.columns(iw)
	name := st.Value
	switch {
	case r.Out:
		name = st.Out
	case r.Current:
		name = st.Current
	case r.Done:
		name = st.Done
	}
	var b strings.Builder
	mk := marker(r, false)
	if r.Current {
		b.WriteString(st.Current.Render(mk))
	} else {
		b.WriteString(st.Done.Render(mk))
	}
	b.WriteString(st.Score.Render(padLeft(r.Score, p.scoreW)))
	b.WriteString(" ")
	b.WriteString(name.Render(pad(r.Name, nameW)))
	if sideW > 0 {
		b.WriteString(" ")
		b.WriteString(st.Side.Render(pad(r.Side, sideW)))
	}
	if n := p.note(i); n != "" {
		b.WriteString(" ")
		b.WriteString(st.Marks.Render(n))
	}
	return fit(b.String(), iw)
}
