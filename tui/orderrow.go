package tui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"fray/rules"
)

// Drawing one entry of the order pane.

// columns returns the widths of the name and side columns for width iw.
func (p *orderPane) columns(iw int) (nameW, sideW int) {
	sideW = min(p.sideW, 10)
	nameW = min(p.nameW, max(4, (iw-3-p.scoreW)/2))
	return nameW, sideW
}

// note returns entry i's note. For a row it asks the system for its
// summary the first time the row is drawn: only visible rows ever pay
// for it.
func (p *orderPane) note(i int) string {
	e := p.ents[i]
	if e.group != "" {
		return p.groupNote(i)
	}
	if e.row >= len(p.noted) || p.t == nil {
		return ""
	}
	if !p.noted[e.row] {
		r := p.view.Rows[e.row]
		sum := ""
		if c := p.t.E.ByID(r.ID); c != nil && !r.Heading {
			sum = p.t.Sys.Harm(p.t.E, c).Gauge
		}
		p.notes[e.row], p.noted[e.row] = rowNote(sum, r.Marks), true
	}
	return p.notes[e.row]
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

// plain renders entry i without colour, for the selected (reversed) row.
func (p *orderPane) plain(i, iw int) string {
	r := p.rowAt(i)
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

// render draws unselected entry i in colour, cut to iw cells.
func (p *orderPane) render(i, iw int) string {
	st := p.st
	r := p.rowAt(i)
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
	case p.ents[i].group != "":
		name = st.Heading
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
