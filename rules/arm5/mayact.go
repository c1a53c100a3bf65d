package arm5

import (
	"fmt"

	"fray/model"
	"fray/rules"
)

var _ rules.Turns = (*System)(nil)

// MayAct implements rules.Turns: before combat anyone able; then the
// combatant whose turn it is, with the members of its group (a group
// fights on one turn) and a horse its rider sits on (it acts on the
// rider's turn). One that delayed takes its action with act first. An
// attack also needs the turn's action unspent: spent on an extended
// action (spanning a crossbow), the refusal says so, and is no Refusal
// (force cannot attack during it: the extended action must stop). A
// reaction (a Fast-Cast defence, a free attack) needs only to be able.
func (*System) MayAct(e *model.Encounter, cb *model.Combatant, kind rules.ActKind) error {
	if err := rules.Able(cb); err != nil {
		return err
	}
	if e.Round == 0 || kind == rules.OutOfTurn {
		return nil
	}
	if !onTurn(e, cb) {
		return rules.CurrentMayAct(e, cb, kind)
	}
	if kind == rules.Attack && spent(e, cb) {
		return acted(e, cb)
	}
	return nil
}

// acted says why cb, whose action this turn is spent, may take no other:
// an extended action under way (no Refusal: force makes no room for
// another action, it has to stop first), or an action already taken.
func acted(e *model.Encounter, cb *model.Combatant) error {
	if x, ok := getExt(e, cb.ID); ok && guardOf(e, cb) == nil {
		return fmt.Errorf("%s is busy %s: extended %s stop ends it", cb.Name, x, rules.Quote(cb.Name))
	}
	return rules.Refusef("%s has already acted this turn", cb.Name)
}

// onTurn reports whether it is cb's turn: its own, its group's, or its
// rider's.
func onTurn(e *model.Encounter, cb *model.Combatant) bool {
	if cb.ID == e.Current {
		return true
	}
	cur := e.ByID(e.Current)
	if cur == nil {
		return false
	}
	if r := riderOf(e, cb.ID); r != nil && r.ID == cur.ID {
		return true
	}
	if g := groupOf(e, cb.ID); g != nil && g.has(cur.ID) {
		return true
	}
	return false
}
