package model

import (
	"maps"
	"reflect"
	"slices"
)

// Equality, for undo by structural sharing: after a command the tracker
// compares the working encounter with the frozen state before it and
// copies only what differs (see rules.Tracker). "Equal" here means that a
// clone of one is indistinguishable from the other, so a nil slice or map
// and an empty one differ.
//
// A field added to Combatant or Encounter must be compared here too; the
// tests in equal_test.go change every field in turn and fail when one is
// missed, so undo cannot silently forget it.

// SheetEqualer is a sheet that compares itself with another sheet fast.
// Every shipped system's sheet implements it; a sheet that does not is
// compared with reflect.DeepEqual, which is right but slow.
type SheetEqualer interface {
	Equal(other Sheet) bool
}

// SheetsEqual reports whether two sheets hold the same values.
func SheetsEqual(a, b Sheet) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	if eq, ok := a.(SheetEqualer); ok {
		return eq.Equal(b)
	}
	return reflect.DeepEqual(a, b)
}

// SameSlice reports whether two slices hold the same elements and are both
// nil or both not: what a sheet's Equal needs for its slice fields.
func SameSlice[S ~[]E, E comparable](a, b S) bool {
	return (a == nil) == (b == nil) && slices.Equal(a, b)
}

// SameMap reports whether two maps hold the same entries and are both nil
// or both not.
func SameMap[M ~map[K]V, K, V comparable](a, b M) bool {
	return (a == nil) == (b == nil) && maps.Equal(a, b)
}

// Equal reports whether two combatants are the same in every field, their
// sheets compared with SheetsEqual.
func (c *Combatant) Equal(o *Combatant) bool {
	return c.Init == o.Init && c.HasInit == o.HasInit && c.Delaying == o.Delaying &&
		c.Acted == o.Acted && c.Status == o.Status && c.Turns == o.Turns && c.TurnTime == o.TurnTime &&
		c.Profile.Equal(o.Profile)
}

// Equal reports whether two profiles are the same in every field, their
// sheets compared with SheetsEqual; a profile is equal to itself at once.
func (p *Profile) Equal(o *Profile) bool {
	if p == o {
		return true
	}
	if p == nil || o == nil {
		return false
	}
	return p.ID == o.ID && p.Name == o.Name && p.Side == o.Side && p.Note == o.Note &&
		p.Tie == o.Tie && p.Hidden == o.Hidden && p.Zone == o.Zone && p.Band == o.Band && p.Strikes == o.Strikes &&
		SameSlice(p.Conds, o.Conds) && SameSlice(p.Engaged, o.Engaged) && SameSlice(p.TurnState, o.TurnState) &&
		(p.lent && p.sheet == o.sheet || SheetsEqual(p.sheet, o.sheet)) // a lent sheet is one pointer (Lendable)
}

// SameState reports whether two encounters agree on everything but their
// combatants and log: the system, options, title, turn state, order and
// dice.
func (e *Encounter) SameState(o *Encounter) bool {
	return e.System == o.System && e.Title == o.Title && e.Round == o.Round &&
		e.Current == o.Current && e.Phase == o.Phase && e.Count == o.Count &&
		e.Ended == o.Ended && e.Clock == o.Clock && e.NextID == o.NextID && e.RNG == o.RNG &&
		SameMap(e.Options, o.Options) && SameMap(e.Turn, o.Turn) &&
		SameSlice(e.Order, o.Order) && SameSlice(e.Queue, o.Queue)
}
