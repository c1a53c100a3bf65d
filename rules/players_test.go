package rules

import (
	"maps"
	"slices"
	"testing"

	"fray/model"
)

// pcSheet is a sheet with one field, pc, as the systems' sheets have it.
type pcSheet struct{ pc string }

func (p *pcSheet) Clone() model.Sheet { n := *p; return &n }
func (p *pcSheet) Keys() []string     { return []string{"pc"} }
func (p *pcSheet) Get(k string) (string, bool) {
	return p.pc, k == "pc"
}
func (p *pcSheet) Set(k, v string) error { p.pc = v; return nil }

// A GM who adds the monsters first (README: "+ then gob … adds Goblin 1 …
// Goblin 6") and the party after must not have the players' view show the
// goblins' hit points and hide the party's: the players' side is found as
// party save finds it (pc=yes, else a side called party, heroes…), and only
// failing that is it the first combatant's side.
func TestPlayerSidesFindThePartyAddedAfterTheFoes(t *testing.T) {
	cb := func(name, side, pc string) *model.Combatant {
		return &model.Combatant{Profile: (&model.Profile{Name: name, Side: side}).WithSheet(&pcSheet{pc: pc})}
	}
	for _, tc := range []struct {
		name string
		cbs  []*model.Combatant
		opt  string
		want []string
	}{
		{"pc=yes", []*model.Combatant{cb("Goblin 1", "goblins", ""), cb("Odo", "crew", "yes"), cb("Wren", "thieves", "yes")}, "", []string{"crew", "thieves"}},
		{"a side called party", []*model.Combatant{cb("Goblin 1", "goblins", ""), cb("Odo", "Party", "")}, "", []string{"party"}},
		{"nothing says", []*model.Combatant{cb("Goblin 1", "goblins", ""), cb("Odo", "crew", "")}, "", []string{"goblins"}},
		{"the option says", []*model.Combatant{cb("Goblin 1", "goblins", ""), cb("Odo", "crew", "yes")}, "goblins, wolves", []string{"goblins", "wolves"}},
	} {
		e := &model.Encounter{Combatants: tc.cbs, Options: map[string]string{"players": tc.opt}}
		got := slices.Sorted(maps.Keys(PlayerSides(e)))
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: players' sides %v, want %v", tc.name, got, tc.want)
		}
	}
}

// The harm beside a gauge leaves out the words the gauge already says:
// the arm5 summary read "L1 −1 Winded, Light wound, Winded".
func TestHarmTextSaysEachWordOnce(t *testing.T) {
	for _, tc := range []struct{ gauge, words, want string }{
		{"L1 −1 Winded", "Light wound, Winded", "L1 −1 Winded, Light wound"},
		{"L1 −1", "Light wound", "L1 −1, Light wound"},
		{"HP 3/8", "", "HP 3/8"},
		{"St 6/10 Hurt", "Hurt", "St 6/10 Hurt"},
		{"", "unconscious", "unconscious"},
	} {
		if got := harmText(Harm{Gauge: tc.gauge, Words: tc.words}); got != tc.want {
			t.Errorf("gauge %q words %q: %q, want %q", tc.gauge, tc.words, got, tc.want)
		}
	}
}
