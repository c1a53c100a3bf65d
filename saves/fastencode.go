package saves

import (
	"bufio"
	"bytes"
	"hash/crc32"
	"io"
	"reflect"
	"slices"
	"unsafe"

	"fray/model"
)

// Encoder writes encounters as Encode does and remembers what it wrote,
// so that writing the next state of the same fight re-encodes only what
// changed: the combatants whose pointers differ from last time, the turn
// state, and the log entries added. It is what autosave uses.
//
// It relies on what rules.Tracker.Snapshot promises: a snapshot is never
// changed once taken, and a later snapshot shares every combatant, map and
// slice that did not change (the same pointer means the same contents).
// Log entries are only ever appended; when the log's memory is not the
// one last seen (undo shortened it, or it grew into a new array), the
// entries are compared with those encoded to find where they part.
//
// The bytes are the same as Encode's (Encode is a fresh Encoder), which
// the tests check after every command of random fights. An Encoder is
// used by one goroutine at a time.
type Encoder struct {
	combs    []*model.Combatant // the combatants encoded last time, by place
	segs     deltas             // the start of their [[combatant]] tables: who (appendCombatantID)
	tails    deltas             // the rest but the sheet (appendCombatantState), written apart: osr's initiative changes every table each round, not who it is
	refs     []bool             // the table names other combatants (engaged, until)
	sheets   []model.Sheet      // the sheets encoded last time, by place
	sheetT   deltas             // their [combatant.sheet] tables
	bases    [][]byte           // tables others are written as differences from, never written over (deltas.go)
	baseRefs []int32            // how many tables each is the base of
	recent   []uint16           // the bases used last, the latest first (1 + their places)

	places     map[int]int // every combatant's place by ID when IDs are out of order (nameIndex)
	seen       []uint64    // scratch for appendOrder
	namesValid bool

	order   cached // order = [...], by the Order slice's memory and the names
	options table  // [options]
	turn    table  // [turn]

	arch    model.LogArchive // the log's archive encoded: its tables are archive's, or logBase
	archive *logArchive      // the loader's archive, whose tables it writes itself (archN bytes)
	archN   int
	archCRC struct { // the checksum of the file's head (top) and the archive's tables
		top []byte
		crc uint32
	}
	logPrev  model.Log    // the log encoded: its entries never change (only appends follow)
	logBase  []byte       // another archive's tables, or the first entries' in the file they were read from (shareLog),
	logBuf   []byte       // then the rest, but for the long texts it shares with the log (logText)
	logText  []sharedText // those texts, in order
	logTextN int          // their length in all
	logOff   []logMark    // where each entry of logPrev starts

	top   []byte // the part before the log, written anew each time
	state []byte // [fight] up to its order, between the log and the combatants, likewise; then order.seg,
	turnT []byte // then [turn], likewise (the order, a thousand names, is not copied into either)

	seq   int        // outputs prepared so far
	marks [4]outMark // the last outputs, for sameAs
	kept  int        // bytes of the log the last prepare kept from the output before

	scratch []byte // a table first written here (keep)…
	block   []byte // …then kept here, with others
	shared  []byte // the file tables were taken from (shareTables), then the block they were moved to (ownTables)
	fileAt  int    // where in shared the next table is looked for while they are taken from the file, else -1

	bw *bufio.Writer // WriteTo's, writing to cw
	cw crcWriter
}

// sharedText is an entry's text that the log's table writes as it is,
// kept by the entry rather than copied: osr writes each round's
// initiative as one line of 16–24 KB at 1000 combatants, which the
// log keeps anyway.
type sharedText struct {
	at int // where in logBuf it goes, between its quotes
	s  string
}

// shareTextFrom is the length from which an entry's text written as it
// is, is shared (a short one costs less copied than referred to).
const shareTextFrom = 256

// logMark is where an entry's table starts: in logBase then logBuf, and
// how many of logText come before it.
type logMark struct{ buf, texts int }

// logLen is the length of the log's tables but the archive's.
func (x *Encoder) logLen() int { return len(x.logBase) + len(x.logBuf) + x.logTextN }

// cached is a part of the file and what it was made from.
type cached struct {
	key  unsafe.Pointer
	n    int
	seg  []byte
	done bool
}

func (c *cached) same(key unsafe.Pointer, n int) bool { return c.done && c.key == key && c.n == n }

func (c *cached) set(key unsafe.Pointer, n int, seg []byte) {
	c.key, c.n, c.seg, c.done = key, n, seg, true
}

