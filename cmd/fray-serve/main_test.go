package main

import (
	"bytes"
	"context"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fray/rules"
	"fray/rules/systems"
	"fray/saves"
)

// result is what one in-process run of fray-serve produced.
type result struct {
	code           int
	stdout, stderr string
}

// frayServe runs fray-serve in-process; its long messages are joined
// again where they wrapped, for tests that look for a phrase.
func frayServe(args ...string) result {
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return result{code: code, stdout: out.String(), stderr: strings.ReplaceAll(errb.String(), "\n  ", " ")}
}

// brawlFile saves the brawl demo, one turn in, in a fresh FRAY_HOME and
// returns its path.
func brawlFile(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("FRAY_HOME", dir)
	sys, err := systems.Default().Lookup("arm5")
	if err != nil {
		t.Fatal(err)
	}
	e, err := rules.BuildDemo(sys, "brawl", 42)
	if err != nil {
		t.Fatal(err)
	}
	tr := rules.NewTracker(e, sys)
	if _, err := tr.Apply("next"); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "brawl.toml")
	if err := saves.Save(path, tr.Snapshot()); err != nil {
		t.Fatal(err)
	}
	return path
}

// stopAtOnce stops the server as soon as it listens, as if ctrl+c came
// then.
func stopAtOnce(t *testing.T) {
	old := serveStop
	t.Cleanup(func() { serveStop = old })
	serveStop = func() (context.Context, context.CancelFunc) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		return ctx, cancel
	}
}

func TestServeCommand(t *testing.T) {
	path := brawlFile(t)
	stopAtOnce(t)
	// fray passes its whole command line on, the word serve first;
	// fray-serve run on its own takes it without.
	for _, args := range [][]string{
		{"serve", path, "--listen", "127.0.0.1:0", "--password", "owlbear"},
		{path, "--listen", "127.0.0.1:0", "--password", "owlbear"},
		{"--password", "owlbear", "serve", "--listen", "127.0.0.1:0", "--", path},
	} {
		r := frayServe(args...)
		if r.code != 0 || !strings.Contains(r.stdout, "players connect with: ssh -p ") || !strings.Contains(r.stdout, "they need the password") ||
			!strings.Contains(r.stdout, "only this computer can connect") {
			t.Fatalf("%v: %+v", args, r)
		}
		// The hint to open the server to the table keeps the port it
		// listens on: a GM who chose --listen 127.0.0.1:2237 is not sent
		// to 2222.
		_, after, _ := strings.Cut(r.stdout, "ssh -p ")
		port, _, _ := strings.Cut(after, " ")
		if want := "--listen 0.0.0.0:" + port + " lets"; port == "" || !strings.Contains(r.stdout, want) {
			t.Errorf("serve on port %q: the hint does not say %q:\n%s", port, want, r.stdout)
		}
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
	broken := filepath.Join(filepath.Dir(path), "broken.toml")
	if err := os.WriteFile(broken, []byte("version = 1\nround = x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
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
		{[]string{"serve", broken}, 1, "broken.toml:2"},
		{[]string{"serve", "brawk"}, 2, `no encounter called "brawk"`},
		{[]string{"serve"}, 2, "fray serve takes one FILE"},
		{[]string{path, "--log"}, 2, "flag --log does not apply to fray serve"},
		{[]string{"show", path}, 2, "fray serve takes one FILE"},
	} {
		r := frayServe(c.args...)
		if r.code != c.code || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%v: %+v, want %d and %q", c.args, r, c.code, c.want)
		}
	}
	if r := frayServe("--help"); r.code != 0 || !strings.Contains(r.stdout, "fray serve FILE [--listen ADDR]") {
		t.Errorf("--help: %+v", r)
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
