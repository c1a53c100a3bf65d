//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package saves

import (
	"errors"
	"os"
	"syscall"
)

const removeBeforeClose = true

// flock tries to take an exclusive flock without waiting. supported is
// false when the file system has no flock.
func flock(f *os.File) (held, supported bool, err error) {
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	switch {
	case err == nil:
		return true, true, nil
	case errors.Is(err, syscall.EWOULDBLOCK):
		return false, true, nil
	case errors.Is(err, syscall.ENOLCK), errors.Is(err, syscall.EOPNOTSUPP),
		errors.Is(err, syscall.ENOSYS), errors.Is(err, syscall.EINVAL):
		return false, false, nil
	}
	return false, false, err
}
