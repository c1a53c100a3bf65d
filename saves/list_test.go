package saves

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// countOpens counts, until the test ends, how often each file is opened
// through open (openRead, openLockRead), by its base name.
func countOpens(t *testing.T, open *func(string) (*os.File, error)) map[string]int {
	t.Helper()
	var mu sync.Mutex
	opens := map[string]int{}
	was := *open
	*open = func(path string) (*os.File, error) {
		mu.Lock()
		opens[filepath.Base(path)]++
		mu.Unlock()
		return was(path)
	}
	t.Cleanup(func() { *open = was })
	return opens
}

// TestListReadsEachFileOnce: the library of fights sums up each file and
// checks that it would open from one reading of it, a sound file, one
// broken below its head and one that is not an encounter alike.
func TestListReadsEachFileOnce(t *testing.T) {
	dir := t.TempDir()
	e := bigFight(12, 20)
	good := encode(t, e)
	bad := strings.Replace(string(good), "might = 3", `might = "lots"`, 1)
	if bad == string(good) {
		t.Fatal("no might to break")
	}
	for name, text := range map[string]string{"good.toml": string(good), "bad.toml": bad, "junk.toml": "garbage\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	opens := countOpens(t, &openRead)
	sums, err := List(dir, testReg(t), "")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sums {
		if (s.Name == "good") != (s.Err == nil) {
			t.Errorf("%s: %v", s.Name, s.Err)
		}
		if n := opens[s.Name+".toml"]; n != 1 {
			t.Errorf("%s was opened %d times, want once", s.Name, n)
		}
	}
}

// TestListSaysWhoHoldsIt: the library says which fights another fray
// has open and which a fray that stopped left changes for (its journal
// holds commands the file lacks), reading each lock file once for both
// and the fight's file once in all, the journal's check included.
func TestListSaysWhoHoldsIt(t *testing.T) {
	dir := t.TempDir()
	if err := Save(filepath.Join(dir, "quiet.toml"), fight(t)); err != nil {
		t.Fatal(err)
	}
	held, tr := session(t, filepath.Join(dir, "held.toml"))
	defer held.Close()
	apply(t, held, tr, "next")
	crashed, tr := session(t, filepath.Join(dir, "crashed.toml"))
	apply(t, crashed, tr, "next")
	crashed.crash()
	if err := os.WriteFile(lockPath(crashed.Target()), []byte("999999999\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	opens, lockOpens := countOpens(t, &openRead), countOpens(t, &openLockRead)
	sums, err := List(dir, testReg(t), "")
	if err != nil {
		t.Fatal(err)
	}
	if len(sums) != 3 {
		t.Fatalf("%d fights listed", len(sums))
	}
	for _, s := range sums {
		wantHeld, wantUnsaved := 0, s.Name == "crashed"
		if s.Name == "held" {
			wantHeld = os.Getpid()
		}
		if s.Err != nil || s.HeldBy != wantHeld || s.Unsaved != wantUnsaved {
			t.Errorf("%s: held by %d, unsaved %v, %v; want held by %d, unsaved %v", s.Name, s.HeldBy, s.Unsaved, s.Err, wantHeld, wantUnsaved)
		}
		if n := opens[s.Name+".toml"]; n != 1 {
			t.Errorf("%s was opened %d times, want once", s.Name, n)
		}
		if n := lockOpens["."+s.Name+".toml.lock"]; n > 1 {
			t.Errorf("%s's lock file was opened %d times, want once at most", s.Name, n)
		}
	}
	// Asked apart, each answers as the list did.
	for _, name := range []string{"quiet", "held", "crashed"} {
		path := filepath.Join(dir, name+".toml")
		if Kept(path) != (name == "held") || StaleJournal(path) != (name == "crashed") {
			t.Errorf("%s: kept %v, stale journal %v", name, Kept(path), StaleJournal(path))
		}
	}
}

// fray show reads a fight and warns of a journal with changes it lacks
// from one reading of the file (LoadWithJournal), as StaleJournal would
// say of it.
func TestLoadWithJournalReadsOnce(t *testing.T) {
	dir := t.TempDir()
	crashed, tr := session(t, filepath.Join(dir, "crashed.toml"))
	apply(t, crashed, tr, "next")
	crashed.crash()
	if err := os.WriteFile(lockPath(crashed.Target()), []byte("999999999\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Save(filepath.Join(dir, "quiet.toml"), fight(t)); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"crashed", "quiet"} {
		path := filepath.Join(dir, name+".toml")
		opens := countOpens(t, &openRead)
		e, _, stale, err := LoadWithJournal(path, testReg(t))
		if n := opens[name+".toml"]; n != 1 {
			t.Errorf("%s was opened %d times, want once", name, n)
		}
		if err != nil || e == nil || stale != (name == "crashed") || stale != StaleJournal(path) {
			t.Errorf("%s: stale %v, %v", name, stale, err)
		}
	}
}

// The library lists the last saved first, read on as many cores as
// there are, and Files, which reads none, lists them so too.
func TestListLastSavedFirst(t *testing.T) {
	dir := t.TempDir()
	now := time.Now()
	names := []string{"b", "d", "a", "e", "c"}
	for i, name := range names {
		path := filepath.Join(dir, name+".toml")
		if err := Save(path, fight(t)); err != nil {
			t.Fatal(err)
		}
		at := now.Add(-time.Duration(i) * time.Hour)
		if err := os.Chtimes(path, at, at); err != nil {
			t.Fatal(err)
		}
	}
	files, err := Files(dir)
	if err != nil {
		t.Fatal(err)
	}
	sums, err := List(dir, testReg(t), filepath.Join(dir, "a.toml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, got := range [][]Summary{files, sums} {
		var order []string
		for _, s := range got {
			order = append(order, s.Name)
		}
		if strings.Join(order, " ") != strings.Join(names, " ") {
			t.Errorf("listed %v, want %v", order, names)
		}
	}
	for _, s := range sums {
		if s.Err != nil || s.System == "" || s.Saved.IsZero() {
			t.Errorf("%s: %q saved %v, %v", s.Name, s.System, s.Saved, s.Err)
		}
	}
}
