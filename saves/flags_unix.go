//go:build unix

package saves

import "syscall"

// oNonBlock opens a named pipe without waiting for a writer; oNoFollow
// refuses to open a symbolic link (used for the files fray makes itself).
const (
	oNonBlock = syscall.O_NONBLOCK
	oNoFollow = syscall.O_NOFOLLOW
)