// table is a text table ([options], [turn]) as appendTextTable writes it,
// kept line by line: a map that changed in a few keys (factions keeps one
// per combatant in [turn]) costs those lines, not the table.
type table struct {
	m     map[string]string // the map last written; snapshots never change one
	keys  []string          // its keys, sorted
	lines [][]byte          // the line of each
}

// appendTo writes the table for m.
func (t *table) appendTo(b []byte, name string, m map[string]string) []byte {
	if mapKey(m) != mapKey(t.m) || t.m == nil {
		t.update(m)
	}
	if len(t.keys) == 0 {
		return b
	}
	b = append(b, "\n["...)
	b = append(b, name...)
	b = append(b, "]\n"...)
	for _, l := range t.lines {
		b = append(b, l...)
	}
	return b
}

// update brings the lines up to m, comparing it with the map last written.
func (t *table) update(m map[string]string) {
	old := t.m
	t.m = m
	if old == nil || len(m) < len(old)/2 || len(m) > 2*len(old)+8 {
		t.keys = t.keys[:0]
		for k := range m {
			t.keys = append(t.keys, k)
		}
		slices.Sort(t.keys)
		t.lines = t.lines[:0]
		for _, k := range t.keys {
			t.lines = append(t.lines, appendText(nil, k, m[k]))
		}
		return
	}
	for k, v := range m {
		ov, had := old[k]
		if had && ov == v {
			continue
		}
		i, found := slices.BinarySearch(t.keys, k)
		line := appendText(nil, k, v)
		if found {
			t.lines[i] = line
		} else {
			t.keys = slices.Insert(t.keys, i, k)
			t.lines = slices.Insert(t.lines, i, line)
		}
	}
	if len(t.keys) > len(m) {
		for k := range old {
			if _, ok := m[k]; ok {
				continue
			}
			if i, found := slices.BinarySearch(t.keys, k); found {
				t.keys = slices.Delete(t.keys, i, i+1)
				t.lines = slices.Delete(t.lines, i, i+1)
			}
		}
	}
}

// mapKey is a map's identity.
func mapKey(m map[string]string) unsafe.Pointer {
	if m == nil {
		return nil
	}
	return reflect.ValueOf(m).UnsafePointer()
}

// Encode returns the encounter as TOML, as Encode writes it, in a buffer
// of its own: the encoder keeps the parts, not the whole file, between
// saves (a second copy of a big file would stay in memory for nothing).
func (x *Encoder) Encode(e *model.Encounter) []byte {
	x.prepare(e)
	n := len(x.top) + x.archN + x.logLen() + x.stateLen()
	for i := range x.segs.t {
		n += x.segs.size(i) + x.tails.size(i) + x.sheetT.size(i)
	}
	out := make([]byte, 0, n)
	x.parts(func(p []byte) { out = append(out, p...) })
	return out
}

// WriteTo writes what Encode returns to w, part by part, and returns its
// size and CRC-32: a save streams the parts to its file through a small
// buffer instead of copying them into one as big as the file.
func (x *Encoder) WriteTo(w io.Writer, e *model.Encounter) (size int, crc uint32, err error) {
	x.prepare(e)
	return x.emit(w, 0)
}

// emit writes the parts prepare brought up to date to w, but for the
// first skip bytes, which only count in the size and the checksum: a
// save over a file that holds them already (the spare, spare.go) writes
// from there on, w being at that offset.
func (x *Encoder) emit(w io.Writer, skip int) (size int, crc uint32, err error) {
	// The bytes written are summed as the buffer hands them on, 64 KB
	// at a time, not part by part: a thousand combatants' tables of a
	// few hundred bytes each took the checksum a fifth of the encoding.
	// Those skipped are summed as they come, all before the first written.
	x.cw = crcWriter{w: w}
	if x.bw == nil {
		x.bw = bufio.NewWriterSize(&x.cw, 64<<10)
	}
	bw := x.bw
	bw.Reset(&x.cw)
	defer func() {
		bw.Reset(nil)
		x.cw = crcWriter{} // keep no file
	}()
	writing := false
	sum := func() uint32 { // the checksum so far, once what the buffer holds is handed on
		if !writing {
			return crc
		}
		if err == nil {
			err = bw.Flush()
		}
		return x.cw.crc
	}
	put := func(p []byte) {
		if err != nil {
			return
		}
		start := size
		size += len(p)
		if !writing {
			if size <= skip {
				crc = crc32.Update(crc, crc32.IEEETable, p)
				return
			}
			if start < skip {
				crc = crc32.Update(crc, crc32.IEEETable, p[:skip-start])
				p = p[skip-start:]
			}
			x.cw.crc, writing = crc, true
		}
		_, err = bw.Write(p)
	}
	put(x.top)
	// The archive's tables, when the file on disk holds them already,
	// count by the checksum they gave last time after the same head:
	// packed, they would be decompressed for nothing.
	if x.archive != nil && size+x.archN <= skip && x.archCRC.top != nil && bytes.Equal(x.archCRC.top, x.top) {
		crc = x.archCRC.crc
		size += x.archN
	} else if x.archive != nil {
		x.archive.writeEncoded(put)
		if c := sum(); err == nil {
			x.archCRC.top, x.archCRC.crc = append(x.archCRC.top[:0], x.top...), c
		}
	}
	x.rest(put)
	crc = sum()
	return size, crc, err
}

