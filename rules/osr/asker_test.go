package osr_test

import (
	"fmt"
	"testing"

	"fray/rules"
)

// The answers for many at once (Asker, which the screen uses when the
// turn rests with nobody) are MayAct's, word for word, through the
// states that have answers of their own: a scroll being read, a held
// action taken early (force act), the declare phase, a count.
func TestAskerAnswersAsMayAct(t *testing.T) {
	tr := newTracker(t, addAra, addBo, addGob, addGrub, "declare Ara scroll 2 fireball")
	steps := []string{"next", "dice 5 3 2 1", "next", "hold Bo", "force act Bo", "next", "next", "next", "dice 4 4 4 4", "next", "next"}
	for i := 0; ; i++ {
		e := tr.E
		ask := tr.Sys.(rules.TurnsAsker).Asker(e)
		for _, cb := range e.Combatants {
			for _, k := range []rules.ActKind{rules.OnTurn, rules.Attack, rules.OutOfTurn} {
				want, got := fmt.Sprint(tr.Sys.(rules.Turns).MayAct(e, cb, k)), fmt.Sprint(ask(cb, k))
				if want != got {
					t.Fatalf("after %d steps, %s (kind %d): MayAct %q, Asker %q", i, cb.Name, k, want, got)
				}
			}
		}
		if i == len(steps) {
			break
		}
		if _, err := tr.Apply(steps[i]); err != nil {
			t.Logf("%s: %v", steps[i], err)
		}
	}
}
