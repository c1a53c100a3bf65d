package saves

import (
	"strings"
	"unsafe"

	"fray/model"
	"fray/rules"
)

// The lean load. A file of 1000 combatants and a 10,000-entry log holds
// some 130,000 values; reading it as a tree first (a node each) cost tens
// of megabytes. decodeStream reads the root's keys as a tree, as before,
// but each [[combatant]] and [[log]] table is decoded into the encounter
// as soon as the reader has it, and its nodes are made again in the same
// scratch block for the next table (fastParseStream). The decoding itself
// is the tree's (begin, addCombatant, addEntry, finish in decode.go), so
// both read a file alike; a test checks they give the same encounter for
// every file either reads.
//
// It reads files in the current format whose combatant and log tables
// are [[combatant]], [combatant.sheet] and [[log]] headers, which is how
// fray writes them. Any other file, and any file with a problem, is left
// to the tree (ok false), which reads it or names the problem and its
// line exactly as it always has.

// decodeStream reads an encounter without building its tree.
func decodeStream(name, src string, reg *rules.Registry) (e *model.Encounter, sys rules.System, ok bool) {
	return decodeStreamApart(name, src, reg, false)
}

// decodeStreamApart is decodeStream; with apart, a big file's text around
// its log is read from a copy of its own, which the encounter's text is
// then cut from: once the log's text is packed (logArchive.pack) the file
// as read can be freed. The tracker's session reads so (decodeApart).
func decodeStreamApart(name, src string, reg *rules.Registry, apart bool) (e *model.Encounter, sys rules.System, ok bool) {
	// A big log, read by itself beside the rest (logAside).
	var aside *loggedAside
	parts := []string{src}
	var around string
	if cut, end := logSpan(src); cut > 0 {
		aside = readLogAside(name, src[cut-1:end])
		parts = []string{src[:cut], src[end:]}
		if apart {
			around = src[:cut] + src[end:]
			parts = []string{around[:cut], around[cut:]}
		}
	}
	d := &decoder{name: name}
	var failed bool
	started := false
	rootKeys := 0 // the root's keys begin read; tables after them are checked at the end
	start := func(root *node) bool {
		started = true
		rootKeys = len(root.fields)
		if vn := root.get("version"); vn == nil || vn.kind != kInt || vn.num != FormatVersion {
			return false // an older file is upgraded on the tree
		}
		if d.begin(root, reg) != nil {
			return false
		}
		d.e.Combatants = make([]*model.Combatant, 0, strings.Count(parts[len(parts)-1], "[[combatant]]"))
		if aside == nil {
			d.e.Log = make([]model.Entry, 0, strings.Count(src, "[[log]]"))
		}
		return true
	}
	stream := func(root *node, kind string, t *node) bool {
		if !started && !start(root) {
			failed = true
			return false
		}
		var err error
		if kind == "combatant" {
			err = d.addCombatant(t)
		} else {
			err = d.addEntry(t)
		}
		failed = err != nil
		return !failed
	}
	root, parsed := fastParseParts(parts, stream)
	if aside != nil {
		<-aside.done
	}
	if !parsed || failed {
		return nil, nil, false
	}
	if !started && !start(root) {
		return nil, nil, false
	}
	if aside != nil {
		if !aside.ok || len(d.e.Log) > 0 {
			return nil, nil, false
		}
		d.e.Archive = aside.arch
		aside.arch.around = around
	}
	if d.combatantsNode != nil || d.logNode != nil {
		return nil, nil, false // given as keys, not streamed tables
	}
	for _, f := range root.fields[rootKeys:] {
		if f.key != "options" && f.key != "turn" && f.key != "fight" {
			return nil, nil, false // a table begin never saw: the tree names it
		}
	}
	if len(d.e.Log) == 0 && root.get("log") == nil && aside == nil {
		d.e.Log = nil // as the tree leaves a log with no entries
	}
	if len(d.e.Combatants) == 0 && root.get("combatant") == nil {
		d.e.Combatants = nil
	}
	if d.finish() != nil || d.checkNumbers(d.e) != nil {
		return nil, nil, false
	}
	return d.e, d.sys, true
}

// A big log is read beside the rest of the file, on another core: it is
// most of a big file, and needs nothing from the rest. logSpan finds
// where it begins and ends, when it is one run of [[log]] tables (so the
// parts read as the whole does); readLogAside reads it.
var minLogAside = 256 << 10 // bytes of file; a variable for the tests

// logSpan returns where the log's tables begin and end (the line after
// the last), or 0, 0 when the file is small or its [[log]] tables are
// not all together.
func logSpan(src string) (cut, end int) {
	if len(src) < minLogAside {
		return 0, 0
	}
	cut = strings.Index(src, "\n[[log]]\n")
	if cut < 0 {
		return 0, 0
	}
	cut++ // the tables start on the header's line
	end = len(src)
	rest := src[cut:]
	for i := 0; i < len(rest); {
		if rest[i] == '[' && !strings.HasPrefix(rest[i:], "[[log]]\n") {
			end = cut + i
			if src[end-2] == '\n' {
				end-- // the blank line before the table is the rest's
			}
			break
		}
		nl := strings.IndexByte(rest[i:], '\n')
		if nl < 0 {
			break
		}
		i += nl + 1
	}
	if end-cut < minLogAside/2 || strings.Contains(src[end:], "\n[[log]]") {
		return 0, 0
	}
	return cut, end
}

// loggedAside is a log read by readLogAside, once done is closed; ok
// false if it could not be read (the whole file then goes to the tree).
type loggedAside struct {
	done chan struct{}
	arch *logArchive
	ok   bool
}

// readLogAside reads src, the file from the line end before its first
// [[log]] table on, and keeps it as read (logArchive).
func readLogAside(name, src string) *loggedAside {
	a := &loggedAside{done: make(chan struct{})}
	go func() {
		defer close(a.done)
		a.arch, a.ok = archiveLog(name, src)
	}()
	return a
}

// decodeApart is decodeOwned for the tracker's session, which packs a
// big log once its journal starts (decodeStreamApart).
func decodeApart(name string, data []byte, reg *rules.Registry) (*model.Encounter, rules.System, error) {
	src := unsafe.String(unsafe.SliceData(data), len(data))
	if len(src) <= maxFileSize {
		if e, sys, ok := decodeStreamApart(name, src, reg, true); ok {
			return e, sys, nil
		}
	}
	return decodeText(name, src, reg)
}

// decodeOwned is Decode for a caller that hands data over and never
// changes it afterwards: text in the encounter is cut from data's memory
// rather than copied.
func decodeOwned(name string, data []byte, reg *rules.Registry) (*model.Encounter, rules.System, error) {
	return decodeText(name, unsafe.String(unsafe.SliceData(data), len(data)), reg)
}
