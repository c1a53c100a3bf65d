package saves

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"fray/rules/systems"
	"fray/rules/systems/bigfight"
)

func TestSaveLoad(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "fight.toml")
	e := fight(t)
	if err := Save(path, e); err != nil {
		t.Fatal(err)
	}
	got, sys, err := Load(path, testReg(t))
	if err != nil {
		t.Fatal(err)
	}
	if sys.ID() != "test" {
		t.Fatal(sys.ID())
	}
	sameEncounter(t, e, got)
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS != "windows" && fi.Mode().Perm() != 0o644 {
		t.Fatalf("mode %v, want 0644", fi.Mode().Perm())
	}
	// Saving over it keeps a mode the user chose, and leaves no temp file.
	if err := os.Chmod(path, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := Save(path, got); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(path); runtime.GOOS != "windows" && fi.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v after re-save, want 0600", fi.Mode().Perm())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("folder holds %d files, want only the save", len(entries))
	}
}

func TestSaveThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real.toml")
	link := filepath.Join(dir, "link.toml")
	if err := os.WriteFile(real, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(real, link); err != nil {
		t.Skip("no symlinks here:", err)
	}
	if err := Save(link, fight(t)); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Fatal("the link was replaced by a file")
	}
	if data, _ := os.ReadFile(real); !bytes.HasPrefix(data, []byte(fileHeader)) {
		t.Fatal("the linked file was not written")
	}
}

// TestSaveFailureKeepsOriginal: when the folder cannot be written, Save
// fails and the file already there is untouched.
func TestSaveFailureKeepsOriginal(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("folder permissions work differently on Windows")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "fight.toml")
	if err := Save(path, fight(t)); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(path)
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(dir, 0o755)
	if f, err := os.CreateTemp(dir, "probe"); err == nil {
		f.Close()
		os.Remove(f.Name())
		t.Skip("this user can write to read-only folders (root?)")
	}
	err := Save(path, bigFight(10, 10))
	if err == nil || !strings.Contains(err.Error(), "cannot save "+path) {
		t.Fatalf("got %v", err)
	}
	after, _ := os.ReadFile(path)
	if !bytes.Equal(before, after) {
		t.Fatal("the original changed")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("folder holds %d files", len(entries))
	}
}

// TestSaveFailureOnRename: when the rename fails (the target is a
// folder), the temp file is cleaned up and the target untouched.
func TestSaveFailureOnRename(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "taken")
	if err := os.Mkdir(target, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(target, "keep"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Save(target, fight(t)); err == nil {
		t.Fatal("saved over a folder")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("left %d entries (temp file not removed?)", len(entries))
	}
}

func TestSaveMissingFolder(t *testing.T) {
	err := Save(filepath.Join(t.TempDir(), "no", "such", "f.toml"), fight(t))
	if err == nil {
		t.Fatal("no error")
	}
}

func TestLoadMissingFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "gone.toml")
	_, _, err := Load(path, testReg(t))
	var se *Error
	if !errors.As(err, &se) || !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("got %T %v", err, err)
	}
	if err.Error() != path+": no such file" {
		t.Fatal(err)
	}
}

