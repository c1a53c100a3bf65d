package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fray/rules"
	"fray/saves"
	"fray/tui"
)

// TestListMarksBrokenFiles: fray ls and the fights screen read each file
// in full, so a file whose head is sound but which will not open (a bad
// number further down) is marked with its line and reason, not listed
// as fine; the fight open now is not read again.
func TestListMarksBrokenFiles(t *testing.T) {
	dir := home(t)
	good := filepath.Join(dir, "good.toml")
	if r := fray(t, "", "new", "--system", "osr", good); r.code != 0 {
		t.Fatal(r.stderr)
	}
	if r := fray(t, "add Ogre hp=9\n", "run", good, "--script", "-"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	data := string(mustRead(t, good))
	if !strings.Contains(data, "hp = 9") {
		t.Fatal("no hp line to break")
	}
	bad := strings.Replace(data, "hp = 9", `hp = "lots"`, 1)
	if err := os.WriteFile(filepath.Join(dir, "bad.toml"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	line := 1 + strings.Count(bad[:strings.Index(bad, `hp = "lots"`)], "\n")
	r := fray(t, "", "ls")
	var badRow, goodRow string
	for _, l := range strings.Split(r.stdout, "\n") {
		switch {
		case strings.HasPrefix(l, "bad "):
			badRow = l
		case strings.HasPrefix(l, "good "):
			goodRow = l
		}
	}
	want := fmt.Sprintf("won't open: line %d: Ogre: hp must be a whole number, not \"lots\"", line)
	if !strings.Contains(badRow, want) || !strings.Contains(badRow, "osr") {
		t.Errorf("ls lists the broken file as %q, want it marked %q", badRow, want)
	}
	if strings.Contains(goodRow, "won't open") || !strings.Contains(goodRow, "1/1") {
		t.Errorf("ls lists the sound file as %q", goodRow)
	}
	// The fights screen's list: the same marks.
	noTUI(t, func(tr *rules.Tracker, opt tui.Options) error {
		files, err := opt.Fights.Files()
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			s := opt.Fights.Summarize(f.Path)
			if got := s.Problem(); (s.Name == "bad") != (got != "") {
				t.Errorf("the fights screen marks %s %q", s.Name, got)
			}
		}
		return nil
	})
	if r := fray(t, "", good); r.code != 0 {
		t.Fatal(r.stderr)
	}
}

// X keeps an earlier report: the next one takes NAME-report-2.md, and the
// screen is told the path written.
func TestReportKeepsTheEarlierOne(t *testing.T) {
	dir := home(t)
	path := filepath.Join(dir, "crypt.toml")
	if r := fray(t, "", "new", "--system", "osr", path); r.code != 0 {
		t.Fatal(r.stderr)
	}
	earlier := filepath.Join(dir, "crypt-report.md")
	if err := os.WriteFile(earlier, []byte("last week's report\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var wrote []string
	noTUI(t, func(tr *rules.Tracker, opt tui.Options) error {
		for range 2 {
			p, err := opt.Report(tr.Snapshot())
			if err != nil {
				t.Fatal(err)
			}
			wrote = append(wrote, p)
		}
		return nil
	})
	if r := fray(t, "", path); r.code != 0 {
		t.Fatal(r.stderr)
	}
	want := []string{filepath.Join(dir, "crypt-report-2.md"), filepath.Join(dir, "crypt-report-3.md")}
	if fmt.Sprint(wrote) != fmt.Sprint(want) {
		t.Errorf("X wrote %v, want %v", wrote, want)
	}
	if got := string(mustRead(t, earlier)); got != "last week's report\n" {
		t.Errorf("the earlier report now holds %q", got)
	}
	if !strings.Contains(string(mustRead(t, want[0])), "Old-school d20") {
		t.Errorf("%s is not the fight's report", want[0])
	}
}

// A file with no system line (empty, a stray file, not TOML at all) is
// listed with the reason opening it gives, not a reason of ls's own.
func TestListSaysWhyAsOpeningDoes(t *testing.T) {
	dir := home(t)
	cases := []struct{ name, text, why string }{
		{"empty", "", "won't open: no format version"},
		{"junk", "garbage\n", "won't open: line 1: not valid TOML"},
		{"bare", "version = 4\n", `won't open: no rule system: add a line such as system = "arm5"`},
	}
	for _, c := range cases {
		if err := os.WriteFile(filepath.Join(dir, c.name+".toml"), []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := fray(t, "", "ls")
	for _, c := range cases {
		opened := fray(t, "", "show", c.name)
		reason := strings.TrimPrefix(c.why, "won't open: ")
		if _, rest, _ := strings.Cut(reason, "line 1: "); rest != "" {
			reason = rest
		}
		if !strings.Contains(strings.Join(strings.Fields(opened.stderr), " "), reason) {
			t.Fatalf("%s: opening says %q, not %q", c.name, opened.stderr, reason)
		}
		var row string
		for _, l := range strings.Split(r.stdout, "\n") {
			if strings.HasPrefix(l, c.name+" ") {
				row = l
			}
		}
		if !strings.Contains(row, c.why) {
			t.Errorf("%s: ls says %q, want %q", c.name, row, c.why)
		}
	}
}

// On a terminal, fray ls wraps its last column under itself: why a file
// will not open is often longer than the line.
func TestLibraryTableWraps(t *testing.T) {
	now := time.Date(2026, 11, 24, 20, 0, 0, 0, time.UTC)
	sums := []saves.Summary{
		{Name: "crypt", System: "osr", Saved: now, Title: "The crypt"},
		{Name: "bad", System: "osr", Saved: now, Path: "/d/bad.toml",
			Err: &saves.Error{File: "/d/bad.toml", Line: 5, Msg: "not valid TOML: expected a top-level item to end with a newline, comment, or EOF, but got 'o' instead"}},
	}
	out := libraryTable(sums, now, 60)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	col := strings.Index(lines[0], "TITLE")
	if len(lines) < 4 || !strings.Contains(lines[2], "won't open: line 5:") {
		t.Fatalf("the table:\n%s", out)
	}
	for _, l := range lines[3:] {
		if len([]rune(l)) > 60 || strings.TrimSpace(l[:col]) != "" {
			t.Errorf("a wrapped line not under its column, or past 60: %q\n%s", l, out)
		}
	}
	if got := libraryTable(sums, now, 0); strings.Count(got, "\n") != 3 {
		t.Errorf("with no terminal, one line each:\n%s", got)
	}
}

// TestOpenFailsBackToTheFight: a fight the fights screen asks for that
// will not open sends the GM back to the fight before, the note saying
// why once: a load error names its FILE:LINE itself, so the note does not
// name the file again; a file locked by another fray names itself too.
func TestOpenFailsBackToTheFight(t *testing.T) {
	dir := home(t)
	good := filepath.Join(dir, "good.toml")
	if r := fray(t, "", "new", "--system", "osr", good); r.code != 0 {
		t.Fatal(r.stderr)
	}
	bad := filepath.Join(dir, "bad.toml")
	if err := os.WriteFile(bad, []byte("system = \"osr\"\nround = \"x\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var notes []string
	noTUI(t, func(tr *rules.Tracker, opt tui.Options) error {
		notes = append(notes, opt.Note)
		if len(notes) == 1 {
			opt.Fights.Open(bad)
		}
		return nil
	})
	if r := fray(t, "", good); r.code != 0 {
		t.Fatal(r.stderr)
	}
	if len(notes) != 2 {
		t.Fatalf("the tracker ran %d times, want twice (the fight, then back to it): %q", len(notes), notes)
	}
	back := notes[1]
	if !strings.HasPrefix(back, bad+":") || !strings.Contains(back, "; back to this fight") || strings.Contains(back, "could not open") {
		t.Errorf("back at the fight, the note says %q; want the load error (FILE:LINE first) and back to this fight", back)
	}
}

// fray ls says which fight another fray has open (its lock file names a
// live process), and which one a fray that stopped left changes for.
func TestListSaysWhoHoldsAFight(t *testing.T) {
	dir := home(t)
	for _, name := range []string{"crypt", "vault"} {
		if r := fray(t, "", "new", "--system", "osr", "--title", "The "+name, name); r.code != 0 {
			t.Fatal(r.stderr)
		}
	}
	release, err := saves.Lock(filepath.Join(dir, "crypt.toml"))
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	r := fray(t, "", "ls")
	want := fmt.Sprintf("open in another fray (process %d) · The crypt", os.Getpid())
	if !strings.Contains(r.stdout, want) || strings.Contains(r.stdout, "open in another fray (process 0)") {
		t.Errorf("ls does not say crypt is held (%q):\n%s", want, r.stdout)
	}
	for _, l := range strings.Split(r.stdout, "\n") {
		if strings.HasPrefix(l, "vault ") && strings.Contains(l, "open in") {
			t.Errorf("vault is said to be held: %q", l)
		}
	}
}
