package saves

import (
	"strings"
	"unicode/utf8"
)

// fastParse reads the TOML that fray writes, and the everyday TOML a person
// editing it would write, into a tree. It exists for speed: BurntSushi/toml
// needs about 45 ms to parse 1000 combatants and 150 ms for a 10,000-entry
// log here, far over the 5 ms and 50 ms budgets, while this reader handles
// both in a few milliseconds.
//
// It reads only a subset of TOML: comments; bare or quoted single keys;
// [table], [a.b] and [[array]] headers; basic and literal strings; decimal
// integers; booleans; arrays (over several lines too); one-line inline
// tables. On anything else — valid or not — it gives up (ok is false) and
// the caller hands the whole text to BurntSushi/toml, which either reads it
// or reports the syntax error with its line. So the subset never rejects a
// valid file, and tests check that whatever it accepts BurntSushi reads
// the same way (FuzzFastParse).
//
// It also gives up on nesting deeper than maxDepth, so that its recursion
// stays shallow whatever the input.
func fastParse(src string) (root *node, ok bool) { return fastParseStream(src, nil) }

// fastParseStream is fastParse that hands each [[combatant]] table (with
// its [combatant.sheet]) and each [[log]] table to stream as soon as it is
// complete, instead of keeping it in the tree: their nodes are then made
// in one scratch block used again for the next table, so a file of
// thousands of tables costs a few blocks instead of a node per value.
// Tables stream cannot take it does not handle: any other header naming
// combatant or log, or those keys given some other way, make it give up
// (ok false) like any TOML it does not read; so does stream returning
// false. A nil stream keeps every table in the tree.
func fastParseStream(src string, stream func(root *node, kind string, t *node) bool) (root *node, ok bool) {
	return fastParseParts([]string{src}, stream)
}

// fastParseParts is fastParseStream of the parts' text one after the
// other, each a run of whole lines: the file less its log when the log
// is read beside it (decodeStream). Lines after the first part are
// numbered as if it were the whole file; the lines matter only in
// errors, which the tree reports again from the whole file.
func fastParseParts(parts []string, stream func(root *node, kind string, t *node) bool) (root *node, ok bool) {
	return parseParts(parts, stream, false)
}

// fastParseLooking is fastParseStream for a stream that keeps nothing of
// a table once it returns (parser.lookOnly).
func fastParseLooking(src string, stream func(root *node, kind string, t *node) bool) (root *node, ok bool) {
	return parseParts([]string{src}, stream, true)
}

func parseParts(parts []string, stream func(root *node, kind string, t *node) bool, lookOnly bool) (root *node, ok bool) {
	src := parts[0]
	for _, part := range parts {
		if !utf8.ValidString(part) {
			return nil, false
		}
	}
	if strings.HasPrefix(src, "\uFEFF") {
		return nil, false
	}
	p := &parser{src: src, line: 1, stream: stream, role: -1, lookOnly: lookOnly}
	// Size the blocks from a cheap count: one node per value, roughly; only
	// the tables that are not streamed when streaming (the file's head,
	// and [fight] and [turn] after the log).
	nodes, keys := 4, 2*tableRoom
	count := func(t string) {
		eq := strings.Count(t, "=")
		nodes += eq + strings.Count(t, ",") + strings.Count(t, "[")
		keys += eq
	}
	for _, part := range parts {
		if stream == nil {
			count(part)
			continue
		}
		head := part
		if i := strings.Index(part, "\n[["); i >= 0 {
			head = part[:i]
		}
		count(head)
		if i := strings.Index(part, "\n[fight]\n"); i >= len(head) {
			fight := part[i:]
			if j := strings.Index(fight, "\n[["); j >= 0 {
				fight = fight[:j]
			}
			count(fight)
		}
	}
	p.slab = make([]node, 0, min(nodes, 1<<16))
	p.arena = make([]field, 0, min(keys, 1<<17))
	p.root = p.newNode(kTable, 1)
	p.root.explicit = true
	p.cur = p.root
	for _, part := range parts {
		p.src, p.pos = part, 0
		if !p.run() {
			return nil, false
		}
	}
	p.closeTable()
	if !p.flush() {
		return nil, false
	}
	return p.root, true
}

