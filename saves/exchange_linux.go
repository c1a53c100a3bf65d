//go:build linux

package saves

import (
	"errors"
	"io/fs"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// exchange swaps the names a and b in one step (renameat2 with
// RENAME_EXCHANGE). Where the kernel or the file system cannot, it
// returns an error that is errNoExchange.
func exchange(a, b string) error {
	err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, unix.EINVAL), errors.Is(err, unix.ENOSYS), errors.Is(err, unix.EXDEV),
		errors.Is(err, unix.EOPNOTSUPP), errors.Is(err, unix.ENOTSUP):
		return errors.Join(errNoExchange, err)
	}
	return &os.LinkError{Op: "exchange", Old: a, New: b, Err: err}
}

// linkCount is how many names a file has.
func linkCount(fi fs.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 0
}
