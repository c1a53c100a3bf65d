package systems_test

import (
	"reflect"
	"testing"

	"fray/rules"
	"fray/rules/rulestest"
	"fray/rules/systems"
	"fray/rules/systems/bigfight"
)

// TestAppendOrderAsOrder: every system builds its order view on lent rows
// (rules.OrderAppender), and what it builds on rows full of another
// view's leftovers is exactly its Order, through random fights on every
// demo.
func TestAppendOrderAsOrder(t *testing.T) {
	for _, sys := range systems.Default().All() {
		if _, ok := sys.(rules.OrderAppender); !ok {
			t.Errorf("%s cannot build its order on lent rows", sys.ID())
		}
	}
	rulestest.EveryDemo(t, systems.Default().All(), 60, func(t *testing.T, sys rules.System, demo string, seed uint64, n int) int {
		var spare []rules.OrderRow
		return bigfight.Play(t, sys, demo, seed, n, func(tr *rules.Tracker, line string) {
			want := sys.Order(tr.E)
			got := rules.OrderOn(sys, tr.E, spare)
			if !reflect.DeepEqual(want, got) {
				t.Fatalf("seed %d, after %q: the order built on lent rows differs from Order", seed, line)
			}
			spare = got.Rows
			for i := range spare { // leftovers a careless build would show
				spare[i] = rules.OrderRow{ID: -1, Name: "stale", Marks: []string{"stale"}, Current: true, Group: "g"}
			}
		})
	})
}
