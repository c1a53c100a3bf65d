package model

import (
	"slices"
	"strconv"
	"strings"
)

// Position is optional: a combatant may have a zone (Combatant.Zone) and
// may be engaged with others in close combat (Combatant.Engaged). Both
// start empty, and empty means unknown, never "far away": a rule that
// needs a position reads it only when the GM has set it.

// EngagedWith reports whether the combatant is engaged with the one of
// this ID.
func (c *Combatant) EngagedWith(id int) bool {
	_, ok := slices.BinarySearch(c.Engaged, id)
	return ok
}

// Engage marks a and b engaged with each other. It reports false when
// they already were, or when a and b are the same.
func (e *Encounter) Engage(a, b *Combatant) bool {
	if a == b || a.ID == b.ID || a.EngagedWith(b.ID) {
		return false
	}
	pa, pb := a.OwnProfile(), b.OwnProfile()
	pa.Engaged = insertID(pa.Engaged, b.ID)
	pb.Engaged = insertID(pb.Engaged, a.ID)
	return true
}

// Disengage ends the engagement of a and b; it reports whether there was
// one.
func (e *Encounter) Disengage(a, b *Combatant) bool {
	if !a.EngagedWith(b.ID) {
		return false
	}
	pa, pb := a.OwnProfile(), b.OwnProfile()
	pa.Engaged = dropID(pa.Engaged, b.ID)
	pb.Engaged = dropID(pb.Engaged, a.ID)
	return true
}

// DisengageAll ends every engagement of c and returns those it was
// engaged with (still in the encounter).
func (e *Encounter) DisengageAll(c *Combatant) []*Combatant {
	var out []*Combatant
	for _, id := range c.Engaged {
		if o := e.ByID(id); o != nil {
			p := o.OwnProfile()
			p.Engaged = dropID(p.Engaged, c.ID)
			out = append(out, o)
		}
	}
	if c.Engaged != nil {
		c.OwnProfile().Engaged = nil
	}
	return out
}

// Foes lists, in ID order, the combatants c is engaged with.
func (e *Encounter) Foes(c *Combatant) []*Combatant {
	out := make([]*Combatant, 0, len(c.Engaged))
	for _, id := range c.Engaged {
		if o := e.ByID(id); o != nil {
			out = append(out, o)
		}
	}
	return out
}

// ZoneNumber returns the zone as a number, when it is one.
func (c *Combatant) ZoneNumber() (int, bool) {
	n, err := strconv.Atoi(c.Zone)
	return n, err == nil
}

// SameZone reports whether a and b stand in the same zone; known is false
// when either has none.
func SameZone(a, b *Combatant) (same, known bool) {
	if a.Zone == "" || b.Zone == "" {
		return false, false
	}
	return strings.EqualFold(a.Zone, b.Zone), true
}

// Distance is how many zones lie between a and b: 0 in the same zone,
// the difference of two numbered zones. known is false when either has
// no zone, or for two different named areas (fray has no map of them).
func Distance(a, b *Combatant) (zones int, known bool) {
	if same, ok := SameZone(a, b); !ok {
		return 0, false
	} else if same {
		return 0, true
	}
	x, ok1 := a.ZoneNumber()
	y, ok2 := b.ZoneNumber()
	if !ok1 || !ok2 {
		return 0, false
	}
	if x > y {
		return x - y, true
	}
	return y - x, true
}

// insertID adds id to a sorted list, copying it (a clone may share the
// old one).
func insertID(list []int, id int) []int {
	i, found := slices.BinarySearch(list, id)
	if found {
		return list
	}
	out := make([]int, 0, len(list)+1)
	out = append(out, list[:i]...)
	out = append(out, id)
	return append(out, list[i:]...)
}

// dropID removes id from a sorted list without writing into it.
func dropID(list []int, id int) []int {
	i, found := slices.BinarySearch(list, id)
	if !found {
		return list
	}
	if len(list) == 1 {
		return nil
	}
	return append(list[:i:i], list[i+1:]...)
}
