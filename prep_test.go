package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fray/rules"
	"fray/tui"
)

// A bare name lives in the data folder; a path goes where it says.
func TestBareNamesAndPaths(t *testing.T) {
	dir := home(t)
	if r := fray(t, "", "new", "--system", "osr", "--title", "The crypt", "crypt"); r.code != 0 || !strings.Contains(r.stdout, filepath.Join(dir, "crypt.toml")) {
		t.Fatalf("new crypt: %+v", r)
	}
	if r := fray(t, "add 2 goblin\n", "run", "crypt", "--script", "-"); r.code != 0 || !strings.Contains(r.stdout, "Goblin 2 joins the fight") {
		t.Fatalf("run crypt: %+v", r)
	}
	if r := fray(t, "", "show", "crypt"); r.code != 0 || !strings.Contains(r.stdout, "Goblin 1") {
		t.Fatalf("show crypt: %+v", r)
	}
	if r := fray(t, "", "crypt2"); r.code != 2 || !strings.Contains(r.stderr, `no encounter called "crypt2"`) {
		t.Errorf("a bare name that is not there: %+v", r)
	}
	if _, err := os.Stat(filepath.Join(dir, "crypt2.toml")); err == nil {
		t.Error("an unknown bare name created a file")
	}
	// The commands that read a fight answer a slip of its name as opening
	// does, with the name meant, rather than with the path of no file.
	withServe(t)
	for _, args := range [][]string{{"cryp"}, {"show", "cryp"}, {"report", "cryp"}, {"watch", "cryp"},
		{"serve", "cryp"}, {"run", "cryp", "--script", "-"}} {
		r := fray(t, "", args...)
		if r.code != 2 || !strings.Contains(r.stderr, `no encounter called "cryp"`) ||
			!strings.Contains(r.stderr, "did you mean crypt?") || !strings.Contains(r.stderr, "fray ls") {
			t.Errorf("%s of a slip of the name: %+v", args[0], r)
		}
	}
	// A path with a folder: where it says.
	other := t.TempDir()
	p := filepath.Join(other, "vault.toml")
	if r := fray(t, "", "new", p); r.code != 0 {
		t.Fatalf("new path: %+v", r)
	}
	if _, err := os.Stat(p); err != nil {
		t.Fatal(err)
	}
	r := fray(t, "", "ls")
	if r.code != 0 || !strings.Contains(r.stdout, "crypt") || !strings.Contains(r.stdout, "The crypt") ||
		!strings.Contains(r.stdout, "goblins 2/2") || strings.Contains(r.stdout, "vault") {
		t.Fatalf("ls: %+v", r)
	}
}

// fray new --party starts a fight with a party saved after another, harm
// and all, in the party's system.
func TestNewWithParty(t *testing.T) {
	home(t)
	fray(t, "", "new", "--system", "osr", "first")
	script := "add Odo side=party hp=6\nadd Wren side=party hp=11\ndamage Odo 4\nparty save Crew\n"
	if r := fray(t, script, "run", "first", "--script", "-"); r.code != 0 {
		t.Fatalf("run: %+v", r)
	}
	r := fray(t, "", "new", "--party", "crew", "second")
	// "a Old-school d20 encounter" wanted its an.
	if r.code != 0 || !strings.Contains(r.stdout, "an Old-school d20 encounter: the party Crew joins: Odo, Wren") {
		t.Fatalf("new --party: %+v", r)
	}
	if r := fray(t, "", "show", "second"); !strings.Contains(r.stdout, "Odo (party)") || !strings.Contains(r.stdout, "HP 2/6") {
		t.Errorf("show second:\n%s", r.stdout)
	}
	if r := fray(t, "", "new", "--party", "nobody", "third"); r.code != 1 || !strings.Contains(r.stderr, `no party called "nobody"`) {
		t.Errorf("unknown party: %+v", r)
	}
	if r := fray(t, "", "new", "--system", "arm5", "--party", "crew", "fourth"); r.code != 1 || !strings.Contains(r.stderr, "plays osr") {
		t.Errorf("party of another system: %+v", r)
	}
}

// A bare fray opens the demo the first time, then the file open last.
func TestBareFrayReopensLast(t *testing.T) {
	home(t)
	var opened []string
	noTUI(t, func(_ *rules.Tracker, o tui.Options) error {
		opened = append(opened, filepath.Base(o.Path))
		return nil
	})
	fray(t, "", "new", "crypt")
	for _, args := range [][]string{{}, {"crypt"}, {}, {"--demo", "goblins"}, {}} {
		if r := fray(t, "", args...); r.code != 0 {
			t.Fatalf("%v: %+v", args, r)
		}
	}
	want := "demo-brawl.toml crypt.toml crypt.toml demo-goblins.toml demo-goblins.toml"
	if got := strings.Join(opened, " "); got != want {
		t.Errorf("opened %s, want %s", got, want)
	}
}

