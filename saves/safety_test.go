package saves

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// These tests cover the files fray refuses or guards against: links,
// hard links, special files, control characters, modes and leftovers.

func skipOnWindows(t *testing.T) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("links, named pipes and umask work differently on Windows")
	}
}

// TestLockByAnyPath: a second lock on the same file is refused whatever
// path reaches it: a symbolic link (the failure of issue 12, item 1), a
// relative path, one through "..".
func TestLockByAnyPath(t *testing.T) {
	skipOnWindows(t)
	dir := t.TempDir()
	for _, d := range []string{"real", "other"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	real := filepath.Join(dir, "real", "e.toml")
	if err := Save(real, fight(t)); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "other", "link.toml")
	if err := os.Symlink("../real/e.toml", link); err != nil {
		t.Fatal(err)
	}
	release, err := Lock(real)
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	t.Chdir(filepath.Join(dir, "other"))
	for _, p := range []string{link, "link.toml", "../real/e.toml", filepath.Join(dir, "other", "..", "real", ".", "e.toml")} {
		_, err := Lock(p)
		var le *LockedError
		if !errors.As(err, &le) {
			t.Errorf("Lock(%q) = %v, want it refused as open", p, err)
		}
	}
}

// TestOpenHardLink: two hard links are one file until a save parts them;
// a second fray by the other name is refused.
func TestOpenHardLink(t *testing.T) {
	skipOnWindows(t)
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.toml"), filepath.Join(dir, "b.toml")
	if err := Save(a, fight(t)); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(a, b); err != nil {
		t.Skip("no hard links here:", err)
	}
	s, err := Open(a)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	_, err = Open(b)
	var le *LockedError
	if !errors.As(err, &le) || !le.OtherName || !strings.Contains(err.Error(), "hard link") {
		t.Fatalf("second fray by a hard link: %v", err)
	}
	// The new file a save writes is locked before it takes the name.
	tr, err := s.Load(testReg(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Save(tr.E, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(a); !errors.As(err, &le) {
		t.Fatalf("the saved file is not locked: %v", err)
	}
}

// TestReadOnlyRegularFiles: a named pipe or a device is refused at once
// (issue 12, item 3: `fray show` on a pipe hung, a link to /dev/zero read
// without end), and the size limit holds while reading.
func TestReadOnlyRegularFiles(t *testing.T) {
	skipOnWindows(t)
	dir := t.TempDir()
	fifo := filepath.Join(dir, "f.toml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	t.Cleanup(func() {
		// Let a reader stuck on the pipe go, should the check fail.
		if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
	})
	zero := filepath.Join(dir, "z.toml")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{fifo: "is a named pipe", zero: "is a device", dir: "is a folder"} {
		done := make(chan error, 1)
		go func() { _, _, err := Load(path, testReg(t)); done <- err }()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("Load(%s) = %v, want %q", filepath.Base(path), err, want)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("Load(%s) hangs", filepath.Base(path))
		}
		if _, err := Open(path); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Open(%s) = %v, want %q", filepath.Base(path), err, want)
		}
	}
	if data, err := ReadFile("/dev/zero", 1<<20, "a test"); err == nil || len(data) > 0 {
		t.Errorf("ReadFile(/dev/zero) = %d bytes, %v", len(data), err)
	}
	big := filepath.Join(dir, "big.toml")
	if err := os.WriteFile(big, make([]byte, 2048), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadFile(big, 1024, "a test"); err == nil || !strings.Contains(err.Error(), "too big") {
		t.Errorf("a file over the limit: %v", err)
	}
}

// TestDanglingLinkRefused: a link to nothing is refused, naming its
// target, and no file appears (issue 12, item 5: it was replaced by a
// world-writable file).
func TestDanglingLinkRefused(t *testing.T) {
	skipOnWindows(t)
	dir := t.TempDir()
	d := filepath.Join(dir, "d.toml")
	if err := os.Symlink("nowhere.toml", d); err != nil {
		t.Fatal(err)
	}
	for name, err := range map[string]error{
		"Save": Save(d, fight(t)),
		"Lock": func() error { _, err := Lock(d); return err }(),
		"Open": func() error { _, err := Open(d); return err }(),
	} {
		if err == nil || !strings.Contains(err.Error(), filepath.Join(dir, "nowhere.toml")) || !strings.Contains(err.Error(), "does not exist") {
			t.Errorf("%s: %v", name, err)
		}
	}
	if fi, err := os.Lstat(d); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Error("the link was replaced")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the folder holds %d files", len(entries))
	}
}

