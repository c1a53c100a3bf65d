package rules

import (
	"strings"
	"testing"
)

// TestLowerHasPrefix holds lowerHasPrefix to what it stands for.
func TestLowerHasPrefix(t *testing.T) {
	words := []string{"", " ", "goblin", "Goblin", "GOBLIN 2", "goblin ", "gob", "İstanbul", "i̇stanbul ", "Ωmega", "ωmega ", "Straße", "straße x", "K", "k ", "\u212a", "é", "É 2", "a\u0301"}
	for _, s := range words {
		for _, w := range words {
			lower := strings.ToLower(w)
			if got, want := lowerHasPrefix(s, lower), strings.HasPrefix(strings.ToLower(s), lower); got != want {
				t.Errorf("lowerHasPrefix(%q, %q) = %v, want %v", s, lower, got, want)
			}
		}
	}
}
