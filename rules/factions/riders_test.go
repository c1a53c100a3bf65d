package factions

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"fray/model"
)

// randomRiders builds a fight whose sheets name mounts every way a file
// may: another's name as written or in another case (the Kelvin sign and
// the long s fold to k and s), its own name, a name nobody has, a prefix
// of one; several riders on one carrier, and some with no sheet. It
// opens an activation now and then, so that Acting is set.
func randomRiders(r *rand.Rand) *model.Encounter {
	e := model.New("factions", 1)
	names := []string{"Bess", "bess2", "Kate", "Kate2", "Ross", "Ša", "Wagon", "Wagon two", "Ox"}
	n := 1 + r.IntN(len(names))
	for i := range n {
		cb := &model.Combatant{Profile: &model.Profile{ID: i + 1, Name: names[i], Side: []string{"A", "B"}[r.IntN(2)]}}
		cb.Acted = r.IntN(2) == 0
		if r.IntN(8) > 0 {
			cb.SetSheet(&Sheet{})
		}
		e.Combatants = append(e.Combatants, cb)
	}
	variants := func(s string) []string {
		return []string{s, "", "Nobody", s[:1], " " + s, upper(s), kelvin(s)}
	}
	for _, cb := range e.Combatants {
		sh, ok := cb.Sheet().(*Sheet)
		if !ok || r.IntN(3) == 0 {
			continue
		}
		o := e.Combatants[r.IntN(n)]
		vs := variants(o.Name)
		sh.On = vs[r.IntN(len(vs))]
	}
	if r.IntN(4) > 0 {
		e.Turn[keyMounts] = "1"
	}
	e.Round = 1
	e.Phase = PhaseTurn
	if a := e.Combatants[r.IntN(n)]; r.IntN(2) == 0 {
		a.Acted = true
		e.Current = a.ID
		e.Turn[keyActive] = a.Side
	}
	return e
}

func upper(s string) string {
	b := []rune(s)
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}

// kelvin writes k as the Kelvin sign and s as the long s, which
// strings.EqualFold holds the same as k and s.
func kelvin(s string) string {
	b := []rune(s)
	for i, c := range b {
		switch c {
		case 'k', 'K':
			b[i] = '\u212a'
		case 's':
			b[i] = '\u017f'
		}
	}
	return string(b)
}

// The readiness of many characters at once finds who carries someone
// with an index of the riders, and who takes the turn with the one
// acting from the acting one's carrier: the answers are those of
// ridersOf and party, which scan the fight, on random fights.
func TestRiderIndexIsRidersOf(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 1))
	for i := range 3000 {
		e := randomRiders(r)
		rd := readyIn(e)
		rd.scans = scanScans // the index from the first question
		f := &fightFacts{e: e}
		a := Acting(e)
		carries := (&System{}).CarriesIn(e) // scans once, then indexes
		for _, cb := range e.Combatants {
			if want, got := len(ridersOf(e, cb)) > 0, rd.carries(cb); want != got {
				t.Fatalf("fight %d, %s (on=%q among %v): ridersOf says %v, the index %v", i, cb.Name, on(cb), ons(e), want, got)
			}
			if want, got := len(ridersOf(e, cb)) > 0, carries(cb); want != got {
				t.Fatalf("fight %d, %s (on=%q among %v): ridersOf says %v, CarriesIn %v", i, cb.Name, on(cb), ons(e), want, got)
			}
			one := readyIn(e) // a first question scans
			if want, got := len(ridersOf(e, cb)) > 0, one.carries(cb); want != got {
				t.Fatalf("fight %d, %s (on=%q among %v): ridersOf says %v, one question %v", i, cb.Name, on(cb), ons(e), want, got)
			}
			want := a != nil && a != cb && e.Turn[keyMounts] != "" && slices.Contains(party(e, a), cb)
			if got := withActing(e, cb); got != want {
				t.Fatalf("fight %d, %s with %v (%v): party says %v, withActing %v", i, cb.Name, a, ons(e), want, got)
			}
			if got := f.withActing(cb); got != want {
				t.Fatalf("fight %d, %s with %v (%v): party says %v, the facts %v", i, cb.Name, a, ons(e), want, got)
			}
		}
	}
}

func on(cb *model.Combatant) string {
	if sh, ok := cb.Sheet().(*Sheet); ok {
		return sh.On
	}
	return "-"
}

func ons(e *model.Encounter) []string {
	var out []string
	for _, cb := range e.Combatants {
		out = append(out, cb.Name+"→"+on(cb))
	}
	return out
}

// Factions lists each side once, in the order it first appears, whether
// a fight has a few sides (searched in the list) or many (a map): the
// list is that of a map of sides seen, on random fights of 1 to 40 sides.
func TestFactionsListsEachSideOnce(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 2))
	for i := range 2000 {
		e := model.New("factions", 1)
		sides := 1 + r.IntN(40)
		for j := range r.IntN(120) {
			side := string(rune('A'+r.IntN(sides))) + []string{"", "x"}[r.IntN(2)]
			e.Combatants = append(e.Combatants, &model.Combatant{Profile: &model.Profile{ID: j + 1, Side: side}})
		}
		var want []string
		seen := map[string]bool{}
		for _, cb := range e.Combatants {
			if !seen[cb.Side] {
				seen[cb.Side] = true
				want = append(want, cb.Side)
			}
		}
		if got := Factions(e); !slices.Equal(got, want) {
			t.Fatalf("fight %d: Factions %q, want %q", i, got, want)
		}
	}
}

// In a big fight, names met in a probe share their hash's tag now and
// then, and several ride one mount: the index still answers as ridersOf.
func TestRiderIndexInABigFight(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 4))
	e := model.New("factions", 1)
	e.Turn[keyMounts] = "1"
	const n = 3000
	for i := range n {
		e.Combatants = append(e.Combatants, &model.Combatant{Profile: (&model.Profile{ID: i + 1, Name: fmt.Sprint("Rider ", i)}).WithSheet(&Sheet{})})
	}
	for _, cb := range e.Combatants {
		if r.IntN(2) == 0 {
			o := e.Combatants[r.IntN(n/3)] // a third carry, some of them many
			cb.Sheet().(*Sheet).On = []string{o.Name, upper(o.Name), o.Name + "x"}[r.IntN(3)]
		}
	}
	x := newRiderIndex(e.Combatants)
	for _, cb := range e.Combatants {
		if want, got := len(ridersOf(e, cb)) > 0, x.carries(cb); want != got {
			t.Fatalf("%s: ridersOf says %v, the index %v", cb.Name, want, got)
		}
	}
}