// run reads p.src from p.pos to its end.
func (p *parser) run() bool {
	for p.pos < len(p.src) {
		switch c := p.src[p.pos]; c {
		case ' ', '\t':
			p.pos++
		case '\n':
			p.pos++
			p.line++
		case '\r', '#':
			if !p.lineEnd() {
				return false
			}
		case '[':
			if !p.header() || !p.lineEnd() {
				return false
			}
		default:
			if !p.keyval(p.cur) || !p.lineEnd() {
				return false
			}
		}
	}
	return true
}

// maxDepth bounds the nesting of arrays and inline tables.
const maxDepth = 32

type parser struct {
	src   string
	pos   int
	line  int
	root  *node
	cur   *node // table that key = value lines go to
	slab  []node
	arena []field // keys of header tables, in blocks (see openTable)
	open  *node   // the header table whose keys are being added to arena
	depth int
	elems []*node // the elements of the arrays being read (array)
	lists []*node // the block arrays' lists are kept in

	stream  func(root *node, kind string, t *node) bool // see fastParseStream
	pending *node                                       // the streamed table being read
	kind    string                                      // its kind: combatant or log
	scratch []node                                      // the block streamed tables' nodes are made in
	fscr    []field                                     // the block their keys are kept in
	mslab   []node                                      // the tree's own blocks, while a streamed table
	marena  []field                                     // uses the scratch ones

	// A fight's streamed tables have the same keys in the same order, so
	// a key is known to be new to its table, without comparing it with
	// the keys before it, while the table's keys so far are those of the
	// table of its kind before (whose keys were all different).
	shapes [3][]string // the keys of the last streamed table of each kind (shapeRole)
	role   int         // the open table's kind, -1 if not streamed
	match  int         // how many of the open table's first keys are its shape's

	// With lookOnly, nothing of a streamed table is kept once stream is
	// done with it (a log's check): its escaped string values are made in
	// unescaped, and its arrays' lists in lists, both used again for the
	// next table, instead of allocations of their own.
	lookOnly  bool
	unescaped []byte
}

// The kinds of streamed tables, for parser.shapes.
const (
	shapeCombatant = iota
	shapeSheet
	shapeLog
)

// flush hands the streamed table being read to stream, then makes the
// next table's nodes and keys in the same blocks again.
func (p *parser) flush() bool {
	if p.pending == nil {
		return true
	}
	p.closeTable()
	ok := p.stream(p.root, p.kind, p.pending)
	p.pending, p.cur = nil, p.root
	if p.lookOnly {
		p.unescaped, p.lists = p.unescaped[:0], p.lists[:0]
	}
	if cap(p.slab) > cap(p.scratch) {
		p.scratch = p.slab // a big table made a bigger block: keep that one
	}
	if cap(p.arena) > cap(p.fscr) {
		p.fscr = p.arena
	}
	p.slab, p.arena = p.mslab, p.marena
	return ok
}

// streamHeader opens a table that is streamed: [[combatant]], [[log]] and
// a combatant's [combatant.sheet]. It reports whether the header was one
// of those (handled), and whether the file can still be read so (ok).
func (p *parser) streamHeader(segs []string, double bool, line int) (handled, ok bool) {
	if segs[0] != "combatant" && segs[0] != "log" {
		return false, true
	}
	if p.root.get(segs[0]) != nil {
		return true, false // combatant or log given as a key too
	}
	switch {
	case double && len(segs) == 1:
		if !p.flush() {
			return true, false
		}
		p.closeTable()
		if p.scratch == nil {
			// Sized for the first table and a quarter more: a big block
			// made for a bigger table later is kept instead (flush).
			p.scratch, p.fscr = make([]node, 0, max(64, nodesIn(p.src[p.pos:])*5/4)), make([]field, 0, 4*tableRoom)
		}
		p.mslab, p.marena = p.slab, p.arena
		p.slab, p.arena = p.scratch[:0], p.fscr[:0]
		t := p.newNode(kTable, line)
		t.explicit = true
		p.pending, p.kind = t, segs[0]
		p.openTable(t)
		p.role = shapeCombatant
		if p.kind == "log" {
			p.role = shapeLog
		}
		return true, true
	case !double && len(segs) == 2 && segs[0] == "combatant" && segs[1] == "sheet" &&
		p.pending != nil && p.kind == "combatant" && p.pending.get("sheet") == nil:
		t := p.newNode(kTable, line)
		t.explicit = true
		p.pending.put("sheet", t)
		p.openTable(t)
		p.role = shapeSheet
		return true, true
	}
	return true, false
}

