package tui

import (
	"strings"
	"testing"

	"fray/saves"
)

// The fights screen reads the folder off the event loop: L returns at
// once with a command that reads, the screen says it is reading, keys
// typed meanwhile work, and an answer for a screen closed and opened
// again since is dropped for the newer one.
func TestFightsReadOffTheLoop(t *testing.T) {
	a := []saves.Summary{{Path: "/data/crypt.toml", Name: "crypt", System: "tst", Title: "The crypt"}}
	b := []saves.Summary{{Path: "/data/vault.toml", Name: "vault", System: "tst", Title: "The vault"},
		{Path: "/data/keep.toml", Name: "keep", System: "tst", Title: "The keep"}}
	ff := &fakeFights{list: a}
	m := sized(newTracker(t, trio...), Options{Path: "/data/here.toml", Fights: ff}, 100, 30)
	n, first := m.Update(keyMsg("L"))
	m = n.(*Model)
	if ff.lists != 0 {
		t.Fatal("L read the folder on the event loop")
	}
	if first == nil || m.mode != modeFights {
		t.Fatalf("L gave no command to read the folder (mode %v)", m.mode)
	}
	if v := plainView(m); !strings.Contains(v, "reading") {
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
	for _, msg := range append(newMsgs, oldMsgs...) {
		m = send(m, msg)
	}
	v := plainView(m)
	if !strings.Contains(v, "The vault") || !strings.Contains(v, "The keep") || strings.Contains(v, "The crypt") || strings.Contains(v, "reading") {
		t.Errorf("the newer reading should show, the stale one dropped:\n%s", v)
	}
	// An answer arriving after the screen closed changes nothing.
	n, third := m.Update(keyMsg("esc"))
	if third != nil {
		t.Fatal("esc gave a command")
	}
	m = n.(*Model)
	n, fourth := m.Update(keyMsg("L"))
	m = press(n.(*Model), "esc")
	for _, msg := range runCmd(fourth) {
		m = send(m, msg)
	}
	if m.mode != modeNormal {
		t.Errorf("an answer for a closed screen opened it again: mode %v", m.mode)
	}
}

// pressRead presses keys as press does, running the reading of the
// folder a key asks for (L, y to delete) so that its list shows.
func pressRead(m *Model, keys ...string) *Model {
	for _, k := range keys {
		n, cmd := m.Update(keyMsg(k))
		m = n.(*Model)
		for _, msg := range runCmd(cmd) {
			if r, ok := msg.(fightsRead); ok {
				m = send(m, r)
			}
		}
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
	m = press(m, "j", "enter")
	if ff.opened != "" || m.mode != modeFights || !strings.Contains(m.status, "another fray has it open (process 4242)") {
		t.Errorf("enter on a held fight: opened %q, mode %v, status %q", ff.opened, m.mode, m.status)
	}
	m = press(m, "j", "enter")
	if ff.opened != "/data/vault.toml" {
		t.Errorf("enter on a fight with changes to bring back opened %q", ff.opened)
	}
}
