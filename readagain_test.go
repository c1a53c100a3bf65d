package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fray/rules"
	"fray/rules/systems"
	"fray/rules/systems/bigfight"
	"fray/saves"
	"fray/tui"
)

// TestReadAgain: the tracker draws a big fight before its log is checked
// (saves.Session.CheckLogLater); when the log is not one the lean reader
// takes, the screen quits at once (as tui.Run does, returning the store's
// error) and fray opens the file again read whole: a log written
// unusually then opens, and a mistake in it is named as before, the
// screen not shown again. The file is unchanged either way, and a bare
// fray opens it next only if it opened.
func TestReadAgain(t *testing.T) {
	reg := systems.Default()
	sys, err := reg.Lookup("arm5")
	if err != nil {
		t.Fatal(err)
	}
	e, err := bigfight.Build(sys, 200, 2000, 3)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := saves.Encode(&b, e); err != nil {
		t.Fatal(err)
	}
	good := b.String()
	i := strings.Index(good, "\ntext = \"")
	j := i + 1 + strings.Index(good[i+1:], "\n")
	line := good[i+1 : j] // text = "…"
	unusual := good[:i+1] + `text = """` + line[len(`text = "`):len(line)-1] + `"""` + good[j:]
	broken := strings.Replace(good, "seq = 1500\n", "seq = 1500\nseq = 1501\n", 1)

	for _, c := range []struct {
		name, src string
		screens   []error // what each screen shown found (nil: the log read)
		code      int
		stderr    string
	}{
		{"as fray writes it", good, []error{nil}, 0, ""},
		{"written unusually", unusual, []error{saves.ErrReadAgain, nil}, 0, ""},
		{"a mistake", broken, []error{saves.ErrReadAgain}, 1, "already been defined"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := home(t)
			path := filepath.Join(dir, "big.toml")
			if err := os.WriteFile(path, []byte(c.src), 0o644); err != nil {
				t.Fatal(err)
			}
			var screens []error
			noTUI(t, func(tr *rules.Tracker, opt tui.Options) error {
				if tr.E.LogLen() != 2000 {
					t.Errorf("the screen got %d log entries", tr.E.LogLen())
				}
				// What tui.Run does once its first frame is drawn.
				var err error
				if lc, ok := opt.Store.(interface{ LogChecked() error }); ok {
					err = lc.LogChecked()
				}
				screens = append(screens, err)
				return err
			})
			r := fray(t, "", path)
			if r.code != c.code || !strings.Contains(r.stderr, c.stderr) || (c.stderr == "" && r.stderr != "") {
				t.Fatalf("code %d, stderr %q", r.code, r.stderr)
			}
			if len(screens) != len(c.screens) {
				t.Fatalf("screens %v, want %v", screens, c.screens)
			}
			for k := range screens {
				if screens[k] != c.screens[k] {
					t.Fatalf("screens %v, want %v", screens, c.screens)
				}
			}
			if got, err := os.ReadFile(path); err != nil || string(got) != c.src {
				t.Fatalf("the file changed (%v)", err)
			}
			// A bare fray opens the fight open last: only one that opened.
			last, err := saves.LastOpened(dir)
			if err != nil || (last == path) != (c.code == 0) {
				t.Fatalf("noted as open last: %q (%v)", last, err)
			}
		})
	}
}

// TestDemoBroken: a demo file that does not read (read while the screen
// starts, as any fight on disk) is reported as before, with the way to
// set it up again, and changed in nothing.
func TestDemoBroken(t *testing.T) {
	dir := home(t)
	noTUI(t, func(*rules.Tracker, tui.Options) error { return nil })
	if r := fray(t, "", "--demo", "brawl"); r.code != 0 {
		t.Fatalf("demo: code %d, %s", r.code, r.stderr)
	}
	path := filepath.Join(dir, "demo-brawl.toml")
	if err := os.WriteFile(path, []byte("version = 4\nsystem = \"arm5\"\nround = \"x\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	shown := false
	noTUI(t, func(*rules.Tracker, tui.Options) error { shown = true; return nil })
	r := fray(t, "", "--demo", "brawl")
	if r.code != 1 || shown || !strings.Contains(r.stderr, "demo-brawl.toml:3") || !strings.Contains(r.stderr, "fray --demo brawl --fresh") {
		t.Fatalf("code %d, shown %v, stderr %q", r.code, shown, r.stderr)
	}
	if got, _ := os.ReadFile(path); !strings.HasPrefix(string(got), "version = 4\nsystem") {
		t.Fatalf("the demo file changed:\n%s", got)
	}
}
