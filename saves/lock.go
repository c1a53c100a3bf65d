package saves

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
)

// Lock keeps a second fray from opening the same file. It creates the lock
// file .NAME.lock next to the encounter, writes its process id in it and,
// where the system has flock(2), holds an exclusive flock on it for as
// long as the lock is held.
//
// The lock is taken on the file a save of path would write (Resolve): a
// symbolic link, a relative path or one through .. all reach the same
// lock as the plain path. (Two hard links to one file are two names that
// saves part, so Open also locks the file itself; see Session.) The lock
// file is never followed if it is a link, and must be a regular file.
//
// How a lock file left behind is judged:
//   - With flock (Linux, macOS, the BSDs) the flock alone decides: the
//     kernel drops it when its holder exits, however it exits, so a lock
//     file nobody holds is stale and is taken over. This stays right when
//     a dead fray's process id has since been given to another process,
//     which happens often in containers.
//   - Elsewhere, or on a file system without flock, the process id in the
//     file decides: if that process is alive (signal 0 on Unix) the file
//     is locked, otherwise the lock is stale and is taken over.
//
// A live lock gives a *LockedError naming the other process. release
// deletes the lock file and lets the lock go; calling it again does
// nothing.
func Lock(path string) (release func() error, err error) {
	l, err := lock(path)
	if err != nil {
		return nil, err
	}
	return l.release, nil
}

// heldLock is a lock taken: the open lock file and its name.
type heldLock struct {
	f    *os.File
	lp   string
	once sync.Once
	err  error
}

// lock takes the lock Lock describes.
func lock(path string) (*heldLock, error) {
	target, err := Resolve(path)
	if err != nil {
		return nil, fmt.Errorf("cannot lock %s: %w", path, err)
	}
	lp := lockPath(target)
	for range 10 {
		f, err := os.OpenFile(lp, os.O_RDWR|os.O_CREATE|os.O_EXCL|oNoFollow, 0o644)
		created := err == nil
		if errors.Is(err, fs.ErrExist) {
			f, err = os.OpenFile(lp, os.O_RDWR|oNoFollow, 0)
			if errors.Is(err, fs.ErrNotExist) {
				continue // its owner just removed it: try again
			}
		}
		if errors.Is(err, syscall.ELOOP) {
			return nil, fmt.Errorf("cannot lock %s: its lock file %s is a symbolic link; remove it", path, lp)
		}
		if err != nil {
			return nil, fmt.Errorf("cannot lock %s: its lock file %s: %w", path, lp, err)
		}
		if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
			f.Close()
			return nil, fmt.Errorf("cannot lock %s: its lock file %s is not a regular file; remove it", path, lp)
		}
		held, supported, err := lockFile(f)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("cannot lock %s: %w", path, err)
		}
		switch {
		case supported && !held:
			pid := readPID(f)
			f.Close()
			return nil, &LockedError{File: path, PID: pid}
		case supported && !sameFile(f, lp):
			f.Close() // the holder removed it as we opened it
			continue
		case !supported && !created:
			if pid := readPID(f); pid > 0 && processAlive(pid) {
				f.Close()
				return nil, &LockedError{File: path, PID: pid}
			}
		}
		if err := writePID(f); err != nil {
			f.Close()
			if created {
				os.Remove(lp)
			}
			return nil, fmt.Errorf("cannot lock %s: %w", path, err)
		}
		return &heldLock{f: f, lp: lp}, nil
	}
	return nil, fmt.Errorf("cannot lock %s: its lock file %s keeps changing", path, lp)
}

// Kept reports whether a fray has the encounter at path open now: its
// lock file names a process that is alive. It only reads, takes no lock,
// and says false for a lock file a crash left behind.
func Kept(path string) bool {
	target, err := Resolve(path)
	if err != nil {
		target = path
	}
	return holder(target) != 0
}

// holder reads the lock file beside target, once: the process id it
// names if that process is alive, else 0 (no lock file, a link or not a
// regular file, no id in it, or a process gone). Kept and StaleJournal
// ask it; the library, which says both, asks it once (Summary.shelf).
func holder(target string) int {
	f, err := openLockRead(lockPath(target))
	if err != nil {
		return 0
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return 0
	}
	if pid := readPID(f); pid > 0 && processAlive(pid) {
		return pid
	}
	return 0
}

// openLockRead opens a lock file to read it, never through a link; a
// variable so that tests can count how often one is read.
var openLockRead = func(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|oNoFollow, 0)
}

// lockFile takes the flock; tests replace it to exercise the process-id
// rule used where flock is missing.
var lockFile = flock

// lockPath is the lock file of an encounter file: .NAME.lock beside it.
func lockPath(path string) string {
	return filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".lock")
}

// release deletes the lock file and lets the lock go; calling it again
// does nothing.
func (l *heldLock) release() error {
	l.once.Do(func() {
		var rmErr, closeErr error
		// With flock the file must go while still locked, so no one
		// can lock the old file after it is gone; Windows cannot
		// remove a file that is still open.
		if removeBeforeClose {
			rmErr = os.Remove(l.lp)
			closeErr = l.f.Close()
		} else {
			closeErr = l.f.Close()
			rmErr = os.Remove(l.lp)
		}
		if errors.Is(rmErr, fs.ErrNotExist) {
			rmErr = nil
		}
		l.err = errors.Join(rmErr, closeErr)
	})
	return l.err
}

func readPID(f *os.File) int {
	buf := make([]byte, 32)
	n, err := f.ReadAt(buf, 0)
	if err != nil && !errors.Is(err, io.EOF) {
		return 0
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(buf[:n])))
	if err != nil || pid <= 0 {
		return 0
	}
	return pid
}

func writePID(f *os.File) error {
	if err := f.Truncate(0); err != nil {
		return err
	}
	_, err := f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	return err
}

func sameFile(f *os.File, path string) bool {
	a, err := f.Stat()
	if err != nil {
		return false
	}
	b, err := os.Stat(path)
	return err == nil && os.SameFile(a, b)
}
