package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fray/rules"
)

// brawlFile writes the brawl demo, two turns in, to a file in a fresh
// FRAY_HOME and returns its path.
func brawlFile(t *testing.T) string {
	t.Helper()
	dir := home(t)
	path := filepath.Join(dir, "brawl.toml")
	if r := fray(t, "", "new", "--system", "arm5", path); r.code != 0 {
		t.Fatalf("new: %+v", r)
	}
	if r := fray(t, "add Paul side=turb\nadd Bruce side=ruffians\ndice 7 3\ninit all roll\nnext\nattack Paul Bruce\n",
		"run", path, "--script", "-"); r.code != 0 {
		t.Fatalf("run: %+v", r)
	}
	return path
}

func TestReportCommand(t *testing.T) {
	path := brawlFile(t)
	r := fray(t, "", "report", path)
	if r.code != 0 || !strings.Contains(r.stdout, "## Summary") || !strings.Contains(r.stdout, "- **turb**: Paul") {
		t.Fatalf("report: %+v", r)
	}
	out := filepath.Join(filepath.Dir(path), "brawl.html")
	if r := fray(t, "", "report", path, "--format", "html", "-o", out); r.code != 0 || !strings.Contains(r.stderr, out) {
		t.Fatalf("report -o: %+v", r)
	}
	if page := string(mustRead(t, out)); !strings.HasPrefix(page, "<!DOCTYPE html>") || !strings.Contains(page, "Paul") {
		t.Fatalf("the page: %.200s", page)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"report", path, "--format", "pdf"}, 2, `unknown report format "pdf"`},
		{[]string{"report", path, "-o", path}, 1, "not written over a .toml file"},
		{[]string{"report", filepath.Join(filepath.Dir(path), "none.toml")}, 1, "no such file"},
		{[]string{"report"}, 2, "takes one FILE"},
		{[]string{"report", path, "--listen", "x"}, 2, "does not apply to fray report"},
		{[]string{"watch", path, "--format", "md"}, 2, "does not apply to fray watch"},
	} {
		r := fray(t, "", c.args...)
		if r.code != c.code || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%v: %+v, want %d and %q", c.args, r, c.code, c.want)
		}
	}
	if before := mustRead(t, path); string(before) != string(mustRead(t, path)) {
		t.Fatal("report changed the file")
	}
}

func TestWatchCommand(t *testing.T) {
	path := brawlFile(t)
	var got string
	old := runWatch
	runWatch = func(p string, _ *rules.Registry) error { got = p; return nil }
	t.Cleanup(func() { runWatch = old })
	if r := fray(t, "", "watch", path); r.code != 0 || got != path {
		t.Fatalf("watch: %+v, watched %q", r, got)
	}
	broken := filepath.Join(filepath.Dir(path), "broken.toml")
	if err := os.WriteFile(broken, []byte("version = 1\nround = x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := fray(t, "", "watch", broken); r.code != 1 || !strings.Contains(r.stderr, "broken.toml:2") {
		t.Fatalf("watch of a broken file: %+v", r)
	}
}

// end, then undo, leaves the file byte for byte as it was.
func TestEndUndoKeepsBytes(t *testing.T) {
	path := brawlFile(t)
	before := mustRead(t, path)
	if r := fray(t, "end\nundo\n", "run", path, "--script", "-"); r.code != 0 {
		t.Fatalf("end and undo: %+v", r)
	}
	if after := mustRead(t, path); string(after) != string(before) {
		t.Fatalf("end then undo changed the file:\n%s\n---\n%s", before, after)
	}
}

// fray report of a fight nobody has open counts its clock only up to the
// last save, as the tracker does on reopening: the hour the file spent
// closed is no part of the fight.
func TestReportOfClosedFightStopsItsClock(t *testing.T) {
	path := brawlFile(t)
	data := string(mustRead(t, path))
	hourAgo := time.Now().Add(-time.Hour).UTC().Format(time.RFC3339Nano)
	data = strings.Replace(data, "\n[fight]\nround = ", "\n[fight]\nfight_time = \"1m5s\"\nturn_time = \"20s\"\ntimed_at = \""+hourAgo+"\"\nround = ", 1)
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	r := fray(t, "", "report", path)
	if r.code != 0 || !strings.Contains(r.stdout, "round 1, still going · 1:05\n") {
		t.Fatalf("report of a closed fight: %+v", r)
	}
}

// fray report -o NOTES.html with no --format writes the page the name
// asks for (Markdown only where the name says nothing of a format); an
// explicit --format still wins.
func TestReportFormatFromOutName(t *testing.T) {
	path := brawlFile(t)
	dir := filepath.Dir(path)
	for _, c := range []struct {
		args []string
		out  string
		html bool
	}{
		{nil, "notes.html", true},
		{nil, "notes.HTM", true},
		{nil, "notes.md", false},
		{nil, "notes.txt", false},
		{[]string{"--format", "md"}, "forced.html", false},
		{[]string{"--format", "html"}, "forced.md", true},
	} {
		out := filepath.Join(dir, c.out)
		args := append([]string{"report", path, "-o", out}, c.args...)
		if r := fray(t, "", args...); r.code != 0 {
			t.Fatalf("%v: %+v", args, r)
		}
		if got := strings.HasPrefix(string(mustRead(t, out)), "<!DOCTYPE html>"); got != c.html {
			t.Errorf("%v wrote HTML: %v, want %v", args, got, c.html)
		}
	}
}
