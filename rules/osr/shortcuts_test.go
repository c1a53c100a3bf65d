package osr

import (
	"strings"
	"testing"

	"fray/rules"
)

// Every shortcut names one of the system's commands, and no key is
// listed twice.
func TestShortcutsNameVerbs(t *testing.T) {
	s := New()
	verbs := map[string]bool{}
	for _, v := range s.Verbs() {
		verbs[v.Name] = true
	}
	keys := map[string]bool{}
	for _, sc := range s.(rules.Shortcuts).Shortcuts() {
		if keys[sc.Key] && sc.Key != "" {
			t.Errorf("key %q listed twice", sc.Key)
		}
		keys[sc.Key] = true
		line, _ := sc.Fill("Some One", "Cur")
		word, _, _ := strings.Cut(line, " ")
		if !verbs[word] {
			t.Errorf("shortcut %q runs %q, not a %s command", sc.Key, line, s.ID())
		}
		if sc.Help == "" {
			t.Errorf("shortcut %q has no help", sc.Key)
		}
	}
}
