package sst

import (
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
