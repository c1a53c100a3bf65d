package player

import (
	"errors"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"fray/rules"
	"fray/rules/rulestest"
	"fray/rules/systems"
	"fray/saves"
)

// sizedView is a player view of the brawl, mid-fight, at w×h.
func sizedView(t *testing.T, w, h int) (Model, StateMsg) {
	t.Helper()
	sys, err := systems.Default().Lookup("arm5")
	if err != nil {
		t.Fatal(err)
	}
	tr := rulestest.PlayDemo(t, sys, "brawl", 3)
	st := StateMsg{View: rules.PlayerViewOf(tr.E, sys), Loaded: true, Kept: true}
	m := New(plain(), "brawl.toml", WithoutTicks(), WithClock(fixedNow(tr)))
	return update(update(m, tea.WindowSizeMsg{Width: w, Height: h}), st), st
}

func update(m Model, msg tea.Msg) Model {
	n, _ := m.Update(msg)
	return n.(Model)
}

func keys(m Model, ks ...string) Model {
	for _, k := range ks {
		msg := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
		switch k {
		case "esc":
			msg = tea.KeyMsg{Type: tea.KeyEsc}
		case "pgdown":
			msg = tea.KeyMsg{Type: tea.KeyPgDown}
		}
		m = update(m, msg)
	}
	return m
}

func TestKeysChangeNothing(t *testing.T) {
	m, st := sizedView(t, 80, 8)
	if !strings.Contains(m.View(), "▶") {
		t.Fatalf("the current turn is in sight:\n%s", m.View())
	}
	for _, k := range []string{"n", "a", "d", "u", "E", "X", ":", "+"} {
		m = keys(m, k)
		if !strings.Contains(m.View(), k+" changes nothing here") {
			t.Errorf("%s: no notice:\n%s", k, m.View())
		}
	}
	m = keys(m, "j")
	if strings.Contains(m.View(), "changes nothing") || m.follow {
		t.Fatal("j scrolls, clears the notice and stops following")
	}
	m = keys(m, "G")
	if m.off != len(st.View.Rows)-m.listHeight() {
		t.Fatalf("G: offset %d of %d rows", m.off, len(st.View.Rows))
	}
	m = keys(m, "g", "f")
	if !m.follow || !strings.Contains(m.View(), "▶") {
		t.Fatal("f follows the turn again")
	}
	if _, cmd := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("q")}); cmd == nil {
		t.Fatal("q leaves")
	}
}

// A bad reading keeps the last good state on screen, with a notice.
func TestBadFileNotice(t *testing.T) {
	m, st := sizedView(t, 100, 20)
	st.Err = &saves.Error{File: "/home/gm/fights/brawl.toml", Line: 3, Msg: "round must be a whole number"}
	m = update(m, st)
	v := m.View()
	if !strings.Contains(v, "! the last good state; the file now: brawl.toml:3: round must be a whole number") || !strings.Contains(v, "Marla") {
		t.Fatalf("the notice and the last good state:\n%s", v)
	}
	// Before any good reading there is only the error.
	m = New(plain(), "gone.toml", WithoutTicks())
	m = update(update(m, tea.WindowSizeMsg{Width: 60, Height: 10}), StateMsg{Err: errors.New("gone.toml: no such file")})
	if v := m.View(); !strings.Contains(v, "Reading gone.toml") || !strings.Contains(v, "gone.toml: no such file") {
		t.Fatalf("no good reading yet:\n%s", v)
	}
}

// Every size draws exactly that size, without panicking.
func TestEverySize(t *testing.T) {
	for _, s := range [][2]int{{0, 0}, {1, 1}, {2, 2}, {10, 3}, {20, 4}, {40, 7}, {80, 24}, {300, 12}} {
		m, _ := sizedView(t, s[0], s[1])
		for _, k := range []string{"", "j", "pgdown", "G", "n"} {
			if k != "" {
				m = keys(m, k)
			}
			v := m.View()
			if s[0] == 0 || s[1] == 0 {
				continue
			}
			lines := strings.Split(v, "\n")
			if len(lines) != s[1] {
				t.Fatalf("%v: %d lines", s, len(lines))
			}
			for _, l := range lines {
				if w := len([]rune(l)); w > s[0] {
					t.Fatalf("%v: a line of %d cells: %q", s, w, l)
				}
			}
		}
	}
}

// With the game master's fray closed, nobody keeps time: the clocks stand
// where the last save left them (the tracker counts none of that time on
// reopening) and say they are paused; open again, they run on.
func TestClocksStandWhileNobodyKeepsTheFight(t *testing.T) {
	m, st := sizedView(t, 80, 8)
	if line := strings.Split(m.View(), "\n")[1]; !strings.Contains(line, "turn 0:07") || strings.Contains(line, "paused") {
		t.Fatalf("kept: %q", line)
	}
	st.Kept = false
	m = update(m, st)
	line := strings.Split(m.View(), "\n")[1]
	if !strings.Contains(line, "paused · turn 0:00") {
		t.Errorf("not kept: %q, want the clocks standing at the save", line)
	}
}
