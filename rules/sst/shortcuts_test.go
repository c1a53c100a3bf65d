package sst

import (
	"strings"
	"testing"

	"fray/rules"
)

// Every shortcut names one of the system's commands, no key is listed
// twice, and none is a key the screen keeps for itself.
func TestShortcutsNameVerbs(t *testing.T) {
	s := New()
	verbs := map[string]bool{}
	for _, v := range s.Verbs() {
		verbs[v.Name] = true
	}
	keys := map[string]bool{}
	for _, sc := range s.(rules.Shortcuts).Shortcuts() {
		if keys[sc.Key] {
			t.Errorf("key %q listed twice", sc.Key)
		}
		keys[sc.Key] = true
		if strings.Contains("npjkadfiDAcu:?qRozgG+ ", sc.Key) {
			t.Errorf("key %q is one of the screen's own", sc.Key)
		}
		line, prefill := sc.Fill("Some One", "Cur")
		word, _, _ := strings.Cut(line, " ")
		if !verbs[word] {
			t.Errorf("shortcut %q runs %q, not a %s command", sc.Key, line, s.ID())
		}
		if sc.Help == "" {
			t.Errorf("shortcut %q has no help", sc.Key)
		}
		if prefill != strings.HasSuffix(sc.Help, "…") {
			t.Errorf("shortcut %q: a key that opens the command line says so with …, and only then", sc.Key)
		}
	}
}

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
