//go:build linux

package main

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestOpeningAsksBackgroundFirst: a fight on disk is read while the screen
// starts (tui.RunOpening), and first drawn once the screen reads keys; the
// terminal must still be asked for its background colour (lipgloss reads
// the answer from the terminal) before that, never while the screen reads
// keys, or the two would take each other's input. Bubble Tea asks as the
// program starts (its package's init); this holds it so. A key typed then
// plays as usual.
func TestOpeningAsksBackgroundFirst(t *testing.T) {
	dir := home(t)
	path := filepath.Join(dir, "ask.toml")
	if r := fray(t, "add Ann\nadd Bob\ninit all roll\n", "new", "--system", "arm5", path); r.code != 0 {
		t.Fatal(r.stderr)
	}
	cmd, master, scr := startOnPTY(t, path, 24, 80)
	defer master.Close()
	out := scr.Tail(0, 1<<20)
	ask, alt := strings.Index(out, "\x1b]11;?"), strings.Index(out, "\x1b[?1049h")
	if ask < 0 || alt < 0 || ask > alt {
		t.Errorf("the background was asked at %d, the screen started at %d:\n%q", ask, alt, out[:min(len(out), 400)])
	}
	at := scr.Mark()
	master.WriteString(":note zq2qz\r")
	if _, _, ok := scr.WaitFor("zq2qz", at, 5*time.Second); !ok {
		t.Errorf("the note never showed:\n%q", scr.Tail(at, 3000))
	}
	master.WriteString("q")
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		t.Fatal("fray did not quit")
	}
}