// crcWriter sums what it writes (CRC-32, IEEE).
type crcWriter struct {
	w   io.Writer
	crc uint32
}

func (c *crcWriter) Write(p []byte) (int, error) {
	c.crc = crc32.Update(c.crc, crc32.IEEETable, p)
	return c.w.Write(p)
}

// parts hands the file's parts to put in order: what comes before the
// log, the log, the fight's state, then each combatant and its sheet.
func (x *Encoder) parts(put func(p []byte)) {
	put(x.top)
	if x.archive != nil {
		x.archive.writeEncoded(put)
	}
	x.rest(put)
}

// rest is parts after the archive's tables.
func (x *Encoder) rest(put func(p []byte)) {
	put(x.logBase)
	at := 0
	for _, t := range x.logText {
		put(x.logBuf[at:t.at])
		put(unsafe.Slice(unsafe.StringData(t.s), len(t.s))) // read, never written
		at = t.at
	}
	put(x.logBuf[at:])
	put(x.state)
	put(x.order.seg)
	put(x.turnT)
	for i := range x.segs.t {
		x.putTable(&x.segs, i, put)
		x.putTable(&x.tails, i, put)
		x.putTable(&x.sheetT, i, put)
	}
}

// The file's layout puts what a command changes last. The log, which
// only grows, comes first after the file's head (format, system, title
// and options); the fight as it stands, [fight] (round, turn, order,
// clock…) and [turn], then every combatant, after it. So one save's file
// and the next share their bytes up to the first log entry added (or
// where undo cut the log), and a save written over an older copy of
// the file (the spare) writes only from there (sameAs).

// prepare brings every part up to e.
func (x *Encoder) prepare(e *model.Encounter) {
	x.combatants(e)
	b := x.top[:0]
	b = append(b, fileHeader...)
	b = appendInt(b, "version", FormatVersion)
	b = appendStr(b, "system", e.System)
	b = appendStr(b, "title", e.Title)
	b = x.options.appendTo(b, "options", e.Options)
	x.top = b

	b = x.state[:0]
	b = append(b, "\n[fight]\n"...)
	b = appendInt(b, "round", int64(e.Round))
	b = appendStr(b, "current", x.nameOf(e, e.Current))
	b = appendStr(b, "phase", e.Phase)
	b = appendInt(b, "count", int64(e.Count))
	b = appendFight(b, e)
	b = append(b, "rng = \""...)
	b = appendHex16(b, e.RNG)
	b = append(b, "\"\n"...)
	b = appendInts(b, "queue", e.Queue)
	b = appendInt(b, "next_id", int64(e.NextID))
	if key := unsafe.Pointer(unsafe.SliceData(e.Order)); !x.order.same(key, len(e.Order)) {
		x.order.set(key, len(e.Order), appendOrder(x.order.seg[:0], e, x.namesOf(e), &x.seen))
	}
	x.state = b
	x.turnT = x.turn.appendTo(x.turnT[:0], "turn", e.Turn)
	x.log(e)
	x.mark()
}

// stateLen is the length of [fight] and [turn].
func (x *Encoder) stateLen() int { return len(x.state) + len(x.order.seg) + len(x.turnT) }

// nameOf returns the name of the combatant with this ID, "" for none.
func (x *Encoder) nameOf(e *model.Encounter, id int) string {
	if id == 0 {
		return ""
	}
	name, _ := x.namesOf(e).name(id)
	return name
}

// namesOf returns every combatant's name by ID, built again only after
// names changed.
func (x *Encoder) namesOf(e *model.Encounter) nameIndex {
	if !x.namesValid {
		x.places = newNameIndex(e).places
		x.namesValid = true
	}
	return nameIndex{e, x.places}
}

