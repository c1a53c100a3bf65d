package saves

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"fray/rules"
)

// needExchange skips a test of the spare where names cannot be swapped.
func needExchange(t *testing.T) {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("saves make a new file each time here")
	}
}

// saved applies commands and saves the tracker's snapshot, as the screen
// does after each.
func saved(t *testing.T, s *Session, tr *rules.Tracker, lines ...string) {
	t.Helper()
	for _, l := range lines {
		apply(t, s, tr, l)
		if err := s.Save(tr.Snapshot(), tr.Version()); err != nil {
			t.Fatal(err)
		}
	}
}

// spareSession opens a fight with its journal where names can be
// swapped, to be closed when the test ends.
func spareSession(t *testing.T) (*Session, *rules.Tracker, string) {
	t.Helper()
	needExchange(t)
	path := filepath.Join(t.TempDir(), "f.toml")
	s, tr := session(t, path)
	t.Cleanup(func() { s.Close() })
	return s, tr, path
}

func inode(t *testing.T, path string) os.FileInfo {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi
}

// TestSpareSaves: with a journal, each save writes over the spare and
// swaps the names, so the file's two copies take turns; the file always
// holds the save just made, and the spare goes when the session closes.
func TestSpareSaves(t *testing.T) {
	needExchange(t)
	path := filepath.Join(t.TempDir(), "f.toml")
	s, tr := session(t, path)
	var names []os.FileInfo
	for i, line := range []string{"next", "set Paul wounds=1", "next", "note Paul a much longer note than before, so the file grows", "note Paul short", "undo", "undo", "redo", "next"} {
		saved(t, s, tr, line)
		got, _ := os.ReadFile(path)
		if want := encode(t, tr.E); !bytes.Equal(got, want) {
			t.Fatalf("save %d: the file is not the encounter as saved:\n%s", i+1, got)
		}
		names = append(names, inode(t, path))
		if _, err := os.Stat(sparePath(s.Target())); err != nil {
			t.Fatalf("save %d: no spare: %v", i+1, err)
		}
	}
	if !os.SameFile(names[1], names[3]) || !os.SameFile(names[2], names[4]) || os.SameFile(names[3], names[4]) {
		t.Error("the saves did not take turns between two files")
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(sparePath(s.Target())); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the spare is still there after Close: %v", err)
	}
	back, _ := reopen(t, path)
	sameEncounter(t, tr.E, back.E)
}

// TestSpareNeedsTheFolderFlushed: a spare is written over only once the
// swap that made it the spare is on the disk; if the folder cannot be
// flushed, the save fails and the spare keeps the file as it was.
func TestSpareNeedsTheFolderFlushed(t *testing.T) {
	s, tr, path := spareSession(t)
	saved(t, s, tr, "next")
	spare, _ := os.ReadFile(sparePath(s.Target()))
	defer func(f func(string) error) { flushFolder = f }(flushFolder)
	flushFolder = func(string) error { return errors.New("the disk is gone") }
	apply(t, s, tr, "next")
	if err := s.Save(tr.Snapshot(), tr.Version()); err == nil || !strings.Contains(err.Error(), "the disk is gone") {
		t.Fatalf("saved with the folder not flushed: %v", err)
	}
	if now, _ := os.ReadFile(sparePath(s.Target())); !bytes.Equal(now, spare) {
		t.Error("the spare was written over before the swap that made it the spare was flushed")
	}
	flushFolder = syncDir
	if err := s.Save(tr.Snapshot(), tr.Version()); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, encode(t, tr.E)) {
		t.Error("the save after the folder could be flushed again is not in the file")
	}
}

// TestSpareKeepsHardLinks: a file with another name besides is never
// written over: that name keeps the contents it had, as when each save
// was a new file.
func TestSpareKeepsHardLinks(t *testing.T) {
	needExchange(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "f.toml")
	s, tr := session(t, path)
	before, _ := os.ReadFile(path)
	link := filepath.Join(dir, "copy.toml")
	// Linked after opening: the lock on the file keeps another fray off.
	if err := os.Link(path, link); err != nil {
		t.Skip("no hard links here:", err)
	}
	for _, line := range []string{"next", "next", "next"} {
		saved(t, s, tr, line)
		if got, _ := os.ReadFile(link); !bytes.Equal(got, before) {
			t.Fatal("a save wrote over the file's other name")
		}
		if got, _ := os.ReadFile(path); !bytes.Equal(got, encode(t, tr.E)) {
			t.Fatal("the file is not the encounter as saved")
		}
	}
	s.Close()
}

// TestSpareKeepsPermissions: a file made private while open stays so
// through saves, whichever copy holds the name.
func TestSpareKeepsPermissions(t *testing.T) {
	s, tr, path := spareSession(t)
	if err := os.Chmod(path, 0o600); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		saved(t, s, tr, "next")
		if m := inode(t, path).Mode().Perm(); m != 0o600 {
			t.Fatalf("save %d: mode %v, want 0600", i+1, m)
		}
	}
}

