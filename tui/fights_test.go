package tui

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"fray/saves"
)

// The fights screen reads the folder off the event loop: L returns at
// once with a command that lists the files, whose answer asks for the
// first file to be read, and so on; rows say "reading…" until read, keys
// work meanwhile, and answers for a screen closed and opened again since
// are dropped for the newer ones.
func TestFightsReadOffTheLoop(t *testing.T) {
	a := []saves.Summary{{Path: "/data/crypt.toml", Name: "crypt", System: "tst", Title: "The crypt"}}
	b := []saves.Summary{{Path: "/data/vault.toml", Name: "vault", System: "tst", Title: "The vault"},
		{Path: "/data/keep.toml", Name: "keep", System: "tst", Title: "The keep"}}
	ff := &fakeFights{list: a}
	m := sized(newTracker(t, trio...), Options{Path: "/data/here.toml", Fights: ff}, 100, 30)
	n, first := m.Update(keyMsg("L"))
	m = n.(*Model)
	if ff.lists != 0 || ff.reads != 0 {
		t.Fatal("L read the folder on the event loop")
	}
	if first == nil || m.mode != modeFights {
		t.Fatalf("L gave no command to read the folder (mode %v)", m.mode)
	}
	if v := plainView(m); !strings.Contains(v, "reading the fights…") {
		t.Errorf("while reading, the screen does not say so:\n%s", v)
	}
	// Keys work meanwhile: close it, open it again.
	m = press(m, "j", "esc")
	if m.mode != modeNormal {
		t.Fatalf("esc while reading: mode %v", m.mode)
	}
	n, second := m.Update(keyMsg("L"))
	m = n.(*Model)
	oldMsgs := runCmd(first) // the first reading ends late, with list a
	ff.list = b
	newMsgs := runCmd(second)
	for _, msg := range oldMsgs {
		if _, cmd := m.Update(msg); cmd != nil {
			t.Fatal("a stale list of files asked for a file to be read")
		}
	}
	if len(newMsgs) != 1 {
		t.Fatalf("listing gave %d messages", len(newMsgs))
	}
	n, next := m.Update(newMsgs[0])
	m = n.(*Model)
	if ff.reads != 0 || next == nil {
		t.Fatalf("the list of files: %d files read on the event loop, next %v", ff.reads, next != nil)
	}
	v := plainView(m)
	if !strings.Contains(v, "vault") || !strings.Contains(v, "keep") || strings.Contains(v, "crypt") || strings.Count(v, "reading…") != 2 {
		t.Errorf("the newer list should show, its rows reading, the stale one dropped:\n%s", v)
	}
	m = press(m, "j") // the selection moves among rows not yet read
	if m.fights.sel != 1 {
		t.Errorf("j while reading: row %d", m.fights.sel)
	}
	m = drain(m, next)
	v = plainView(m)
	if !strings.Contains(v, "The vault") || !strings.Contains(v, "The keep") || strings.Contains(v, "reading") || m.fights.sel != 1 || ff.reads != 2 {
		t.Errorf("once read (%d files read, row %d selected):\n%s", ff.reads, m.fights.sel, v)
	}
	// An answer arriving after the screen closed changes nothing.
	n, third := m.Update(keyMsg("esc"))
	if third != nil {
		t.Fatal("esc gave a command")
	}
	m = n.(*Model)
	n, fourth := m.Update(keyMsg("L"))
	m = drain(press(n.(*Model), "esc"), fourth)
	if m.mode != modeNormal {
		t.Errorf("an answer for a closed screen opened it again: mode %v", m.mode)
	}
}

// drain runs cmd and the commands its answers give, feeding the answers
// back, until none is left.
func drain(m *Model, cmd tea.Cmd) *Model {
	for cmd != nil {
		var next []tea.Cmd
		for _, msg := range runCmd(cmd) {
			n, c := m.Update(msg)
			m = n.(*Model)
			next = append(next, c)
		}
		cmd = tea.Batch(next...)
	}
	return m
}

// pressRead presses keys as press does, running the readings of the
// folder a key asks for (L, y to delete) so that its list shows.
func pressRead(m *Model, keys ...string) *Model {
	for _, k := range keys {
		n, cmd := m.Update(keyMsg(k))
		m = drain(n.(*Model), cmd)
	}
	return m
}