// combatants brings the combatant tables up to e's: a combatant with the
// same pointer as last time keeps its table. When names changed (someone
// joined, left or was renamed), the order and every table that names
// another combatant are written again too.
func (x *Encoder) combatants(e *model.Encounter) {
	cs := e.Combatants
	renamed := len(cs) != len(x.combs)
	if renamed {
		// Combatants joined or left: keep the tables of those still here.
		kept := make(map[*model.Combatant]int, len(x.combs))
		for i, c := range x.combs {
			kept[c] = i
		}
		refs := make([]bool, len(cs))
		combs, sheets, from := make([]*model.Combatant, len(cs)), make([]model.Sheet, len(cs)), make([]int, len(cs))
		for i, c := range cs {
			from[i] = -1
			if j, ok := kept[c]; ok {
				combs[i], refs[i], sheets[i], from[i] = c, x.refs[j], x.sheets[j], j
			}
		}
		x.combs, x.refs, x.sheets = combs, refs, sheets
		x.segs, x.tails, x.sheetT = x.moveTables(&x.segs, from), x.moveTables(&x.tails, from), x.moveTables(&x.sheetT, from)
	} else {
		for i, c := range cs {
			if o := x.combs[i]; o != c && (o.ID != c.ID || o.Name != c.Name) {
				renamed = true
			}
		}
	}
	if renamed {
		x.namesValid = false
		x.order.done = false
	}
	for i, c := range cs {
		if x.combs[i] == c && x.segs.t[i] != nil && !(renamed && x.refs[i]) {
			continue
		}
		x.combs[i] = c
		x.scratch = appendCombatantID(x.scratch[:0], c)
		who := len(x.scratch)
		x.scratch = appendCombatantState(x.scratch, c, x.namesOf(e))
		if x.segs.t[i] == nil || !x.holds(&x.segs, i, x.scratch[:who]) {
			x.setTable(&x.segs, i, x.scratch[:who])
		}
		x.setTable(&x.tails, i, x.scratch[who:])
		x.refs[i] = namesOthers(c)
		// A new copy of a combatant often keeps its sheet (undo shares
		// what a command did not change, rules.Tracker.Snapshot): a sheet
		// of the same pointer keeps its table too.
		if c.Sheet() == nil || x.sheets[i] != c.Sheet() || x.sheetT.t[i] == nil {
			x.sheets[i] = c.Sheet()
			x.scratch = appendSheet(x.scratch[:0], "combatant", c.Sheet())
			x.setTable(&x.sheetT, i, x.scratch)
		}
	}
	x.fileAt = -1 // only the first encoding's tables are looked for in the file
}

// keep copies a combatant's or a sheet's table, written the first time,
// into a block with others, its room exactly its size: a big fight's first
// encoding, which writes them all, then keeps them in a few blocks instead
// of thousands of slices grown to up to twice their size. A table written
// again is written over its old one (as long as it fits, then as append
// grows it) and never moves into the block, so a table that stops
// changing pins no block it does not share with the first encoding's.
func (x *Encoder) keep(t []byte) []byte {
	if cap(x.block)-len(x.block) < len(t) {
		x.block = make([]byte, 0, max(len(t), min(64<<10, max(4<<10, 2*cap(x.block)))))
	}
	n := len(x.block)
	x.block = append(x.block, t...)
	return x.block[n:len(x.block):len(x.block)]
}

// rewrite returns old, a combatant's or a sheet's table, written anew as
// t: over old when old is one of its own with room (an osr combatant's
// table changes every round, mostly in a digit or two), else the first
// time, or when old is shared (inShared), in a block with others (keep),
// and when it outgrew its room in a slice of its own with a little to
// spare (grown by append, it had up to three quarters more than it
// needed).
func (x *Encoder) rewrite(old, t []byte) []byte {
	switch {
	case old == nil && x.shared != nil && x.fileAt >= 0:
		if s := x.fromFile(t); x.fileAt >= 0 {
			return s // the first encoding, taking tables from the file (shareTables)
		}
		return x.keep(t)
	case old == nil || x.inShared(old):
		return x.keep(t)
	case cap(old) >= len(t):
		return append(old[:0], t...)
	}
	return append(make([]byte, 0, len(t)+tableSlack), t...)
}

// tableSlack is the room a table written again is given to grow in.
const tableSlack = 16

// namesOthers reports whether a combatant's table names other combatants.
func namesOthers(c *model.Combatant) bool {
	if len(c.Engaged) > 0 {
		return true
	}
	for _, k := range c.Conds {
		if k.Until != "" {
			return true
		}
	}
	return false
}

