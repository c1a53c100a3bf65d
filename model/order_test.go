package model

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestPlaceAsSort: in an order sorted by less, placing one combatant
// whose key changed (or who just joined) gives exactly the order a full
// stable sort would.
func TestPlaceAsSort(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	// Ties on Init are broken by Tie, and some are left tied, so the
	// order of joining must decide them as SortOrder's stable sort does.
	less := func(a, b *Combatant) bool {
		if a.HasInit != b.HasInit {
			return a.HasInit
		}
		if a.Init != b.Init {
			return a.Init > b.Init
		}
		return a.Tie > b.Tie
	}
	for round := range 200 {
		e := New("test", 1)
		for i := range r.IntN(30) {
			c := &Combatant{Init: r.IntN(6), HasInit: r.IntN(5) > 0, Profile: &Profile{Tie: r.IntN(2), Name: fmt.Sprint("c", i)}}
			if err := e.Add(c); err != nil {
				t.Fatal(err)
			}
			e.Place(c.ID, less)
			want := e.Clone()
			want.SortOrder(less)
			if !slices.Equal(e.Order, want.Order) {
				t.Fatalf("round %d: after adding %s: placed %v, sorted %v", round, c.Name, e.Order, want.Order)
			}
		}
		for range 10 {
			if len(e.Combatants) == 0 {
				break
			}
			c := e.Combatants[r.IntN(len(e.Combatants))]
			c.Init, c.HasInit, c.Tie = r.IntN(6), r.IntN(5) > 0, r.IntN(2)
			e.Place(c.ID, less)
			want := e.Clone()
			want.SortOrder(less)
			if !slices.Equal(e.Order, want.Order) {
				t.Fatalf("round %d: after changing %s: placed %v, sorted %v", round, c.Name, e.Order, want.Order)
			}
		}
	}
}

// TestSameName: the quick test of Add agrees with strings.EqualFold.
func TestSameName(t *testing.T) {
	names := []string{"", "a", "A", "ab", "aB", "Ab", "k", "K", "\u212a", "s", "\u017f", "Ks", "\u212a\u017f",
		"Ælfric", "ælfric", "ÆLFRIC", "alan", "Alana", "x\u212a", "xk", "ﬀ", "ff"}
	for _, a := range names {
		for _, b := range names {
			if got, want := sameName(a, b), strings.EqualFold(a, b); got != want {
				t.Errorf("sameName(%q, %q) = %v, EqualFold says %v", a, b, got, want)
			}
		}
	}
}

// TestLowerPrefix: Find's quick prefix test agrees with ToLower and
// HasPrefix.
func TestLowerPrefix(t *testing.T) {
	names := []string{"", "a", "A", "Alan", "alana", "ALAN", "Ælfric", "ælf", "İstanbul", "i̇s", "Kelvin", "\u212aelvin", "k", "ﬀ", "x y"}
	for _, s := range names {
		for _, q := range names {
			q = strings.ToLower(q)
			if got, want := lowerPrefix(s, q), strings.HasPrefix(strings.ToLower(s), q); got != want {
				t.Errorf("lowerPrefix(%q, %q) = %v, want %v", s, q, got, want)
			}
		}
	}
}
