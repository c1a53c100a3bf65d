package osr

import (
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/rulestest"
)

// TestAddPlacesLikeSort: adding a combatant places it by binary search,
// exactly where sorting the whole order would.
func TestAddPlacesLikeSort(t *testing.T) {
	tr := rules.NewTracker(model.New("osr", 3), New())
	rulestest.PlacesLikeSort(t, tr, 60, sortOrder)
}
