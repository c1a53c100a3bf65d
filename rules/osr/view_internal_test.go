package osr

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"fray/model"
	"fray/rules"
)

// The one-pass grouping of a sorted order gives the rows the general one
// gives, at every step of a fight with held actions; on an order out of
// sort it gives the same or declines.
func TestGroupSortedIsGroupAll(t *testing.T) {
	s := New().(*System)
	tr := rules.NewTracker(model.New("osr", 7), s)
	for _, line := range s.Demos()[0].Script {
		if _, err := tr.Apply(line); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	sorted := 0
	for step := 0; step < 60; step++ {
		e := tr.E
		ids := slices.Clone(e.Order)
		for shuffle := 0; shuffle < 4; shuffle++ {
			cbs := make([]*model.Combatant, 0, len(ids))
			for _, id := range ids {
				cbs = append(cbs, e.ByID(id))
			}
			want := s.groupAll(nil, e, "to roll", cbs)
			got, ok := s.groupSorted(nil, e, "to roll", ids)
			if shuffle == 0 && e.Phase != phaseSurprise {
				if !ok {
					t.Fatalf("step %d: the sorted order %v was not taken as sorted", step, e.Order)
				}
				sorted++
			}
			if ok && !reflect.DeepEqual(got, want) {
				t.Fatalf("step %d, shuffle %d: one pass gives\n%+v\nthe general way\n%+v", step, shuffle, got, want)
			}
			rng.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
		}
		line := "next"
		if cur := e.ByID(e.Current); cur != nil && e.Phase == phaseCount && rng.IntN(4) == 0 {
			line = "hold " + rules.Quote(cur.Name)
		}
		if _, err := tr.Apply(line); err != nil {
			t.Fatalf("step %d, %s: %v", step, line, err)
		}
	}
	if sorted < 40 {
		t.Errorf("only %d steps compared a sorted order", sorted)
	}
}
