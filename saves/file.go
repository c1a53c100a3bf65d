package saves

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"

	"fray/model"
	"fray/rules"
)

// Save writes an encounter to path atomically: it writes a temporary file
// in the same folder, flushes it to disk, renames it over path and flushes
// the folder. A crash or a full disk leaves either the old file or the new
// one, never half of one. A file that exists keeps its permissions; a new
// one gets 0644 less the umask, like any file a program creates. If path
// is a symbolic link, the file it points to is replaced (Resolve); a link
// to nothing, or anything but a regular file, is refused.
func Save(path string, e *model.Encounter) error {
	target, err := Resolve(path)
	if err != nil {
		return fmt.Errorf("cannot save %s: %w", path, err)
	}
	var buf bytes.Buffer
	if err := Encode(&buf, e); err != nil {
		return fmt.Errorf("cannot save %s: %w", path, err)
	}
	if err := writeAtomic(target, buf.Bytes()); err != nil {
		return fmt.Errorf("cannot save %s: %w", path, err)
	}
	return nil
}

// SamePath reports whether two paths name one fight's file: the same file
// once links are followed (Resolve), or, where either cannot be resolved
// (gone since it was listed, say), the same absolute path.
func SamePath(a, b string) bool {
	x, err1 := Resolve(a)
	y, err2 := Resolve(b)
	if err1 != nil || err2 != nil {
		x, err1 = filepath.Abs(a)
		y, err2 = filepath.Abs(b)
	}
	return err1 == nil && err2 == nil && x == y
}

// Resolve returns the file a save of path writes: path made absolute, with
// every symbolic link in it followed (and ., .. and doubled separators
// gone). This is the name fray locks, so that two paths reaching one file
// (a link, a relative path, ..) take one lock. For a file that does not
// exist yet, its folder is resolved. Resolve refuses:
//   - a symbolic link to nothing: fray does not create files through a
//     link (a link left in a shared folder could point anywhere), so the
//     error names the missing target;
//   - a path that is there but is not a regular file (a folder, a named
//     pipe, a device, a socket).
func Resolve(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	real, err := filepath.EvalSymlinks(abs)
	switch {
	case err == nil:
		fi, err := os.Stat(real)
		if err != nil {
			return "", err
		}
		if !fi.Mode().IsRegular() {
			return "", &Error{File: path, Msg: notRegular(fi.Mode())}
		}
		return real, nil
	case !errors.Is(err, fs.ErrNotExist):
		return "", err
	}
	if fi, err := os.Lstat(abs); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		return "", &Error{File: path, Msg: fmt.Sprintf(
			"is a link to %s, which does not exist; fray does not create a file through a link: create it there first (fray new %s) or remove the link",
			danglingTarget(abs), danglingTarget(abs))}
	}
	dir, err := filepath.EvalSymlinks(filepath.Dir(abs))
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return "", &Error{File: path, Msg: "its folder " + filepath.Dir(abs) + " does not exist", err: err}
		}
		return "", err
	}
	return filepath.Join(dir, filepath.Base(abs)), nil
}

// danglingTarget follows a chain of links from abs to the first name that
// does not exist, and returns it.
func danglingTarget(abs string) string {
	p := abs
	for range 40 { // the kernel gives up on longer chains too
		t, err := os.Readlink(p)
		if err != nil {
			return p
		}
		if !filepath.IsAbs(t) {
			t = filepath.Join(filepath.Dir(p), t)
		}
		p = filepath.Clean(t)
		if fi, err := os.Lstat(p); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			return p
		}
	}
	return p
}

// notRegular says what a path is when it is not a regular file.
func notRegular(m fs.FileMode) string {
	what := "not a regular file"
	switch {
	case m.IsDir():
		what = "a folder"
	case m&fs.ModeNamedPipe != 0:
		what = "a named pipe"
	case m&fs.ModeSocket != 0:
		what = "a socket"
	case m&fs.ModeDevice != 0:
		what = "a device"
	}
	return "is " + what + ", not a file: fray reads and writes only regular files"
}

