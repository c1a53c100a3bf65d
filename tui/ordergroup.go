package tui

import (
	"maps"
	"strconv"
	"strings"

	"fray/rules"
)

// Groups in the order. Rows that share a non-empty OrderRow.Group are one
// group; the row marked Lead (else the first) is the member the group acts
// through. Folded (the default), the group is listed as one entry at the
// lead's place: its name and size, the lead's score and side, marked
// current while any member's turn it is (its note then says who). Open,
// the entry becomes the group's heading just before its first member and
// every member keeps its own place in the view's order, indented, so the
// list still reads in acting order. Selecting a folded group selects the
// member whose turn it is, else its lead, so the sheet and the keys always
// have one combatant to work on.

// entry is one line of the order pane: 16 bytes, one for each row of a
// fight of 1000 (groups, few, are kept apart).
type entry struct {
	row    int32 // index in view.Rows: the row itself, or a group's lead
	before int32 // combatants listed before it (see people)
	grp    int32 // a group's own entry: 1 + the group's place in orderPane.groups; else 0
	inner  bool  // a member listed under its open group
}

// entryGroup is what a group's own entry lists.
type entryGroup struct {
	name    string
	members []int // its rows, in order
}

// groupName is the group whose own entry e is, "" for any other entry.
func (p *orderPane) groupName(e entry) string {
	if e.grp == 0 {
		return ""
	}
	return p.groups[e.grp-1].name
}

// groupRows is the rows of the group whose own entry e is.
func (p *orderPane) groupRows(e entry) []int {
	if e.grp == 0 {
		return nil
	}
	return p.groups[e.grp-1].members
}

// people is how many combatants the entry lists: a folded group its
// members, a heading (a count, a side, an open group's own line) none,
// any other row one. The scroll note counts these, not lines.
func (p *orderPane) people(e entry) int {
	switch {
	case e.grp != 0 && !p.open[p.groupName(e)]:
		return len(p.groupRows(e))
	case e.grp != 0 || p.view.Rows[e.row].Heading:
		return 0
	}
	return 1
}

// build lists the entries of the view, folding closed groups, and sizes
// the columns to what will be drawn.
func (p *orderPane) build() {
	p.list()
	p.rowsW = -1
	p.resetRows()
	p.measureColumns()
}

// list lists the entries of the view, folding closed groups. The rows
// drawn are kept: each is drawn again only if what it shows changed.
func (p *orderPane) list() {
	rows := p.view.Rows
	var byGroup map[string][]int
	var lead map[string]int // a group's Lead row, else its first
	for i, r := range rows {
		if r.Group != "" && !r.Heading {
			if byGroup == nil {
				byGroup, lead = map[string][]int{}, map[string]int{}
			}
			byGroup[r.Group] = append(byGroup[r.Group], i)
			if j, ok := lead[r.Group]; !ok || (r.Lead && !rows[j].Lead) {
				lead[r.Group] = i
			}
		}
	}
	ents := p.ents[:0] // the entries before are rebuilt here, not kept
	p.groups = p.groups[:0]
	if cap(ents) < len(rows)+len(byGroup) {
		ents = make([]entry, 0, len(rows)+len(byGroup))
	}
	p.headed = false
	for i, r := range rows {
		p.headed = p.headed || r.Heading
		g := r.Group
		if r.Heading && rules.Echoes(rows, i) {
			continue // a count over rows that each show it as their score
		}
		if g == "" || r.Heading {
			ents = append(ents, entry{row: int32(i)})
			continue
		}
		// Folded, the group sits at its lead's place; open, its heading
		// comes before the first member so the members follow it.
		at := lead[g]
		if p.open[g] {
			at = byGroup[g][0]
		}
		if i == at {
			p.groups = append(p.groups, entryGroup{name: g, members: byGroup[g]})
			ents = append(ents, entry{row: int32(lead[g]), grp: int32(len(p.groups))})
		}
		if p.open[g] {
			ents = append(ents, entry{row: int32(i), inner: true})
		}
	}
	n := 0
	for i := range ents {
		ents[i].before = int32(n)
		n += p.people(ents[i])
	}
	p.ents, p.listed = ents, n
	p.resetRows() // as many drawn rows as entries
	p.keepWas()
}

// measureColumns sizes the score, name and side columns to every entry.
func (p *orderPane) measureColumns() {
	p.hist.reset()
	for i, e := range p.ents {
		if p.view.Rows[e.row].Heading {
			continue
		}
		r := p.rowAt(i)
		p.hist.count(r.Score, r.Name, r.Side, 1)
	}
	p.scoreW, p.tightW, p.nameW, p.sideW = p.hist.widest()
}

// widths counts entries by the width of their score, squeezed score,
// name and side, so that when one changes the widest is known without
// measuring every entry again, even when the widest shrank.
type widths [4][]int32