// A bare fray whose last fight is gone says so on the tracker's status
// line, where the game master looks, and not only on the terminal the
// screen covers at once.
func TestBareFraySaysLastIsGone(t *testing.T) {
	dir := home(t)
	var notes []string
	noTUI(t, func(_ *rules.Tracker, o tui.Options) error {
		notes = append(notes, filepath.Base(o.Path)+": "+o.Note)
		return nil
	})
	fray(t, "", "new", "crypt")
	fray(t, "", "crypt")
	if err := os.Remove(filepath.Join(dir, "crypt.toml")); err != nil {
		t.Fatal(err)
	}
	if r := fray(t, ""); r.code != 0 {
		t.Fatalf("bare fray: %+v", r)
	}
	if got := notes[len(notes)-1]; !strings.HasPrefix(got, "demo-brawl.toml: ") || !strings.Contains(got, "crypt.toml, open last time, is gone") {
		t.Errorf("the demo opened with the note %q", got)
	}
}

// A fight picked on the fights screen (L) that will not load sends the GM
// back with the reason on the status line: the terminal where fray printed
// it is under the tracker's screen.
func TestFightThatWillNotOpenSaysWhy(t *testing.T) {
	dir := home(t)
	fray(t, "", "new", "crypt")
	broken := filepath.Join(dir, "broken.toml")
	if err := os.WriteFile(broken, []byte("version = 1\nsystem = \"osr\"\nround = \"one\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var notes []string
	noTUI(t, func(_ *rules.Tracker, o tui.Options) error {
		notes = append(notes, filepath.Base(o.Path)+": "+o.Note)
		if len(notes) == 1 {
			o.Fights.Open(broken)
		}
		return nil
	})
	if r := fray(t, "", "crypt"); r.code != 0 {
		t.Fatalf("fray crypt: %+v", r)
	}
	want := "broken.toml:3: round must be a whole number"
	if len(notes) != 2 || !strings.HasPrefix(notes[1], "crypt.toml: ") || !strings.Contains(notes[1], want) ||
		strings.Contains(notes[1], "message above") {
		t.Errorf("notes %q\nwant the second on crypt.toml, saying %q", notes, want)
	}
}

// A state file broken by hand (or copied from another computer) does not
// stop a bare fray: the demo opens, and its status line says why.
func TestBareFraySaysStateIsBroken(t *testing.T) {
	dir := home(t)
	if err := os.WriteFile(filepath.Join(dir, ".state.toml"), []byte("last = /home/kim/crypt.toml\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var notes []string
	noTUI(t, func(_ *rules.Tracker, o tui.Options) error {
		notes = append(notes, filepath.Base(o.Path)+": "+o.Note)
		return nil
	})
	if r := fray(t, ""); r.code != 0 {
		t.Fatalf("bare fray: %+v", r)
	}
	if len(notes) != 1 || !strings.HasPrefix(notes[0], "demo-brawl.toml: ") || !strings.Contains(notes[0], ".state.toml:1") {
		t.Errorf("notes %q", notes)
	}
}

// What opening a file says of it (made anew; --system passed over for the
// system the file plays) stands on the tracker's status line, not on the
// terminal its screen covers.
func TestOpeningSaysWhatItDidOnTheStatusLine(t *testing.T) {
	dir := home(t)
	var notes []string
	noTUI(t, func(_ *rules.Tracker, o tui.Options) error {
		notes = append(notes, o.Note)
		return nil
	})
	path := filepath.Join(dir, "fresh.toml")
	fray(t, "", path, "--system", "osr")
	fray(t, "", path, "--system", "sst")
	if len(notes) != 2 || !strings.Contains(notes[0], "did not exist; created an empty Old-school d20 encounter there") ||
		!strings.Contains(notes[1], "--system sst ignored: "+path+" holds an Old-school d20 encounter") {
		t.Errorf("notes %q", notes)
	}
}

// A template file of the GM's own with a name the starter set has: the
// first file read keeps it, and templates says the other was left out,
// not that a file that was read could not be.
func TestTemplatesSayWhatWasLeftOut(t *testing.T) {
	dir := home(t)
	if r := fray(t, "", "new", "--system", "osr", "crypt"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	if r := fray(t, "templates\n", "run", "crypt", "--script", "-"); r.code != 0 { // writes the starter set
		t.Fatal(r.stderr)
	}
	own := "version = 1\nsystem = \"osr\"\n\n[[template]]\nname = \"Goblin\"\nside = \"goblins\"\n[template.sheet]\nhp = 4\n"
	if err := os.WriteFile(filepath.Join(dir, "templates", "osr", "bestiary.toml"), []byte(own), 0o644); err != nil {
		t.Fatal(err)
	}
	r := fray(t, "templates gob\n", "run", "crypt", "--script", "-")
	if r.code != 0 || strings.Contains(r.stdout, "could not read") ||
		!strings.Contains(r.stdout, "left out: ") || !strings.Contains(r.stdout, `template "Goblin" is also in`) {
		t.Errorf("templates with a name twice: %+v", r)
	}
}
