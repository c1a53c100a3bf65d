//go:build unix

package main

import (
	"fmt"
	"os"
	"syscall"
)

// execServe replaces fray with fray-serve (exe) given the same command
// line and environment: the same process, so its streams, its exit status
// and the signals sent to it (ctrl+c) are fray-serve's own. It returns
// only when exe could not be run.
func execServe(a *app, exe string, args []string) int {
	err := syscall.Exec(exe, append([]string{exe}, args...), os.Environ())
	return a.fail(fmt.Errorf("cannot run %s: %w", exe, err))
}
