package osr_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"fray/rules"
	"fray/rules/rulestest"
)

// add 3 goblin group: the band rolls one initiative die a round and acts
// on its count together, one folded entry in the order.
func TestBandRollsOnceAndActsTogether(t *testing.T) {
	tr := newTracker(t, addAra)
	tr.SetLibrary(&rulestest.Library{Ts: []rules.Template{
		rulestest.Template("Goblin", "side=goblins", "hp=1d8", "ac=13", "bcb=1", "dex=11", `weapons=spear 1d6`),
	}})
	run(t, tr, "dice 3 5 7", "add 3 goblin group", "next")
	for i, want := range []int{3, 5, 7} {
		if hp := sheet(t, tr, "Goblin "+strconv.Itoa(i+1)).HP; hp != want {
			t.Errorf("Goblin %d hp %d, want %d (each copy rolls its own)", i+1, hp, want)
		}
	}
	from := tr.E.Log.Len()
	run(t, tr, "dice 2 4", "next") // Ara d8 2, the band d6 4
	// One die for Ara, one for the band, on the round's line of rolls.
	var lines []string
	for _, en := range tr.E.Log.From(from) {
		if en.Kind == "roll" && en.Why == "initiative" {
			t.Errorf("a roll entry of its own for %s", en.Who)
		}
		if strings.HasPrefix(en.Text, "Initiative:") {
			lines = append(lines, en.Text)
		}
	}
	if want := []string{"Initiative: Ara d8 [2], Goblins d6 [4]"}; !slices.Equal(lines, want) {
		t.Errorf("initiative lines %q, want %q", lines, want)
	}
	if header(tr) != "Round 1 · count 4" || !slices.Equal(acting(tr), []string{"Goblin 1", "Goblin 2", "Goblin 3"}) {
		t.Fatalf("%s, acting %v", header(tr), acting(tr))
	}
	for _, r := range tr.Sys.Order(tr.E).Rows {
		if !r.Heading && r.Name != "Ara" && r.Group != "Goblins" {
			t.Errorf("row %s group %q", r.Name, r.Group)
		}
	}
}
