package saves

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fray/model"
	"fray/rules"
)

// editInPlace changes the file as an editor writing in place does: the
// same file, new bytes, a later time.
func editInPlace(t *testing.T, path, old, new string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), old) {
		t.Fatalf("%s lacks %q", path, old)
	}
	if err := os.WriteFile(path, []byte(strings.Replace(string(data), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(2 * time.Second) // a coarse clock still sees a change
	if err := os.Chtimes(path, later, later); err != nil {
		t.Fatal(err)
	}
}

// editByRename changes the file as most editors and sed -i do: a new file
// renamed over the name, of the same size.
func editByRename(t *testing.T, path, old, new string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	tmp := path + ".swp"
	if err := os.WriteFile(tmp, []byte(strings.Replace(string(data), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
}

// editedWhileOpen opens a session on path, saves a command, has the file
// edited as edit does (Paul's might 4 becomes 8), applies another command
// and checks that its save is refused.
func editedWhileOpen(t *testing.T, path string, edit func(*testing.T, string, string, string)) (*Session, *rules.Tracker) {
	t.Helper()
	s, tr := session(t, path)
	apply(t, s, tr, "set Paul might=4")
	if err := s.Save(tr.Snapshot(), tr.Version()); err != nil {
		t.Fatal(err)
	}
	edit(t, path, "\nmight = 4\n", "\nmight = 8\n") // the sheet's line, not the log's
	apply(t, s, tr, "set Goblin might=2")
	err := s.Save(tr.Snapshot(), tr.Version())
	var ce *ChangedError
	if !errors.As(err, &ce) {
		t.Fatalf("saving over an edit: %v, want a ChangedError", err)
	}
	if want := path + " was changed outside fray"; !strings.HasPrefix(err.Error(), want) {
		t.Errorf("message %q, want it to begin %q", err, want)
	}
	return s, tr
}

// TestSaveRefusesAnEditMadeWhileOpen: a file changed by another program
// while the session has it open is not saved over, whichever way the
// editor wrote it; the journal still has every command.
func TestSaveRefusesAnEditMadeWhileOpen(t *testing.T) {
	for name, edit := range map[string]func(*testing.T, string, string, string){"in place": editInPlace, "by rename": editByRename} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "f.toml")
			s, _ := editedWhileOpen(t, path, edit)
			defer s.Close()
			if data, _ := os.ReadFile(path); !strings.Contains(string(data), "might = 8") {
				t.Error("the edit was overwritten")
			}
			if s.Unsaved() != 1 {
				t.Errorf("Unsaved = %d, want 1: the refused save counts as not done", s.Unsaved())
			}
		})
	}
}

// TestNoEditNothingSetAside: with the file as fray wrote it, there is no
// edit to keep aside.
func TestNoEditNothingSetAside(t *testing.T) {
	s, _ := session(t, filepath.Join(t.TempDir(), "f.toml"))
	defer s.Close()
	if name, err := s.SetAsideEdit(); name != "" || err != nil {
		t.Fatalf("SetAsideEdit with no edit = %q, %v; want nothing done", name, err)
	}
}

// TestSaveAfterAnUnchangedRewrite: an editor that writes the file again
// with fray's very bytes (:w with no change) changed nothing.
func TestSaveAfterAnUnchangedRewrite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.toml")
	s, tr := session(t, path)
	defer s.Close()
	apply(t, s, tr, "set Paul might=4")
	if err := s.Save(tr.Snapshot(), tr.Version()); err != nil {
		t.Fatal(err)
	}
	editByRename(t, path, "might = 4", "might = 4")
	apply(t, s, tr, "set Goblin might=2")
	if err := s.Save(tr.Snapshot(), tr.Version()); err != nil {
		t.Fatalf("saving after a rewrite with the same bytes: %v", err)
	}
}

// TestKeepFraysOverAnEdit: SetAsideEdit keeps the edited file aside and
// lets the next save write fray's fight.
func TestKeepFraysOverAnEdit(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.toml")
	s, tr := editedWhileOpen(t, path, editInPlace)
	defer s.Close()
	name, err := s.SetAsideEdit()
	if err != nil || name != "f.edited.toml" {
		t.Fatalf("SetAsideEdit = %q, %v; want f.edited.toml", name, err)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, name)); !strings.Contains(string(data), "might = 8") {
		t.Errorf("%s does not hold the edit", name)
	}
	if err := s.Save(tr.Snapshot(), tr.Version()); err != nil {
		t.Fatalf("saving after SetAsideEdit: %v", err)
	}
	if data, _ := os.ReadFile(path); !strings.Contains(string(data), "might = 4") || !strings.Contains(string(data), "might = 2") {
		t.Error("the file does not hold fray's fight")
	}
	// A second edit, kept aside too, goes to a new name.
	editInPlace(t, path, "might = 4", "might = 9")
	if name, err := s.SetAsideEdit(); err != nil || name != "f.edited-2.toml" {
		t.Errorf("second SetAsideEdit = %q, %v; want f.edited-2.toml", name, err)
	}
}

// TestTakeAnEdit: SetAsideOurs keeps fray's fight aside; the session then
// closes without leaving a journal to bring those commands back over the
// edit, and the file opens with the edit.
func TestTakeAnEdit(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.toml")
	s, tr := editedWhileOpen(t, path, editByRename)
	name, err := s.SetAsideOurs(tr.Snapshot(), tr.Version())
	if err != nil || name != "f.recovered.toml" {
		t.Fatalf("SetAsideOurs = %q, %v; want f.recovered.toml", name, err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(journalPath(path)); err == nil {
		t.Error("the journal stayed: the next open would bring fray's commands back over the edit")
	}
	aside := decodeFile(t, filepath.Join(dir, name))
	sameEncounter(t, aside, tr.E)
	again, note := reopen(t, path)
	if note != "" {
		t.Errorf("reopening says %q", note)
	}
	paul, err := again.E.Find("Paul")
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := paul.Sheet().Get("might"); v != "8" {
		t.Errorf("Paul's might = %s after taking the edit, want 8", v)
	}
}

func decodeFile(t *testing.T, path string) *model.Encounter {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return decode(t, data)
}
