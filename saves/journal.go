package saves

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"sync"
)

// The journal is how no command shown as done is lost to a crash. While
// the tracker runs, every applied command is appended to .NAME.journal
// beside the file, with one write, before the screen shows it; a
// background fsync follows at once, and the top bar says "saved" only
// when that fsync (or a save of the whole file) has covered the command.
// The file itself is still saved after commands, off the event loop, as
// before. When fray ends normally with the file up to date, the journal
// is deleted; if it is still there when the file is opened again, fray
// died, and the commands it holds are replayed (Session.Load).
//
// A journal is text:
//
//	fray journal 1
//	b SIZE CRC                   the file as it was opened (the base),
//	...SIZE bytes...             then a newline
//	c CRC {"v":1,"l":"next"}     a command: the tracker version it made, the
//	                             line, and the physical-dice mode and faces
//	s CRC {"v":1,"n":SIZE,"c":CRC}  a save of version v is about to replace
//	                             the file: its size and checksum
//
// CRC is the CRC-32 of the rest of the line (of the bytes, for the base),
// in hex. Reading stops at the first line that is cut short or whose
// checksum fails: a command is only shown once its line is written whole.
//
// Why a journal and not a save before the screen moves on: a command's
// line costs the same whatever the size of the encounter, a few
// microseconds to write, while a save of a big encounter costs
// milliseconds even when only the changes are encoded, plus an fsync the
// game master would wait for at every key.

const journalMagic = "fray journal 1\n"

// maxJournal bounds what recovery reads: the base and about a million
// commands.
const maxJournal = maxFileSize + 256<<20

// journalPath is the journal of an encounter file: .NAME.journal beside it.
func journalPath(target string) string {
	return filepath.Join(filepath.Dir(target), "."+filepath.Base(target)+".journal")
}

// journal appends records to a journal file. Appends come from the event
// loop and from the saver; the mutex keeps their lines whole. After the
// first failure it writes nothing more and every call returns that error.
type journal struct {
	path string
	mu   sync.Mutex
	f    *os.File
	err  error
}

// createJournal starts a journal holding a base of size bytes with CRC
// sum, which write writes, with the encounter file's permissions. It
// fails if one is there already.
func createJournal(target string, size int, sum uint32, write func(w io.Writer) error, mode fs.FileMode) (*journal, error) {
	path := journalPath(target)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL|os.O_APPEND|oNoFollow, 0o644)
	if err != nil {
		return nil, err
	}
	fail := func(err error) (*journal, error) {
		f.Close()
		os.Remove(path)
		return nil, err
	}
	if mode != 0 {
		if err := f.Chmod(mode); err != nil {
			return fail(err)
		}
	}
	// The header, then the base as the encoder streams it (no copy as
	// big as the file): a base cut short fails its checksum, which
	// recovery takes for a fray that died opening the file, before any
	// command.
	b := make([]byte, 0, len(journalMagic)+32)
	b = append(b, journalMagic...)
	b = append(b, "b "...)
	b = strconv.AppendInt(b, int64(size), 10)
	b = append(b, ' ')
	b = appendCRC(b, sum)
	b = append(b, '\n')
	if _, err := f.Write(b); err != nil {
		return fail(err)
	}
	if err := write(f); err != nil {
		return fail(err)
	}
	if _, err := f.Write([]byte{'\n'}); err != nil {
		return fail(err)
	}
	return &journal{path: path, f: f}, nil
}

func appendCRC(b []byte, c uint32) []byte {
	const hexd = "0123456789abcdef"
	for s := 28; s >= 0; s -= 4 {
		b = append(b, hexd[c>>uint(s)&0xf])
	}
	return b
}

// add appends one record line with a single write, so that a crash keeps
// the whole line or none of it.
func (j *journal) add(kind byte, rec record) error {
	// kind, CRC and spaces first (the CRC filled in once the JSON after
	// it is written), then the JSON (journalrec.go).
	line := append(make([]byte, 0, 64), kind, ' ', '0', '0', '0', '0', '0', '0', '0', '0', ' ')
	line = rec.appendJSON(line)
	appendCRC(line[:2], crc32.ChecksumIEEE(line[11:]))
	line = append(line, '\n')
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.err != nil {
		return j.err
	}
	if _, err := j.f.Write(line); err != nil {
		j.err = fmt.Errorf("cannot write the journal %s: %w", j.path, err)
		return j.err
	}
	return nil
}

// sync flushes the journal to disk.
func (j *journal) sync() error {
	j.mu.Lock()
	if j.err != nil {
		defer j.mu.Unlock()
		return j.err
	}
	f := j.f
	j.mu.Unlock()
	// Outside the lock: appends may go on while the disk catches up.
	if err := f.Sync(); err != nil {
		j.mu.Lock()
		defer j.mu.Unlock()
		if j.err == nil {
			j.err = fmt.Errorf("cannot flush the journal %s: %w", j.path, err)
		}
		return j.err
	}
	return nil
}

// close closes the journal and, if remove, deletes it.
func (j *journal) close(remove bool) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	err := j.f.Close()
	if j.err == nil {
		j.err = errors.New("the journal is closed")
	}
	if remove {
		if rerr := os.Remove(j.path); rerr != nil && !errors.Is(rerr, fs.ErrNotExist) {
			err = errors.Join(err, rerr)
		}
	}
	return err
}

