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
	e, sys, _, ok = decodeStreamAs(name, splitLog(src), reg, false, false)
	return e, sys, ok
}

// logParts is a file's text with a big log by itself: log, from the line
// end before its first table, between head and tail (logSpan). With no
// big log, head is the whole text and log and tail are "".
type logParts struct{ head, log, tail string }

// splitLog cuts src's big log from the rest (logSpan).
func splitLog(src string) logParts {
	if cut, end := logSpan(src); cut > 0 {
		return logParts{head: src[:cut], log: src[cut-1 : end], tail: src[end:]}
	}
	return logParts{head: src}
}

// decodeStreamAs is decodeStream of a text in parts (the tracker's
// session reads a big log into a buffer of its own, readApart). With
// later, it returns without waiting for a big log's check (logAside):
// the encounter's archive knows where each table begins, and pending says
// once done whether every one reads (if not, the file must be read again,
// without later); pending is nil when nothing was left to check. With
// own, the text the encounter keeps is copied out of src (strPool), so
// that src can go.
func decodeStreamAs(name string, src logParts, reg *rules.Registry, later, own bool) (e *model.Encounter, sys rules.System, pending *loggedAside, ok bool) {
	// A big log, read by itself beside the rest (logAside).
	var aside *loggedAside
	parts := []string{src.head}
	if src.log != "" {
		// Checked later, the log waits for the rest to be read: the two
		// cores are the combatants' until then.
		var gate chan struct{}
		if later {
			gate = make(chan struct{})
		}
		aside = readLogAside(name, src.log, gate)
		parts = []string{src.head, src.tail}
		defer func() {
			if gate != nil {
				close(gate)
			}
			if !ok {
				<-aside.done // no check is left running for a file the tree reads
			}
		}()
	}
	// The second half of many combatants, read on another core.
	var (
		second  string
		hh      *half
		fighter = countHeaders(parts[len(parts)-1], "[[combatant]]\n")
	)
	if at := splitCombatants(parts[len(parts)-1]); at > 0 {
		last := parts[len(parts)-1]
		parts[len(parts)-1], second = last[:at], last[at:]
	}
	d := &decoder{name: name}
	if own {
		d.own = newStrPool()
	}
	var failed bool
	started := false
	rootKeys := 0 // the root's keys begin read; tables after them are checked at the end
	start := func(root *node) bool {
		started = true
		rootKeys = len(root.fields)
		if vn := root.get("version"); vn == nil || vn.kind != kInt || vn.num < streamFrom || vn.num > FormatVersion {
			return false // an older file is upgraded on the tree (streamFrom)
		}
		if d.begin(root, reg) != nil {
			return false
		}
		d.e.Combatants = make([]*model.Combatant, 0, fighter)
		d.byName, d.ids = newNames(fighter), newIDSet(0, fighter)
		if second != "" {
			hh = readHalf(name, second, d.sys, own)
		}
		if aside == nil {
			d.log = make([]model.Entry, 0, strings.Count(src.head, "[[log]]"))
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
	if hh != nil {
		if parsed && !failed {
			failed = !d.joinHalf(hh)
		} else {
			<-hh.done
		}
	}
	if aside != nil {
		if later {
			<-aside.indexed
		}
		if !later || aside.arch == nil {
			<-aside.done
			later = false
		}
	}
	if !parsed || failed {
		return nil, nil, nil, false
	}
	if !started && !start(root) {
		return nil, nil, nil, false
	}
	if aside != nil {
		if !later && !aside.ok || len(d.log) > 0 {
			return nil, nil, nil, false
		}
		d.e.Archive = aside.arch
		if later {
			pending = aside
		}
	}
	if d.combatantsNode != nil || d.logNode != nil {
		return nil, nil, nil, false // given as keys, not streamed tables
	}
	for _, f := range root.fields[rootKeys:] {
		if f.key != "options" && f.key != "turn" && f.key != "fight" {
			return nil, nil, nil, false // a table begin never saw: the tree names it
		}
	}
	if len(d.e.Combatants) == 0 && root.get("combatant") == nil {
		d.e.Combatants = nil
	}
	if d.finish() != nil || d.checkNumbers(d.e) != nil {
		return nil, nil, nil, false
	}
	return d.e, d.sys, pending, true
}

// A big log is read beside the rest of the file, on another core: it is
// most of a big file, and needs nothing from the rest. logSpan finds
// where it begins and ends, when it is one run of [[log]] tables (so the
// parts read as the whole does); readLogAside reads it.
var minLogAside = 256 << 10 // bytes of file; a variable for the tests

// logSpan returns where the log's tables begin and end (the line after
// the last), or 0, 0 when the file is small. A [[log]] table further on,
// after another table, is not looked for here: the rest's reader meets it
// and leaves the file to the tree (decodeStream), as it would anyway.
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
	// From one "[" to the next (a few a table), until one begins a line
	// and no [[log]] table: not line by line.
	for i := 0; i < len(rest); {
		j := strings.IndexByte(rest[i:], '[')
		if j < 0 {
			break
		}
		i += j
		if i > 0 && rest[i-1] != '\n' {
			i++
			continue
		}
		if !strings.HasPrefix(rest[i:], "[[log]]\n") {
			end = cut + i
			if src[end-2] == '\n' {
				end-- // the blank line before the table is the rest's
			}
			break
		}
		i += len("[[log]]\n")
	}
	if end-cut < minLogAside/2 {
		return 0, 0
	}
	return cut, end
}

// headerAt calls f with where each line that is header (ending "]\n")
// begins in src, going from one "[" to the next rather than line by line;
// f returns false to stop.
func headerAt(src, header string, f func(i int) bool) {
	for i := 0; i < len(src); {
		j := strings.IndexByte(src[i:], '[')
		if j < 0 {
			return
		}
		i += j
		if (i == 0 || src[i-1] == '\n') && strings.HasPrefix(src[i:], header) {
			if !f(i) {
				return
			}
			i += len(header)
			continue
		}
		i++
	}
}

// countHeaders counts the lines of src that are header.
func countHeaders(src, header string) int {
	n := 0
	headerAt(src, header, func(int) bool { n++; return true })
	return n
}

// loggedAside is a log read by readLogAside: arch once indexed is closed
// (nil if src is no run of [[log]] tables), ok once done is closed (false
// if it could not be read: the whole file then goes to the tree).
type loggedAside struct {
	indexed, done chan struct{}
	arch          *logArchive
	ok            bool
}

// readLogAside reads src, the file from the line end before its first
// [[log]] table on, and keeps it as read (logArchive). Given a gate, it
// checks the tables once the gate is closed, and also tells whether
// every one is as fray writes it (check): a check left for later.
func readLogAside(name, src string, gate chan struct{}) *loggedAside {
	a := &loggedAside{indexed: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(a.done)
		arch, ok := indexLog(name, src)
		if !ok {
			close(a.indexed)
			return
		}
		a.arch = arch
		close(a.indexed)
		if gate != nil {
			<-gate
		}
		a.ok = arch.verify(gate != nil)
	}()
	return a
}

// wait returns once the log is checked, whether every table read.
func (a *loggedAside) wait() bool {
	<-a.done
	return a.ok
}

// decodeApart is decodeOwned for the tracker's session, which packs a
// big log once its journal starts and reads it into a buffer of its own
// (readApart). With later, a big log's check is left running: pending,
// if not nil, says once done whether the file must be read again without
// it. read is the text the journal's base takes tables from: the rest's
// buffer, out of which the lean reader copies what the encounter keeps
// (strPool), or the file whole (joined again, if it was read apart) when
// the tree read it: then the encounter's text is cut from it (read.cut).
func decodeApart(name string, t fileText, reg *rules.Registry, later bool) (e *model.Encounter, sys rules.System, read readText, pending *loggedAside, err error) {
	if t.size() <= maxFileSize {
		src := logParts{head: unsafe.String(unsafe.SliceData(t.around), len(t.around))}
		if t.apart() {
			src = logParts{
				head: src.head[:t.cut],
				log:  unsafe.String(unsafe.SliceData(t.log), len(t.log)),
				tail: src.head[t.cut:],
			}
		} else {
			src = splitLog(src.head)
		}
		if e, sys, pending, ok := decodeStreamAs(name, src, reg, later, true); ok {
			return e, sys, readText{b: t.around}, pending, nil
		}
	}
	whole := t.whole()
	e, sys, err = decodeText(name, unsafe.String(unsafe.SliceData(whole), len(whole)), reg)
	return e, sys, readText{b: whole, cut: true}, nil, err
}

// readText is a file's text as decodeApart read it: b, which the
// journal's base takes tables from, and whether the encounter's text is
// cut from it (cut), so that it stays in memory for as long as the
// encounter does.
type readText struct {
	b   []byte
	cut bool
}

// decodeOwned is Decode for a caller that hands data over and never
// changes it afterwards: text in the encounter is cut from data's memory
// rather than copied.
func decodeOwned(name string, data []byte, reg *rules.Registry) (*model.Encounter, rules.System, error) {
	return decodeText(name, unsafe.String(unsafe.SliceData(data), len(data)), reg)
}
