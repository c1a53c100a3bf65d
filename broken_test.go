package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fray/rules"
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
		sums, err := opt.Fights.List()
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range sums {
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
