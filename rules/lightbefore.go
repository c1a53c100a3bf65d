package rules

import (
	"slices"

	"fray/model"
)

// lightBefore is the state before a command when the tracker keeps no
// history (fray run): the encounter's fields and its list of combatants
// as they were, sharing the combatants themselves with the live
// encounter, but for those the end of the command reads as they were —
// whoever held the turn (all who shared it) and each the command looked
// up — which are copied before the command changes them. So the fight's
// summary (turns, time, harm taken and dealt) comes out as with undo.
type lightBefore struct {
	model.Encounter
	own bool // Combatants is this state's own list, no longer e's
}

// newLightBefore takes e's state before a command and copies whoever
// holds the turn.
func newLightBefore(s System, e *model.Encounter) *lightBefore {
	b := &lightBefore{Encounter: *e}
	eachHolder(s, e, e, b.keep)
	return b
}

// keep copies cb as it is now into the state before, once. The list is
// copied at the first, so that a command that reads nobody's past (an
// add) costs no copy of it.
func (b *lightBefore) keep(cb *model.Combatant) {
	if !b.own {
		b.Combatants, b.own = slices.Clone(b.Combatants), true
	}
	cs := b.Combatants
	i := -1
	if len(cs) > 0 {
		i = cb.ID - cs[0].ID // IDs run without gaps until someone leaves
	}
	if i < 0 || i >= len(cs) || cs[i] != cb {
		i = slices.Index(cs, cb)
	}
	if i >= 0 {
		cs[i] = cb.Clone() // a second look finds the copy: cb is copied once
	}
}
