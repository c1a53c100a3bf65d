package systems_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/dice"
	"fray/rules/systems"
)

// fight returns a started fight of system s with "Goblin" and "Goblin 2"
// (whose first word names Goblin) and a Hero.
func fight(t *testing.T, s rules.System) *rules.Tracker {
	t.Helper()
	tr := rules.NewTracker(model.New(s.ID(), 7), s)
	for _, l := range []string{"add Goblin side=foes", `add "Goblin 2" side=foes`, "add Hero side=heroes"} {
		if _, err := tr.Apply(l); err != nil {
			t.Fatalf("%s: %s: %v", s.ID(), l, err)
		}
	}
	_, _ = tr.Apply("next") // started where the system can; some verbs need it
	return tr
}

// state is what a command could change of a combatant.
func state(cb *model.Combatant) string {
	var b strings.Builder
	fmt.Fprint(&b, cb.Status, cb.Init, cb.HasInit, cb.Delaying, cb.Acted, cb.Conds, cb.Side, cb.Note)
	for _, k := range cb.Sheet().Keys() {
		v, _ := cb.Sheet().Get(k)
		fmt.Fprint(&b, " ", k, "=", v)
	}
	return b.String()
}

// No verb of any system hits Goblin when the GM typed Goblin 2 unquoted:
// a line that could mean either is refused with both readings, any other
// failure says how to quote "Goblin 2", and a line that works (free text,
// like a note) leaves Goblin alone.
func TestNoVerbHitsTheWrongName(t *testing.T) {
	for _, s := range systems.Default().All() {
		for _, v := range fight(t, s).Verbs() {
			for _, tail := range []string{"Goblin 2", "Goblin 2 Hero", "Hero Goblin 2", "Goblin 2 1", "Hero Goblin 2 1", "Goblin 2 roll"} {
				tr := fight(t, s)
				line := v.Name + " " + tail
				before := state(tr.E.ByID(1))
				_, err := tr.Apply(line)
				var amb *rules.AmbiguousNameError
				var tm *rules.TooManyWordsError
				switch {
				case errors.As(err, &tm) && tm.Max == 0:
					// undo 3: nothing after the verb could be meant.
				case err == nil:
					if state(tr.E.ByID(1)) != before {
						t.Errorf("%s: %q changed Goblin", s.ID(), line)
					}
				case errors.As(err, &amb):
					if amb.Short != "Goblin" || amb.Long != "Goblin 2" {
						t.Errorf("%s: %q: readings %+v", s.ID(), line, amb)
					}
				case !strings.Contains(err.Error(), `"Goblin 2"`):
					t.Errorf("%s: %q fails without saying how to quote the name: %v", s.ID(), line, err)
				}
			}
		}
	}
}

// Every verb of every system refuses words beyond its usage, in its own
// words or the tracker's, and never asks for a die first.
func TestNoVerbDropsWords(t *testing.T) {
	for _, s := range systems.Default().All() {
		tr := fight(t, s)
		tr.SetPhysical(true)
		for _, v := range append(tr.Verbs(), rules.Verb{Name: "undo", Usage: "undo"}) {
			n := rules.MaxWords(v.Usage)
			if n < 0 {
				continue
			}
			for _, line := range []string{v.Name + strings.Repeat(" x", n+1), v.Name + strings.Repeat(" Hero", n+1)} {
				ver := tr.Version()
				_, err := tr.Apply(line)
				var need *dice.NeedFaceError
				if err == nil || errors.As(err, &need) {
					t.Errorf("%s: %q: %v, want it refused", s.ID(), line, err)
				}
				if tr.Version() != ver {
					t.Errorf("%s: %q changed the encounter", s.ID(), line)
				}
			}
		}
	}
}
