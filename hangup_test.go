//go:build linux

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"fray/internal/termtest"
	"fray/rules/systems"
	"fray/saves"
)

// A terminal that goes away (the window closed, the SSH link dropped)
// sends fray SIGHUP. fray then quits as q would: the last command is in
// the file, the journal is closed, and nothing says a fray stopped before
// saving everything.
func TestHangupQuitsCleanly(t *testing.T) {
	dir := home(t)
	path := filepath.Join(dir, "hup.toml")
	if r := fray(t, "add Ann\nadd Bob\n", "new", "--system", "arm5", path); r.code != 0 {
		t.Fatal(r.stderr)
	}
	if r := fray(t, "add Ann\nadd Bob\ninit all roll\n", "run", path, "--script", "-"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	master, slave, err := openPTY(24, 80)
	if err != nil {
		t.Skip("no pseudo-terminal here:", err)
	}
	defer master.Close()
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$")
	cmd.Env = append(os.Environ(), "FRAY_CRASH_CHILD="+path, "TERM=xterm-256color")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = slave, slave, slave
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	slave.Close()
	scr := termtest.Record(master, func(chunk []byte) {
		if bytes.Contains(chunk, []byte("\x1b]11;?")) {
			master.WriteString("\x1b]11;rgb:0000/0000/0000\x1b\\\x1b[1;1R")
		}
	})
	if _, _, ok := scr.WaitFor("saving to", 0, 10*time.Second); !ok {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("fray did not start:\n%q", scr.Tail(0, 3000))
	}
	at := scr.Mark()
	master.WriteString(":note zq1qz\r")
	if _, _, ok := scr.WaitFor("zq1qz", at, 5*time.Second); !ok {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("the note never showed:\n%q", scr.Tail(at, 3000))
	}
	cmd.Process.Signal(syscall.SIGHUP)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("fray ended with %v after SIGHUP", err)
		}
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		t.Fatal("fray did not quit on SIGHUP")
	}
	if saves.StaleJournal(path) {
		t.Error("the journal was left behind: fray show would say a fray stopped before saving everything")
	}
	e, _, err := saves.Load(path, systems.Default())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(commandLog(e), "note zq1qz") {
		t.Errorf("the file lacks the last command:\n%s", commandLog(e))
	}
}
