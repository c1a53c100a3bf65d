package saves

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestLockTwiceInOneProcess(t *testing.T) {
	path := filepath.Join(t.TempDir(), "fight.toml")
	release, err := Lock(path)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(lockPath(path))
	if err != nil || strings.TrimSpace(string(data)) != strconv.Itoa(os.Getpid()) {
		t.Fatalf("lock file holds %q (%v)", data, err)
	}
	_, err = Lock(path)
	var le *LockedError
	if !errors.As(err, &le) || le.PID != os.Getpid() {
		t.Fatalf("second lock: %v", err)
	}
	want := path + " is open in another fray (pid " + strconv.Itoa(os.Getpid()) + "); close it there first"
	if err.Error() != want {
		t.Fatalf("got  %s\nwant %s", err, want)
	}
	if err := release(); err != nil {
		t.Fatal(err)
	}
	if err := release(); err != nil {
		t.Fatal("second release:", err)
	}
	if _, err := os.Stat(lockPath(path)); !os.IsNotExist(err) {
		t.Fatal("release left the lock file")
	}
	release, err = Lock(path)
	if err != nil {
		t.Fatal("lock after release:", err)
	}
	release()
}

// TestLockHelperProcess is not a test: the tests below run the test binary
// again as a second "fray" that takes the lock and waits.
func TestLockHelperProcess(t *testing.T) {
	path := os.Getenv("FRAY_LOCK_HELPER")
	if path == "" {
		t.Skip("helper process only")
	}
	release, err := Lock(path)
	if err != nil {
		os.Stdout.WriteString("error " + err.Error() + "\n")
		os.Exit(1)
	}
	os.Stdout.WriteString("locked\n")
	bufio.NewReader(os.Stdin).ReadString('\n') // until the parent says
	release()
	os.Exit(0)
}

func startHolder(t *testing.T, path string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestLockHelperProcess$")
	cmd.Env = append(os.Environ(), "FRAY_LOCK_HELPER="+path)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stdin.Close(); cmd.Process.Kill(); cmd.Wait() })
	line, _ := bufio.NewReader(stdout).ReadString('\n')
	if line != "locked\n" {
		t.Fatalf("helper said %q", line)
	}
	return cmd
}

// TestLockOtherProcess: a live fray's lock is refused with its pid; once
// it dies without releasing, its stale lock is taken over.
func TestLockOtherProcess(t *testing.T) {
	path := filepath.Join(t.TempDir(), "fight.toml")
	holder := startHolder(t, path)
	_, err := Lock(path)
	var le *LockedError
	if !errors.As(err, &le) || le.PID != holder.Process.Pid || le.File != path {
		t.Fatalf("got %v, want a lock by pid %d", err, holder.Process.Pid)
	}
	if err := holder.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	holder.Wait()
	if _, err := os.Stat(lockPath(path)); err != nil {
		t.Fatal("a killed holder should leave its lock file behind:", err)
	}
	release, err := Lock(path)
	if err != nil {
		t.Fatal("stale lock not taken over:", err)
	}
	defer release()
	data, _ := os.ReadFile(lockPath(path))
	if strings.TrimSpace(string(data)) != strconv.Itoa(os.Getpid()) {
		t.Fatalf("lock file holds %q after takeover", data)
	}
}

// TestLockStaleFile: a lock file naming a process that no longer exists,
// which nobody holds, is taken over.
func TestLockStaleFile(t *testing.T) {
	dead := exec.Command(os.Args[0], "-test.run=^$")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "fight.toml")
	if err := os.WriteFile(lockPath(path), []byte(strconv.Itoa(dead.Process.Pid)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	release, err := Lock(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := release(); err != nil {
		t.Fatal(err)
	}
}

// TestPIDCheck covers the rule used where flock is missing.
func TestPIDCheck(t *testing.T) {
	if !processAlive(os.Getpid()) {
		t.Fatal("this process is not alive?")
	}
	dead := exec.Command(os.Args[0], "-test.run=^$")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	if processAlive(dead.Process.Pid) {
		t.Fatalf("pid %d of a finished process reads as alive", dead.Process.Pid)
	}
	// A process that has ended but is not yet collected by its parent
	// (a zombie: a watcher whose terminal died, say) has ended too.
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc here")
	}
	zombie := exec.Command(os.Args[0], "-test.run=^$")
	if err := zombie.Start(); err != nil {
		t.Fatal(err)
	}
	defer zombie.Wait()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if stat, _ := os.ReadFile(fmt.Sprintf("/proc/%d/stat", zombie.Process.Pid)); bytes.Contains(stat, []byte(") Z")) {
			break // it has ended; its state says so
		}
	}
	if processAlive(zombie.Process.Pid) {
		t.Errorf("pid %d of an ended, uncollected process reads as alive", zombie.Process.Pid)
	}
}

// TestLockWithoutFlock: where flock is missing, a lock file naming a live
// process refuses and one naming a dead process is taken over.
func TestLockWithoutFlock(t *testing.T) {
	lockFile = func(*os.File) (bool, bool, error) { return false, false, nil }
	defer func() { lockFile = flock }()
	path := filepath.Join(t.TempDir(), "fight.toml")
	release, err := Lock(path)
	if err != nil {
		t.Fatal(err)
	}
	var le *LockedError
	if _, err := Lock(path); !errors.As(err, &le) || le.PID != os.Getpid() {
		t.Fatalf("second lock: %v", err)
	}
	if err := release(); err != nil {
		t.Fatal(err)
	}
	dead := exec.Command(os.Args[0], "-test.run=^$")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(lockPath(path), []byte(strconv.Itoa(dead.Process.Pid)), 0o644); err != nil {
		t.Fatal(err)
	}
	release, err = Lock(path)
	if err != nil {
		t.Fatal("stale lock not taken over:", err)
	}
	data, _ := os.ReadFile(lockPath(path))
	if strings.TrimSpace(string(data)) != strconv.Itoa(os.Getpid()) {
		t.Fatalf("lock file holds %q", data)
	}
	release()
}

func TestLockMissingFolder(t *testing.T) {
	_, err := Lock(filepath.Join(t.TempDir(), "no", "f.toml"))
	var le *LockedError
	if err == nil || errors.As(err, &le) {
		t.Fatalf("got %v", err)
	}
}
