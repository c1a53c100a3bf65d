package systems_test

import (
	"reflect"
	"strings"
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
			if len(want.Rows) == 0 && len(got.Rows) == 0 {
				want.Rows, got.Rows = nil, nil // nobody left: no rows, lent or not
			}
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

// TestAppendOrderOnEarlierView: a view built on the rows of the view two
// commands before (as the screen lends them, unchanged) shares their
// text where it can, and is still exactly Order.
func TestAppendOrderOnEarlierView(t *testing.T) {
	rulestest.EveryDemo(t, systems.Default().All(), 60, func(t *testing.T, sys rules.System, demo string, seed uint64, n int) int {
		var spare, shown []rules.OrderRow
		return bigfight.Play(t, sys, demo, seed, n, func(tr *rules.Tracker, line string) {
			want := sys.Order(tr.E)
			got := rules.OrderOn(sys, tr.E, spare)
			if len(want.Rows) == 0 && len(got.Rows) == 0 {
				want.Rows, got.Rows = nil, nil
			}
			if !reflect.DeepEqual(want, got) {
				t.Fatalf("seed %d, after %q: the order built on the earlier view differs from Order", seed, line)
			}
			spare, shown = shown, got.Rows
		})
	})
}

// Before the first next the tracker's header hints at the key that starts
// the fight; what takes no keys (fray show, the players' view) says the
// fight has not started and no more. Once started, nothing hints.
func TestHeaderHintOnlyForTheTracker(t *testing.T) {
	for _, sys := range systems.Default().All() {
		for _, d := range sys.Demos() {
			e, err := rules.BuildDemo(sys, d.Name, 1)
			if err != nil {
				t.Fatal(err)
			}
			if v := sys.Order(e); !strings.HasPrefix(v.Header, "Not started") || !strings.HasPrefix(v.Hint, "press n") {
				t.Errorf("%s: the order before the fight: header %q, hint %q", d.Name, v.Header, v.Hint)
			}
			text := rules.Text(e, sys)
			head := rules.PlayerViewOf(e, sys).Header
			for what, s := range map[string]string{"fray show": text, "the players' view": head} {
				if !strings.Contains(s, "Not started") || strings.Contains(s, "press") || strings.Contains(s, "next starts") {
					t.Errorf("%s: %s before the fight:\n%s", d.Name, what, s)
				}
			}
			tr := rules.NewTracker(e, sys)
			if _, err := tr.Apply("next"); err != nil {
				t.Fatal(err)
			}
			if v := sys.Order(tr.E); v.Hint != "" {
				t.Errorf("%s: a hint once started: %q", d.Name, v.Hint)
			}
		}
	}
}

// A sheet's value does not repeat its label ("AC  AC 16"): the label
// already says what the number is.
func TestSheetValuesDoNotRepeatTheirLabel(t *testing.T) {
	for _, sys := range systems.Default().All() {
		for _, d := range sys.Demos() {
			e, err := rules.BuildDemo(sys, d.Name, 1)
			if err != nil {
				t.Fatal(err)
			}
			for _, cb := range e.Combatants {
				for _, f := range sys.Describe(e, cb) {
					if f.Label != "" && strings.HasPrefix(f.Value, f.Label+" ") {
						t.Errorf("%s, %s: %s %q", d.Name, cb.Name, f.Label, f.Value)
					}
				}
			}
		}
	}
}

// fray show says nothing twice on a sheet: a combatant out of the fight
// with a condition and a note gets one Status, one Conditions and one
// Note line in every system.
func TestShowSaysNothingTwice(t *testing.T) {
	for _, sys := range systems.Default().All() {
		for _, d := range sys.Demos() {
			e, err := rules.BuildDemo(sys, d.Name, 1)
			if err != nil {
				t.Fatal(err)
			}
			tr := rules.NewTracker(e, sys)
			cb := e.Combatants[0]
			for _, line := range []string{"next", "cond " + rules.Quote(cb.Name) + " prone", "set " + rules.Quote(cb.Name) + " note=tired status=unconscious"} {
				if _, err := tr.Apply(line); err != nil {
					t.Fatalf("%s: %s: %v", d.Name, line, err)
				}
			}
			for _, block := range strings.Split(rules.Text(tr.E, sys), "\n\n")[2:] {
				seen := map[string]bool{}
				for _, l := range strings.Split(block, "\n")[1:] {
					label, _, ok := strings.Cut(strings.TrimSpace(l), ":")
					if !ok {
						continue
					}
					if k := strings.ToLower(label); seen[k] {
						t.Errorf("%s: %q twice:\n%s", d.Name, label, block)
					} else {
						seen[k] = true
					}
				}
			}
		}
	}
}

// TestRidersRowsKeepTheirMarks: in a factions fight where half ride the
// other half, the order view built on the rows of an earlier one keeps
// each rider's marks ("ready", "on NAME") rather than writing them
// again, so it allocates about what the fight on foot does (it wrote two
// strings and a list for each rider, 24 KB a press at 1000), and is
// still exactly Order.
func TestRidersRowsKeepTheirMarks(t *testing.T) {
	sys, err := systems.Default().Lookup("factions")
	if err != nil {
		t.Fatal(err)
	}
	allocs := map[bool]float64{}
	for _, mounted := range []bool{false, true} {
		build := bigfight.Build
		if mounted {
			build = bigfight.BuildMounted
		}
		e, err := build(sys, 1000, 0, 1)
		if err != nil {
			t.Fatal(err)
		}
		rows := rules.OrderOn(sys, e, nil).Rows
		allocs[mounted] = testing.AllocsPerRun(10, func() { rows = rules.OrderOn(sys, e, rows).Rows })
		if want := sys.Order(e); !reflect.DeepEqual(want.Rows, rows) {
			t.Fatalf("mounted %v: the order built on the earlier view differs from Order", mounted)
		}
	}
	if allocs[true] > allocs[false]+4 {
		t.Errorf("the order view allocates %.0f times mounted, %.0f on foot", allocs[true], allocs[false])
	}
}