// writeAtomic writes data to target (already resolved) through a
// temporary file.
func writeAtomic(target string, data []byte) (err error) {
	return writeAtomicWith(target, func(f *os.File) error {
		_, err := f.Write(data)
		return err
	}, true, nil)
}

// writeAtomicWith is writeAtomic with the bytes written by write (which
// may write them in parts). syncFolder false leaves out the flush of the
// folder after the rename: the caller keeps the rename safe from a power
// cut another way (a session's journal, see Session.Save). If onTemp is
// given it runs on the finished, flushed temporary file just before the
// rename, and a non-nil error there stops the save; if it returns keep,
// the temporary file's handle (the new file, once renamed) is left open
// and handed to it to keep, instead of closed.
func writeAtomicWith(target string, write func(f *os.File) error, syncFolder bool, onTemp func(f *os.File) (keep bool, err error)) (err error) {
	mode, existed := fs.FileMode(0o644), false
	if fi, err := os.Stat(target); err == nil {
		if !fi.Mode().IsRegular() {
			return errors.New(notRegular(fi.Mode()))
		}
		mode, existed = fi.Mode().Perm(), true
	}
	dir := filepath.Dir(target)
	f, tmp, err := createTemp(target)
	if err != nil {
		return err
	}
	keep := false
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		} else if !keep {
			err = f.Close()
		}
	}()
	if err = write(f); err != nil {
		return err
	}
	// A new file's mode came from the umask at create time; an existing
	// file's is copied so that saving never widens or narrows it.
	if existed {
		if err = f.Chmod(mode); err != nil {
			return err
		}
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if onTemp != nil {
		if keep, err = onTemp(f); err != nil {
			return err
		}
	}
	if err = os.Rename(tmp, target); err != nil {
		keep = false
		return err
	}
	if !syncFolder {
		return nil
	}
	return syncDir(dir)
}

// tempInfix marks fray's temporary files: .NAME.tmp-RANDOM beside NAME.
const tempInfix = ".tmp-"

// createTemp creates a new temporary file beside target, with mode 0644
// less the umask (os.CreateTemp would give 0600).
func createTemp(target string) (*os.File, string, error) {
	prefix := filepath.Join(filepath.Dir(target), "."+filepath.Base(target)+tempInfix)
	for range 100 {
		// The runtime seeds math/rand/v2 from the system's randomness, and
		// O_EXCL makes a name taken meanwhile a retry: crypto/rand would
		// link 224 KB of FIPS code and tables for nothing more.
		var r [8]byte
		binary.LittleEndian.PutUint64(r[:], rand.Uint64())
		name := prefix + hex.EncodeToString(r[:])
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL|oNoFollow, 0o644)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, name, err
	}
	return nil, "", fmt.Errorf("cannot create a temporary file beside %s", target)
}

// removeStaleTemps deletes the temporary files a fray killed in the middle
// of a save left beside target, and the spare a session that did not
// close left (spare.go). Only the holder of target's lock calls it:
// every fray saving target holds that lock, so no live fray is writing
// any of them. It returns how many temporary files it removed; the
// spare, there after any crash and never needed, goes unmentioned.
func removeStaleTemps(target string) int {
	if fi, err := os.Lstat(sparePath(target)); err == nil && fi.Mode().IsRegular() {
		os.Remove(sparePath(target))
	}
	dir, base := filepath.Dir(target), "."+filepath.Base(target)+tempInfix
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0
	}
	n := 0
	for _, de := range entries {
		name := de.Name()
		if !strings.HasPrefix(name, base) || !isTempSuffix(name[len(base):]) || !de.Type().IsRegular() {
			continue
		}
		if os.Remove(filepath.Join(dir, name)) == nil {
			n++
		}
	}
	return n
}