// nodesIn guesses, as parseParts does for the whole file, how many nodes
// the table src begins with takes, up to the next [[table]].
func nodesIn(src string) int {
	if end := strings.Index(src, "\n[["); end >= 0 {
		src = src[:end]
	}
	src = src[:min(len(src), 64<<10)]
	return strings.Count(src, "=") + strings.Count(src, ",") + strings.Count(src, "[")
}

// newNode allocates nodes in blocks: a big log has tens of thousands.
func (p *parser) newNode(k kind, line int) *node {
	if len(p.slab) == cap(p.slab) {
		p.slab = make([]node, 0, min(4096, max(64, 2*cap(p.slab))))
	}
	p.slab = append(p.slab, node{kind: k, line: line})
	return &p.slab[len(p.slab)-1]
}

func (p *parser) peek() byte {
	if p.pos < len(p.src) {
		return p.src[p.pos]
	}
	return 0
}

func (p *parser) skipSpace() {
	for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t') {
		p.pos++
	}
}

// lineEnd accepts spaces, an optional comment and the end of the line
// (which it leaves for the main loop) or of the text.
func (p *parser) lineEnd() bool {
	p.skipSpace()
	if p.peek() == '#' && !p.comment() {
		return false
	}
	switch p.peek() {
	case 0:
		return p.pos == len(p.src)
	case '\n':
		return true
	case '\r':
		if strings.HasPrefix(p.src[p.pos:], "\r\n") {
			p.pos++ // the main loop takes the \n
			return true
		}
	}
	return false
}

// comment skips a comment up to (not including) the end of its line.
func (p *parser) comment() bool {
	for p.pos++; p.pos < len(p.src); p.pos++ {
		c := p.src[p.pos]
		if c == '\n' || (c == '\r' && strings.HasPrefix(p.src[p.pos:], "\r\n")) {
			return true
		}
		if (c < 0x20 && c != '\t') || c == 0x7f {
			return false
		}
	}
	return true
}

// skipBlank skips spaces, line ends and comments inside an array.
func (p *parser) skipBlank() bool {
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case ' ', '\t':
			p.pos++
		case '\n':
			p.pos++
			p.line++
		case '\r':
			if !strings.HasPrefix(p.src[p.pos:], "\r\n") {
				return false
			}
			p.pos++
		case '#':
			if !p.comment() {
				return false
			}
		default:
			return true
		}
	}
	return true
}

