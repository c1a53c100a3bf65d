package saves

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"fray/model"
)

// TestNames holds the table of names to a map keyed by foldKey, as the
// loader kept them before: the same names are found, the same ones are
// refused as taken, as the table grows past the room it was made with.
func TestNames(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	parts := []string{"Goblin", "goblin", "GOBLIN", "Ωmega", "ωMEGA", "Straße", "STRASSE", "K", "\u212a", "Ǆ", "ǅ", "ǆ", "é", "É", " ", "1"}
	for _, room := range []int{0, 3, 1000} {
		tab, want := newNames(room), map[string]*model.Combatant{}
		for i := range 3000 {
			name := parts[r.IntN(len(parts))] + parts[r.IntN(len(parts))]
			if r.IntN(2) == 0 {
				name += fmt.Sprint(r.IntN(300))
			}
			w, taken := want[foldKey(name)]
			if g, ok := tab.get(name); ok != taken || g != w {
				t.Fatalf("room %d, %d: get(%q) = %v, %v; want %v, %v", room, i, name, g, ok, w, taken)
			}
			c := &model.Combatant{Profile: &model.Profile{Name: name}}
			if dup := tab.add(c); dup != w {
				t.Fatalf("room %d, %d: add(%q) found %v, want %v", room, i, name, dup, w)
			}
			if !taken {
				want[foldKey(name)] = c
			}
		}
	}
}
