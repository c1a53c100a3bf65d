package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"fray/rules"
)

// The rule system's own keys. A system that implements rules.Shortcuts
// lists keys and command templates; New turns them into bindings once
// (shortcuts with the same template share one binding, so "enter" and
// "x" both activating show as "enter/x"), and a key pressed on the main
// screen fills its template with the selected and current combatants and
// applies the line like any other key, or opens the command line with it.

// maxShortcuts bounds how many keys a system may add, so every binding
// of the help still fits the enabled mask.
const maxShortcuts = 24

// reservedKeys are keys the main screen answers without a binding of
// its own (esc closes the help screen).
var reservedKeys = []string{"esc"}

// bindShortcuts adds the system's keys to k. It returns a note naming
// the keys it refused: those the screen uses itself, those listed twice,
// those past maxShortcuts; the note is empty when all were bound.
func bindShortcuts(k *keyMap, sys rules.System) string {
	sc, ok := sys.(rules.Shortcuts)
	if !ok {
		return ""
	}
	taken := map[string]string{}
	for _, col := range k.globalHelp() {
		for _, b := range col {
			for _, s := range b.Keys() {
				taken[s] = "the screen's " + b.Help().Desc
			}
		}
	}
	for _, s := range reservedKeys {
		taken[s] = "the screen's own"
	}
	var refused []string
	for _, s := range sc.Shortcuts() {
		why, clash := taken[s.Key]
		switch {
		case s.Key == "" || strings.TrimSpace(s.Line) == "":
			continue
		case clash:
			refused = append(refused, fmt.Sprintf("%s (%s)", keyName(s.Key), why))
			continue
		case len(k.Lines) >= maxShortcuts:
			refused = append(refused, keyName(s.Key)+" (too many keys)")
			continue
		}
		taken[s.Key] = "already " + s.Help
		if i := sameLine(k.Lines, s); i >= 0 {
			keys := append(k.System[i].Keys(), s.Key)
			k.System[i].SetKeys(keys...)
			k.System[i].SetHelp(helpKeys(keys), k.System[i].Help().Desc)
			continue
		}
		k.System = append(k.System, key.NewBinding(key.WithKeys(s.Key), key.WithHelp(keyName(s.Key), s.Help)))
		k.Lines = append(k.Lines, s)
	}
	if len(k.System) > 0 {
		// A heading for the full help; it never matches a key press, as
		// nothing asks it to.
		k.Title = key.NewBinding(key.WithKeys("\x00"), key.WithHelp("", sys.Name()+":"))
	}
	if len(refused) == 0 {
		return ""
	}
	return sys.Name() + " keys not bound: " + strings.Join(refused, ", ")
}

// sameLine returns the index of the bound shortcut with s's template and
// help, or -1.
func sameLine(lines []rules.Shortcut, s rules.Shortcut) int {
	for i, l := range lines {
		if l.Line == s.Line && l.Help == s.Help {
			return i
		}
	}
	return -1
}

// keyName is how the help writes a key.
func keyName(k string) string {
	if k == " " {
		return "space"
	}
	return k
}

func helpKeys(keys []string) string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = keyName(k)
	}
	return strings.Join(out, "/")
}

// shortcut runs the system key k names, if any: the filled-in
// line is applied, or for a template ending in a space, opened at `:`.
func (m *Model) shortcut(k keyText) (tea.Cmd, bool) {
	for i, b := range m.keys.System {
		if !key.Matches(k, b) {
			continue
		}
		cur := m.t.E.ByID(m.t.E.Current)
		line, prefill := m.keys.Lines[i].FillWith(m.quote, nameOf(m.selected()), nameOf(cur))
		if prefill {
			return m.openLine(line), true
		}
		return m.apply(line), true
	}
	return nil, false
}
