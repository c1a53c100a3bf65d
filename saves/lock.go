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
)

// Lock keeps a second fray from opening the same file. It creates the lock
// file .NAME.lock next to the encounter, writes its process id in it and,
// where the system has flock(2), holds an exclusive flock on it for as
// long as the lock is held.
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
	lp := lockPath(path)
	for range 10 {
		f, err := os.OpenFile(lp, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
		created := err == nil
		if errors.Is(err, fs.ErrExist) {
			f, err = os.OpenFile(lp, os.O_RDWR, 0)
			if errors.Is(err, fs.ErrNotExist) {
				continue // its owner just removed it: try again
			}
		}
		if err != nil {
			return nil, fmt.Errorf("cannot lock %s: %w", path, err)
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
		return releaser(f, lp), nil
	}
	return nil, fmt.Errorf("cannot lock %s: its lock file %s keeps changing", path, lp)
}

// lockFile takes the flock; tests replace it to exercise the process-id
// rule used where flock is missing.
var lockFile = flock

// lockPath is the lock file of an encounter file: .NAME.lock beside it.
func lockPath(path string) string {
	return filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".lock")
}

func releaser(f *os.File, lp string) func() error {
	var once sync.Once
	var err error
	return func() error {
		once.Do(func() {
			var rmErr, closeErr error
			// With flock the file must go while still locked, so no one
			// can lock the old file after it is gone; Windows cannot
			// remove a file that is still open.
			if removeBeforeClose {
				rmErr = os.Remove(lp)
				closeErr = f.Close()
			} else {
				closeErr = f.Close()
				rmErr = os.Remove(lp)
			}
			if errors.Is(rmErr, fs.ErrNotExist) {
				rmErr = nil
			}
			err = errors.Join(rmErr, closeErr)
		})
		return err
	}
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
