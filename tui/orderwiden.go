package tui

import "fray/rules"

// Keeping the list up to date after a command (sync): the view is built
// over the rows of the view before, so what widen compares of those is
// kept in was, and the entries and column widths follow what changed.

// wasRow is what widen compares of a row of the view before: where it
// stood, whose it was and the texts whose widths the columns count. The
// view is built over its own rows, so this is what is kept of them: 56
// bytes a row where a second list of rows took 104.
type wasRow struct {
	score, name, side string // a heading's words are its name
	id                int32
	group             uint16 // 1 + its group's place in wasGroups, 0 for none
	heading, lead     bool
}

// keepWas keeps in was what widen needs of the view's rows, as they are
// listed (the groups are numbered as groups lists them), and notes in
// wasOK whether it could: not for IDs or groups past what a wasRow holds.
// list calls it; widen keeps it up to date itself while the rows stay in
// their places.
func (p *orderPane) keepWas() {
	rows := p.view.Rows
	p.wasOK = false
	if len(p.groups) >= 1<<16 {
		return
	}
	if cap(p.was) < len(rows) {
		p.was = make([]wasRow, 0, rowRoom(len(rows)))
	}
	was := p.was[:len(rows)]
	for i := range rows {
		r, w := &rows[i], &was[i]
		if r.ID != int(int32(r.ID)) {
			return
		}
		// A text is written only when it differs: writing one while
		// the collector runs costs more than comparing it, and most
		// rows are as they were (or as the row above was, one moved).
		if w.score != r.Score {
			w.score = r.Score
		}
		if w.name != r.Name {
			w.name = r.Name
		}
		if w.side != r.Side {
			w.side = r.Side
		}
		w.id, w.group, w.heading, w.lead = int32(r.ID), 0, r.Heading, r.Lead
	}
	groups := p.wasGroups[:0]
	for k, g := range p.groups {
		groups = append(groups, g.name)
		for _, j := range g.members {
			was[j].group = uint16(k + 1)
		}
	}
	p.was, p.wasGroups, p.wasOK = was, groups, true
}

// wasGroup is the group of a row kept in was, "" for none.
func (p *orderPane) wasGroup(w *wasRow) string {
	if w.group == 0 {
		return ""
	}
	return p.wasGroups[w.group-1]
}

// wasEchoes is rules.Echoes of the rows kept in was.
func (p *orderPane) wasEchoes(i int) bool {
	if !p.was[i].heading || p.was[i].name == "" {
		return false
	}
	n := 0
	for _, w := range p.was[i+1:] {
		if w.heading {
			break
		}
		if w.score != p.was[i].name {
			return false
		}
		n++
	}
	return n > 0
}

// widen brings the column widths up to the view when its rows are the
// rows kept in was, each showing what it showed or a little more, and
// reports whether it could. When the rows also stand where they stood
// (same combatants and headings, same groups) the entries stay as they
// are; otherwise they moved (an order sorted again by a changed score)
// and only the entries are listed again. Either way only the rows that
// changed are measured; a width that may have shrunk is measured again
// over every entry.
func (p *orderPane) widen() bool {
	rows, was := p.view.Rows, p.was
	if len(rows) != len(was) || len(p.ents) == 0 {
		return false
	}
	placed := true
	for i := range rows {
		r, o := &rows[i], &was[i]
		if r.ID != int(o.id) || r.Heading != o.heading || r.Group != p.wasGroup(o) || r.Lead != o.lead {
			placed = false
			break
		}
		// A heading's words may change (factions count who is ready)
		// while it stands in the list as before: build leaves out only
		// those that echo the scores under them.
		if r.Heading && r.Name != o.name && rules.Echoes(rows, i) != p.wasEchoes(i) {
			return false
		}
	}
	if !placed && (p.headed || !p.indexOld()) {
		return false
	}
	grouped := false
	for i := range rows {
		r, o := &rows[i], &was[i]
		if !placed {
			o = &was[p.oldAt[r.ID-p.oldBase]]
		}
		if r.Score == o.score && r.Name == o.name && r.Side == o.side {
			continue
		}
		switch {
		case r.Heading:
		case r.Score != o.score && p.headed:
			return false // a heading may echo the scores under it, or stop to (see build)
		case r.Group != "":
			grouped = true // a group's entry is not its rows: measure the entries
		default:
			p.hist.count(o.score, o.name, o.side, -1)
			p.hist.count(r.Score, r.Name, r.Side, 1)
		}
		if placed {
			o.score, o.name, o.side = r.Score, r.Name, r.Side // kept for the next sync (keepWas)
		}
	}
	if !placed {
		p.list() // and keepWas
	}
	if grouped {
		p.measureColumns()
	} else {
		p.scoreW, p.tightW, p.nameW, p.sideW = p.hist.widest()
	}
	// The columns follow the widths (measure), and a row drawn in other
	// columns is drawn again (drawn.cols).
	return true
}

// indexOld indexes the rows kept in was by ID (oldAt) when they are the
// view's rows in another order: the same combatants, none twice, no
// headings and no groups. It reports whether they were.
func (p *orderPane) indexOld() bool {
	old := p.was
	lo, hi := 0, -1
	for i := range old {
		r := &old[i]
		if r.heading || r.group != 0 || r.id <= 0 {
			return false
		}
		if i == 0 || int(r.id) < lo {
			lo = int(r.id)
		}
		hi = max(hi, int(r.id))
	}
	if hi-lo+1 > 4*len(old)+64 {
		return false // IDs too sparse to index by: build as ever
	}
	at := p.oldAt[:0]
	for range hi - lo + 1 {
		at = append(at, -1)
	}
	for i := range old {
		at[int(old[i].id)-lo] = i
	}
	p.oldAt, p.oldBase = at, lo
	for i := range p.view.Rows {
		r := &p.view.Rows[i]
		if r.Heading || r.Group != "" || r.ID < lo || r.ID > hi || at[r.ID-lo] < 0 {
			return false
		}
		at[r.ID-lo] = -1 - at[r.ID-lo] // seen: a second row of the same ID fails
	}
	for i := range old {
		at[int(old[i].id)-lo] = i
	}
	return true
}