// isTempSuffix reports whether s is the random part createTemp adds.
func isTempSuffix(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// syncDir flushes a folder so that a rename in it survives a crash.
// Windows cannot open folders for this, and some file systems refuse it
// (EINVAL); the renamed file is in place either way, so those cases are
// not errors.
func syncDir(dir string) error {
	if runtime.GOOS == "windows" {
		return nil
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	if errors.Is(err, syscall.EINVAL) || errors.Is(err, errors.ErrUnsupported) {
		return nil
	}
	return err
}

// Load reads an encounter file. It only reads: the file is never changed,
// even when it is wrong. Problems are *Error values naming the file and,
// where there is one, the line; a missing file gives an *Error that
// errors.Is(err, fs.ErrNotExist) recognises. Only a regular file of at
// most 64 MiB is read (ReadFile).
func Load(path string, reg *rules.Registry) (*model.Encounter, rules.System, error) {
	data, err := ReadFile(path, maxFileSize, "an encounter")
	if err != nil {
		return nil, nil, err
	}
	return decodeOwned(path, data, reg) // data is ours: text is cut from it, not copied
}

// LoadWithJournal is Load that also says, from the same reading of the
// file, what StaleJournal says of it: whether a fray that stopped left
// changes the file lacks (fray show warns of them).
func LoadWithJournal(path string, reg *rules.Registry) (*model.Encounter, rules.System, bool, error) {
	data, err := ReadFile(path, maxFileSize, "an encounter")
	if err != nil {
		return nil, nil, false, err
	}
	stale := staleJournal(path, data, true)
	e, sys, err := decodeOwned(path, data, reg) // data is ours: text is cut from it, not copied
	return e, sys, stale, err
}

// ReadFile reads a file fray takes as input. It reads only a regular
// file, never a named pipe (which would hang) or a device (which may
// never end), and stops at limit bytes while reading, so that no file can
// make fray read more; what names the kind of file for the message ("an
// encounter"). Errors are *Error values naming the file; a missing file
// satisfies errors.Is(err, fs.ErrNotExist).
//
// A file written over while it was read (a session's spare, see
// spare.go, or a hand edit saved in place) is read again, so that a
// reader never takes half of one version and half of another (steady).
func ReadFile(path string, limit int64, what string) ([]byte, error) {
	t, err := readFileText(path, limit, what, false)
	return t.around, err
}

// readFileText is ReadFile that, with apart, reads a big log into a buffer
// of its own (readApart).
func readFileText(path string, limit int64, what string, apart bool) (fileText, error) {
	for try := 1; ; try++ {
		t, again, err := readFileOnce(path, limit, what, apart)
		if !again {
			return t, err
		}
		if try == maxReads {
			return fileText{}, &Error{File: path, Msg: fmt.Sprintf("changed %d times while it was read; read it again once it is still", maxReads)}
		}
	}
}

// maxReads bounds how often ReadFile starts again on a file that keeps
// changing under it.
const maxReads = 20

// readFileOnce is one reading of ReadFile; again is true when the file
// changed while it was read.
func readFileOnce(path string, limit int64, what string, apart bool) (t fileText, again bool, err error) {
	fail := func(msg string, err error) (fileText, bool, error) {
		return fileText{}, false, &Error{File: path, Msg: msg, err: err}
	}
	// Opening a named pipe for reading waits for a writer unless it is
	// opened non-blocking; the mode is checked before anything is read.
	f, err := openRead(path)
	if err != nil {
		var pe *fs.PathError
		switch {
		case errors.Is(err, fs.ErrNotExist):
			if fi, lerr := os.Lstat(path); lerr == nil && fi.Mode()&fs.ModeSymlink != 0 {
				abs, _ := filepath.Abs(path)
				return fail("is a link to "+danglingTarget(abs)+", which does not exist", err)
			}
			return fail("no such file", err)
		case errors.As(err, &pe):
			return fail("cannot read it: "+pe.Err.Error(), err)
		}
		return fail(err.Error(), err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return fail("cannot read it: "+err.Error(), err)
	}
	if !fi.Mode().IsRegular() {
		return fail(notRegular(fi.Mode()), nil)
	}
	tooBig := func(n int64) (fileText, bool, error) {
		return fail(fmt.Sprintf("file is %d bytes or more, too big to be %s (the limit is %d MiB)", n, what, limit>>20), nil)
	}
	if fi.Size() > limit {
		return tooBig(fi.Size())
	}
	ok := false
	if apart {
		t, ok = readApart(f, fi.Size())
	}
	if !ok {
		t.around, ok = readHalves(f, fi.Size())
	}
	if !ok {
		t.around, err = readAll(io.LimitReader(f, limit+1), fi.Size())
	}
	if err != nil {
		return fail("cannot read it: "+err.Error(), err)
	}
	if !steady(path, f, fi) {
		return fileText{}, true, nil
	}
	if int64(t.size()) > limit {
		return tooBig(int64(t.size()))
	}
	t.mod = fi.ModTime()
	return t, false, nil
}

// openRead opens a file fray reads as input; a variable so that tests can
// count how often a file is opened.
var openRead = func(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|oNonBlock, 0)
}

// minHalves is the size from which readHalves reads a file in two halves
// at once; a variable for the tests.
var minHalves int64 = 1 << 20

// readHalves reads a big file of size bytes in two halves at once, one
// on another core: the copy and the memory it goes to are most of reading
// a file the system has in memory, and a 2 MB fight's first frame waits
// for it. ok is false (nothing read from f's offset, which is where it
// was) for a small file, or one that did not read as size bytes: readAll
// then reads it as usual.
func readHalves(f *os.File, size int64) (data []byte, ok bool) {
	if size < minHalves {
		return nil, false
	}
	data = make([]byte, size+512) // room to find it grew (readAll's too)
	half := size / 2
	if !readBeside(f, size, piece{data[half:size], half}, piece{data[:half], 0}) {
		return nil, false
	}
	return data[:size], true
}

// piece is a part of a file to read: into b, from off.
type piece struct {
	b   []byte
	off int64
}

// readBeside reads a file of size bytes in pieces: aside on another core
// (none when its b is empty) while here are read in turn. ok is true only
// if every piece read whole and the file has no byte past size (it did
// not grow while read).
func readBeside(f io.ReaderAt, size int64, aside piece, here ...piece) bool {
	read := func(p piece) bool {
		n, err := f.ReadAt(p.b, p.off)
		return n == len(p.b) && (err == nil || err == io.EOF) // EOF: it may come with the last byte
	}
	second := make(chan bool, 1)
	if len(aside.b) > 0 {
		go func() { second <- read(aside) }()
	} else {
		second <- true
	}
	good := true
	for _, p := range here {
		good = good && read(p)
	}
	if !<-second || !good {
		return false
	}
	var one [1]byte
	n, _ := f.ReadAt(one[:], size)
	return n == 0 // else it grew
}

// steady reports whether the file f, opened at path and found as before
// when it was opened, was neither written over nor replaced while it was
// read: path still names it, and its size and modification time are as
// before. The order matters: a session's spare is written over only while
// it has no name, and stamped with a time it never had before it takes
// the name again (spare.go); so with the name looked at first, then the
// time, a reading that overlapped a writing fails one or the other.
func steady(path string, f *os.File, before fs.FileInfo) bool {
	named, err := os.Stat(path)
	if err != nil {
		return false
	}
	now, err := f.Stat()
	if err != nil {
		return false
	}
	return os.SameFile(named, now) && sameVersion(before, now)
}

// sameVersion reports whether two looks at a path found the same file,
// unchanged.
func sameVersion(a, b fs.FileInfo) bool {
	return os.SameFile(a, b) && a.ModTime().Equal(b.ModTime()) && a.Size() == b.Size()
}

// readAll is io.ReadAll into a buffer the size the file said it was (and
// a little more), so that reading a file costs one buffer of its size
// rather than the doublings of a growing one.
func readAll(r io.Reader, size int64) ([]byte, error) {
	b := make([]byte, 0, size+512)
	for {
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)] // the file grew: make room
		}
	}
}
