package saves

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fray/model"
	"fray/rules"
	"fray/rules/systems"
)

// crash ends a session the way a killed fray does: its files are closed
// by the kernel, nothing is removed.
func (s *Session) crash() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.j != nil {
		s.j.f.Close()
		s.j = nil
	}
	if s.held != nil {
		s.held.Close()
		s.held = nil
	}
	if s.sp.f != nil {
		s.sp.f.Close() // the spare stays, as after a kill
		s.sp.f = nil
	}
	// The lock file stays, unheld, as after a kill.
	s.lock.f.Close()
	s.lock = nil
}

// session opens path, creating it from the fight if missing, and starts
// its journal.
func session(t *testing.T, path string) (*Session, *rules.Tracker) {
	t.Helper()
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if !s.Exists() {
		if err := s.Create(fight(t)); err != nil {
			t.Fatal(err)
		}
	}
	tr, err := s.Load(testReg(t))
	if err != nil {
		t.Fatal(err)
	}
	// Begun on a snapshot, as the screen begins it: the encoder then
	// keeps only parts that never change.
	if err := s.StartJournal(tr.Snapshot()); err != nil {
		t.Fatal(err)
	}
	return s, tr
}

// created opens path, creates the fight there and loads it, with no
// journal yet.
func created(t *testing.T, path string) (*Session, *rules.Tracker) {
	t.Helper()
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Create(fight(t)); err != nil {
		t.Fatal(err)
	}
	tr, err := s.Load(testReg(t))
	if err != nil {
		t.Fatal(err)
	}
	return s, tr
}

// apply runs commands as the screen does: each is recorded before it
// counts as done.
func apply(t *testing.T, s *Session, tr *rules.Tracker, lines ...string) {
	t.Helper()
	for _, l := range lines {
		_, a, err := tr.ApplyRecorded(l)
		if err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		if err := s.Record(a, tr.Version()); err != nil {
			t.Fatal(err)
		}
	}
}

// reopen opens path after a crash and returns the recovered tracker and
// the note.
func reopen(t *testing.T, path string) (*rules.Tracker, string) {
	t.Helper()
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	tr, err := s.Load(testReg(t))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(journalPath(s.Target())); !errors.Is(err, fs.ErrNotExist) {
		t.Error("the journal is still there after recovery")
	}
	return tr, s.Note()
}

// TestJournalBringsBackCommands: commands recorded but never saved to the
// file come back when the file is opened after a crash, undo, redo and
// typed dice included.
func TestJournalBringsBackCommands(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.toml")
	s, tr := session(t, path)
	apply(t, s, tr, "next", "set Paul might=9")
	if err := s.Save(tr.Snapshot(), tr.Version()); err != nil {
		t.Fatal(err)
	}
	apply(t, s, tr, "note Paul saved-then-more", "undo", "undo", "redo", "roll 3d6 late")
	tr.SetPhysical(true)
	if _, err := tr.Apply("roll 2d10 typed"); err == nil {
		t.Fatal("physical roll without faces")
	}
	tr.Supply(7)
	tr.Supply(2)
	apply(t, s, tr, "roll 2d10 typed")
	want := encode(t, tr.E)
	s.crash()

	got, note := reopen(t, path)
	if !bytes.Equal(encode(t, got.E), want) {
		t.Fatalf("recovered:\n%s\nwant:\n%s", encode(t, got.E), want)
	}
	if !strings.Contains(note, "brought back 6 changes") {
		t.Errorf("note %q", note)
	}
	if data, _ := os.ReadFile(path); !bytes.Equal(data, want) {
		t.Error("the recovered encounter was not saved")
	}
}

// TestJournalKeepsTheClock: with the fight's clock running, the commands
// replay at the times they ran, so the recovered clock is the one shown.
func TestJournalKeepsTheClock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.toml")
	s, tr := created(t, path)
	now := time.Date(2025, 3, 1, 20, 0, 0, 123456789, time.Local)
	tr.SetClock(func() time.Time { now = now.Add(1234567 * time.Microsecond); return now })
	if err := s.StartJournal(tr.E); err != nil {
		t.Fatal(err)
	}
	apply(t, s, tr, "next", "next", "undo", "next", "end")
	want := encode(t, tr.E)
	if !bytes.Contains(want, []byte("fight_time")) {
		t.Fatalf("the clock did not run:\n%s", want)
	}
	s.crash()
	got, _ := reopen(t, path)
	if !bytes.Equal(encode(t, got.E), want) {
		t.Fatalf("recovered:\n%s\nwant:\n%s", encode(t, got.E), want)
	}
}

