package main

import (
	"bufio"
	"debug/elf"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestMain keeps every test's fray serve a child of the test: exec would
// put fray-serve in the test binary's place.
func TestMain(m *testing.M) {
	runServe = runChild
	code := m.Run()
	if builtDir != "" {
		os.RemoveAll(builtDir)
	}
	os.Exit(code)
}

var (
	buildOnce sync.Once
	builtDir  string
	buildErr  error
)

// built builds fray and fray-serve as the README installs them
// (CGO_ENABLED=0 go install . ./cmd/fray-serve), once for all tests, and
// returns the folder that holds both.
func built(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		if builtDir, buildErr = os.MkdirTemp("", "fray-built-"); buildErr != nil {
			return
		}
		cmd := exec.Command("go", "build", "-o", builtDir+string(filepath.Separator), ".", "./cmd/fray-serve")
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return builtDir
}

// withServe puts the built fray-serve on the PATH, where fray serve run
// in-process (by the test binary, which has no fray-serve beside it)
// finds it.
func withServe(t *testing.T) {
	t.Helper()
	t.Setenv("PATH", built(t)+string(os.PathListSeparator)+os.Getenv("PATH"))
}

// lone copies the built fray into a folder of its own and returns its
// path: a fray with no fray-serve beside it.
func lone(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(built(t), "fray"))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "fray")
	if err := os.WriteFile(p, b, 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// frayExe runs an executable fray with args and env (added to FRAY_HOME's
// and the test's) and returns what it did.
func frayExe(t *testing.T, exe string, env []string, args ...string) result {
	t.Helper()
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), env...)
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	code := 0
	if err := cmd.Run(); err != nil {
		exit, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatalf("%s %v: %v", exe, args, err)
		}
		code = exit.ExitCode()
	}
	return result{code: code, stdout: out.String(), stderr: strings.ReplaceAll(errb.String(), "\n  ", " ")}
}

// fray serve is fray-serve given the same words: its messages, its exit
// status (0, 1 for a failure, 2 for a mistake in the command line).
func TestServeRunsFrayServe(t *testing.T) {
	withServe(t)
	path := brawlFile(t)
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
		{[]string{"serve", path, "--listen", "nonsense"}, 2, "--listen takes HOST:PORT"},
		{[]string{"--listen", busy, "serve", path}, 1, "cannot listen on " + busy},
		{[]string{"serve", filepath.Join(filepath.Dir(path), "none.toml")}, 1, "no such file"},
		// Mistakes fray finds itself, before it looks for fray-serve.
		{[]string{"serve", path, "--log"}, 2, "does not apply to fray serve"},
		{[]string{"serve"}, 2, "fray serve takes one FILE"},
	} {
		r := fray(t, "", c.args...)
		if r.code != c.code || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%v: %+v, want %d and %q", c.args, r, c.code, c.want)
		}
	}
	if r := fray(t, "", "serve", "--help"); r.code != 0 || !strings.Contains(r.stdout, "fray serve FILE [--listen ADDR]") {
		t.Errorf("serve --help: %+v", r)
	}
}

// The installed fray puts fray-serve in its own place: the same process,
// so ctrl+c stops the server and its exit status is fray's.
func TestServeExecsInPlace(t *testing.T) {
	dir := built(t)
	path := brawlFile(t)
	cmd := exec.Command(filepath.Join(dir, "fray"), "serve", path, "--listen", "127.0.0.1:0")
	cmd.Env = append(os.Environ(), "PATH=") // found beside fray, not on the PATH
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var errb strings.Builder
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	port := ""
	for port == "" {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatalf("fray serve ended before it listened: %s", errb.String())
			}
			if _, after, ok := strings.Cut(l, "players connect with: ssh -p "); ok {
				port, _, _ = strings.Cut(after, " ")
			}
		case <-time.After(20 * time.Second):
			t.Fatal("fray serve did not say where players connect")
		}
	}
	if runtime.GOOS == "linux" {
		exe, err := os.Readlink(fmt.Sprintf("/proc/%d/exe", cmd.Process.Pid))
		if err != nil || filepath.Base(exe) != serveExe {
			t.Errorf("fray's process runs %q (%v), not %s", exe, err, serveExe)
		}
	}
	conn, err := net.DialTimeout("tcp", "127.0.0.1:"+port, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	banner, _ := bufio.NewReader(conn).ReadString('\n')
	conn.Close()
	if !strings.HasPrefix(banner, "SSH-2.0-") {
		t.Errorf("port %s answers %q, not SSH", port, banner)
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, stdout)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("ctrl+c: %v, %s", err, errb.String())
		}
	case <-time.After(20 * time.Second):
		t.Fatal("ctrl+c did not stop fray serve")
	}
	// A mistake fray-serve finds has its status.
	if r := frayExe(t, filepath.Join(dir, "fray"), []string{"PATH="}, "serve", path, "--listen", "nonsense"); r.code != 2 ||
		!strings.Contains(r.stderr, "--listen takes HOST:PORT") {
		t.Errorf("serve --listen nonsense: %+v", r)
	}
}

