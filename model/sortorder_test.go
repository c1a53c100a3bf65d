package model

import (
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
)

// SortOrder's quick path gives exactly what the full stable sort gives,
// whether Order is sorted, sorted but for one entry (its last, or any), or
// neither.
func TestSortOrderQuickPathMatchesFullSort(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	less := func(a, b *Combatant) bool { return a.Init > b.Init }
	full := func(e *Encounter) []int {
		cs := slices.Clone(e.Combatants)
		sort.SliceStable(cs, func(i, j int) bool { return less(cs[i], cs[j]) })
		var out []int
		for _, c := range cs {
			out = append(out, c.ID)
		}
		return out
	}
	for trial := range 4000 {
		e := New("t", 0)
		n := 2 + r.IntN(12)
		for i := range n {
			if err := e.Add(&Combatant{Init: r.IntN(4), Profile: &Profile{Name: string(rune('A'+i)) + "x"}}); err != nil {
				t.Fatal(err)
			}
			if r.IntN(3) > 0 {
				e.SortOrder(less) // sorted but for the newest, most of the time
			}
		}
		switch trial % 4 {
		case 1: // one score changes
			e.Combatants[r.IntN(n)].Init = r.IntN(4)
		case 2: // the last entry of Order changes
			e.ByID(e.Order[n-1]).Init = r.IntN(4)
		case 3: // two scores change: most often the full sort
			e.Combatants[r.IntN(n)].Init = r.IntN(4)
			e.Combatants[r.IntN(n)].Init = r.IntN(4)
		}
		want := full(e)
		e.SortOrder(less)
		if !slices.Equal(e.Order, want) {
			t.Fatalf("trial %d: order %v, want %v", trial, e.Order, want)
		}
	}
}

// ByID finds combatants whether or not their IDs have gaps.
func TestByIDWithGaps(t *testing.T) {
	e := New("t", 0)
	for _, n := range []string{"a", "b", "c", "d"} {
		_ = e.Add(&Combatant{Profile: &Profile{Name: n}})
	}
	e.Remove(2)
	for _, id := range []int{1, 3, 4} {
		if c := e.ByID(id); c == nil || c.ID != id {
			t.Fatalf("ByID(%d) = %v", id, c)
		}
	}
	if e.ByID(2) != nil || e.ByID(9) != nil || e.ByID(0) != nil {
		t.Fatal("found one that is not there")
	}
}