// TestJournalNothingLost: a journal left by a fray that died after its
// last save changes nothing and says nothing.
func TestJournalNothingLost(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.toml")
	s, tr := session(t, path)
	apply(t, s, tr, "next")
	if err := s.Save(tr.Snapshot(), tr.Version()); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(path)
	s.crash()
	_, note := reopen(t, path)
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) || note != "" {
		t.Fatalf("note %q; file changed: %v", note, !bytes.Equal(before, after))
	}
}

// TestJournalCutShort: a record cut short by the crash, or damaged, ends
// the replay; everything before it comes back.
func TestJournalCutShort(t *testing.T) {
	for name, tail := range map[string]string{
		"half a line": `c 00000000 {"v":3,"l":"ne`,
		"damaged":     "c 12345678 {\"v\":3,\"l\":\"next\"}\nc 00000000 {}\n",
		"garbage":     "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00",
	} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "f.toml")
			s, tr := session(t, path)
			apply(t, s, tr, "next", "note Paul kept")
			want := encode(t, tr.E)
			s.crash()
			f, err := os.OpenFile(journalPath(s.Target()), os.O_WRONLY|os.O_APPEND, 0)
			if err != nil {
				t.Fatal(err)
			}
			f.WriteString(tail)
			f.Close()
			got, note := reopen(t, path)
			if !bytes.Equal(encode(t, got.E), want) || !strings.Contains(note, "2 changes") {
				t.Fatalf("note %q, recovered:\n%s", note, encode(t, got.E))
			}
		})
	}
}

// TestJournalFileChangedSince: if the file was edited after the crash, it
// is left alone and the fight as fray had it is saved beside it.
func TestJournalFileChangedSince(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.toml")
	s, tr := session(t, path)
	apply(t, s, tr, "next", "note Paul lost?")
	want := encode(t, tr.E)
	s.crash()
	edited := bytes.Replace(encode(t, fight(t)), []byte(`title = ""`), []byte(`title = "edited by hand"`), 1)
	if err := os.WriteFile(path, edited, 0o644); err != nil {
		t.Fatal(err)
	}
	got, note := reopen(t, path)
	if got.E.Title != "edited by hand" {
		t.Error("the edited file was not kept")
	}
	aside, err := os.ReadFile(filepath.Join(dir, "f.recovered.toml"))
	if err != nil || !bytes.Equal(aside, want) {
		t.Fatalf("recovered file: %v\n%s", err, aside)
	}
	if !strings.Contains(note, "f.recovered.toml") {
		t.Errorf("note %q", note)
	}
}

// TestJournalCleanClose: a session that ends with the file up to date
// leaves no journal; one that ends with changes unsaved keeps it.
func TestJournalCleanClose(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.toml")
	s, tr := session(t, path)
	apply(t, s, tr, "next")
	if err := s.Save(tr.Snapshot(), tr.Version()); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(journalPath(s.Target())); !errors.Is(err, fs.ErrNotExist) {
		t.Fatal("a clean close left the journal")
	}
	s, tr = session(t, path)
	apply(t, s, tr, "next")
	if s.Unsaved() != 1 {
		t.Fatalf("unsaved %d", s.Unsaved())
	}
	want := encode(t, tr.E)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	got, _ := reopen(t, path)
	if !bytes.Equal(encode(t, got.E), want) {
		t.Fatal("the unsaved change did not come back")
	}
}

// TestJournalUnreplayable: a command that no longer replays (say the
// rules changed between versions) stops the replay; it and the rest are
// listed in a file for the GM.
func TestJournalUnreplayable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.toml")
	s, tr := session(t, path)
	apply(t, s, tr, "next")
	round := tr.E.Round
	if err := s.Record(rules.Applied{Line: "frobnicate Paul"}, 2); err != nil {
		t.Fatal(err)
	}
	if err := s.Record(rules.Applied{Line: "next"}, 3); err != nil {
		t.Fatal(err)
	}
	s.crash()
	got, note := reopen(t, path)
	if got.E.Round != round || !strings.Contains(note, "2 commands could not be replayed") {
		t.Fatalf("round %d, note %q", got.E.Round, note)
	}
	if data, _ := os.ReadFile(filepath.Join(filepath.Dir(path), "f.unreplayed.txt")); string(data) != "frobnicate Paul\nnext\n" {
		t.Fatalf("listed %q", data)
	}
}

