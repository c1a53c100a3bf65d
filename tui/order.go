package tui

import (
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"fray/model"
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
// system's OrderView per tracker version and the rendered entries per
// version and width, and draws only the entries that fit.
//
// What it lists are entries (see ordergroup.go): the view's rows, except
// that the rows of one group are folded into a single entry unless the
// GM opened that group. The selection is an entry; selID is the
// combatant it stands for, whose sheet is shown and whom keys act on.
type orderPane struct {
	st    *Styles
	keys  scrollKeys
	w, h  int
	edges edges // the frame's edges as last drawn

	ver     int // tracker version of view; -1 before the first sync
	view    rules.OrderView
	t       *rules.Tracker
	noteAt  []int32             // per view row: 1 + the place in notes of its note, 0 until worked out
	notes   []rowNote           // the system's harm and the row's marks, worked out when a row is first drawn: the rows on screen, not all (see note)
	noteBuf []noteMark          // scratch for the marks of a note being made (see keepNote)
	gnotes  map[string]*rowNote // group entries' notes, a cache like notes
	sides   map[string]int      // each side's colour: the order sides joined the fight

	ents     []entry         // what is listed, in order
	groups   []entryGroup    // the groups' own entries' (entry.grp)
	listed   int             // combatants listed in ents (people)
	headed   bool            // the view has headings
	open     map[string]bool // groups shown open; replaced, never changed in place
	selID    int             // selected combatant, 0 for none
	selGroup string          // the selected entry is this group's own entry
	sel      int             // index in ents of the selection, -1 for none
	off      int             // first visible entry

	scoreW, nameW, sideW int      // widest score, name and side in ents
	tightW               int      // widest score with its spaces squeezed out
	hist                 widths   // how many entries are how wide, column by column
	noteW, noteMost      int      // widest note of the entries shown, and its harm and markers (see measure)
	needs                []int    // measure's: the harm and markers of each entry shown
	cols                 cols     // the columns measure chose for the rows shown,
	colsW                int      // in a pane this wide inside (-1: none)
	rows                 []*drawn // entries drawn, kept while what they show is the same (drawnAt);
	byID                 []*drawn // nil until drawn: only the rows on screen are, of a fight of 1000
	rowsW                int
	lineBuf              []string // block's lines, kept for the next frame
	rowLen               [2]int   // bytes of the longest row render built, not selected and selected (a hint for the next)
	was                  []wasRow // what widen needs of the view's rows, kept for the next sync (keepWas)
	wasOK                bool     // was is the view's rows
	wasGroups            []string // the groups was names (wasRow.group)
	oldAt                []int    // widen's: where each ID stood in the rows before, from oldBase
	oldBase              int

	marked map[int]bool // marked combatants (Model.marks), drawn with •
}

// setMarks takes the marks to draw; rows drawn without them are drawn
// again as they show (drawn keeps whether a row was marked).
func (p *orderPane) setMarks(marks map[int]bool) { p.marked = marks }

// isMarked reports whether entry i is marked: its combatant, or for a
// group's entry any member.
func (p *orderPane) isMarked(i int) bool {
	if len(p.marked) == 0 {
		return false
	}
	e := p.ents[i]
	if e.grp == 0 {
		return p.marked[p.entryID(i)]
	}
	for _, j := range p.groupRows(e) {
		if p.marked[p.view.Rows[j].ID] {
			return true
		}
	}
	return false
}

func newOrderPane(st *Styles, k keyMap) orderPane {
	return orderPane{st: st, keys: newScrollKeys(k), ver: -1, sel: -1, colsW: -1}
}

// SetSize sets the outer size of the pane, border included.
func (p *orderPane) SetSize(w, h int) {
	p.w, p.h = w, h
	p.rowLen = [2]int{} // rows of another width take other lengths
	p.resetRows()
	p.follow()
}

// sync refreshes the view from the tracker when its version moved. It
// works in proportion to what changed: the system builds the view over
// the rows of the view before (rules.OrderOn), of which was keeps what
// widen compares, the entries and column widths are kept while the
// rows keep their places, and a row drawn before is drawn again only if
// what it shows changed (see View). Harm is asked for again, but only for
// the rows on screen.
func (p *orderPane) sync(t *rules.Tracker) {
	if p.ver == t.Version() {
		return
	}
	p.ver = t.Version()
	rows := p.view.Rows
	if rows == nil {
		// The first view is built on rows made to the fight's size, not
		// grown row by row (which left a list 1.6 times too long).
		rows = make([]rules.OrderRow, 0, rowRoom(len(t.E.Combatants)))
		p.was = make([]wasRow, 0, cap(rows)) // made with it, not at the first change
	}
	p.view = rules.OrderOn(t.Sys, t.E, rows)
	if n := len(p.view.Rows); cap(p.view.Rows) > rowRoom(n) && cap(p.view.Rows) > cap(rows) {
		// The rows outgrew the list lent (osr's headings, one a count,
		// or a fight grown) and append doubled it: trim it to size once
		// rather than keep the room twice over.
		p.view.Rows = append(make([]rules.OrderRow, 0, rowRoom(n)), p.view.Rows...)
	}
	p.t = t
	n := len(p.view.Rows)
	if cap(p.noteAt) < n {
		p.noteAt = make([]int32, n)
	}
	p.noteAt = p.noteAt[:n]
	clear(p.noteAt)
	p.notes = p.notes[:0]
	p.gnotes = nil
	p.sides = sideOrder(p.sides, t.E.Combatants)
	if !p.wasOK || !p.widen() {
		p.build()
	}
	p.reselect() // and measure, through follow
}

// rowRoom is the room of a list of rows for n: headings come and go (osr
// shows one a count), so a few more than n.
func rowRoom(n int) int { return n + 32 }

// sideOrder numbers the sides in the order they joined the fight, adding
// to m (made if nil) those it lacks: a side keeps its colour.
func sideOrder(m map[string]int, cs []*model.Combatant) map[string]int {
	if m == nil {
		m = map[string]int{}
	}
	last := ""
	for _, c := range cs {
		if c.Side == last || c.Side == "" {
			continue // most neighbours share a side: skip the lookup
		}
		last = c.Side
		if _, ok := m[c.Side]; !ok {
			m[c.Side] = len(m)
		}
	}
	return m
}

// measure finds the widest note among the entries on screen, which sets
// the room the columns leave for notes. Only shown entries are asked for
// their notes, so a long order costs no more than a short one. It
// chooses the columns the rows are drawn in (see chooseColumns).
func (p *orderPane) measure() {
	iw, ih := p.inner()
	w, most := 0, 0
	needs := p.needs[:0]
	for i := p.off; i < len(p.ents) && i < p.off+max(1, ih); i++ {
		if !p.view.Rows[p.ents[i].row].Heading {
			n := p.note(i)
			w, most = max(w, n.w), max(most, n.need)
			needs = append(needs, n.need)
		}
	}
	p.needs = needs
	if w != p.noteW || most != p.noteMost {
		p.noteW, p.noteMost = w, most
		p.colsW = -1
	}
	if c := p.chooseColumns(iw, needs); c != p.cols || p.colsW != iw {
		// The rows drawn in other columns are drawn again as they show
		// (drawn keeps the columns): rows kept in the columns of another
		// part of the order stay good when the view comes back to it.
		p.cols, p.colsW = c, iw
	}
}

// orderSize is the width the order pane asks for, border included.
type orderSize struct {
	Want  int // to show its rows in full
	Whole int // to show their names, harm and markers whole, sides cut short
	Need  int // to show their names and gauges whole, sides short, markers on a second line
}

// size is the width the pane asks for to show its rows from the first on
// screen, rows of them (the screen's height will do).
func (p *orderPane) size(rows int) orderSize {
	var z orderSize
	for i := p.off; i < len(p.ents) && i < p.off+rows; i++ {
		w, h, n := p.rowWidth(i)
		z.Want, z.Whole, z.Need = max(z.Want, w), max(z.Whole, h), max(z.Need, n)
	}
	if len(p.ents) == 0 {
		z.Want, z.Whole, z.Need = width(emptyOrder), width(emptyOrder), width(emptyOrder)
	}
	z.Want += 2
	z.Whole += 2
	z.Need += 2
	// Where there is room the title is whole too: "passes 0/2" cut to
	// "passes…" says nothing. The frame puts "━ " and " ━" beside it.
	z.Want = max(z.Want, width(p.title())+6)
	return z
}

// title is the pane's frame title: the system's header, and its hint
// after the header's first part, so that a narrow pane cuts the details
// ("· initiative: GM") before the key.
func (p *orderPane) title() string {
	title := p.view.Header
	if title == "" {
		title = "Turn order"
	}
	// With nobody in the fight the hint ("press n") would only be
	// refused; the pane's body says to add someone instead.
	if p.view.Hint != "" && len(p.view.Rows) > 0 {
		first, rest, _ := strings.Cut(title, " · ")
		title = first + " — " + p.view.Hint
		if rest != "" {
			title += " · " + rest
		}
	}
	return title
}

// reselect finds the selection again after the entries were rebuilt:
// the same group's entry, else the entry showing the same combatant,
// else whoever's turn it is.
func (p *orderPane) reselect() {
	p.sel = -1
	if p.selGroup != "" {
		p.sel = p.groupIndex(p.selGroup)
	}
	if p.sel < 0 && p.selID != 0 {
		p.sel = p.indexOf(p.selID)
	}
	if p.sel < 0 {
		p.selectCurrent()
		return
	}
	p.setSel(p.sel)
}

// resetRows empties the cache of drawn rows when the entries or width change.
func (p *orderPane) resetRows() {
	iw, _ := p.inner()
	if iw == p.rowsW && len(p.rows) == len(p.ents) {
		return
	}
	if cap(p.rows) >= len(p.ents) {
		p.rows = p.rows[:len(p.ents)]
		for _, d := range p.rows {
			if d != nil {
				*d = drawn{} // kept for the next row drawn here
			}
		}
	} else {
		p.rows = make([]*drawn, len(p.ents))
	}
	p.rowsW = iw
}

// drawn is an entry as drawn, with what the drawing follows from: the
// row's texts and turn marks, its note, its mark and the columns. The
// same draw the same line, so it is drawn again only when one of them
// changed. It keeps only these, in small numbers (112 bytes where the
// row and note whole took 240): a fight whose view comes back to the same
// screens keeps hundreds.
type drawn struct {
	s                 string
	score, name, side string
	gauge             string     // the note's
	marks             []noteMark // the note's (rowNote.w and need follow from these)
	cols              [3]uint8   // the columns it was drawn in: score, name, side,
	w                 uint16     // in a pane this wide inside
	sev               uint8      // the note's
	flags             uint8      // a bit each (drawing): the row's turn marks, the entry's kind, its mark, the squeezed scores
}

// drawing is what entry i, drawn as s in the columns c of a pane iw
// wide inside, is kept as; ok is false for widths past what it holds.
// Its flags are, from the lowest bit: current, next, out, done, heading,
// a group's own entry (nameInk), marked, squeezed scores.
func (p *orderPane) drawing(s string, i int, c cols, iw int) (d drawn, ok bool) {
	r := p.rowAt(i)
	n := p.note(i)
	d = drawn{s: s, score: r.Score, name: r.Name, side: r.Side, gauge: n.gauge, marks: n.marks,
		cols: [3]uint8{uint8(c.score), uint8(c.name), uint8(c.side)}, w: uint16(iw), sev: uint8(n.sev)}
	for bit, on := range [...]bool{r.Current, r.Next, r.Out, r.Done, r.Heading, p.ents[i].grp != 0, p.isMarked(i), c.tight} {
		if on {
			d.flags |= 1 << bit
		}
	}
	ok = int(d.cols[0]) == c.score && int(d.cols[1]) == c.name && int(d.cols[2]) == c.side &&
		int(d.w) == iw && rules.Severity(d.sev) == n.sev
	return d, ok
}

// drawnAt is where entry i is kept drawn: by its combatant's ID for a
// combatant's own row, so that a row the order moved (sst sorts by the
// dice left) is still drawn where it lands; by place for the rest.
func (p *orderPane) drawnAt(i int) *drawn {
	e := p.ents[i]
	at := &p.rows[i]
	if id := p.view.Rows[e.row].ID; e.grp == 0 && id > 0 && id <= 4*len(p.ents)+64 {
		if len(p.byID) <= id {
			// Room for every ID of a fight without gaps, made once.
			p.byID = append(p.byID, make([]*drawn, max(id, len(p.ents))+1-len(p.byID))...)
		}
		at = &p.byID[id]
	}
	if *at == nil {
		*at = new(drawn)
	}
	return *at
}

// shows reports whether d shows entry i as it stands, in the columns of
// a pane iw wide inside.
func (d *drawn) shows(p *orderPane, i, iw int) bool {
	if d.s == "" {
		return false
	}
	n, ok := p.drawing("", i, p.columns(iw), iw)
	return ok && d.score == n.score && d.name == n.name && d.side == n.side && d.gauge == n.gauge &&
		d.cols == n.cols && d.w == n.w && d.sev == n.sev && d.flags == n.flags && slices.Equal(d.marks, n.marks)
}

// setSel selects entry i and the combatant it stands for.
func (p *orderPane) setSel(i int) {
	p.sel = i
	e := p.ents[i]
	p.selGroup = p.groupName(e)
	p.selID = p.entryID(i)
	p.follow()
}

// selectCurrent selects whoever's turn it is (the entry of their group
// when it is folded), or else the first combatant.
func (p *orderPane) selectCurrent() {
	p.sel, p.selID, p.selGroup = -1, 0, ""
	first := -1
	for i := range p.ents {
		if p.entryID(i) == 0 {
			continue
		}
		if first < 0 {
			first = i
		}
		if p.rowAt(i).Current {
			p.setSel(i)
			return
		}
	}
	if first >= 0 {
		p.setSel(first)
	}
	p.follow()
}

// selectID selects a combatant by ID if it is in the order: its own
// entry, or its group's when the group is folded.
func (p *orderPane) selectID(id int) {
	if i := p.indexOf(id); i >= 0 {
		p.setSel(i)
	}
}

// move steps the selection by delta entries, skipping headings and
// stopping at the ends.
func (p *orderPane) move(delta int) {
	i := p.sel
	step := 1
	if delta < 0 {
		step, delta = -1, -delta
	}
	for ; delta > 0; delta-- {
		j := i + step
		for j >= 0 && j < len(p.ents) && p.entryID(j) == 0 {
			j += step
		}
		if j < 0 || j >= len(p.ents) {
			break
		}
		i = j
	}
	if i >= 0 && i < len(p.ents) && i != p.sel {
		p.setSel(i)
	}
	p.follow()
}

func (p *orderPane) inner() (int, int) { return inner(p.w, p.h) }

// follow scrolls so the selected entry is visible, whole, and the pane
// is not left half empty above the end of the order.
func (p *orderPane) follow() {
	_, ih := p.inner()
	ih = max(1, ih)
	n := len(p.ents)
	p.off = max(0, min(p.off, n-1))
	if p.sel >= 0 {
		// Every entry takes a line or two: start from where one-line
		// entries would put the selection at the bottom, then make room
		// for taller ones. Only entries on screen are measured.
		p.off = max(min(p.off, p.sel), p.sel-ih+1)
		for p.off < p.sel && p.lines(p.off, p.sel+1) > ih {
			p.off++
		}
	}
	for p.off > 0 && p.lines(p.off-1, n) <= ih {
		p.off--
	}
	p.measure()
}

// lines counts the lines entries a to b (not included) take, stopping
// once past the pane's height.
func (p *orderPane) lines(a, b int) int {
	_, ih := p.inner()
	l := 0
	for i := a; i < b && l <= ih; i++ {
		l += p.height(i)
	}
	return l
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
		p.move(-len(p.ents))
	case key.Matches(km, p.keys.Bottom):
		p.move(len(p.ents))
	case key.Matches(km, p.keys.PageUp):
		p.move(-max(1, ih-1))
	case key.Matches(km, p.keys.PageDown):
		p.move(max(1, ih-1))
	}
	return p, nil
}

