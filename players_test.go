package main

import (
	"context"
	"net"
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

func TestServeCommand(t *testing.T) {
	path := brawlFile(t)
	old := serveStop
	t.Cleanup(func() { serveStop = old })
	// Stopped at once, as if ctrl+c came as soon as it listened.
	serveStop = func() (context.Context, context.CancelFunc) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		return ctx, cancel
	}
	r := fray(t, "", "serve", path, "--listen", "127.0.0.1:0", "--password", "owlbear")
	if r.code != 0 || !strings.Contains(r.stdout, "players connect with: ssh -p ") || !strings.Contains(r.stdout, "they need the password") ||
		!strings.Contains(r.stdout, "only this computer can connect") {
		t.Fatalf("serve: %+v", r)
	}
	// The hint to open the server to the table keeps the port it listens
	// on: a GM who chose --listen 127.0.0.1:2237 is not sent to 2222.
	_, after, _ := strings.Cut(r.stdout, "ssh -p ")
	port, _, _ := strings.Cut(after, " ")
	if want := "--listen 0.0.0.0:" + port + " lets"; port == "" || !strings.Contains(r.stdout, want) {
		t.Errorf("serve on port %q: the hint does not say %q:\n%s", port, want, r.stdout)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(path), "ssh_host_ed25519")); err != nil {
		t.Errorf("no host key in the data folder: %v", err)
	}
	keys := filepath.Join(filepath.Dir(path), "keys")
	if err := os.WriteFile(keys, []byte("ssh-ed25519 not-a-key\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A well-formed address that cannot be had (a port in use) is a
	// failure; one that is not an address at all, a mistake in the
	// command line.
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	busy := taken.Addr().String()
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"serve", path, "--authorized-keys", keys}, 1, keys + ":1: not a public key"},
		{[]string{"serve", path, "--listen", "nowhere:-1"}, 2, "--listen takes HOST:PORT"},
		{[]string{"serve", path, "--listen", "nonsense"}, 2, "--listen takes HOST:PORT"},
		{[]string{"serve", path, "--listen", busy}, 1, "cannot listen on " + busy},
		{[]string{"serve", path, "--password", ""}, 2, "--password needs a password"},
	} {
		r := fray(t, "", c.args...)
		if r.code != c.code || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%v: %+v, want %d and %q", c.args, r, c.code, c.want)
		}
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

// Listening on every address, fray serve names this computer's addresses
// on the network in the command players type, rather than leaving the GM
// to find one behind THIS-COMPUTER; with none known it says THIS-COMPUTER.
func TestSSHHintNamesAddresses(t *testing.T) {
	any := &net.TCPAddr{IP: net.IPv4zero, Port: 2222}
	for _, c := range []struct {
		hosts []string
		want  string
	}{
		{[]string{"192.168.1.20"}, "ssh -p 2222 192.168.1.20"},
		{[]string{"192.168.1.20", "10.0.0.5"}, "ssh -p 2222 192.168.1.20 (or 10.0.0.5)"},
		{nil, "ssh -p 2222 THIS-COMPUTER"},
	} {
		if got := sshHint(any, c.hosts); got != c.want {
			t.Errorf("%v: %q, want %q", c.hosts, got, c.want)
		}
	}
	local := &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 22}
	if got := sshHint(local, []string{"192.168.1.20"}); got != "ssh 127.0.0.1" {
		t.Errorf("on 127.0.0.1:22: %q", got)
	}
	for _, h := range networkHosts() {
		if ip := net.ParseIP(h); ip == nil || ip.IsLoopback() || ip.IsLinkLocalUnicast() {
			t.Errorf("networkHosts gave %q", h)
		}
	}
}
