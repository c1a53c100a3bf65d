package model

import "slices"

// TurnVal is one item of a combatant's turn state: what a system keeps
// of it as the fight goes, mostly for the round or the turn under way,
// such as what its turn has used, the reaction it spent its turn on, the
// round it began to delay in, or the gear it has used this fight. Kind names the item, as the system chose; Value is the
// system's text.
//
// A combatant's turn state lives in its Profile rather than as keys of
// Encounter.Turn: undo and the saver compare and copy the turn map whole
// whenever any key of it changes, so a key per combatant made every
// command of a big fight copy and write a thousand entries, where an item
// on the combatant costs only the combatants a command changed.
type TurnVal struct {
	Kind, Value string
}

// TurnText returns the value of the combatant's turn state item of this
// kind, "" if it has none.
func (c *Combatant) TurnText(kind string) string {
	v, _ := c.TurnItem(kind)
	return v
}

// TurnItem returns the value of the combatant's turn state item of this
// kind and whether it has one.
func (c *Combatant) TurnItem(kind string) (string, bool) {
	for _, t := range c.TurnState {
		if t.Kind == kind {
			return t.Value, true
		}
	}
	return "", false
}

// SetTurn sets the combatant's turn state item of this kind. Items are
// kept sorted by kind, so the same state is the same list however it was
// reached (undo compares lists, the save writes them in order).
func (c *Combatant) SetTurn(kind, value string) {
	i := 0
	for ; i < len(c.TurnState); i++ {
		switch t := c.TurnState[i]; {
		case t.Kind == kind:
			if t.Value != value {
				c.OwnProfile().TurnState[i].Value = value
			}
			return
		case t.Kind > kind:
			p := c.OwnProfile()
			p.TurnState = slices.Insert(p.TurnState, i, TurnVal{kind, value})
			return
		}
	}
	p := c.OwnProfile()
	p.TurnState = append(p.TurnState, TurnVal{kind, value})
}

// DropTurn removes the combatant's turn state item of this kind; it
// reports whether there was one. A state left empty is nil, as a
// combatant that never had one.
func (c *Combatant) DropTurn(kind string) bool {
	for i, t := range c.TurnState {
		if t.Kind == kind {
			p := c.OwnProfile()
			if len(p.TurnState) == 1 {
				p.TurnState = nil
			} else {
				p.TurnState = append(p.TurnState[:i:i], p.TurnState[i+1:]...)
			}
			return true
		}
	}
	return false
}
