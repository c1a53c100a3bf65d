//go:build !unix

package saves

import "os"

// processAlive reports whether a process exists. On Windows FindProcess
// opens the process and fails when there is none.
func processAlive(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	p.Release()
	return true
}
