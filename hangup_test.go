//go:build linux

package main

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

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
	cmd, master, scr := startOnPTY(t, path, 24, 80)
	defer master.Close()
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
