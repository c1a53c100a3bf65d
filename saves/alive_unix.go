//go:build unix

package saves

import (
	"bytes"
	"errors"
	"os"
	"strconv"
	"syscall"
)

// processAlive reports whether a process exists (signal 0 checks without
// sending anything; EPERM means it exists but belongs to someone else)
// and has not ended: a zombie, which has ended but whose parent has not
// collected it yet, answers signal 0 too, so where /proc says so it
// counts as gone.
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	if err != nil && !errors.Is(err, syscall.EPERM) {
		return false
	}
	// /proc/PID/stat: "PID (NAME) STATE …"; the name may hold spaces and
	// parentheses, so the state is read after the last ')'.
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if i := bytes.LastIndexByte(stat, ')'); err == nil && i >= 0 && i+2 < len(stat) {
		if s := stat[i+2]; s == 'Z' || s == 'X' {
			return false
		}
	}
	return true
}
