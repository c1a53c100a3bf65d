package saves

import (
	"bytes"
	"hash/crc32"
	"io"
	"strings"
	"time"
	"unsafe"
)

// The tracker's session packs a big log's own text (logArchive.pack)
// once its journal starts; the text around the log goes then too, the
// decoder having copied what the encounter keeps of it (strPool) and the
// encoder the tables it writes again (Encoder.ownTables), after its first
// encoding took them from it. The garbage collector frees whole buffers
// only, so the two must be buffers of their own; readApart reads the file
// straight into two, rather than reading it whole and copying the text
// around the log out of it, which cost the tracker's load 0.5-0.8 MB more
// at 1000 combatants.

// fileText is a file's bytes as read: whole in around (log nil), or, read
// apart, the text around its big log in around (the log's tables were at
// cut) and the log in log, from the line end before its first table, as
// logSpan cuts it.
type fileText struct {
	around []byte
	log    []byte
	cut    int
	mod    time.Time // the file's modification time as it was read
}

// apart reports whether the log was read by itself.
func (t fileText) apart() bool { return t.log != nil }

// parts returns the file's bytes in order.
func (t fileText) parts() [3][]byte {
	if !t.apart() {
		return [3][]byte{t.around}
	}
	return [3][]byte{t.around[:t.cut], t.log[1:], t.around[t.cut:]}
}

// size is the file's length.
func (t fileText) size() int { return len(t.around) + max(len(t.log)-1, 0) }

// crc is the file's checksum, as crc32.ChecksumIEEE of it whole.
func (t fileText) crc() uint32 {
	var sum uint32
	for _, p := range t.parts() {
		sum = crc32.Update(sum, crc32.IEEETable, p)
	}
	return sum
}

// whole returns the file in one buffer: the text itself if it was not
// read apart, else a copy (for the tree, which reads the file whole).
func (t fileText) whole() []byte {
	if !t.apart() {
		return t.around
	}
	b := make([]byte, 0, t.size())
	for _, p := range t.parts() {
		b = append(b, p...)
	}
	return b
}

// readApart reads a big file whose log lies in one run of [[log]] tables
// (logSpan) into two buffers, the log's and the rest's. It finds the log's
// first table in the file's head, and where the tables after the log
// begin by halving the part the log's last table lies in with small reads
// (about a dozen of 4 KB); the reads themselves are then what reading the
// file whole would be, in two halves at once above minHalves (readHalves).
// ok is false, nothing being read from f's offset, for a small file, a
// file whose log it does not find so, or one that did not read as size
// bytes: the caller reads it whole. What it read is checked as logSpan
// checks a whole file's text, so a file read apart is cut where logSpan
// would have cut it.
func readApart(f io.ReaderAt, size int64) (t fileText, ok bool) {
	if size < int64(minLogAside) || size > 1<<31-1 {
		return t, false
	}
	s := &probe{f: f, size: size, win: make([]byte, probeWindow)}
	head, ok := s.at(0)
	if !ok {
		return t, false
	}
	i := bytes.Index(head, []byte("\n[[log]]\n"))
	if i < 0 {
		return t, false // not in the head: read whole, logSpan decides
	}
	cut := int64(i) + 1
	tail, ok := s.logEnd(cut)
	if !ok {
		return t, false
	}
	// The blank line before the table after the log is the rest's, as
	// logSpan leaves it; the line end before the log's first table is
	// read twice, the log's text starting with it.
	end := tail
	if tail < size {
		if b, ok := s.byteAt(tail - 2); !ok {
			return t, false
		} else if b == '\n' {
			end--
		}
	}
	if end-cut < int64(minLogAside/2) {
		return t, false
	}
	t = fileText{around: make([]byte, cut+size-end), log: make([]byte, end-cut+1), cut: int(cut)}
	// Above minHalves, the log's first part is read on another core, so
	// that each reads about half the file; the rest, and the log's last
	// part, here.
	var first int64
	if size >= minHalves {
		first = min(int64(len(t.log)), size/2)
	}
	if !readBeside(f, size, piece{t.log[:first], cut - 1},
		piece{t.around[:cut], 0}, piece{t.log[first:], cut - 1 + first}, piece{t.around[cut:], end}) {
		return fileText{}, false
	}
	// As logSpan would cut the text read: the log's text ends a line, no
	// line in it begins with "[" but its tables' headers, and the rest's
	// first table follows it.
	rest := t.around[cut:]
	if end < tail {
		rest = bytes.TrimPrefix(rest, []byte("\n"))
	}
	if tail < size && (t.log[len(t.log)-1] != '\n' || !bytes.HasPrefix(rest, []byte("["))) ||
		!onlyLogTables(t.log) || bytes.HasPrefix(rest, []byte("[[log]]\n")) {
		return fileText{}, false
	}
	return t, true
}