// fray finds fray-serve beside the file its executable is (through a
// link to it) and else on the PATH; with neither, it says how to install
// it, fails and changes nothing.
func TestServeFindsFrayServe(t *testing.T) {
	dir := built(t)
	path := brawlFile(t)
	before := mustRead(t, path)
	link := filepath.Join(t.TempDir(), "fray")
	if err := os.Symlink(filepath.Join(dir, "fray"), link); err != nil {
		t.Fatal(err)
	}
	alone := lone(t)
	for _, c := range []struct {
		what, exe, path string
	}{
		{"through a link", link, ""},
		{"on the PATH", alone, dir},
	} {
		// fray-serve's own mistake shows it ran.
		if r := frayExe(t, c.exe, []string{"PATH=" + c.path}, "serve", path, "--listen", "nonsense"); r.code != 2 ||
			!strings.Contains(r.stderr, "--listen takes HOST:PORT") {
			t.Errorf("%s: %+v", c.what, r)
		}
	}
	want := "CGO_ENABLED=0 go install ./cmd/fray-serve"
	r := frayExe(t, alone, []string{"PATH=" + t.TempDir()}, "serve", path)
	if r.code != 1 || !strings.Contains(r.stderr, "fray serve runs fray-serve") || !strings.Contains(r.stderr, want) ||
		!strings.Contains(r.stderr, filepath.Dir(alone)) {
		t.Errorf("with no fray-serve: %+v", r)
	}
	t.Setenv("PATH", t.TempDir())
	if r := fray(t, "", "serve", path); r.code != 1 || !strings.Contains(r.stderr, want) {
		t.Errorf("in-process with no fray-serve: %+v", r)
	}
	if string(mustRead(t, path)) != string(before) {
		t.Error("fray serve changed the file")
	}
}

// fray, the tracker, links no SSH server, no network and no C library:
// they are fray-serve's (docs/performance.md: what is linked is
// resident). Read from the built executables' symbols, so anything that
// brings them back in fails here; fray-serve shows the check finds them.
func TestTrackerLinksNoServer(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads ELF executables")
	}
	dir := built(t)
	// A path ending in /... stands for every package under it. The
	// tracker needs no cryptography either: crypto/rand alone (once used
	// for temporary files' names) linked 224 KB of FIPS code and tables,
	// 0.2 MiB of it resident.
	server := []string{"net", "crypto/x509", "crypto/...", "fray/serve", "golang.org/x/crypto/...",
		"github.com/charmbracelet/ssh", "github.com/charmbracelet/wish/...", "github.com/charmbracelet/log/...",
		"github.com/charmbracelet/keygen"}
	for _, c := range []struct {
		exe    string
		linked bool
	}{{"fray", false}, {"fray-serve", true}} {
		f, err := elf.Open(filepath.Join(dir, c.exe))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		for _, p := range f.Progs {
			if p.Type == elf.PT_INTERP || p.Type == elf.PT_DYNAMIC {
				t.Errorf("%s is dynamically linked (%v): build it with CGO_ENABLED=0", c.exe, p.Type)
			}
		}
		pkgs, err := linkedPackages(f)
		if err != nil {
			t.Fatal(err)
		}
		if len(pkgs) < 50 || !pkgs["fray/saves"] {
			t.Fatalf("%s: %d packages read, without fray/saves", c.exe, len(pkgs))
		}
		for _, s := range append(server, "runtime/cgo") {
			if got := links(pkgs, s); got != (c.linked && s != "runtime/cgo") {
				t.Errorf("%s links %s: %v", c.exe, s, got)
			}
		}
	}
}

// links reports whether pkgs has pattern, a package's path, or with
// /... at its end any package under a path.
func links(pkgs map[string]bool, pattern string) bool {
	under, ok := strings.CutSuffix(pattern, "/...")
	if !ok {
		return pkgs[pattern]
	}
	for p := range pkgs {
		if p == under || strings.HasPrefix(p, under+"/") {
			return true
		}
	}
	return false
}

// linkedPackages are the packages with code in an executable, read from
// the names of its functions (fray/tui.(*Model).View is fray/tui's).
func linkedPackages(f *elf.File) (map[string]bool, error) {
	syms, err := f.Symbols()
	if err != nil {
		return nil, err
	}
	pkgs := map[string]bool{}
	for _, s := range syms {
		if elf.ST_TYPE(s.Info) != elf.STT_FUNC {
			continue
		}
		name, _, _ := strings.Cut(s.Name, "[") // generic: slices.Sort[…]
		name, _, _ = strings.Cut(name, "(")
		slash := strings.LastIndexByte(name, '/') + 1
		dot := strings.IndexByte(name[slash:], '.')
		if dot < 0 {
			continue
		}
		pkgs[name[:slash+dot]] = true
	}
	return pkgs, nil
}