// TestSpareWithoutExchange: where the names cannot be swapped, the spare
// is renamed over the file as a new file was, and saves go on making new
// files; no spare is left.
func TestSpareWithoutExchange(t *testing.T) {
	defer func(f func(a, b string) error) { exchangeNames = f }(exchangeNames)
	exchangeNames = func(a, b string) error { return errors.Join(errNoExchange, errors.New("EINVAL")) }
	path := filepath.Join(t.TempDir(), "f.toml")
	s, tr := session(t, path)
	for range 3 {
		saved(t, s, tr, "next")
		if got, _ := os.ReadFile(path); !bytes.Equal(got, encode(t, tr.E)) {
			t.Fatal("the file is not the encounter as saved")
		}
		if _, err := os.Lstat(sparePath(s.Target())); !errors.Is(err, os.ErrNotExist) {
			t.Fatalf("a spare is there though names cannot be swapped: %v", err)
		}
	}
	s.Close()
}

// TestSpareFileDeleted: a file deleted while open is made again by the
// next save.
func TestSpareFileDeleted(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.toml")
	s, tr := session(t, path)
	defer s.Close()
	for _, line := range []string{"next", "next"} {
		apply(t, s, tr, line)
		os.Remove(path)
		if err := s.Save(tr.Snapshot(), tr.Version()); err != nil {
			t.Fatal(err)
		}
		if got, _ := os.ReadFile(path); !bytes.Equal(got, encode(t, tr.E)) {
			t.Fatal("the file is not the encounter as saved")
		}
	}
}

// TestSpareLeftByACrash: a spare a killed fray left is removed when the
// file is opened again, without a word (it never holds anything needed).
func TestSpareLeftByACrash(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.toml")
	s, tr := session(t, path)
	saved(t, s, tr, "next")
	s.crash()
	os.WriteFile(sparePath(s.Target()), []byte("half a fil"), 0o644)
	back, note := reopen(t, path)
	if _, err := os.Lstat(sparePath(s.Target())); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the spare is still there: %v", err)
	}
	if strings.Contains(note, "temporary") {
		t.Errorf("note %q speaks of the spare", note)
	}
	sameEncounter(t, tr.E, back.E)
}

// TestReadFileWrittenOver: a reader that opened the file before a save
// made it the spare, and reads it while the next save writes over it,
// is told it changed (steady), so ReadFile reads again.
func TestReadFileWrittenOver(t *testing.T) {
	s, tr, path := spareSession(t)
	saved(t, s, tr, "next")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fi, _ := f.Stat()
	if !steady(path, f, fi) {
		t.Fatal("an unchanged file is not steady")
	}
	for i := range 2 { // the first makes f the spare, the second writes over it
		saved(t, s, tr, "next")
		if steady(path, f, fi) {
			t.Fatalf("after save %d, the file read is still taken as steady", i+1)
		}
	}
	now, _ := f.Stat()
	if now.ModTime().Equal(fi.ModTime()) {
		t.Error("the spare was written over and kept its modification time")
	}
}

// TestReadFileWhileSaving: readers reading the file while saves go on
// back to back always read one whole save, never parts of two.
func TestReadFileWhileSaving(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.toml")
	s, tr := session(t, path)
	defer s.Close()
	// Two states of very different sizes, saved in turn.
	apply(t, s, tr, "note Paul "+strings.Repeat("long ", 20000))
	wantA := encode(t, tr.E)
	apply(t, s, tr, "note Paul short")
	wantB := encode(t, tr.E)
	snapB := tr.Snapshot()
	apply(t, s, tr, "undo")
	snapA := tr.Snapshot()
	if !bytes.Equal(encode(t, snapA), wantA) || bytes.Equal(wantA, wantB) {
		t.Fatal("the two states are not as set up")
	}
	if err := s.Save(snapB, tr.Version()); err != nil {
		t.Fatal(err)
	}
	var stop atomic.Bool
	var wg sync.WaitGroup
	var reads, torn atomic.Int64
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !stop.Load() {
				data, err := ReadFile(path, maxFileSize, "an encounter")
				if err != nil {
					continue // changed too often while read: said so, and nothing half read
				}
				reads.Add(1)
				if !bytes.Equal(data, wantA) && !bytes.Equal(data, wantB) {
					torn.Add(1)
				}
			}
		}()
	}
	for i := range 200 {
		snap := snapA
		if i%2 == 0 {
			snap = snapB
		}
		if err := s.Save(snap, tr.Version()); err != nil {
			t.Fatal(err)
		}
	}
	stop.Store(true)
	wg.Wait()
	if torn.Load() > 0 {
		t.Errorf("%d of %d readings were parts of two saves", torn.Load(), reads.Load())
	}
	if reads.Load() == 0 {
		t.Error("no reading succeeded")
	}
}

// TestSpareAfterAnEditInPlace: a copy written over in place by another
// program (an edit the GM chose to set aside) is not trusted to hold what
// fray wrote there: the next save over it writes it whole.
func TestSpareAfterAnEditInPlace(t *testing.T) {
	s, tr, path := spareSession(t)
	saved(t, s, tr, "next", "next", "next")
	data, _ := os.ReadFile(path)
	i := bytes.Index(data, []byte("joins the fight")) // in the log, which saves leave alone
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil || i < 0 {
		t.Fatal(err, i)
	}
	f.WriteAt([]byte("J"), int64(i)) // the same size
	f.Close()
	if name, err := s.SetAsideEdit(); err != nil || name == "" {
		t.Fatalf("SetAsideEdit = %q, %v", name, err)
	}
	for range 3 {
		saved(t, s, tr, "next")
		if got, _ := os.ReadFile(path); !bytes.Equal(got, encode(t, tr.E)) {
			t.Fatalf("the file is not the encounter as saved:\n%s", firstDiff(got, encode(t, tr.E)))
		}
	}
}