// log brings the encoded log up to e's, and sets kept to how many of
// its bytes were there already.
func (x *Encoder) log(e *model.Encounter) {
	x.kept = x.archN + x.logLen()
	if e.Archive != x.arch {
		x.arch, x.logPrev, x.logOff, x.logBuf = e.Archive, model.Log{}, x.logOff[:0], x.logBuf[:0]
		x.dropTexts(0)
		x.logBase, x.archive, x.archN, x.archCRC.top = nil, nil, 0, nil
		if a, ok := e.Archive.(*logArchive); ok {
			x.archive, x.archN = a, a.encodedLen()
		} else {
			x.logBase = archiveBytes(e.Archive)
		}
		x.kept = 0
	}
	entries := e.Log
	keep := min(x.logPrev.Len(), entries.Len())
	if n := entries.Shared(x.logPrev); n < keep {
		// Other memory from the block of entry n on: the entries may
		// differ from some point on (undo shortened the log, then a
		// command wrote new ones: a block at most), or the log was read
		// again. Entries equal to those encoded keep their tables.
		for ; n < keep; n++ {
			if a, b := entries.At(n), x.logPrev.At(n); !sameEntry(&a, &b) {
				break
			}
		}
		keep = n
	}
	if keep < len(x.logOff) {
		if m := x.logOff[keep]; m.buf <= len(x.logBase) {
			x.logBase, x.logBuf = x.logBase[:m.buf], x.logBuf[:0]
		} else {
			x.logBuf = x.logBuf[:m.buf-len(x.logBase)]
		}
		x.dropTexts(x.logOff[keep].texts)
		x.logOff = x.logOff[:keep]
	}
	x.kept = min(x.kept, x.archN+x.logLen())
	for i := keep; i < entries.Len(); i++ {
		x.logOff = append(x.logOff, logMark{len(x.logBase) + len(x.logBuf), len(x.logText)})
		en := entries.At(i)
		x.appendEntry(&en)
	}
	x.logPrev = entries
}

// appendEntry adds an entry's table to the log's; a long text that needs
// no escape is shared rather than copied (sharedText).
func (x *Encoder) appendEntry(en *model.Entry) {
	if len(en.Text) < shareTextFrom || plainUpTo(en.Text) < len(en.Text) {
		x.logBuf = appendEntry(x.logBuf, en)
		return
	}
	b := appendEntryHead(x.logBuf, en)
	b = append(b, `text = "`...)
	x.logText = append(x.logText, sharedText{len(b), en.Text})
	x.logTextN += len(en.Text)
	x.logBuf = append(b, "\"\n"...)
}

// dropTexts keeps the first n shared texts.
func (x *Encoder) dropTexts(n int) {
	clear(x.logText[n:])
	x.logText = x.logText[:n]
	x.logTextN = 0
	for _, t := range x.logText {
		x.logTextN += len(t.s)
	}
}

// sameEntry reports whether two log entries are written alike.
func sameEntry(a, b *model.Entry) bool {
	return a.Seq == b.Seq && a.Round == b.Round && a.Kind == b.Kind && a.Who == b.Who && a.Why == b.Why &&
		a.Expr == b.Expr && slices.Equal(a.Faces, b.Faces) && a.Special == b.Special && a.Total == b.Total &&
		a.Text == b.Text
}

// archiveBytes returns the tables of an archive the loader did not make
// (the encoder writes a logArchive's itself) as Encode writes them.
func archiveBytes(a model.LogArchive) []byte {
	if a == nil {
		return nil
	}
	var b []byte
	for _, en := range a.Entries() {
		b = appendEntry(b, &en)
	}
	return b
}

// outMark is what sameAs needs of an output: its number, its head (the
// part before the log), how many bytes of its log every output since
// has kept, and its size.
type outMark struct {
	seq    int
	top    []byte
	common int
	size   int
}

// mark records the output prepare just made (its number is x.seq).
func (x *Encoder) mark() {
	x.seq++
	size := len(x.top) + x.archN + x.logLen() + x.stateLen()
	for i := range x.segs.t {
		size += x.segs.size(i) + x.tails.size(i) + x.sheetT.size(i)
	}
	for i := range x.marks {
		x.marks[i].common = min(x.marks[i].common, x.kept)
	}
	last := x.marks[len(x.marks)-1]
	copy(x.marks[1:], x.marks[:len(x.marks)-1])
	x.marks[0] = outMark{seq: x.seq, top: append(last.top[:0], x.top...), common: x.archN + x.logLen(), size: size}
}

// sameAs returns how many bytes at the start of the output prepare just
// made are the same as output seq's (0 for an output it no longer
// knows), given that output's size as found on the disk.
func (x *Encoder) sameAs(seq int, size int64) int {
	for _, m := range x.marks[1:] {
		if m.seq != seq || seq == 0 || int64(m.size) != size {
			continue
		}
		if !bytes.Equal(m.top, x.top) {
			return 0
		}
		return len(x.top) + m.common
	}
	return 0
}
