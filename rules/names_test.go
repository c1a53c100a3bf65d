package rules

import (
	"strings"
	"testing"

	"fray/model"
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

// QuoteIn quotes a word exactly when a combatant's name, trimmed, begins
// with it and a space, whatever spaces the names start or end with: it
// tells most names no without trimming them.
func TestQuoteInTrimsNames(t *testing.T) {
	names := []string{"Goblin 2", " Goblin 2", "\tgoblin x", "Goblin ", "Goblin  ", "\u00a0Goblin 2", "Goblin\u00a0", "\u0085goblin 3",
		"Gob", "K 2", "\u212a", "Straße 1", " ", "", "Ωmega x"}
	words := []string{"Goblin", "goblin", "Gob", "K", "k", "Straße", "ωmega", "x"}
	for _, name := range names {
		e := model.New("osr", 1)
		e.Combatants = append(e.Combatants, &model.Combatant{Profile: &model.Profile{ID: 1, Name: name}})
		for _, w := range words {
			want := w
			if strings.HasPrefix(strings.ToLower(strings.TrimSpace(name)), strings.ToLower(strings.TrimSpace(w))+" ") {
				want = forceQuote(w)
			}
			if got := QuoteIn(e, w); got != want {
				t.Errorf("QuoteIn(%q) among %q = %q, want %q", w, name, got, want)
			}
		}
	}
}
