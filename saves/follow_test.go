package saves

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// follow starts Follow on path and returns its readings as they come.
func follow(t *testing.T, path string) <-chan Reading {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	ch := make(chan Reading, 16)
	done := make(chan struct{})
	go func() {
		defer close(done)
		Follow(ctx, path, testReg(t), func(r Reading) { ch <- r })
	}()
	t.Cleanup(func() { cancel(); <-done })
	return ch
}

func next(t *testing.T, ch <-chan Reading, within time.Duration) Reading {
	t.Helper()
	select {
	case r := <-ch:
		return r
	case <-time.After(within):
		t.Fatalf("no reading within %v", within)
	}
	return Reading{}
}

func TestFollow(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "fight.toml")
	e := fight(t)
	if err := Save(path, e); err != nil {
		t.Fatal(err)
	}
	release, err := Lock(path) // the game master's fray holds it
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	before, _ := os.ReadFile(path)
	ch := follow(t, path)
	r := next(t, ch, time.Second)
	if r.Err != nil || r.E.Title != e.Title || r.Sys.ID() != "test" {
		t.Fatalf("first reading: %+v", r)
	}
	// A save is seen well within the 200 ms players are promised; the
	// generous wait only guards against a loaded machine.
	e.Title = "Round two"
	if err := Save(path, e); err != nil {
		t.Fatal(err)
	}
	if r = next(t, ch, 2*time.Second); r.Err != nil || r.E.Title != "Round two" {
		t.Fatalf("after a save: %+v", r)
	}
	// A bad hand edit keeps the last good state and says what is wrong.
	if err := os.WriteFile(path, []byte(strings.Replace(string(before), "round = ", "round = x", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	r = next(t, ch, 2*time.Second)
	var se *Error
	if !errors.As(r.Err, &se) || se.Line == 0 || r.E == nil || r.E.Title != "Round two" {
		t.Fatalf("after a bad edit: %+v", r)
	}
	// Mended, it is read again; gone, the last good state stays.
	if err := Save(path, e); err != nil {
		t.Fatal(err)
	}
	if r = next(t, ch, 2*time.Second); r.Err != nil {
		t.Fatalf("after mending: %v", r.Err)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if r = next(t, ch, 2*time.Second); !errors.Is(r.Err, fs.ErrNotExist) || r.E == nil {
		t.Fatalf("after removal: %+v", r)
	}
	select {
	case r := <-ch:
		t.Fatalf("a missing file is reported once, then %+v", r)
	case <-time.After(5 * FollowEvery):
	}
	// Following never wrote or locked anything.
	if ents, _ := os.ReadDir(dir); len(ents) != 1 || ents[0].Name() != ".fight.toml.lock" {
		t.Fatalf("the folder holds %v", ents)
	}
}

func TestWatchers(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "fight.toml")
	if n := Watchers(path); n != 0 {
		t.Fatalf("nobody watches yet: %d", n)
	}
	a, err := Announce(path, 1)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Announce(filepath.Join(dir, "other.toml"), 5) // another fight
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if n := Watchers(path); n != 1 {
		t.Fatalf("one watcher: %d", n)
	}
	if err := a.Set(3); err != nil {
		t.Fatal(err)
	}
	if n := Watchers(path); n != 3 {
		t.Fatalf("three watchers: %d", n)
	}
	// A presence file nobody holds was left by a process that died.
	stale := presencePrefix(path) + "999999"
	if err := os.WriteFile(stale, []byte("999999 4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if n := Watchers(path); n != 3 {
		t.Fatalf("a stale file counted: %d", n)
	}
	if _, err := os.Stat(stale); !errors.Is(err, fs.ErrNotExist) {
		t.Fatal("the stale file stays")
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	if err := a.Close(); err != nil || a.Set(1) == nil {
		t.Fatal("a closed presence refuses Set and closes again quietly")
	}
	if n := Watchers(path); n != 0 {
		t.Fatalf("after close: %d", n)
	}
	if _, err := Announce(filepath.Join(dir, "missing", "x.toml"), 1); err == nil {
		t.Fatal("announced in a folder that does not exist")
	}
}

// Kept tells whether a fray has the file open: a lock held says yes, no
// lock or one a crash left (its process gone) says no. A reading follows
// the game master opening and closing the file, with no save between.
func TestFollowSaysWhetherTheFightIsKept(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "fight.toml")
	if err := Save(path, fight(t)); err != nil {
		t.Fatal(err)
	}
	if Kept(path) {
		t.Fatal("kept with no lock")
	}
	// A lock file a crash left behind: its process is gone.
	stale := lockPath(path)
	if err := os.WriteFile(stale, []byte("2147483646\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if Kept(path) {
		t.Fatal("kept by a dead process")
	}
	os.Remove(stale)
	ch := follow(t, path)
	if r := next(t, ch, 5*time.Second); r.Kept || r.E == nil {
		t.Fatalf("first reading: kept %v, %v", r.Kept, r.Err)
	}
	release, err := Lock(path)
	if err != nil {
		t.Fatal(err)
	}
	if !Kept(path) {
		t.Fatal("not kept while locked")
	}
	if r := next(t, ch, 5*time.Second); !r.Kept || r.E == nil {
		t.Fatalf("after the lock: kept %v, %v", r.Kept, r.Err)
	}
	if err := release(); err != nil {
		t.Fatal(err)
	}
	if r := next(t, ch, 5*time.Second); r.Kept || r.E == nil {
		t.Fatalf("after the release: kept %v, %v", r.Kept, r.Err)
	}
}
