package tui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"fray/rules"
)

// Drawing one entry of the order pane. A row reads, left to right:
//
//	›▶12 Goblin 2   goblins ▒ HP 3/8 · stunned 2 · spell: sleep
//
// the selection mark, the turn mark, the score, the name, the side, then
// the harm mark and gauge, the markers and the other notes. The
// gauge and the harm mark take the colour of the harm's grade; markers
// (stunned, held, prone…) are bold; other notes are dim, except those
// naming the harm (dead, unconscious, dying), which take its colour.
// Every mark is a character as well as a colour, so the row reads the
// same without colour (NO_COLOR) as with it.

// Marks of the turn column.
const (
	turnNow  = "▶" // whose turn it is
	turnNext = "▷" // who acts next
	turnDone = "✓" // has acted this round
	turnSkip = "–" // takes no turn now, though not down (stunned, surrendered…)
)

// Marks of the selection column besides the selection's ›.
const (
	markOn  = "•" // marked with x: the keys act on every marked row
	markSel = "»" // selected and marked
)

// harmMarks are the marks of the harm column, by grade: blank for
// unhurt, shades filling up as the harm grows, a dagger for the dead.
var harmMarks = [...]string{
	rules.Unhurt:     " ",
	rules.Hurt:       "░",
	rules.BadlyHurt:  "▒",
	rules.OutOfFight: "▓",
	rules.Dying:      "█",
	rules.Dead:       "†",
}

// legendItem is one mark of the order pane and what it means.
type legendItem struct{ Mark, Meaning string }

// orderLegend explains every mark an order row may carry, for help.
func orderLegend() []legendItem {
	ls := []legendItem{
		{"›", "the selected row: keys act on it, the sheet shows it"},
		{markOn + " / " + markSel, "marked with x (» and selected): d c h f a act on all marked"},
		{turnNow, "whose turn it is"},
		{turnNext, "who acts next"},
		{turnDone, "has acted this round"},
		{turnSkip, "takes no turn now (stunned, held down…) but is not out"},
	}
	for _, s := range rules.Severities()[1:] {
		ls = append(ls, legendItem{harmMarks[s], s.String()})
	}
	return append(ls,
		legendItem{"bold note", "a marker: stunned, held, delaying, prone, grappled…"},
		legendItem{"▸ / ▾", "a folded / an open group (z or space folds and opens)"},
		legendItem{"@3 / ×Gob", "where it stands: its zone / a foe it is engaged with"})
}

// markKind says how a note is drawn.
type markKind uint8

const (
	markOther  markKind = iota // a note of the system's: dim
	markMarker                 // a marker: bold
	markHarm                   // names the harm: the harm's colour
)

type noteMark struct {
	text string
	kind markKind
}

// rowNote is what the system says of a row's combatant beside its name:
// the harm's grade and gauge, then markers and other notes.
type rowNote struct {
	sev   rules.Severity
	gauge string
	marks []noteMark
	w     int // cells the note takes, separators included
	need  int // cells of it that show the harm and the markers
}

// makeNote sorts a row's marks beside its harm: the marks the harm's
// words name (a status, dying), drawn as harm, then the harm's markers,
// then the row's other marks, leaving out those the markers repeat.
func makeNote(h rules.Harm, marks []string) rowNote {
	n := rowNote{sev: h.Severity, gauge: h.Gauge}
	words := strings.ToLower(h.Words)
	var markers, others []noteMark
	for _, m := range h.Markers {
		markers = append(markers, noteMark{m, markMarker})
	}
outer:
	for _, m := range marks {
		for _, k := range h.Markers {
			if strings.EqualFold(k, m) {
				continue outer
			}
		}
		if l := strings.ToLower(m); words != "" && (strings.Contains(words, l) || strings.Contains(l, words)) {
			n.marks = append(n.marks, noteMark{m, markHarm})
		} else {
			others = append(others, noteMark{m, markOther})
		}
	}
	n.marks = append(append(n.marks, markers...), others...)
	n.measure()
	return n
}

// measure works out the cells the note takes: the harm mark, the gauge,
// then the marks, parted by " · "; and how many of them are the harm and
// the markers, which the row keeps whole while it can.
func (n *rowNote) measure() {
	n.w = 1 + sep(width(n.gauge))
	n.need = n.w
	for i, m := range n.marks {
		if i > 0 || n.gauge != "" {
			n.w += 2 // " · " where " " stood
		}
		n.w += 1 + width(m.text)
		if m.kind != markOther {
			n.need = n.w
		}
	}
}

