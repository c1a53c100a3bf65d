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
	// The fight on disk is read while the screen starts (tui.RunOpening)
	// and first drawn once the screen reads keys; the terminal is asked
	// for its background colour (lipgloss reads the answer from the
	// terminal: Bubble Tea asks as the program starts) before the screen
	// starts, never while it reads keys, or the two would take each
	// other's input.
	out := scr.Tail(0, 1<<20)
	if ask, alt := strings.Index(out, "\x1b]11;?"), strings.Index(out, "\x1b[?1049h"); ask < 0 || alt < 0 || ask > alt {
		t.Errorf("the background was asked at %d, the screen started at %d:\n%q", ask, alt, out[:min(len(out), 400)])
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

// fray watch quits as q would when its terminal goes away or it is told
// to stop: its presence file goes with it, so the GM's screen counts one
// watcher fewer (and a watcher that died all the same counts as gone).
func TestWatchHangupRemovesPresence(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGHUP, syscall.SIGTERM, syscall.SIGKILL} {
		t.Run(sig.String(), func(t *testing.T) {
			dir := home(t)
			path := filepath.Join(dir, "crypt.toml")
			if r := fray(t, "", "new", "--system", "osr", path); r.code != 0 {
				t.Fatal(r.stderr)
			}
			cmd, master, scr := startOnPTYWith(t, []string{"watch", path}, "crypt", 24, 80)
			defer master.Close()
			deadline := time.Now().Add(5 * time.Second)
			for saves.Watchers(path) != 1 && time.Now().Before(deadline) {
				time.Sleep(20 * time.Millisecond) // the presence file is written as the view starts
			}
			if n := saves.Watchers(path); n != 1 {
				cmd.Process.Kill()
				cmd.Wait()
				t.Fatalf("watchers while fray watch runs: %d\n%q", n, scr.Tail(0, 2000))
			}
			cmd.Process.Signal(sig)
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				cmd.Process.Kill()
				t.Fatalf("fray watch did not stop on %v", sig)
			}
			left, _ := filepath.Glob(filepath.Join(dir, ".crypt.toml.watch-*"))
			if sig != syscall.SIGKILL && len(left) != 0 {
				t.Errorf("after %v the presence file is left: %v", sig, left)
			}
			if n := saves.Watchers(path); n != 0 {
				t.Errorf("after %v the GM's screen counts %d watchers", sig, n)
			}
		})
	}
}

// fray show --log on a terminal wraps each log entry at the terminal's
// width, its further lines indented under it.
func TestShowLogWrapsAtTheTerminal(t *testing.T) {
	dir := home(t)
	path := filepath.Join(dir, "brawl.toml")
	if r := fray(t, "", "new", "--system", "arm5", path); r.code != 0 {
		t.Fatal(r.stderr)
	}
	long := "note Paul " + strings.Repeat("the knight keeps his shield high ", 4) + "zqend"
	if r := fray(t, "add Paul\n"+long+"\n", "run", path, "--script", "-"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	cmd, master, scr := startOnPTYWith(t, []string{"show", "--log", path}, "zqend", 40, 50)
	defer master.Close()
	cmd.Wait()
	<-scr.Done()
	var logged []string
	in := false
	for _, l := range strings.Split(strings.ReplaceAll(scr.Tail(0, 1<<20), "\r", ""), "\n") {
		if strings.HasPrefix(l, "Log:") {
			in = true
		}
		if in && strings.TrimSpace(l) != "" {
			logged = append(logged, l)
		}
	}
	end := -1
	for i, l := range logged {
		if len([]rune(l)) > 50 {
			t.Errorf("a log line wider than the terminal's 50 columns: %q", l)
		}
		if strings.Contains(l, "zqend") {
			end = i
		}
	}
	if end < 2 || !strings.HasPrefix(logged[end], "    ") || !strings.HasPrefix(logged[end-1], "    ") {
		t.Errorf("the long note is not wrapped under its entry:\n%s", strings.Join(logged, "\n"))
	}
}
