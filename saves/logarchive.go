package saves

import (
	"bytes"
	"compress/flate"
	"io"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"fray/model"
)

// A big file's log is kept as the file has it (model.LogArchive): its
// [[log]] tables and where each begins. An entry is decoded again when the
// log pane, a report or the show command asks for it. 10,000 decoded
// entries were 1.4 MB of a 2 MB file's load, and the tracker then doubled
// their room on the first new entry. The tracker's session then packs the
// tables (pack) once its journal holds them: 1.2 MB of text was most of
// what a big fight kept in memory.
//
// The encoder writes the archive's own bytes when every table is exactly
// as Encode writes its entry (a file fray wrote), which it checks the first
// time it needs them (the journal's base, after the first frame is drawn,
// not during the load); a log written otherwise (by hand, by an older
// fray) is written anew from its entries, once. Either way the file is the
// same as if every entry had been decoded and written again.
type logArchive struct {
	name string
	offs []int32 // where each table begins in the tables' text
	size int     // the length of that text
	text atomic.Pointer[archiveText]

	once    sync.Once
	written bool   // every table is as Encode writes it (asWritten)
	tables  []byte // else the tables as Encode writes them

	last struct { // the block read last (packed)
		sync.Mutex
		i    int
		text string
	}
}

// archiveText is an archive's tables: the text as read, or once it is
// packed (pack) that text in blocks, each compressed by itself.
type archiveText struct {
	src    string
	blocks []archiveBlock
}

// archiveBlock is a run of whole tables, compressed.
type archiveBlock struct {
	first int32  // the first table's number
	start int32  // where it begins in the tables' text
	z     []byte // the tables, deflated
}

func (a *logArchive) Len() int { return len(a.offs) }

// table returns table i's text: a copy, so that an entry decoded from it
// keeps no more than its own text in memory.
func (a *logArchive) table(i int) string {
	start, end := int(a.offs[i]), a.size
	if i+1 < len(a.offs) {
		end = int(a.offs[i+1])
	}
	t := a.text.Load()
	if t.blocks == nil {
		return strings.Clone(t.src[start:end])
	}
	k := sort.Search(len(t.blocks), func(k int) bool { return int(t.blocks[k].first) > i }) - 1
	text := a.block(t, k)
	base := int(t.blocks[k].start)
	return strings.Clone(text[start-base : end-base])
}

// block returns the text of packed block k, keeping the last one asked for
// (the log pane asks for neighbouring entries).
func (a *logArchive) block(t *archiveText, k int) string {
	a.last.Lock()
	defer a.last.Unlock()
	if a.last.text != "" && a.last.i == k {
		return a.last.text
	}
	end := a.size
	if k+1 < len(t.blocks) {
		end = int(t.blocks[k+1].start)
	}
	buf := make([]byte, end-int(t.blocks[k].start))
	if _, err := io.ReadFull(flate.NewReader(bytes.NewReader(t.blocks[k].z)), buf); err != nil {
		// Packed here from text in memory: it cannot fail; if it somehow
		// did, the entries say so (Entry) rather than stop the program.
		clear(buf)
	}
	a.last.i, a.last.text = k, string(buf)
	return a.last.text
}

// Entry decodes table i again. It was read at load with the same code, so
// it cannot fail; if it somehow did, the entry says so rather than stop
// the program.
func (a *logArchive) Entry(i int) model.Entry {
	var en model.Entry
	if root, ok := fastParse(a.table(i)); ok {
		if l := root.get("log"); l != nil && len(l.list) == 1 {
			d := &decoder{name: a.name, fewFaces: true}
			if d.entry(l.list[0], &en) == nil {
				return en
			}
		}
	}
	return model.Entry{Kind: model.KindEvent, Text: "(this log entry could not be read again)"}
}

// Entries decodes every table again, in one pass.
func (a *logArchive) Entries() []model.Entry {
	var src strings.Builder
	src.Grow(a.size)
	a.writeText(func(p []byte) { src.Write(p) })
	log, ok := decodeLog(a.name, src.String())
	if !ok || len(log) != len(a.offs) {
		log = make([]model.Entry, len(a.offs))
		for i := range log {
			log[i] = a.Entry(i)
		}
	}
	return log
}

// writeText hands the tables' text as read to put, in pieces.
func (a *logArchive) writeText(put func([]byte)) {
	t := a.text.Load()
	if t.blocks == nil {
		put(unsafe.Slice(unsafe.StringData(t.src), len(t.src)))
		return
	}
	var buf []byte
	r := flate.NewReader(nil)
	for k, b := range t.blocks {
		end := a.size
		if k+1 < len(t.blocks) {
			end = int(t.blocks[k+1].start)
		}
		buf = slices.Grow(buf[:0], end-int(b.start))[:end-int(b.start)]
		if err := r.(flate.Resetter).Reset(bytes.NewReader(b.z), nil); err == nil {
			_, err = io.ReadFull(r, buf)
		}
		put(buf)
	}
}

// check finds out, once, whether every table is as Encode writes it; if
// not, the tables are written anew from their entries.
func (a *logArchive) check() {
	a.once.Do(func() {
		if a.written = a.asWritten(); !a.written {
			for _, en := range a.Entries() {
				a.tables = appendEntry(a.tables, &en)
			}
		}
	})
}

// encodedLen is the length of the tables as Encode writes them.
func (a *logArchive) encodedLen() int {
	a.check()
	if a.written {
		return a.size
	}
	return len(a.tables)
}

