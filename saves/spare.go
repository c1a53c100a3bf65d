package saves

import (
	"errors"
	"os"
	"path/filepath"
	"time"
)

// A session's saves go through a spare copy of the file, .NAME.spare
// beside it, where the system can swap two names at once (Linux's
// renameat2 RENAME_EXCHANGE). A save writes the new file over the spare
// in place, flushes it, and swaps the two names: the file is the new
// save, whole, and the spare is the file as it was. The next save but one
// writes over that.
//
// Why: a new file for every save made the kernel find room for the whole
// file, write it, and free the old one's room, each time. Written over a
// file of about its size, a save costs the writing of its bytes alone:
// a 2 MB fight saved in about a third of the time.
//
// What keeps it as safe as a new file each time:
//   - The name only ever points to a whole file: the spare is written
//     and flushed before the swap, and a spare is written over only once
//     the swap that made it the spare is on the disk (the folder is
//     flushed first, else a power cut could give the name back to the
//     file being written).
//   - A reader that opened the file before it became the spare may still
//     be reading it when it is written over. The writer stamps each
//     finished spare with a modification time of its own, never the one
//     it had, and ReadFile reads again when the file it read is no longer
//     the one named or its size or time changed meanwhile (steady).
//   - A file with another name besides (a hard link) is never written
//     over: the link keeps the old contents, as it did when each save was
//     a new file.
//   - Where the swap is not supported (other systems, some file systems:
//     EINVAL, ENOSYS, EXDEV…), or the file system keeps no exact
//     modification times, the spare is renamed over the file as a new
//     file was before, and later saves make a new file each time.
//
// The spare is removed when the session closes; one left by a crash is
// removed when the file is next opened (removeStaleTemps), never read.

// spareSuffix names the spare: .NAME.spare beside NAME.
const spareSuffix = ".spare"

func sparePath(target string) string {
	return filepath.Join(filepath.Dir(target), "."+filepath.Base(target)+spareSuffix)
}

// spare is a session's spare file.
type spare struct {
	f       *os.File  // open for writing and flocked where flock works; nil: none yet
	durable bool      // the swap that made f the spare is on the disk (or f never had the name)
	stamp   time.Time // the last modification time given to a spare
	off     bool      // swapping is not supported here: saves make a new file
	// holds is the number of the encoder's output (Encoder.seq) the
	// spare holds whole, and file that of the file; 0: not known. Each
	// is trusted only while the copy has the modification time it was
	// given then (holdsAt, fileAt): a copy written over by anything else
	// (an edit in place) is written whole.
	holds, file     int
	holdsAt, fileAt time.Time
}

// errNoExchange is what exchange returns where it is not supported.
var errNoExchange = errors.New("exchanging two names is not supported here")

// exchangeNames and flushFolder are exchange and syncDir, but for tests.
var (
	exchangeNames = exchange
	flushFolder   = syncDir
)