// A fight another fray has open is marked so, and enter refuses it
// rather than closing this fight to fail on the other's lock.
func TestFightsScreenHeldElsewhere(t *testing.T) {
	ff := &fakeFights{list: []saves.Summary{
		{Path: "/data/here.toml", Name: "here", System: "tst"},
		{Path: "/data/crypt.toml", Name: "crypt", System: "tst", Title: "The crypt", HeldBy: 4242},
		{Path: "/data/vault.toml", Name: "vault", System: "tst", Title: "The vault", Unsaved: true},
	}}
	m := pressRead(sized(newTracker(t, trio...), Options{Path: "/data/here.toml", Fights: ff}, 120, 24), "L")
	v := plainView(m)
	for _, want := range []string{"open in another fray (process 4242) · The crypt", "unsaved changes: opening brings them back · The vault"} {
		if !strings.Contains(v, want) {
			t.Errorf("the screen lacks %q:\n%s", want, v)
		}
	}
	m = press(m, "j") // at 80 columns the row has no room for it: the status line says it
	if want := "crypt: open in another fray (process 4242)"; m.status != want || m.statusErr {
		t.Errorf("selected, the status says %q, want %q", m.status, want)
	}
	m = press(m, "enter")
	if ff.opened != "" || m.mode != modeFights || !strings.Contains(m.status, "another fray has it open (process 4242)") {
		t.Errorf("enter on a held fight: opened %q, mode %v, status %q", ff.opened, m.mode, m.status)
	}
	m = press(m, "j", "enter")
	if ff.opened != "/data/vault.toml" {
		t.Errorf("enter on a fight with changes to bring back opened %q", ff.opened)
	}
}

// The rows the GM sees are read first: those nearest the selection, here
// the fight open now, far down a long list.
func TestFightsReadNearTheSelectionFirst(t *testing.T) {
	ff := &fakeFights{}
	for i := range 60 {
		ff.list = append(ff.list, saves.Summary{Path: fmt.Sprintf("/data/f%02d.toml", i), Name: fmt.Sprintf("f%02d", i), System: "tst"})
	}
	m := pressRead(sized(newTracker(t, trio...), Options{Path: "/data/f50.toml", Fights: ff}, 80, 24), "L")
	if m.fights.sel != 50 || len(ff.readOrder) != 60 {
		t.Fatalf("selected row %d, %d files read", m.fights.sel, len(ff.readOrder))
	}
	want := []string{"/data/f50.toml", "/data/f49.toml", "/data/f51.toml", "/data/f48.toml"}
	if got := ff.readOrder[:4]; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("read first %v, want %v", got, want)
	}
}

// j and k typed before the files are listed move the selection once
// they are.
func TestFightsKeysBeforeTheList(t *testing.T) {
	ff := &fakeFights{}
	for i := range 10 {
		ff.list = append(ff.list, saves.Summary{Path: fmt.Sprintf("/data/f%02d.toml", i), Name: fmt.Sprintf("f%02d", i), System: "tst"})
	}
	m := sized(newTracker(t, trio...), Options{Path: "/data/f05.toml", Fights: ff}, 80, 24)
	n, cmd := m.Update(keyMsg("L"))
	m = drain(press(n.(*Model), "j", "j", "k", "j"), cmd)
	if m.fights.sel != 7 {
		t.Errorf("j j k j before the list: row %d, want 7 (the open fight's 5, then 2 down)", m.fights.sel)
	}
}

// Deleting a fight (d, y) is done off the event loop too: it takes the
// file's lock and looks through the folder. The row goes once it is done.
func TestFightsDeleteOffTheLoop(t *testing.T) {
	ff := &fakeFights{list: []saves.Summary{
		{Path: "/data/here.toml", Name: "here", System: "tst"},
		{Path: "/data/crypt.toml", Name: "crypt", System: "tst", Title: "The crypt"},
	}}
	m := pressRead(sized(newTracker(t, trio...), Options{Path: "/data/here.toml", Fights: ff}, 100, 24), "L", "j", "d")
	n, cmd := m.Update(keyMsg("y"))
	m = n.(*Model)
	if len(ff.deleted) != 0 || cmd == nil {
		t.Fatalf("y deleted on the event loop (%v) or gave no command", ff.deleted)
	}
	m = drain(m, cmd)
	if len(ff.deleted) != 1 || strings.Contains(plainView(m), "The crypt") || m.status != "deleted /data/crypt.toml" {
		t.Errorf("after the deletion: deleted %v, status %q:\n%s", ff.deleted, m.status, plainView(m))
	}
}

// The new fight's form (n) offers the saved parties, which the reading
// of the folder read beside the fights, not the key.
func TestFightsPartiesReadOffTheLoop(t *testing.T) {
	ff := &fakeFights{list: []saves.Summary{{Path: "/data/here.toml", Name: "here", System: "tst"}}}
	m := pressRead(sized(newTracker(t, trio...), Options{Path: "/data/here.toml", Fights: ff}, 100, 24), "L")
	read := ff.partyReads
	m = press(m, "n")
	if ff.partyReads != read || read != 1 {
		t.Errorf("the parties were read %d times with the folder, %d more by n", read, ff.partyReads-read)
	}
	if v := plainView(m); !strings.Contains(v, "parties: Crew") {
		t.Errorf("the form does not offer the party:\n%s", v)
	}
}