func isBare(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

// key reads one bare or quoted key; dotted keys are left to the fallback.
func (p *parser) key() (string, bool) {
	switch c := p.peek(); {
	case c == '"':
		if strings.HasPrefix(p.src[p.pos:], `"""`) {
			return "", false
		}
		return p.basicString(false) // keys are kept (parser.shapes)
	case c == '\'':
		if strings.HasPrefix(p.src[p.pos:], `'''`) {
			return "", false
		}
		return p.literalString()
	case isBare(c):
		start := p.pos
		for p.pos < len(p.src) && isBare(p.src[p.pos]) {
			p.pos++
		}
		return p.src[start:p.pos], true
	}
	return "", false
}

// keyval reads "key = value" into table t.
func (p *parser) keyval(t *node) bool {
	line := p.line
	k, ok := p.key()
	if !ok {
		return false
	}
	p.skipSpace()
	if p.peek() != '=' {
		return false
	}
	p.pos++
	p.skipSpace()
	v, ok := p.value()
	if !ok {
		return false
	}
	v.line = line
	if t == p.open && p.role >= 0 && p.match == len(t.fields) && p.match < min(len(p.shapes[p.role]), bigTable) &&
		p.shapes[p.role][p.match] == k {
		t.fields = append(t.fields, field{k, v}) // new to t: see parser.shapes
		p.match++
		return true
	}
	return t.put(k, v)
}

// header reads [a.b] or [[a.b]] and makes its table the current one.
func (p *parser) header() bool {
	line := p.line
	double := strings.HasPrefix(p.src[p.pos:], "[[")
	p.pos++
	if double {
		p.pos++
	}
	var segs []string
	for {
		p.skipSpace()
		k, ok := p.key()
		if !ok {
			return false
		}
		segs = append(segs, k)
		p.skipSpace()
		if p.peek() != '.' {
			break
		}
		p.pos++
	}
	closing := "]"
	if double {
		closing = "]]"
	}
	if !strings.HasPrefix(p.src[p.pos:], closing) {
		return false
	}
	p.pos += len(closing)
	if p.stream != nil {
		if handled, ok := p.streamHeader(segs, double, line); handled {
			return ok
		}
		if !p.flush() {
			return false
		}
	}

	t := p.root
	for _, s := range segs[:len(segs)-1] {
		n := t.get(s)
		if n == nil {
			n = p.newNode(kTable, line)
			t.put(s, n)
		}
		if n.kind == kArray && n.aot {
			n = n.list[len(n.list)-1]
		}
		if n.kind != kTable || n.frozen {
			return false
		}
		t = n
	}
	last := segs[len(segs)-1]
	n := t.get(last)
	if double {
		if n == nil {
			n = p.newNode(kArray, line)
			n.aot = true
			t.put(last, n)
		} else if n.kind != kArray || !n.aot {
			return false
		}
		tbl := p.newNode(kTable, line)
		tbl.explicit = true
		n.list = append(n.list, tbl)
		p.openTable(tbl)
		return true
	}
	switch {
	case n == nil:
		n = p.newNode(kTable, line)
		t.put(last, n)
		p.openTable(n)
	case n.kind != kTable || n.explicit || n.frozen:
		return false
	default: // a table so far only implied by [last.sub] headers
		n.line = line
		p.closeTable()
		p.cur = n
	}
	n.explicit = true
	return true
}

// tableRoom is how many keys a header table gets in the shared block.
const tableRoom = 48

// openTable makes a new header table current, giving it room for its keys
// at the end of a shared block: thousands of small tables then cost a few
// allocations instead of several each. Keys past tableRoom move the table's
// keys to a slice of its own, as append does.
func (p *parser) openTable(t *node) {
	p.closeTable()
	if cap(p.arena)-len(p.arena) < tableRoom {
		p.arena = make([]field, 0, min(256*tableRoom, max(4*tableRoom, 2*cap(p.arena))))
	}
	n := len(p.arena)
	t.fields = p.arena[n : n : n+tableRoom]
	p.open = t
	p.cur = t
	p.role, p.match = -1, 0
}

// closeTable ends the open table's use of the block, so that later
// appends to it copy instead of writing over the next table's keys.
func (p *parser) closeTable() {
	t := p.open
	if t == nil {
		return
	}
	p.open = nil
	n := len(t.fields)
	if n <= tableRoom {
		p.arena = p.arena[:len(p.arena)+n]
	}
	t.fields = t.fields[:n:n]
	if p.role >= 0 && (p.match != n || len(p.shapes[p.role]) != n) {
		shape := p.shapes[p.role][:0]
		for _, f := range t.fields {
			shape = append(shape, f.key)
		}
		p.shapes[p.role] = shape
	}
	p.role = -1
}