// note returns entry i's note. For a row it asks the system for its harm
// the first time the row is drawn: only rows that are shown ever pay.
func (p *orderPane) note(i int) *rowNote {
	e := p.ents[i]
	if e.row >= len(p.noted) || p.t == nil {
		return &rowNote{}
	}
	if e.group != "" {
		n, ok := p.gnotes[e.group]
		if !ok {
			n = p.groupNote(i)
			if p.gnotes == nil {
				p.gnotes = map[string]*rowNote{}
			}
			p.gnotes[e.group] = n
		}
		return n
	}
	if !p.noted[e.row] {
		r := p.view.Rows[e.row]
		if c := p.t.E.ByID(r.ID); c != nil && !r.Heading {
			h := p.t.Sys.Harm(p.t.E, c)
			if c.Hidden {
				// Kept from the players' view: the GM should know it.
				h.Markers = append([]string{"hidden"}, h.Markers...)
			}
			p.notes[e.row] = makeNote(h, r.Marks)
		}
		p.noted[e.row] = true
	}
	return &p.notes[e.row]
}

// turnMark is the turn column of a row.
func turnMark(r rules.OrderRow, sev rules.Severity) string {
	switch {
	case r.Current:
		return turnNow
	case r.Next:
		return turnNext
	case r.Out && !sev.Down():
		return turnSkip
	case r.Done && !r.Out:
		return turnDone
	}
	return " "
}

// cols are the widths of a row's columns in a pane iw cells wide, and
// whether scores are squeezed ("6 4 4 2" → "6442").
type cols struct {
	score, name, side int
	tight             bool
}

// prefixW is the width of the selection and turn marks and the space
// that keeps the turn mark off the score ("– 5" is not "−5").
const prefixW = 3

// minName and minSide are how far a name and a side give way before the
// notes are cut.
const (
	minName = 8
	minSide = 4
	maxSide = 12
)

// columns fits the columns into iw cells so that the harm and the markers
// keep their room as long as there is any; other notes take what is
// left. The side gives way first (its colour still tells it), then the
// name, then the spaces in scores; past that the notes are cut.
func (p *orderPane) columns(iw int) cols {
	c := cols{score: p.scoreW, name: p.nameW, side: min(p.sideW, maxSide)}
	over := prefixW + c.score + 1 + c.name + sep(c.side) + sep(p.noteNeed) - iw
	give := func(w *int, least int) {
		if over > 0 {
			cut := min(over, max(0, *w-least))
			*w -= cut
			over -= cut
		}
	}
	if over > 0 && c.side > minSide {
		// A side cut by a letter or two reads as another word
		// ("bandit"): it is whole or short.
		over -= c.side - minSide
		c.side = minSide
	}
	give(&c.name, minName)
	if over > 0 && p.tightW < c.score {
		c.score, c.tight = p.tightW, true
	}
	return c
}

// squeeze takes the spaces out of a score: dice faces "6 4 4 2" read
// "6442" where room is short.
func squeeze(s string) string {
	if !strings.Contains(s, " ") {
		return s
	}
	return strings.ReplaceAll(s, " ", "")
}

// sep is a column of width w with the space before it, or nothing.
func sep(w int) int {
	if w <= 0 {
		return 0
	}
	return 1 + w
}

