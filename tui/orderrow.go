package tui

import (
	"slices"
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
//
// The marks are appended to buf[:0], which the note then holds: pass nil
// for a slice of the note's own, or a scratch slice and copy the note's
// marks before keeping it (see orderPane.note).
func makeNote(h rules.Harm, marks []string, buf []noteMark) rowNote {
	n := rowNote{sev: h.Severity, gauge: h.Gauge}
	if len(h.Markers)+len(marks) == 0 {
		n.measure()
		return n
	}
	words := strings.ToLower(h.Words)
	// One slice for all, in two passes over the marks: every row shown
	// makes a note, and a fight in motion shows new rows each turn.
	n.marks = slices.Grow(buf[:0], len(h.Markers)+len(marks))
	var few [8]markKind
	kinds := few[:0]
	if len(marks) > len(few) {
		kinds = make([]markKind, 0, len(marks))
	}
	kinds = kinds[:len(marks)] // per mark: harm, other, or left out (markMarker)
	for i, m := range marks {
		kinds[i] = markOther
		for _, k := range h.Markers {
			if strings.EqualFold(k, m) {
				kinds[i] = markMarker
				break
			}
		}
		if kinds[i] == markOther && words != "" {
			if l := strings.ToLower(m); strings.Contains(words, l) || strings.Contains(l, words) {
				kinds[i] = markHarm
				n.marks = append(n.marks, noteMark{m, markHarm})
			}
		}
	}
	for _, m := range h.Markers {
		n.marks = append(n.marks, noteMark{m, markMarker})
	}
	for i, m := range marks {
		if kinds[i] == markOther {
			n.marks = append(n.marks, noteMark{m, markOther})
		}
	}
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
	if int(e.row) >= len(p.noteAt) || p.t == nil {
		return &rowNote{}
	}
	if e.grp != 0 {
		n, ok := p.gnotes[p.groupName(e)]
		if !ok {
			n = p.groupNote(i)
			if p.gnotes == nil {
				p.gnotes = map[string]*rowNote{}
			}
			p.gnotes[p.groupName(e)] = n
		}
		return n
	}
	if k := p.noteAt[e.row]; k > 0 && int(k) <= len(p.notes) {
		return &p.notes[k-1]
	}
	// Only the rows drawn are asked for their notes (a screenful of a
	// fight of 1000), so they are kept in the order asked, not a note
	// for every row. A note is never changed once kept: a pointer to one
	// that append has since moved still reads the same.
	var kept rowNote
	r := p.view.Rows[e.row]
	if c := p.t.E.ByID(r.ID); c != nil && !r.Heading {
		h := p.t.Sys.Harm(p.t.E, c)
		if c.Hidden {
			// Kept from the players' view: the GM should know it.
			h.Markers = append([]string{"hidden"}, h.Markers...)
		}
		n := makeNote(h, r.Marks, p.noteBuf)
		p.noteBuf = n.marks[:0]
		kept = p.keepNote(r.ID, n)
	}
	p.notes = append(p.notes, kept)
	p.noteAt[e.row] = int32(len(p.notes))
	return &p.notes[len(p.notes)-1]
}

// keepNote returns n, made on the scratch slice noteBuf, with marks of
// its own: those of the note combatant id's row was last drawn with when
// they are the same (the notes of the rows on screen are made again at
// every change of the fight, and most are as they were), else a copy.
func (p *orderPane) keepNote(id int, n rowNote) rowNote {
	if len(n.marks) == 0 {
		n.marks = nil
		return n
	}
	if id > 0 && id < len(p.byID) {
		if d := p.byID[id]; d != nil && d.s != "" && slices.Equal(d.marks, n.marks) {
			n.marks = d.marks
			return n
		}
	}
	n.marks = slices.Clone(n.marks)
	return n
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
// whether scores are squeezed ("6 4 4 2" → "6442"); squeezed scores
// wider than the column keep their first (highest) faces: "664…".
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
	minDice = 5 // a pool of dice squeezed shows at least "6655…"
	minName = 8
	minSide = 4
	maxSide = 12
)

// columns are the columns of rows in a pane iw cells wide, as measure
// chose them.
func (p *orderPane) columns(iw int) cols {
	if iw == p.colsW {
		return p.cols
	}
	return p.columnsFor(iw, p.noteMost)
}

// columnsFor fits the columns into iw cells so that harm and markers
// need cells wide keep their room as long as there is any; other notes
// take what is left. The side gives way first (its colour still tells
// it), then the spaces in scores, then the name; past that the notes are
// cut.
func (p *orderPane) columnsFor(iw, need int) cols {
	c := cols{score: p.scoreW, name: p.nameW, side: min(p.sideW, maxSide)}
	fixed := func() int { return prefixW + sep(c.score) + c.name + sep(c.side) }
	if fixed()+sep(max(need, p.noteW)) > iw && c.side > minSide {
		// A side cut by a letter or two reads as another word
		// ("bandit"): it is whole or short. It gives way for the other
		// notes too.
		c.side = minSide
	}
	over := fixed() + sep(need) - iw
	if over > 0 && p.tightW < c.score {
		// Dice faces read as well squeezed ("6442"): names keep their
		// letters before scores keep their spaces, and before a long
		// pool keeps its lowest faces.
		over -= c.score - p.tightW
		c.score, c.tight = p.tightW, true
		if over > 0 && c.score > minDice {
			cut := min(over, c.score-minDice)
			c.score -= cut
			over -= cut
		}
	}
	if over > 0 {
		c.name -= min(over, max(0, c.name-minName))
	}
	return c
}

// chooseColumns picks the columns of the rows on screen in iw cells.
// Those that fit every row's harm and markers on one line, unless they
// shorten names: then the widest columns that fit all rows but a few
// with long markers (a fifth of the rows, at least one), each of which
// goes on over a second line (see tall), if every name is then wider.
// A row on two lines reads better than every name cut short.
func (p *orderPane) chooseColumns(iw int, needs []int) cols {
	best := p.columnsFor(iw, p.noteMost)
	if best.name >= p.nameW || len(needs) == 0 {
		return best
	}
	if _, ih := p.inner(); ih < 2 {
		return best
	}
	sorted := slices.Sorted(slices.Values(needs))
	most := max(1, len(sorted)/5) // rows that may take a second line
	for k := 1; k <= most && k < len(sorted); k++ {
		cut := sorted[len(sorted)-1-k]
		if cut == sorted[len(sorted)-k] {
			continue // the same need as a row that must wrap: wraps too
		}
		c := p.columnsFor(iw, cut)
		if c.name <= best.name || !p.wrapAll(c, iw, cut) {
			continue
		}
		best = c
		if c.name >= p.nameW {
			break
		}
	}
	return best
}

// wrapAll reports whether every row on screen whose harm and markers
// are wider than need can take a second line in the columns c.
func (p *orderPane) wrapAll(c cols, iw, need int) bool {
	_, ih := p.inner()
	for i := p.off; i < len(p.ents) && i < p.off+ih; i++ {
		if n := p.note(i); !p.view.Rows[p.ents[i].row].Heading && n.need > need && !wraps(n, c, iw) {
			return false
		}
	}
	return true
}

// noteRoom is the room for a row's note in the columns c, harm mark
// included, on its first line.
func noteRoom(c cols, iw int) int { return iw - (prefixW + sep(c.score) + c.name + sep(c.side) + 1) }

// wrapIndent is where a row's second line starts: two cells in from its
// name, so that it reads as the row's and not as another name.
func wrapIndent(c cols) int { return prefixW + sep(c.score) + 2 }

// tall reports whether entry i takes two lines: its harm and markers do
// not fit on one beside the columns, but its gauge does, and the
// markers that do not fit go whole on a second line.
func (p *orderPane) tall(i int) bool {
	if p.view.Rows[p.ents[i].row].Heading {
		return false
	}
	iw, ih := p.inner()
	return ih > 1 && wraps(p.note(i), p.columns(iw), iw)
}

// wraps reports whether note n wants a second line in the columns c and
// can have one: the harm mark and gauge fit on the first line, and the
// markers that do not go whole on the second.
func wraps(n *rowNote, c cols, iw int) bool {
	room := noteRoom(c, iw)
	if n.need <= room || 1+sep(width(n.gauge)) > room {
		return false
	}
	_, ok := splitNote(n, room, iw-wrapIndent(c))
	return ok
}

// splitNote finds the first mark of note n that goes on a second line
// when the first has room cells (harm mark included), and whether the
// harm and markers from it fit whole on that line, room2 cells wide.
func splitNote(n *rowNote, room, room2 int) (int, bool) {
	used := 1 + sep(width(n.gauge))
	at := len(n.marks)
	for j, m := range n.marks {
		lead := 3
		if j == 0 && n.gauge == "" {
			lead = 1
		}
		if used+lead+width(m.text) > room {
			at = j
			break
		}
		used += lead + width(m.text)
	}
	used = 0
	for j := at; j < len(n.marks); j++ {
		if m := n.marks[j]; m.kind != markOther {
			if j > at {
				used += 3
			}
			used += width(m.text)
		}
	}
	return at, used <= room2
}

// height is the number of lines entry i takes.
func (p *orderPane) height(i int) int {
	if p.tall(i) {
		return 2
	}
	return 1
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

// rowWidth is the width entry i wants, all of it shown; the width it
// needs to show its name, harm and markers whole on one line, its side
// short and its score squeezed; and the width it needs to show its name, its harm's mark and
// gauge and each marker whole, its side short and its score squeezed,
// its markers going on over a second line where they must (see tall).
func (p *orderPane) rowWidth(i int) (want, whole, need int) {
	if r := p.rowAt(i); r.Heading {
		w := 2 + width(r.Name)
		return w, w, w
	}
	n := p.note(i)
	short := prefixW + sep(p.tightW) + p.nameW + sep(min(p.sideW, minSide))
	want = prefixW + sep(p.scoreW) + p.nameW + sep(min(p.sideW, maxSide)) + sep(n.w)
	need = short + sep(1+sep(width(n.gauge)))
	for _, m := range n.marks {
		if m.kind != markOther {
			need = max(need, prefixW+sep(p.tightW)+2+width(m.text))
		}
	}
	return want, short + sep(n.need), need
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
	if rs[len(rs)-tail] == ' ' {
		tail-- // "Grat…Maw", not "Gra… Maw"
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
// the selected one. An entry whose harm and markers do not fit on one
// line beside the columns (tall) goes on over a second line, under its
// gauge; the two lines are parted by "\n".
func (p *orderPane) render(i, iw int, sel bool) string {
	k := &p.st.Row
	if sel {
		k = &p.st.RowSel
	}
	r := p.rowAt(i)
	if r.Heading {
		return k.Base.Render(fit(p.st.Heading.Render("  "+r.Name), iw))
	}
	n := p.note(i)
	c := p.columns(iw)
	var b strings.Builder
	// Room for a row's text and its colours' sequences: as much as the
	// longest row of its kind (selected or not: the selection's colours
	// take twice the bytes, more than the guess) drawn so far took, or a
	// guess before the first. Most rows are far shorter than the guess,
	// and at the turn key a fight of 1000 draws a dozen rows a press.
	kind := 0
	if sel {
		kind = 1
	}
	grow := p.rowLen[kind]
	if grow == 0 {
		grow = 8*iw + 64
	}
	b.Grow(grow)
	defer func() { p.rowLen[kind] = max(p.rowLen[kind], b.Len()) }()
	switch marked := p.isMarked(i); {
	case sel && marked:
		k.Turn.write(&b, markSel)
	case sel:
		k.Turn.write(&b, "›")
	case marked:
		k.Turn.write(&b, markOn)
	default:
		k.Base.write(&b, " ")
	}
	k.Turn.write(&b, turnMark(r, n.sev))
	k.Base.write(&b, " ")
	score := r.Score
	if c.tight {
		score = squeeze(score)
		if width(score) > c.score {
			score = ansi.Truncate(score, c.score, "…")
		}
	}
	if c.score > 0 { // factions keep no score: no column for it
		k.Score.write(&b, padLeft(score, c.score))
		k.Base.write(&b, " ")
	}
	p.nameInk(k, i, r, n.sev).write(&b, padName(r.Name, c.name))
	if c.side > 0 {
		k.Base.write(&b, " ")
		p.sideInk(k, r.Side).write(&b, padSide(r.Side, c.side))
	}
	k.Base.write(&b, " ")
	k.Harm[n.sev].write(&b, harmMarks[n.sev])
	// The note's parts follow while they fit: the gauge and markers
	// whole, other notes too or the last of them cut short with "…".
	// What of the harm and markers does not fit goes on a second line.
	room := noteRoom(c, iw) - 1
	indent := wrapIndent(c)
	wrap := len(n.marks)
	if p.tall(i) {
		wrap, _ = splitNote(n, room+1, iw-indent)
	}
	lead := 1
	part := func(s string, ik ink, optional bool) bool {
		if optional && lead+width(s) > room {
			if room-lead < 2 {
				return false // not even a letter and "…"
			}
			s = ansi.Truncate(s, room-lead, "…")
		}
		switch lead {
		case 1:
			k.Base.write(&b, " ")
		case 3:
			k.Note.write(&b, " · ")
		}
		ik.write(&b, s)
		room -= lead + width(s)
		lead = 3
		return true
	}
	if n.gauge != "" {
		part(n.gauge, k.Harm[n.sev], false)
	}
	for j, m := range n.marks {
		if j == wrap {
			b.WriteByte('\n')
			padInk(&b, k.Base, indent)
			room, lead = iw-indent, 0
		}
		var ok bool
		switch m.kind {
		case markMarker:
			ok = part(m.text, k.Marker, false)
		case markHarm:
			ok = part(m.text, k.HarmWord[n.sev], false)
		default:
			ok = part(m.text, k.Note, true)
		}
		if !ok {
			break
		}
	}
	if l := b.String(); !strings.Contains(l, "\n") {
		// One line, the usual row: padded in place.
		if w := width(l); w < iw {
			padInk(&b, k.Base, iw-w)
		}
		return fit(b.String(), iw)
	}
	lines := strings.Split(b.String(), "\n")
	for j, l := range lines {
		if w := width(l); w < iw {
			l += k.Base.Render(strings.Repeat(" ", iw-w))
		}
		lines[j] = fit(l, iw)
	}
	return strings.Join(lines, "\n")
}

// padInk writes n spaces in the ink's sequences.
func padInk(b *strings.Builder, k ink, n int) {
	if n <= 0 {
		return
	}
	b.WriteString(k.pre)
	spaces(b, n)
	b.WriteString(k.suf)
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
	case p.ents[i].grp != 0:
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
