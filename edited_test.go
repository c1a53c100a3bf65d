package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fray/rules"
	"fray/rules/systems"
	"fray/saves"
	"fray/tui"
)

// TestReloadTakesAnEdit: a GM edits the open file outside fray. fray does
// not save over it; :reload refuses an edit that does not load (saying
// where it is broken), and once it loads keeps fray's fight in
// NAME.recovered.toml and opens the file again with the edit.
func TestReloadTakesAnEdit(t *testing.T) {
	dir := home(t)
	path := filepath.Join(dir, "crypt.toml")
	if r := fray(t, "", "new", "--system", "osr", path); r.code != 0 {
		t.Fatal(r.stderr)
	}
	edit := func(old, new string) {
		t.Helper()
		data := mustRead(t, path)
		if err := os.WriteFile(path+".new", []byte(strings.Replace(string(data), old, new, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(path+".new", path); err != nil {
			t.Fatal(err)
		}
	}
	apply := func(tr *rules.Tracker, st tui.Store, line string) {
		t.Helper()
		_, a, err := tr.ApplyRecorded(line)
		if err != nil {
			t.Fatal(err)
		}
		if err := st.Record(a, tr.Version()); err != nil {
			t.Fatal(err)
		}
	}
	opened := 0
	var note string
	var ogre string
	noTUI(t, func(tr *rules.Tracker, opt tui.Options) error {
		opened++
		if opened == 2 {
			note = opt.Note
			if cb, err := tr.E.Find("ogre"); err == nil {
				ogre, _ = cb.Sheet().Get("hp")
			}
			return nil
		}
		apply(tr, opt.Store, "add ogre hp=20")
		if err := opt.Store.Save(tr.Snapshot(), tr.Version()); err != nil {
			t.Fatal(err)
		}
		edit(`title = ""`, `title = "the crypt" oops`)
		apply(tr, opt.Store, "set ogre hp=9")
		if err := opt.Store.Save(tr.Snapshot(), tr.Version()); !errors.As(err, new(*saves.ChangedError)) {
			t.Fatalf("saving over the edit: %v", err)
		}
		err := opt.Reload(tr.Snapshot(), tr.Version())
		if err == nil || !strings.Contains(err.Error(), "crypt.toml:") || !strings.Contains(err.Error(), ":reload again") {
			t.Fatalf("reloading a broken edit: %v; want its line and what to do", err)
		}
		edit(`title = "the crypt" oops`, `title = "the crypt"`)
		edit("hp = 20", "hp = 15")
		return opt.Reload(tr.Snapshot(), tr.Version())
	})
	if r := fray(t, "", path); r.code != 0 {
		t.Fatal(r.stderr)
	}
	if opened != 2 || ogre != "15" {
		t.Fatalf("opened %d times, the ogre's hp %q: want the file opened again with the edit (15)", opened, ogre)
	}
	if !strings.Contains(note, "took the edit to crypt.toml") || !strings.Contains(note, "crypt.recovered.toml") {
		t.Errorf("the note after :reload is %q", note)
	}
	aside, _, err := saves.Load(filepath.Join(dir, "crypt.recovered.toml"), systems.Default())
	if err != nil {
		t.Fatal(err)
	}
	if cb, err := aside.Find("ogre"); err != nil {
		t.Fatal(err)
	} else if hp, _ := cb.Sheet().Get("hp"); hp != "9" {
		t.Errorf("fray's fight kept aside has the ogre at hp %s, want 9", hp)
	}
	if saves.StaleJournal(path) {
		t.Error("a journal was left: the next open would put fray's commands aside again")
	}
}