func (h *widths) reset() {
	for c := range h {
		clear(h[c])
	}
}

// count adds d entries of a row's widths: its score's, squeezed and
// not, its name's and its side's.
func (h *widths) count(score, name, side string, d int32) {
	sw := width(score)
	for c, w := range [4]int{sw, sw - strings.Count(score, " "), width(name), width(side)} {
		for len(h[c]) <= w {
			h[c] = append(h[c], 0)
		}
		h[c][w] += d
	}
}

// widest returns the widest score, squeezed score, name and side counted.
func (h *widths) widest() (score, tight, name, side int) {
	var out [4]int
	for c := range h {
		for w := len(h[c]) - 1; w > 0; w-- {
			if h[c][w] > 0 {
				out[c] = w
				break
			}
		}
	}
	return out[0], out[1], out[2], out[3]
}

// rowAt returns the row entry i draws: the view's row, indented under an
// open group, or one made up for a group's entry.
func (p *orderPane) rowAt(i int) rules.OrderRow {
	e := p.ents[i]
	r := p.view.Rows[e.row]
	switch {
	case e.inner:
		r.Name = "  " + r.Name
		return r
	case e.grp == 0:
		return r
	}
	g := rules.OrderRow{ID: r.ID, Score: r.Score, Side: r.Side, Group: p.groupName(e), Out: true, Done: true}
	sign := "▸ "
	if p.open[p.groupName(e)] {
		sign = "▾ "
	}
	g.Name = sign + p.groupName(e) + " (" + strconv.Itoa(len(p.groupRows(e))) + ")"
	for _, j := range p.groupRows(e) {
		m := p.view.Rows[j]
		if m.Current && !g.Current {
			g.Current, g.ID = true, m.ID
		}
		g.Next = g.Next || m.Next
		g.Out = g.Out && m.Out
		g.Done = g.Done && (m.Done || m.Out)
	}
	return g
}

// entryID is the combatant entry i stands for; 0 for a heading.
func (p *orderPane) entryID(i int) int {
	if p.view.Rows[p.ents[i].row].Heading {
		return 0
	}
	return p.rowAt(i).ID
}

// groupNote is a group entry's note: graded by its worst-harmed member,
// with how many are down, and, folded, who in it is acting.
func (p *orderPane) groupNote(i int) *rowNote {
	e := p.ents[i]
	n := &rowNote{}
	down, now := 0, ""
	for _, j := range p.groupRows(e) {
		r := p.view.Rows[j]
		if c := p.t.E.ByID(r.ID); c != nil {
			sev := p.t.Sys.Harm(p.t.E, c).Severity
			n.sev = max(n.sev, sev)
			if sev.Down() {
				down++
			}
		}
		if r.Current && !p.open[p.groupName(e)] && now == "" {
			now = "now " + r.Name
		}
	}
	if down > 0 {
		n.marks = append(n.marks, noteMark{strconv.Itoa(down) + " down", markHarm})
	}
	if now != "" {
		n.marks = append(n.marks, noteMark{now, markOther})
	}
	n.measure()
	return n
}

// indexOf returns the entry showing combatant id: its own line, else the
// entry of its folded group; -1 if it is not in the order.
func (p *orderPane) indexOf(id int) int {
	for i, e := range p.ents {
		if e.grp == 0 && !p.view.Rows[e.row].Heading && p.view.Rows[e.row].ID == id {
			return i
		}
	}
	for i, e := range p.ents {
		for _, j := range p.groupRows(e) {
			if p.view.Rows[j].ID == id {
				return i
			}
		}
	}
	return -1
}

// groupIndex returns the entry of group g, or -1.
func (p *orderPane) groupIndex(g string) int {
	for i, e := range p.ents {
		if p.groupName(e) == g {
			return i
		}
	}
	return -1
}

// selectedGroup names the group the selection belongs to: its entry or a
// member under it when open; "" otherwise.
func (p *orderPane) selectedGroup() string {
	if p.sel < 0 || p.sel >= len(p.ents) {
		return ""
	}
	if e := p.ents[p.sel]; e.grp != 0 {
		return p.groupName(e)
	} else if e.inner {
		return p.view.Rows[e.row].Group
	}
	return ""
}

// toggle opens or folds the group of the selection and selects the
// group's entry; it reports whether there was a group.
func (p *orderPane) toggle() bool {
	g := p.selectedGroup()
	if g == "" {
		return false
	}
	open := maps.Clone(p.open)
	if open == nil {
		open = map[string]bool{}
	}
	open[g] = !open[g]
	p.open = open
	p.gnotes = nil // a folded group's note says who acts; an open one's not
	p.build()
	if i := p.groupIndex(g); i >= 0 {
		p.setSel(i)
	}
	return true
}
