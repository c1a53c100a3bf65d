package arm5

import (
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/rulestest"
)

// TestAddPlacesLikeSort: adding a combatant places it by binary search,
// exactly where sorting the whole order would.
func TestAddPlacesLikeSort(t *testing.T) {
	s := New().(*System)
	tr := rules.NewTracker(model.New("arm5", 3), s)
	rulestest.PlacesLikeSort(t, tr, 60, s.order.Sort)
}
