package saves

import (
	"strings"
	"sync"
	"unsafe"

	"fray/model"
)

// A big file's log is kept as the file has it (model.LogArchive): its
// [[log]] tables, which stay in memory anyway (names and text are cut from
// the file), and where each begins. An entry is decoded again when the
// log pane, a report or the show command asks for it. 10,000 decoded
// entries were 1.4 MB of a 2 MB file's load, and the tracker then doubled
// their room on the first new entry.
//
// The encoder writes the archive's own bytes when every table is exactly
// as Encode writes its entry (a file fray wrote), which it checks the first
// time it needs them (the journal's base, after the first frame is drawn,
// not during the load); a log written otherwise (by hand, by an older
// fray) is written anew from its entries, once. Either way the file is the
// same as if every entry had been decoded and written again.
type logArchive struct {
	name string
	src  string  // the tables: each "\n[[log]]\n" and its keys, as Encode writes them
	offs []int32 // where each table begins in src

	once   sync.Once
	tables []byte // the tables as Encode writes them (encoded)
}

func (a *logArchive) Len() int { return len(a.offs) }

// table returns table i's text.
func (a *logArchive) table(i int) string {
	end := len(a.src)
	if i+1 < len(a.offs) {
		end = int(a.offs[i+1])
	}
	return a.src[a.offs[i]:end]
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
	log, ok := decodeLog(a.name, a.src)
	if !ok || len(log) != len(a.offs) {
		log = make([]model.Entry, len(a.offs))
		for i := range log {
			log[i] = a.Entry(i)
		}
	}
	return log
}

// encoded returns the tables as Encode writes them, for the encoder:
// src's own bytes when they are, else written anew. Never changed.
func (a *logArchive) encoded() []byte {
	a.once.Do(func() {
		if a.asWritten() {
			a.tables = unsafe.Slice(unsafe.StringData(a.src), len(a.src))
			return
		}
		for _, en := range a.Entries() {
			a.tables = appendEntry(a.tables, &en)
		}
	})
	return a.tables
}

// asWritten reports whether every table is exactly as Encode writes its
// entry.
func (a *logArchive) asWritten() bool {
	d := &decoder{name: a.name}
	faces := make([]int, 64)
	var buf []byte
	k := 0
	_, parsed := fastParseStream(a.src, func(_ *node, _ string, t *node) bool {
		var en model.Entry
		d.faceSlab = faces // the faces are looked at, not kept
		if k >= len(a.offs) || d.entry(t, &en) != nil {
			return false
		}
		buf = appendEntry(buf[:0], &en)
		k++
		return string(buf) == a.table(k-1)
	})
	return parsed && k == len(a.offs)
}

// decodeLog decodes a text of [[log]] tables into entries.
func decodeLog(name, src string) ([]model.Entry, bool) {
	d := &decoder{name: name, e: &model.Encounter{Log: make([]model.Entry, 0, strings.Count(src, "[[log]]"))}}
	failed := false
	root, parsed := fastParseStream(src, func(_ *node, kind string, t *node) bool {
		failed = kind != "log" || d.addEntry(t) != nil
		return !failed
	})
	if !parsed || failed || len(root.fields) != 0 {
		return nil, false
	}
	return d.e.Log, true
}

// archiveLog reads src, a text of [[log]] tables beginning with the line
// end before the first, and checks every entry as the loader does, keeping
// none; ok is false if the log cannot be read so (the whole file then goes
// to the tree). A table begins at each line "[[log]]", the only lines
// beginning with "[" in src (logSpan).
func archiveLog(name, src string) (a *logArchive, ok bool) {
	const header = "\n[[log]]\n"
	if !strings.HasPrefix(src, header) || len(src) > 1<<31-1 {
		return nil, false
	}
	a = &logArchive{name: name, src: src, offs: make([]int32, 0, strings.Count(src, header))}
	for i := 0; ; {
		j := strings.Index(src[i:], header)
		if j < 0 {
			break
		}
		a.offs = append(a.offs, int32(i+j))
		i += j + 1
	}
	d := &decoder{name: name}
	faces := make([]int, 64)
	k, failed := 0, false
	root, parsed := fastParseStream(src, func(_ *node, kind string, t *node) bool {
		var en model.Entry
		d.faceSlab = faces // the faces are looked at, not kept
		failed = kind != "log" || d.entry(t, &en) != nil || en.CheckNumbers() != nil
		k++
		return !failed
	})
	if !parsed || failed || len(root.fields) != 0 || k != len(a.offs) {
		return nil, false
	}
	return a, true
}
