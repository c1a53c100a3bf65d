package sst

import (
	"testing"

	"fray/rules"
	"fray/rules/rulestest"
)

// Every shortcut names one of the system's commands, no key is listed
// twice or taken from the screen, and a key that opens the command line
// says so.
func TestShortcutsNameVerbs(t *testing.T) { rulestest.Shortcuts(t, New()) }

// The spend key opens the command line with the selected name; carry and
// pass run at once.
func TestShortcutLines(t *testing.T) {
	want := map[string]struct {
		line    string
		prefill bool
	}{
		"S": {`spend "Goblin horde" `, true},
		"C": {`carry "Goblin horde"`, false},
		"P": {`pass "Goblin horde"`, false},
	}
	for _, sc := range New().(rules.Shortcuts).Shortcuts() {
		w, ok := want[sc.Key]
		if !ok {
			continue
		}
		delete(want, sc.Key)
		if line, pre := sc.Fill("Goblin horde", "Roland"); line != w.line || pre != w.prefill {
			t.Errorf("%s: %q prefill %v, want %q %v", sc.Key, line, pre, w.line, w.prefill)
		}
	}
	if len(want) > 0 {
		t.Errorf("keys missing: %v", want)
	}
}
