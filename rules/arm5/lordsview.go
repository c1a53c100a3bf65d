package arm5

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"fray/model"
	"fray/rules"
)

// lordsMarks are the order row's marks for the Lords of Men state: an
// extended action, engagement, horse and rider, fast actions taken.
// lordsIndex holds the who-defends-whom and who-rides-what relations,
// worked out once per view: looked up row by row they would make drawing
// the order quadratic in the number of combatants.
type lordsIndex struct {
	defenders map[int][]*model.Combatant // charge ID → defenders, in acting order
	riders    map[int]*model.Combatant   // horse ID → rider
	stateful  map[int]bool               // IDs with any "kind:ID" Turn entry (see mapped)
}

func newLordsIndex(e *model.Encounter) lordsIndex {
	x := lordsIndex{defenders: map[int][]*model.Combatant{}, riders: map[int]*model.Combatant{}, stateful: map[int]bool{}}
	// The relations are Turn entries keyed "kind:ID" (see mapped), so one
	// pass over Turn finds the few combatants that have any; the rest of
	// a combatant's state is its own (TurnState).
	for k := range e.Turn {
		if i := strings.LastIndexByte(k, ':'); i >= 0 {
			if id, err := strconv.Atoi(k[i+1:]); err == nil {
				x.stateful[id] = true
			}
		}
	}
	for id := range x.stateful {
		d := e.ByID(id)
		if d == nil {
			continue
		}
		if g := guardOf(e, d); g != nil {
			x.defenders[g.ID] = append(x.defenders[g.ID], d)
		}
		if m, ok := getMount(e, id); ok {
			if r, seen := x.riders[m.horse]; !seen || id < r.ID {
				x.riders[m.horse] = d
			}
		}
	}
	for _, ds := range x.defenders {
		sort.Slice(ds, func(i, j int) bool { return e.OrderIndex(ds[i].ID) < e.OrderIndex(ds[j].ID) })
	}
	return x
}

func lordsMarks(e *model.Encounter, x lordsIndex, cb *model.Combatant) []string {
	if cb.TurnState == nil && !x.stateful[cb.ID] && x.defenders[cb.ID] == nil && x.riders[cb.ID] == nil {
		return nil
	}
	var ms []string
	if x, ok := getExt(e, cb.ID); ok && guardOf(e, cb) != nil {
		ms = append(ms, x.what)
	} else if ok {
		ms = append(ms, fmt.Sprintf("%s %d/%d", x.what, x.total-x.left, x.total))
	}
	if ds := x.defenders[cb.ID]; len(ds) > 0 {
		ms = append(ms, "defended by "+defenderNames(e, ds))
	}
	// Engagement is the shared position model's: the screen marks it
	// ("×Victor") for every system alike.
	if h := horseOf(e, cb.ID); h != nil {
		ms = append(ms, fmt.Sprintf("riding %s (%s)", h.Name, gaits[gaitOf(e, cb.ID)].name))
	}
	if r := x.riders[cb.ID]; r != nil {
		ms = append(ms, "acts on "+r.Name+"'s turn")
	}
	if n := getN(e, kFast, cb.ID); n > 0 {
		ms = append(ms, fmt.Sprintf("fast ×%d", n))
	}
	if exertingDfn(e, cb) {
		ms = append(ms, "exerting on Defense")
	}
	if h := getN(e, kHold, cb.ID); h > 0 {
		if o := e.ByID(h); o != nil {
			ms = append(ms, "held by "+o.Name)
		}
	}
	return ms
}

// lordsFields add the same state to the sheet, where there is any.
func lordsFields(e *model.Encounter, cb *model.Combatant, sh *Sheet) []rules.Field {
	var fs []rules.Field
	if ch := guardOf(e, cb); ch != nil {
		fs = append(fs, rules.Field{Label: "Defending", Value: ch.Name + " until the next turn"})
	} else if x, ok := getExt(e, cb.ID); ok {
		fs = append(fs, rules.Field{Label: "Extended", Value: x.String() + " · attacked: concentrate", Alert: true})
	}
	if exertingDfn(e, cb) {
		fs = append(fs, rules.Field{Label: "Exertion", Value: fmt.Sprintf("on Defense (+%d) until its next turn", sh.Ability)})
	}
	if ds := defendersOf(e, cb); len(ds) > 0 {
		fs = append(fs, rules.Field{Label: "Defended by", Value: defenderNames(e, ds)})
	}
	if n := getN(e, kSpan, cb.ID); n > 0 {
		fs = append(fs, rules.Field{Label: "Spanning", Value: fmt.Sprintf("%s done, to be taken up again (extended %s span)", rules.Plural(n, "round"), cb.Name)})
	}
	if foes := engagedWith(e, cb); len(foes) > 0 {
		v := names(foes)
		if f := strings.Fields(tget(e, kDis, cb.ID)); len(f) == 2 {
			v += " · failed disengage tries: " + f[0]
		}
		fs = append(fs, rules.Field{Label: "Engaged", Value: v})
	}
	if h := horseOf(e, cb.ID); h != nil {
		m, _ := getMount(e, cb.ID)
		v := fmt.Sprintf("%s at a %s, mounted bonus %s", h.Name, gaits[m.gait].name, signed(min(sh.Ride, 3)))
		if !mountedBonusOK(e, cb) {
			v = fmt.Sprintf("%s at a %s, no mounted bonus", h.Name, gaits[m.gait].name)
		}
		if h.HasCond(kPanic) {
			v += " · PANICKED"
		}
		fs = append(fs, rules.Field{Label: "Horse", Value: v, Alert: h.HasCond(kPanic)})
	}
	if sh.WLost > 0 {
		fs = append(fs, rules.Field{Label: "Weapon wear", Value: rules.Plural(sh.WLost, "damage level") + " lost", Alert: true})
	}
	if sh.Athletics+sh.Finesse+sh.Concentration > 0 {
		fs = append(fs, rules.Field{Label: "Other Abilities", Value: fmt.Sprintf("Athletics %d · Finesse %d · Concentration %d", sh.Athletics, sh.Finesse, sh.Concentration)})
	}
	return fs
}