// journalFile is a journal as read back: the base, the commands and the
// saves it records, and where its last whole line ends.
type journalFile struct {
	base  []byte
	cmds  []cmdRec
	saves []savedRec
	end   int64 // offset just past the last good line
}

// readJournal reads a journal, stopping quietly at a line cut short or
// damaged (what a crash in the middle of a write leaves). Only a header or
// base that cannot be read is an error.
func readJournal(path string) (*journalFile, error) {
	data, err := ReadFile(path, maxJournal, "a journal")
	if err != nil {
		return nil, err
	}
	bad := func(what string) error {
		return &Error{File: path, Msg: "not a fray journal: " + what}
	}
	if !bytes.HasPrefix(data, []byte(journalMagic)) {
		return nil, bad("no header")
	}
	r := bufio.NewReader(bytes.NewReader(data[len(journalMagic):]))
	pos := int64(len(journalMagic))
	head, err := r.ReadString('\n')
	if err != nil {
		return nil, bad("the base is cut short")
	}
	var size int
	var sum uint32
	if _, err := fmt.Sscanf(head, "b %d %x\n", &size, &sum); err != nil || size < 0 || size > maxFileSize {
		return nil, bad("no base")
	}
	pos += int64(len(head))
	if int64(len(data))-pos < int64(size)+1 {
		return nil, bad("the base is cut short")
	}
	jf := &journalFile{base: data[pos : pos+int64(size)]}
	if crc32.ChecksumIEEE(jf.base) != sum || data[pos+int64(size)] != '\n' {
		return nil, bad("the base is damaged")
	}
	pos += int64(size) + 1
	jf.end = pos
	rest := data[pos:]
	for len(rest) > 0 {
		nl := bytes.IndexByte(rest, '\n')
		if nl < 0 {
			break // cut short
		}
		line := rest[:nl]
		if !jf.parse(line) {
			break
		}
		rest = rest[nl+1:]
		jf.end += int64(nl + 1)
	}
	return jf, nil
}

// parse reads one record line; it reports false for a damaged one.
func (jf *journalFile) parse(line []byte) bool {
	if len(line) < 12 || line[1] != ' ' || line[10] != ' ' {
		return false
	}
	sum, err := strconv.ParseUint(string(line[2:10]), 16, 32)
	payload := line[11:]
	if err != nil || crc32.ChecksumIEEE(payload) != uint32(sum) {
		return false
	}
	switch line[0] {
	case 'c':
		c, ok := parseCmdRec(payload)
		if !ok {
			return false
		}
		jf.cmds = append(jf.cmds, c)
	case 's':
		s, ok := parseSavedRec(payload)
		if !ok {
			return false
		}
		jf.saves = append(jf.saves, s)
	default:
		return false
	}
	return true
}

// versionOf returns the tracker version a file's content holds, if the
// journal knows it: 0 for the base, v for a recorded save, -1 for the
// file as it was before the base (when something other than a command
// changed the encounter as the journal started, such as the clock).
func (jf *journalFile) versionOf(data []byte, exists bool) (int, bool) {
	if !exists {
		return 0, false
	}
	sum := crc32.ChecksumIEEE(data)
	v, ok := 0, false
	if len(data) == len(jf.base) && sum == crc32.ChecksumIEEE(jf.base) {
		v, ok = 0, true
	}
	for _, s := range jf.saves {
		if s.Size == len(data) && s.CRC == sum {
			v, ok = s.V, true // the latest save with these bytes
		}
	}
	return v, ok
}

// reopenJournal opens a journal that was read back, for appending after
// its last good line.
func reopenJournal(path string, end int64) (*journal, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|oNoFollow, 0)
	if err != nil {
		return nil, err
	}
	if err := f.Truncate(end); err != nil {
		f.Close()
		return nil, err
	}
	if _, err := f.Seek(0, io.SeekEnd); err != nil {
		f.Close()
		return nil, err
	}
	return &journal{path: path, f: f}, nil
}

// StaleJournal reports whether path has the journal of a fray that is no
// longer running, holding changes the file lacks, which opening it for
// changing (Session.Load) brings back. It only reads, and takes no lock: a fray
// whose lock file names a live process counts as running.
func StaleJournal(path string) bool {
	return staleJournal(path, nil, false)
}

// staleJournal is StaleJournal of the file's bytes as read (data, when
// read is true), or, if not, of the file read if it must be.
func staleJournal(path string, data []byte, read bool) bool {
	target, err := Resolve(path)
	if err != nil || !hasJournal(target) || holder(target) != 0 {
		return false
	}
	if !read {
		data, err = ReadFile(target, maxFileSize, "an encounter")
		read = err == nil
	}
	return journalLacks(target, data, read)
}

// hasJournal reports whether there is a journal beside target.
func hasJournal(target string) bool {
	_, err := os.Lstat(journalPath(target))
	return err == nil
}

// journalLacks reports whether the journal beside target holds changes
// its file lacks, as recoverJournal would find them: commands past the
// version the file holds, or a file the journal does not know (changed
// since). data is the file as read (read says whether it could be). A
// fray killed just after a save leaves a journal whose file lacks
// nothing. A journal that cannot be read counts: opening deals with it.
func journalLacks(target string, data []byte, read bool) bool {
	jf, err := readJournal(journalPath(target))
	if err != nil {
		return true
	}
	final := 0
	if n := len(jf.cmds); n > 0 {
		final = jf.cmds[n-1].V
	}
	v, known := jf.versionOf(data, read)
	if !known {
		return len(jf.cmds) > 0
	}
	return v < final
}