// saveSpare writes the encounter through the spare (see above). write
// writes the file over f, which holds output holds of the encoder (0: not
// known) in had bytes, and returns its size; ready runs on the finished
// spare just before the swap (the journal's record), and a non-nil error
// there stops the save. It returns false, with nothing changed, when
// the spare cannot be used (s.sp.off is then set), and the caller saves
// through a new file. Called with s.saving held.
func (s *Session) saveSpare(write func(f *os.File, holds int, had int64) (int, error), ready func() error) (done bool, err error) {
	sp := &s.sp
	if sp.off {
		return false, nil
	}
	path := sparePath(s.target)
	if sp.f == nil {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL|oNoFollow, 0o644)
		if errors.Is(err, os.ErrExist) {
			// Left by a save that failed after creating it: ours, since
			// only the lock's holder writes here.
			os.Remove(path)
			f, err = os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL|oNoFollow, 0o644)
		}
		if err != nil {
			sp.off = true // a folder we cannot create in: the old way says why
			return false, nil
		}
		sp.f, sp.durable, sp.holds = f, true, 0
		lockFile(f)
	}
	if !sp.durable {
		if err := flushFolder(filepath.Dir(s.target)); err != nil {
			return true, err
		}
		sp.durable = true
	}
	f := sp.f
	fi, err := f.Stat()
	if err != nil {
		return true, err
	}
	// The file keeps its permissions, as a new file given them did.
	if now, err := os.Stat(s.target); err == nil && now.Mode().Perm() != fi.Mode().Perm() {
		if err := f.Chmod(now.Mode().Perm()); err != nil {
			return true, err
		}
	}
	holds := sp.holds
	if !fi.ModTime().Equal(sp.holdsAt) {
		holds = 0
	}
	sp.holds = 0 // written over from here on
	size, err := write(f, holds, fi.Size())
	if err != nil {
		return true, err
	}
	if int64(size) < fi.Size() {
		if err := f.Truncate(int64(size)); err != nil {
			return true, err
		}
	}
	if ok, err := sp.stampTime(f, path); err != nil || !ok {
		if err == nil {
			// Times are not kept exactly here, so readers could not tell
			// a spare written over while they read it: no more spares.
			sp.off = true
			err = s.spareToFile(path)
		}
		return true, err
	}
	if err := f.Sync(); err != nil {
		return true, err
	}
	if err := ready(); err != nil {
		return true, err
	}
	err = exchangeNames(path, s.target)
	switch {
	case errors.Is(err, errNoExchange):
		sp.off = true
		return true, s.spareToFile(path)
	case errors.Is(err, os.ErrNotExist):
		// The file is gone (deleted by hand while open): the save makes
		// it anew, and the next one a new spare.
		return true, s.spareToFile(path)
	case err != nil:
		return true, err
	}
	// The names are swapped: the spare is the file, the file the spare.
	sp.holds, sp.file = sp.file, s.enc.seq
	sp.holdsAt, sp.fileAt = sp.fileAt, sp.stamp
	old := s.held
	s.mu.Lock()
	s.held = f
	s.mu.Unlock()
	sp.f, sp.durable = nil, false
	if old != nil {
		old.Close() // read-only, or the spare before: opened again for writing below
	}
	if nf, err := os.OpenFile(path, os.O_RDWR|oNoFollow, 0); err == nil {
		if fi, err := nf.Stat(); err == nil && fi.Mode().IsRegular() && linkCount(fi) == 1 {
			sp.f = nf
			lockFile(nf)
		} else {
			// A file with another name too (a hard link) keeps its
			// contents there: the next save makes a new spare.
			nf.Close()
			os.Remove(path)
		}
	} else {
		os.Remove(path)
	}
	if sp.f == nil {
		sp.durable = true
	}
	return true, nil
}

// spareToFile gives the finished spare the file's name, as the rename of
// a new file did: the spare is then the file, and there is none.
func (s *Session) spareToFile(path string) error {
	if err := os.Rename(path, s.target); err != nil {
		return err
	}
	s.mu.Lock()
	if s.held != nil {
		s.held.Close()
	}
	s.held = s.sp.f
	s.mu.Unlock()
	s.sp.f, s.sp.durable, s.sp.holds = nil, true, 0
	s.sp.file, s.sp.fileAt = s.enc.seq, s.sp.stamp
	return nil
}

// stampTime gives the spare a modification time it never had, close to
// now, and reports whether the file system kept it exactly: readers
// tell by it that the file they read was written over meanwhile.
func (sp *spare) stampTime(f *os.File, path string) (bool, error) {
	fi, err := f.Stat()
	if err != nil {
		return false, err
	}
	t := time.Now().Round(0)
	if !t.After(sp.stamp) {
		t = sp.stamp.Add(time.Nanosecond)
	}
	if t.Equal(fi.ModTime()) {
		t = t.Add(time.Nanosecond)
	}
	if err := os.Chtimes(path, t, t); err != nil {
		return false, err
	}
	sp.stamp = t
	fi, err = f.Stat()
	if err != nil {
		return false, err
	}
	return fi.ModTime().Equal(t), nil
}

// closeSpare removes the spare. Called with s.mu held, once no save runs.
func (s *Session) closeSpare() {
	if s.sp.f == nil {
		return
	}
	s.sp.f.Close()
	s.sp.f = nil
	os.Remove(sparePath(s.target))
}
