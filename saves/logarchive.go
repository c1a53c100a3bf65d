package saves

import (
	"strings"
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
// The archive is taken only when every table is exactly as Encode writes
// its entry, checked at load: the encoder then writes the archive's bytes
// as they are, and the file stays the same as if every entry had been
// decoded and written again. A log written otherwise (by hand, by an older
// fray) is decoded into entries as before.
type logArchive struct {
	name string
	src  string  // the tables: each "\n[[log]]\n" and its keys, as Encode writes them
	offs []int32 // where each table begins in src
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

// bytes is the archive's text, for the encoder: never changed.
func (a *logArchive) bytes() []byte {
	return unsafe.Slice(unsafe.StringData(a.src), len(a.src))
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

// archiveLog reads src, a text of [[log]] tables beginning with the
// line end before the first, and checks every entry as the loader does,
// keeping none. ok is false if the log cannot be read so (the file then
// goes to the tree); a nil archive with ok true means the tables are not
// as Encode writes them, and are to be decoded.
func archiveLog(name, src string) (a *logArchive, ok bool) {
	const header = "\n[[log]]\n"
	n := strings.Count(src, header)
	if !strings.HasPrefix(src, header) || len(src) > 1<<31-1 {
		return nil, true
	}
	a = &logArchive{name: name, src: src, offs: make([]int32, 0, n)}
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
	var buf []byte
	k, same, failed := 0, true, false
	root, parsed := fastParseStream(src, func(_ *node, kind string, t *node) bool {
		var en model.Entry
		d.faceSlab = faces // the faces are looked at, not kept
		if kind != "log" || d.entry(t, &en) != nil || en.CheckNumbers() != nil {
			failed = true
			return false
		}
		if same {
			buf = appendEntry(buf[:0], &en)
			same = k < len(a.offs) && string(buf) == a.table(k)
		}
		k++
		return true
	})
	if !parsed || failed || len(root.fields) != 0 {
		return nil, false
	}
	if !same || k != len(a.offs) {
		return nil, true
	}
	return a, true
}