// TestNewFileModeFollowsUmask: a new file is 0644 less the umask; one
// that exists keeps its mode.
func TestNewFileModeFollowsUmask(t *testing.T) {
	skipOnWindows(t)
	old := syscall.Umask(0o027)
	defer syscall.Umask(old)
	path := filepath.Join(t.TempDir(), "f.toml")
	if err := Save(path, fight(t)); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o640 {
		t.Fatalf("new file mode %v, want 0640 under umask 027", fi.Mode().Perm())
	}
	if err := os.Chmod(path, 0o664); err != nil {
		t.Fatal(err)
	}
	if err := Save(path, fight(t)); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o664 {
		t.Fatalf("mode after a save %v, want 0664 kept", fi.Mode().Perm())
	}
}

// TestStaleTempsRemoved: temporary files of a save cut short are removed
// when the file is opened; other files are not.
func TestStaleTempsRemoved(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.toml")
	if err := Save(path, fight(t)); err != nil {
		t.Fatal(err)
	}
	stale := []string{".f.toml.tmp-0123456789abcdef", ".f.toml.tmp-42"}
	kept := []string{".f.toml.tmp-notes", ".g.toml.tmp-0123", "f.toml.tmp-0123"}
	for _, n := range append(stale, kept...) {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("half a save"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, n := range stale {
		if _, err := os.Stat(filepath.Join(dir, n)); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s is still there", n)
		}
	}
	for _, n := range kept {
		if _, err := os.Stat(filepath.Join(dir, n)); err != nil {
			t.Errorf("%s was removed", n)
		}
	}
	if _, err := s.Load(testReg(t)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(s.Note(), "removed 2 temporary file") {
		t.Errorf("note %q", s.Note())
	}
}

// TestLockFileNotFollowed: a lock file that is a link is not written
// through.
func TestLockFileNotFollowed(t *testing.T) {
	skipOnWindows(t)
	dir := t.TempDir()
	victim := filepath.Join(dir, "victim")
	if err := os.WriteFile(victim, []byte("precious"), 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "f.toml")
	if err := os.Symlink(victim, lockPath(path)); err != nil {
		t.Fatal(err)
	}
	if _, err := Lock(path); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Fatalf("got %v", err)
	}
	if data, _ := os.ReadFile(victim); string(data) != "precious" {
		t.Fatalf("the link's target was written: %q", data)
	}
}

// TestLoadRefusesControlCharacters: a file edited by hand with a control
// character in a person's text is refused at its line; the log is cleaned
// instead, so files with a tab in a logged command still load.
func TestLoadRefusesControlCharacters(t *testing.T) {
	for _, c := range []struct{ field, want string }{
		{`name = "Evil\u001b[2J"`, `name holds an escape (U+001B) (character 5)`},
		{`side = "a\tb"`, "side holds a tab"},
		{`note = "nul\u0000"`, "note holds control character U+0000"},
		{`note = "\u001b]0;pwned\u0007"`, "note holds an escape"},
		{`conditions = [{label = "x\u009b"}]`, "label holds control character U+009B"},
	} {
		src := "version = 1\nsystem = \"test\"\n[[combatant]]\nname = \"Paul\"\n[[combatant]]\n" + strings.Replace(c.field, "name = ", "name = ", 1) + "\n"
		if !strings.HasPrefix(c.field, "name") {
			src = strings.Replace(src, "[[combatant]]\n"+c.field, "[[combatant]]\nname = \"Bruce\"\n"+c.field, 1)
		}
		_, _, err := Decode("f.toml", []byte(src), testReg(t))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "f.toml:") {
			t.Errorf("%s: %v", c.field, err)
		}
	}
	src := "version = 1\nsystem = \"test\"\n[[log]]\nseq = 1\nround = 0\nkind = \"command\"\ntext = \"add\\tPaul \\u001b[2J\"\n"
	e := decode(t, []byte(src))
	if got := e.Log.At(0).Text; got != "add Paul \uFFFD[2J" {
		t.Errorf("log text %q", got)
	}
}
