package arm5

import (
	"fray/model"
	"fray/rules"
)

var _ rules.Turns = (*System)(nil)

// MayAct implements rules.Turns: before combat anyone able; then the
// combatant whose turn it is, with the members of its group (a group
// fights on one turn) and a horse its rider sits on (it acts on the
// rider's turn). One that delayed takes its action with act first. An
// attack also needs the turn's action unspent. A reaction (a Fast-Cast
// defence, a free attack) needs only to be able.
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
		return rules.Refusef("%s has already taken its action this turn", cb.Name)
	}
	return nil
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