// emptyOrder is what the pane says with nobody in the order.
const emptyOrder = "nobody yet: press + or type :add NAME"

// View draws the pane at its size.
func (p *orderPane) View(focused bool) []string {
	return blockLines(p.block(focused), max(0, p.h))
}

// scrollNote says which combatants the rows from off to last show, of
// how many: "3–14 of 40". It counts combatants, not lines, so headings
// (osr's counts, factions' sides) and an open group's own line count for
// nothing and a folded group for its members.
func (p *orderPane) scrollNote(last int) string {
	first := int(p.ents[p.off].before) + 1
	end := int(p.ents[last].before) + p.people(p.ents[last])
	total := strconv.Itoa(p.listed)
	switch {
	case end < first: // only headings on screen
		return total + " in all"
	case end == first:
		return strconv.Itoa(first) + " of " + total
	}
	return strconv.Itoa(first) + "–" + strconv.Itoa(end) + " of " + total
}

// block draws the pane at its size: only the rows on screen.
func (p *orderPane) block(focused bool) block {
	iw, ih := p.inner()
	cache := p.rowsW == iw && len(p.rows) == len(p.ents)
	// The lines of the frame before are written: their slice takes these.
	lines := p.lineBuf[:0]
	if cap(lines) < ih {
		lines = make([]string, 0, ih)
	}
	last := p.off
	for i := p.off; i < len(p.ents) && len(lines) < ih; i++ {
		var s string
		switch {
		case i == p.sel:
			s = p.render(i, iw, true)
		case !cache:
			s = p.render(i, iw, false)
		default:
			d := p.drawnAt(i)
			if d.shows(p, i, iw) {
				s = d.s
				break
			}
			// The slice is shared by every copy of the pane, so a row
			// drawn here stays drawn while it shows the same.
			s = p.render(i, iw, false)
			var ok bool
			if *d, ok = p.drawing(s, i, p.columns(iw), iw); !ok {
				*d = drawn{} // too wide to keep: drawn each time
			}
		}
		for l := range strings.SplitSeq(s, "\n") {
			if len(lines) < ih {
				lines = append(lines, l)
			}
		}
		last = i
	}
	title := p.title()
	note := ""
	if n := len(p.ents); (p.off > 0 || last < n-1) && ih > 0 {
		note = p.scrollNote(last)
	}
	if len(p.ents) == 0 && ih > 0 {
		lines = append(lines, p.st.Hint.Render(emptyOrder))
	}
	p.lineBuf = lines[:0]
	// Rows are drawn to the pane's width (render); the hint is not.
	return frameBlock(&p.edges, p.st.pane(focused), title, note, lines, p.w, p.h, len(p.ents) > 0)
}