// TestJournalBaseCutShort: a journal whose base never got written whole
// (the crash came while opening) is dropped.
func TestJournalBaseCutShort(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.toml")
	s, _ := session(t, path)
	s.crash()
	jp := journalPath(s.Target())
	data, _ := os.ReadFile(jp)
	if err := os.WriteFile(jp, data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	if _, note := reopen(t, path); note != "" {
		t.Errorf("note %q", note)
	}
}

// TestStaleJournal: a journal tells a reader that the file lacks changes
// only once its fray is gone.
func TestStaleJournal(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.toml")
	s, tr := session(t, path)
	apply(t, s, tr, "next")
	if StaleJournal(path) {
		t.Fatal("the journal of a running fray counts as stale")
	}
	s.crash()
	if err := os.WriteFile(lockPath(s.Target()), []byte("999999999\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if !StaleJournal(path) {
		t.Fatal("the journal of a dead fray does not count as stale")
	}
	reopen(t, path)
	if StaleJournal(path) {
		t.Fatal("a recovered file still has a stale journal")
	}
}

// TestStaleJournalUpToDate: a fray killed after its last save left its
// journal, but the file lacks nothing, so a reader (fray show) must not
// say it does: opening it brings nothing back and says nothing. A file
// that lacks the last command, or was changed since, still counts.
func TestStaleJournalUpToDate(t *testing.T) {
	dead := func(s *Session) {
		s.crash()
		if err := os.WriteFile(lockPath(s.Target()), []byte("999999999\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(t.TempDir(), "f.toml")
	s, tr := session(t, path)
	apply(t, s, tr, "next", "set Paul might=9")
	if err := s.Save(tr.Snapshot(), tr.Version()); err != nil {
		t.Fatal(err)
	}
	dead(s)
	if StaleJournal(path) {
		t.Error("a file saved up to its last command counts as lacking changes")
	}
	if _, note := reopen(t, path); note != "" {
		t.Errorf("reopening said %q", note)
	}

	s, tr = session(t, path)
	apply(t, s, tr, "next")
	if err := s.Save(tr.Snapshot(), tr.Version()); err != nil {
		t.Fatal(err)
	}
	apply(t, s, tr, "note Paul unsaved")
	dead(s)
	if !StaleJournal(path) {
		t.Error("a file without its last command does not count as lacking it")
	}
	reopen(t, path)

	s, tr = session(t, path)
	apply(t, s, tr, "next")
	if err := s.Save(tr.Snapshot(), tr.Version()); err != nil {
		t.Fatal(err)
	}
	dead(s)
	data, _ := os.ReadFile(path)
	if err := os.WriteFile(path, bytes.Replace(data, []byte("Paul"), []byte("Pavel"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	if !StaleJournal(path) {
		t.Error("a file edited after the crash does not count: opening it sets fray's fight aside")
	}
}

// BenchmarkRecord measures what the journal costs a command on the
// event loop: one line written (the flush runs off the event loop), the
// same at any size of fight.
func BenchmarkRecord(b *testing.B) {
	s, err := Open(filepath.Join(b.TempDir(), "f.toml"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	e := bigFight(1000, 10000)
	if err := s.Create(e); err != nil {
		b.Fatal(err)
	}
	if err := s.StartJournal(e); err != nil {
		b.Fatal(err)
	}
	a := rules.Applied{Line: `attack "Soldier 12" "Soldier 400" exert mod=+2`, Physical: true, Faces: []int{7, 3}, At: time.Now().Round(0)}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if err := s.Record(a, i+1); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSync measures the flush that follows, off the event loop.
func BenchmarkSync(b *testing.B) {
	s, err := Open(filepath.Join(b.TempDir(), "f.toml"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	e := bigFight(10, 10)
	if err := s.Create(e); err != nil {
		b.Fatal(err)
	}
	if err := s.StartJournal(e); err != nil {
		b.Fatal(err)
	}
	a := rules.Applied{Line: "next"}
	for i := 0; b.Loop(); i++ {
		if err := s.Record(a, i+1); err != nil {
			b.Fatal(err)
		}
		if err := s.Sync(); err != nil {
			b.Fatal(err)
		}
	}
}

// TestJournalReplaysTemplates: copies added from the data folder's
// templates come back after a crash, the library given to the session.
func TestJournalReplaysTemplates(t *testing.T) {
	dir := t.TempDir()
	reg := systems.Default()
	lib := NewLibrary(dir, reg)
	path := filepath.Join(dir, "crypt.toml")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Create(model.New("osr", 7)); err != nil {
		t.Fatal(err)
	}
	tr, err := s.Load(reg)
	if err != nil {
		t.Fatal(err)
	}
	tr.SetLibrary(lib)
	if err := s.StartJournal(tr.E); err != nil {
		t.Fatal(err)
	}
	apply(t, s, tr, "add 3 goblin", "next")
	want := encode(t, tr.E)
	s.crash()

	s, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	s.SetLibrary(lib)
	got, err := s.Load(reg)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(encode(t, got.E), want) {
		t.Fatalf("recovered (%s):\n%s\nwant:\n%s", s.Note(), encode(t, got.E), want)
	}
	if _, err := os.Stat(filepath.Join(dir, "crypt.unreplayed.txt")); err == nil {
		t.Error("commands left unreplayed")
	}
}

// TestBegunJournalHoldsEarlyCommands: a journal begun in the background
// (BeginJournal) still gets every command, even one recorded before its
// base is written, and a crash brings them back.
func TestBegunJournalHoldsEarlyCommands(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.toml")
	s, tr := created(t, path)
	if err := s.BeginJournal(tr.Snapshot()); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(journalPath(s.Target())); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("the journal was written before anything launched it: %v", err)
	}
	apply(t, s, tr, "next", "set Paul might=9") // launches it and waits for its base
	if err := s.Sync(); err != nil {
		t.Fatal(err)
	}
	want := encode(t, tr.E)
	s.crash()
	got, note := reopen(t, path)
	if !bytes.Equal(encode(t, got.E), want) {
		t.Fatalf("recovered:\n%s\nwant:\n%s", encode(t, got.E), want)
	}
	if !strings.Contains(note, "brought back 2 changes") {
		t.Errorf("note %q", note)
	}
}

// TestLaunchedJournal: LaunchJournal writes the base of a begun journal
// with no command asking for it.
func TestLaunchedJournal(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.toml")
	s, tr := created(t, path)
	defer s.Close()
	if err := s.BeginJournal(tr.Snapshot()); err != nil {
		t.Fatal(err)
	}
	s.LaunchJournal()
	s.LaunchJournal() // once is enough
	if err := s.started(); err != nil {
		t.Fatal(err)
	}
	if _, err := readJournal(journalPath(s.Target())); err != nil {
		t.Fatal(err)
	}
}

// TestBegunJournalNeverNeeded: a session closed before anything launched
// its journal writes none.
func TestBegunJournalNeverNeeded(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.toml")
	s, tr := created(t, path)
	if err := s.BeginJournal(tr.Snapshot()); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(journalPath(s.Target())); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("a journal was written: %v", err)
	}
}

// TestBegunJournalThatFails: a journal that cannot start in the background
// says so to the next Record, and saves go on without it.
func TestBegunJournalThatFails(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.toml")
	s, tr := created(t, path)
	defer s.Close()
	if err := os.Mkdir(journalPath(s.Target()), 0o755); err != nil { // in the journal's way
		t.Fatal(err)
	}
	if err := s.BeginJournal(tr.Snapshot()); err != nil {
		t.Fatal(err)
	}
	_, a, err := tr.ApplyRecorded("next")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Record(a, tr.Version()); err == nil || !strings.Contains(err.Error(), "cannot start the journal") {
		t.Fatalf("Record: %v", err)
	}
	if err := s.Save(tr.Snapshot(), tr.Version()); err != nil {
		t.Fatalf("a save without the journal: %v", err)
	}
}
