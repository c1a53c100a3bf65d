//go:build !unix

package main

import (
	"os"
	"os/signal"
)

// execServe runs fray-serve (exe) with the same command line, streams
// and environment, and returns its exit status: without exec, a child
// fray waits for. Ctrl+c reaches both; fray leaves it to the child.
func execServe(a *app, exe string, args []string) int {
	signal.Ignore(os.Interrupt)
	return runChild(a, exe, args)
}
