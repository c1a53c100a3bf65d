package sst

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/rulestest"
)

// TestAddPlacesLikeSort: adding a combatant places it by binary search,
// exactly where sorting the whole order would.
func TestAddPlacesLikeSort(t *testing.T) {
	tr := rules.NewTracker(model.New("sst", 3), New())
	rulestest.PlacesLikeSort(t, tr, 60, sortOrder)
}

// A pass leaves the order sorted, as a whole sort would: the passer is
// placed by binary search, and an order out of step (a file edited by
// hand) is sorted whole, whether the passer held the turn or not.
func TestPassSortsTheOrder(t *testing.T) {
	for _, who := range []string{"current", "other"} {
		tr := rules.NewTracker(model.New("sst", 3), New())
		for i := range 12 {
			rulestest.Run(t, tr, "add "+string(rune('A'+i))+" phys=2 ment=2 dice="+[]string{"3", "4", "5"}[i%3])
		}
		rulestest.Run(t, tr, "next")
		o := tr.E.Order
		o[3], o[9] = o[9], o[3] // out of step
		passer := tr.E.ByID(tr.E.Current)
		if who == "other" {
			passer = tr.E.ByID(o[5])
		}
		rulestest.Run(t, tr, "force pass "+rules.Quote(passer.Name))
		want := tr.E.Clone()
		sortOrder(want)
		if !slices.Equal(tr.E.Order, want.Order) {
			t.Errorf("%s passes: order %v, sorted %v", who, tr.E.Order, want.Order)
		}
	}
}

// countdownKey orders as before does, and countdownSorted says sorted
// only when SortOrder would leave the order as it is (and always, for an
// order of every ID once; an order it does not call sorted is sorted by
// SortOrder, which may leave it so): on random
// fights (able or not, with a sheet or none, 0 to 4 dice, PC or not) in
// sorted, shuffled and broken orders.
func TestCountdownKeyIsBefore(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 6))
	for i := range 3000 {
		e := model.New("sst", 1)
		n := 1 + r.IntN(8)
		for id := 1; id <= n; id++ {
			cb := &model.Combatant{Profile: &model.Profile{ID: id, Name: fmt.Sprint("c", id)}}
			if r.IntN(4) == 0 {
				cb.Status = model.Incapacitated
			}
			if r.IntN(5) > 0 {
				s := NewSheet()
				s.Dice = make([]int, r.IntN(5))
				s.PC = r.IntN(2) == 0
				cb.SetSheet(s)
			}
			e.Combatants = append(e.Combatants, cb)
			e.Order = append(e.Order, id)
		}
		for _, a := range e.Combatants {
			for _, b := range e.Combatants {
				if got, want := countdownKey(a) < countdownKey(b), before(a, b); got != want {
					t.Fatalf("fight %d: %d before %d: key says %v, before %v", i, a.ID, b.ID, got, want)
				}
			}
		}
		perm := true // e.Order holds each ID once
		switch r.IntN(4) {
		case 0:
			e.SortOrder(before)
		case 1:
			r.Shuffle(len(e.Order), func(i, j int) { e.Order[i], e.Order[j] = e.Order[j], e.Order[i] })
		case 2:
			e.SortOrder(before)
			e.Order[r.IntN(n)] = e.Order[r.IntN(n)] // an ID twice, or one lost
			perm = false
		case 3:
			e.SortOrder(before)
			e.Order = e.Order[:r.IntN(n)]
			perm = false
		}
		sorted := e.Clone()
		sorted.SortOrder(before)
		if got, want := countdownSorted(e), slices.Equal(e.Order, sorted.Order); got && !want {
			t.Fatalf("fight %d: order %v said sorted, sorted it is %v", i, e.Order, sorted.Order)
		} else if want && perm && !got {
			t.Fatalf("fight %d: order %v, sorted as it is, said not", i, e.Order)
		}
	}
}