// rowWidth is the width entry i wants, all of it shown, and the width
// it needs to show its harm and markers whole, its name and side cut to
// their shortest.
func (p *orderPane) rowWidth(i int) (want, need int) {
	if r := p.rowAt(i); r.Heading {
		w := 2 + width(r.Name)
		return w, w
	}
	n := p.note(i)
	fixed := prefixW + p.scoreW + 1
	want = fixed + p.nameW + sep(min(p.sideW, maxSide)) + sep(n.w)
	need = fixed + min(p.nameW, minName) + sep(min(p.sideW, minSide)) + sep(n.need)
	return want, need
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

// padName fits a name to w cells. A name too long loses its middle, not
// its end, where names that share a start differ ("Goblin 12",
// "Goblin shaman"): the last word stays whole when it leaves two cells
// of the start ("Go…shaman"), else the end is kept as much as the start.
func padName(s string, w int) string {
	sw := width(s)
	if sw <= w {
		return pad(s, w)
	}
	if w < 4 {
		return pad(s, w)
	}
	rs := []rune(s)
	tail := (w - 1) / 2
	if i := strings.LastIndexByte(s, ' '); i > 0 {
		if last := width(s[i+1:]); last <= w-3 {
			tail = max(tail, last)
		}
	}
	if width(string(rs)) != len(rs) {
		return pad(s, w) // wide characters: cut at the end, measured
	}
	head := w - 1 - tail
	return string(rs[:head]) + "…" + string(rs[len(rs)-tail:])
}

// padSide fits a side to w cells, cut short without an ellipsis: "gobl"
// reads as goblins in a column of sides.
func padSide(s string, w int) string {
	if width(s) <= w {
		return pad(s, w)
	}
	return pad(ansi.Truncate(s, w, ""), w)
}

func padLeft(s string, w int) string {
	sw := width(s)
	if sw >= w {
		return s
	}
	return strings.Repeat(" ", w-sw) + s
}

// render draws entry i in iw cells with the inks of a listed row or of
// the selected one.
func (p *orderPane) render(i, iw int, sel bool) string {
	k := &p.st.Row
	if sel {
		k = &p.st.RowSel
	}
	r := p.rowAt(i)
	if r.Heading {
		return k.Base.Render(fit(p.st.Heading.Render("  "+r.Name), iw))
	}
	c := p.columns(iw)
	n := p.note(i)
	var b strings.Builder
	switch marked := p.isMarked(i); {
	case sel && marked:
		b.WriteString(k.Turn.Render(markSel))
	case sel:
		b.WriteString(k.Turn.Render("›"))
	case marked:
		b.WriteString(k.Turn.Render(markOn))
	default:
		b.WriteString(k.Base.Render(" "))
	}
	b.WriteString(k.Turn.Render(turnMark(r, n.sev)))
	b.WriteString(k.Base.Render(" "))
	score := r.Score
	if c.tight {
		score = squeeze(score)
	}
	b.WriteString(k.Score.Render(padLeft(score, c.score)))
	b.WriteString(k.Base.Render(" "))
	b.WriteString(p.nameInk(k, i, r, n.sev).Render(padName(r.Name, c.name)))
	if c.side > 0 {
		b.WriteString(k.Base.Render(" "))
		b.WriteString(p.sideInk(k, r.Side).Render(padSide(r.Side, c.side)))
	}
	b.WriteString(k.Base.Render(" "))
	b.WriteString(k.Harm[n.sev].Render(harmMarks[n.sev]))
	first := true
	part := func(s string, ik ink) {
		if first {
			b.WriteString(k.Base.Render(" "))
		} else {
			b.WriteString(k.Note.Render(" · "))
		}
		first = false
		b.WriteString(ik.Render(s))
	}
	if n.gauge != "" {
		part(n.gauge, k.Harm[n.sev])
	}
	for _, m := range n.marks {
		switch m.kind {
		case markMarker:
			part(m.text, k.Marker)
		case markHarm:
			part(m.text, k.HarmWord[n.sev])
		default:
			part(m.text, k.Note)
		}
	}
	line := b.String()
	if w := width(line); w < iw {
		line += k.Base.Render(strings.Repeat(" ", iw-w))
	}
	return fit(line, iw)
}

// nameInk picks how a row's name is drawn: struck through when dead,
// faint when out of the fight, accented for whose turn it is, underlined
// for who is next, dim once it has acted.
func (p *orderPane) nameInk(k *rowInks, i int, r rules.OrderRow, sev rules.Severity) ink {
	switch {
	case sev == rules.Dead:
		return k.Dead
	case sev.Down():
		return k.Down
	case r.Current:
		return k.Current
	case p.ents[i].group != "":
		return k.Group
	case r.Next:
		return k.Next
	case r.Done:
		return k.Done
	}
	return k.Name
}

// sideInk is the colour of a side: by the order sides joined the fight.
func (p *orderPane) sideInk(k *rowInks, side string) ink {
	i, ok := p.sides[side]
	if !ok {
		return k.NoSide
	}
	return k.Side[i%len(k.Side)]
}
