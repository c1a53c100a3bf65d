package dice

import (
	"strings"
	"testing"
)

// FuzzParseDice parses any text and rolls what parses with a seeded
// roller: nothing may panic, work stays bounded by the dice limits, and
// the result is consistent with the expression.
func FuzzParseDice(f *testing.F) {
	for _, s := range []string{"2d6+3", "d20", "1d4-1", "3d6+1d4+2", "stress", "stress3+5",
		"simple", "", "d", "2d", "0d6", "d0", "1001d6", "2x6", "+", "2d6++3", "-stress0-simple",
		"1000d1000", "stress20", "999999+999999"} {
		f.Add(s, uint64(1))
	}
	f.Fuzz(func(t *testing.T, s string, seed uint64) {
		e, err := Parse(s)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error text")
			}
			return
		}
		if len(e.Terms) == 0 {
			t.Fatalf("Parse(%q) gave no terms and no error", s)
		}
		dice, consts := 0, 0
		for _, tm := range e.Terms {
			if tm.Sign != 1 && tm.Sign != -1 {
				t.Fatalf("Parse(%q): sign %d", s, tm.Sign)
			}
			dice += tm.Count
			if tm.Sides == 0 && !tm.Stress && !tm.Simple {
				consts++
			}
			if tm.Sides > MaxSides || tm.Count > MaxDice {
				t.Fatalf("Parse(%q): term %+v over the limits", s, tm)
			}
		}
		if dice > MaxDice {
			t.Fatalf("Parse(%q): %d dice in all", s, dice)
		}
		state := seed
		var queue []int
		calls := 0
		r := New(&state, &queue, func(Roll) { calls++ })
		roll, err := r.Roll("who", "why", e)
		if err != nil {
			t.Fatalf("Roll(%q) with the generator: %v", s, err)
		}
		if calls != 1 {
			t.Fatalf("Roll(%q) recorded %d times", s, calls)
		}
		// A stress die may add up to 20 botch dice or a bounded run of re-rolls.
		if len(roll.Faces) > dice*25 {
			t.Fatalf("Roll(%q): %d faces for %d dice", s, len(roll.Faces), dice)
		}
		if roll.Botched && roll.Total != 0 {
			t.Fatalf("Roll(%q): botched with total %d", s, roll.Total)
		}
		if !strings.Contains(roll.String(), "] = ") {
			t.Fatalf("Roll(%q): odd rendering %q", s, roll.String())
		}
	})
}