// writeEncoded hands the tables as Encode writes them to put, in pieces
// that are put's only until it returns: the text as read when it is
// so (decompressed once packed), else as written anew.
func (a *logArchive) writeEncoded(put func([]byte)) {
	a.check()
	if a.written {
		a.writeText(put)
		return
	}
	put(a.tables)
}

// packBlock is how much text of whole tables a packed block holds, about
// (a variable for the tests).
var packBlock = 16 << 10

// pack keeps the tables compressed, in blocks, instead of as the text
// read, once that text is no longer needed as it is (the journal's base is
// written): 1.2 MB of a 10,000-entry log becomes some 0.12 MB, and the
// file read, which the text was part of, can be freed. Entries are decoded
// from a block when asked for. Only tables as Encode writes them are
// packed: the others are kept as written anew besides (check).
func (a *logArchive) pack() (packed bool) {
	a.check()
	t := a.text.Load()
	if !a.written || t.blocks != nil || len(a.offs) == 0 {
		return false
	}
	var blocks []archiveBlock
	var z bytes.Buffer
	w, _ := flate.NewWriter(&z, flate.BestSpeed)
	for i := 0; i < len(a.offs); {
		j := i + 1
		for j < len(a.offs) && int(a.offs[j]-a.offs[i]) < packBlock {
			j++
		}
		end := a.size
		if j < len(a.offs) {
			end = int(a.offs[j])
		}
		z.Reset()
		w.Reset(&z)
		if _, err := w.Write(unsafe.Slice(unsafe.StringData(t.src[a.offs[i]:end]), end-int(a.offs[i]))); err != nil {
			return false
		}
		if err := w.Close(); err != nil {
			return false
		}
		blocks = append(blocks, archiveBlock{first: int32(i), start: a.offs[i], z: bytes.Clone(z.Bytes())})
		i = j
	}
	a.text.Store(&archiveText{blocks: slices.Clip(blocks)})
	return true
}

// asWritten reports whether every table is exactly as Encode writes its
// entry.
func (a *logArchive) asWritten() bool {
	d := &decoder{name: a.name}
	faces := make([]int, 64)
	var buf []byte
	k := 0
	src := a.text.Load().src // checked before it is packed
	_, parsed := fastParseLooking(src, func(_ *node, _ string, t *node) bool {
		var en model.Entry
		d.faceSlab = faces // the faces are looked at, not kept
		if k >= len(a.offs) || d.entry(t, &en) != nil {
			return false
		}
		buf = appendEntry(buf[:0], &en)
		k++
		end := len(src)
		if k < len(a.offs) {
			end = int(a.offs[k])
		}
		return string(buf) == src[a.offs[k-1]:end]
	})
	return parsed && k == len(a.offs)
}

// decodeLog decodes a text of [[log]] tables into entries.
func decodeLog(name, src string) ([]model.Entry, bool) {
	d := &decoder{name: name, log: make([]model.Entry, 0, strings.Count(src, "[[log]]"))}
	failed := false
	root, parsed := fastParseStream(src, func(_ *node, kind string, t *node) bool {
		failed = kind != "log" || d.addEntry(t) != nil
		return !failed
	})
	if !parsed || failed || len(root.fields) != 0 {
		return nil, false
	}
	return d.log, true
}

// archiveLog reads src, a text of [[log]] tables beginning with the line
// end before the first, and checks every entry as the loader does, keeping
// none; ok is false if the log cannot be read so (the whole file then goes
// to the tree). A table begins at each line "[[log]]", the only lines
// beginning with "[" in src (logSpan).
func archiveLog(name, src string) (a *logArchive, ok bool) {
	if a, ok = indexLog(name, src); !ok || !a.verify(false) {
		return nil, false
	}
	return a, true
}

// indexLog is archiveLog without the check: the archive of src, knowing
// where each table begins, which is all the log pane needs to show its
// last entries. ok is false if src does not begin with a [[log]] table.
func indexLog(name, src string) (a *logArchive, ok bool) {
	const header = "\n[[log]]\n"
	if !strings.HasPrefix(src, header) || len(src) > 1<<31-1 {
		return nil, false
	}
	a = &logArchive{name: name, size: len(src), offs: make([]int32, 0, countHeaders(src, header[1:]))}
	a.text.Store(&archiveText{src: src})
	headerAt(src, header[1:], func(i int) bool {
		a.offs = append(a.offs, int32(i-1)) // from the line end before it
		return true
	})
	return a, true
}

// verify reads every table as the loader does (archiveLog), before the
// text is packed. With written, it also compares each with its entry as
// Encode writes it, which check would otherwise read the whole log again
// for: when every table is, that is settled.
func (a *logArchive) verify(written bool) bool {
	d := &decoder{name: a.name}
	faces := make([]int, 64)
	var buf []byte
	src := a.text.Load().src
	k, failed, same := 0, false, written
	root, parsed := fastParseLooking(src, func(_ *node, kind string, t *node) bool {
		var en model.Entry
		d.faceSlab = faces // the faces are looked at, not kept
		failed = kind != "log" || k >= len(a.offs) || d.entry(t, &en) != nil || en.CheckNumbers() != nil
		if !failed && same {
			end := len(src)
			if k+1 < len(a.offs) {
				end = int(a.offs[k+1])
			}
			buf = appendEntry(buf[:0], &en)
			same = string(buf) == src[a.offs[k]:end]
		}
		k++
		return !failed
	})
	if !parsed || failed || len(root.fields) != 0 || k != len(a.offs) {
		return false
	}
	if same {
		a.once.Do(func() { a.written = true }) // check's finding
	}
	return true
}
