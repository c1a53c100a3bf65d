package saves

import (
	"fmt"
	"strconv"
)

// Error is a problem with an encounter file: which file, which line (0 when
// the problem has no single line) and what is wrong. Error() reads
// "FILE:LINE: problem", or "FILE: problem" without a line.
type Error struct {
	File string
	Line int
	Msg  string

	err error // the underlying error, if any (for errors.Is)
}

// Error returns "FILE:LINE: problem", or "FILE: problem" without a line.
func (e *Error) Error() string {
	if e.Line > 0 {
		return e.File + ":" + strconv.Itoa(e.Line) + ": " + e.Msg
	}
	return e.File + ": " + e.Msg
}

// Unwrap returns the error underneath, such as fs.ErrNotExist for a
// missing file, or nil.
func (e *Error) Unwrap() error { return e.err }

// LockedError says the file is already open in another running fray.
type LockedError struct {
	File      string
	PID       int  // the other fray's process id, 0 if unreadable
	OtherName bool // open under another name (a hard link)
}

// Error says which file is open and in which process.
func (e *LockedError) Error() string {
	if e.OtherName {
		return fmt.Sprintf("%s is open in another fray under another name (a hard link to the same file); close it there first", e.File)
	}
	if e.PID > 0 {
		return fmt.Sprintf("%s is open in another fray (pid %d); close it there first", e.File, e.PID)
	}
	return fmt.Sprintf("%s is open in another fray; close it there first", e.File)
}