// TestLoadNeverWrites: loading a good or a broken file leaves its bytes
// and modification time alone.
func TestLoadNeverWrites(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string][]byte{
		"good.toml": encode(t, fight(t)),
		"bad.toml":  []byte(brokenFiles[0].src),
		"hand.toml": []byte(base),
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		old := time.Now().Add(-time.Hour).Truncate(time.Second)
		if err := os.Chtimes(path, old, old); err != nil {
			t.Fatal(err)
		}
		_, _, err := Load(path, testReg(t))
		if (err != nil) != (name == "bad.toml") {
			t.Fatalf("%s: %v", name, err)
		}
		after, _ := os.ReadFile(path)
		fi, _ := os.Stat(path)
		if !bytes.Equal(after, data) || !fi.ModTime().Equal(old) {
			t.Fatalf("%s was changed by Load", name)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 3 {
		t.Fatalf("Load left %d files", len(entries))
	}
}

func TestDefaultDir(t *testing.T) {
	t.Setenv("FRAY_HOME", "/tmp/fray-home")
	if d, err := DefaultDir(); err != nil || d != "/tmp/fray-home" {
		t.Fatal(d, err)
	}
	t.Setenv("FRAY_HOME", "")
	t.Setenv("XDG_DATA_HOME", "/xdg/data")
	if d, err := DefaultDir(); err != nil || d != filepath.Join("/xdg/data", "fray") {
		t.Fatal(d, err)
	}
	if runtime.GOOS == "linux" {
		t.Setenv("XDG_DATA_HOME", "relative/ignored")
		t.Setenv("HOME", "/home/gm")
		if d, err := DefaultDir(); err != nil || d != "/home/gm/.local/share/fray" {
			t.Fatal(d, err)
		}
	}
	home := filepath.Join(t.TempDir(), "a", "b")
	t.Setenv("FRAY_HOME", home)
	d, err := EnsureDir()
	if err != nil || d != home {
		t.Fatal(d, err)
	}
	if fi, err := os.Stat(home); err != nil || !fi.IsDir() {
		t.Fatal("not created")
	}
}

// TestSamePath: two paths reaching one file through a link, or a relative
// and an absolute name, are one fight; two files are two; a file gone
// since it was listed still matches its own name.
func TestSamePath(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.toml")
	b := filepath.Join(dir, "b.toml")
	for _, p := range []string{a, b} {
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := filepath.Join(dir, "link.toml")
	if err := os.Symlink(a, link); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	gone := filepath.Join(dir, "gone.toml")
	for _, c := range []struct {
		x, y string
		want bool
	}{
		{a, a, true},
		{a, "a.toml", true},
		{link, a, true},
		{a, b, false},
		{link, b, false},
		{gone, "gone.toml", true},
		{gone, a, false},
	} {
		if got := SamePath(c.x, c.y); got != c.want {
			t.Errorf("SamePath(%q, %q) = %v, want %v", c.x, c.y, got, c.want)
		}
	}
}

// TestReadHalves: a big file is read in two halves at once, byte for
// byte as read in one go, whatever its size.
func TestReadHalves(t *testing.T) {
	defer func(n int64) { minHalves = n }(minHalves)
	minHalves = 1
	dir := t.TempDir()
	for _, size := range []int{0, 1, 2, 3, 511, 512, 513, 4096, 100_001} {
		want := make([]byte, size)
		for i := range want {
			want[i] = byte('a' + i%26)
		}
		path := filepath.Join(dir, fmt.Sprintf("f%d.toml", size))
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := ReadFile(path, maxFileSize, "an encounter")
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("%d bytes: read %d (%v)", size, len(got), err)
		}
	}
}

// TestReadApart: the tracker's session reads a big log into a buffer of
// its own, cut where logSpan cuts the file read whole, on one core and on
// two, whatever the tables' sizes; a file it cannot read so is read whole.
func TestReadApart(t *testing.T) {
	defer func(n int64, m int) { minHalves, minLogAside = n, m }(minHalves, minLogAside)
	minLogAside = 4 << 10
	reg := systems.Default()
	e, err := bigfight.Build(reg.All()[0], 60, 400, 1)
	if err != nil {
		t.Fatal(err)
	}
	file := string(encode(t, e))
	cut, end := logSpan(file)
	long := "[[log]]\nround = 1\ntext = \"" + strings.Repeat("x", 3*probeWindow) + "\"\n\n"
	texts := map[string]struct {
		src   string
		apart bool // whether it must be read apart (or may be, as any file logSpan cuts)
	}{
		"as written":          {file, true},
		"a long table first":  {file[:cut] + long + file[cut:], true},
		"a long table last":   {file[:end] + "\n" + long + file[end:], true},
		"long tables":         {file[:cut] + strings.Repeat(long, 9) + file[cut:], true},
		"the log last":        {file[:cut] + file[end:] + "\n" + file[cut:end], false}, // not in the head
		"the log alone":       {file[:cut] + file[cut:end], true},
		"a log table further": {file + "\n" + long, false},
		"no big log":          {file[:cut] + file[end:], false},
	}
	dir := t.TempDir()
	for name, c := range texts {
		for _, halves := range []int64{1, 1 << 40} {
			minHalves = halves
			path := filepath.Join(dir, "f.toml")
			if err := os.WriteFile(path, []byte(c.src), 0o644); err != nil {
				t.Fatal(err)
			}
			got, err := readFileText(path, maxFileSize, "an encounter", true)
			if err != nil || string(got.whole()) != c.src || got.size() != len(c.src) {
				t.Fatalf("%s: the file read apart is not the file (%v)", name, err)
			}
			if got.apart() != c.apart && (c.apart || splitLog(c.src).log == "") {
				t.Fatalf("%s: read apart %v, want %v", name, got.apart(), c.apart)
			}
			// The session decodes it as Decode does the whole file.
			we, _, werr := Decode("f.toml", []byte(c.src), reg)
			ge, _, _, pending, gerr := decodeApart("f.toml", got, reg, true)
			if pending != nil && !pending.wait() {
				t.Fatalf("%s: the log read apart does not check", name)
			}
			if (werr == nil) != (gerr == nil) || werr == nil && !bytes.Equal(encode(t, we), encode(t, ge)) {
				t.Fatalf("%s: read apart the file decodes otherwise (%v, whole %v)", name, gerr, werr)
			}
			if want := splitLog(c.src); got.apart() &&
				(string(got.around[:got.cut]) != want.head || string(got.log) != want.log || string(got.around[got.cut:]) != want.tail) {
				t.Fatalf("%s: read apart, the file is cut otherwise than logSpan cuts it", name)
			}
		}
	}
}