// onlyLogTables reports whether every line of log, a text of tables
// beginning with the line end before the first, that begins with "["
// is a [[log]] header (logSpan's condition).
func onlyLogTables(log []byte) bool {
	src := unsafe.String(&log[1], len(log)-1)
	ok := true
	headerAt(src, "[", func(i int) bool {
		ok = strings.HasPrefix(src[i:], "[[log]]\n")
		return ok
	})
	return ok
}

// probeWindow is how much readApart reads at a time to find the log.
const probeWindow = 4 << 10

// probe reads small windows of a file.
type probe struct {
	f    io.ReaderAt
	size int64
	win  []byte
}

// at reads the window from off; ok is false if it cannot be read.
func (s *probe) at(off int64) ([]byte, bool) {
	n, err := s.f.ReadAt(s.win, off)
	if err != nil && err != io.EOF || int64(n) != min(int64(len(s.win)), s.size-off) {
		return nil, false
	}
	return s.win[:n], true
}

// byteAt reads the byte at off.
func (s *probe) byteAt(off int64) (byte, bool) {
	if off < 0 || off >= s.size {
		return 0, false
	}
	w, ok := s.at(off)
	if !ok || len(w) == 0 {
		return 0, false
	}
	return w[0], true
}

// header finds the first line beginning with "[" that starts at from
// (> 0) or after it and before limit, passing [[log]] headers by with
// skipLogs: where it is, and whether it is a [[log]] header. found is
// false if there is none; ok is false if the file could not be read.
func (s *probe) header(from, limit int64, skipLogs bool) (at int64, log, found, ok bool) {
	off := from - 1 // the line end before a header at from
	for off < limit-1 {
		w, ok := s.at(off)
		if !ok {
			return 0, false, false, false
		}
		i := 0
		for {
			j := bytes.Index(w[i:], []byte("\n["))
			if j < 0 {
				break
			}
			i += j
			h := off + int64(i) + 1
			if h >= limit {
				return 0, false, false, true
			}
			if len(w)-i-1 < len("[[log]]\n") && off+int64(len(w)) < s.size {
				break // read again from here, to see the header whole
			}
			log := bytes.HasPrefix(w[i+1:], []byte("[[log]]\n"))
			if !log || !skipLogs {
				return h, log, true, true
			}
			i++
		}
		if off+int64(len(w)) >= s.size {
			break
		}
		off += int64(max(i, len(w)-len("[[log]]\n")-1)) // not past a header cut short
	}
	return 0, false, false, true
}

// logEnd finds where the first table after the log begins (logSpan's end
// before it gives the rest a blank line), or the file's end if none does,
// the log's first table being at
// cut: in a file fray wrote, the log's tables come one after the other,
// then [fight] and the rest. It halves the part the log's last table
// begins in, with a window read at the middle, until that part is a few
// windows long, then reads on to the first table that is no log's.
func (s *probe) logEnd(cut int64) (tail int64, ok bool) {
	lo, hi := cut, s.size // the log's last table begins in [lo, hi)
	for hi-lo > 2*probeWindow {
		mid := lo + (hi-lo)/2
		at, log, found, ok := s.header(mid, hi, false)
		switch {
		case !ok:
			return 0, false
		case !found:
			hi = mid
		case log:
			lo = at
		default:
			hi = at
		}
	}
	at, _, found, ok := s.header(lo+1, s.size, true)
	if ok && !found {
		return s.size, true // the log runs to the file's end
	}
	return at, ok
}
