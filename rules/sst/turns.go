package sst

import (
	"errors"
	"fmt"

	"fray/model"
	"fray/rules"
)

var _ rules.Turns = (*System)(nil)

// MayAct implements rules.Turns: whoever holds the turn (the most dice;
// `act NAME` hands it to another of the tied); once a refresh is called,
// everyone with a last option still to take. One holding its action
// takes it with act first. A defence is part of the attack it answers.
func (*System) MayAct(e *model.Encounter, cb *model.Combatant, kind rules.ActKind) error {
	if err := rules.Able(cb); err != nil {
		return err
	}
	if e.Round == 0 && kind == rules.Attack {
		return errors.New("the fight has not started: next rolls the action dice an attack is paid with")
	}
	if e.Round == 0 || kind == rules.OutOfTurn {
		return nil
	}
	if e.Phase == phaseRefresh {
		if cb.Acted {
			return rules.Refusef("%s has taken a last option before the refresh", cb.Name)
		}
		return nil
	}
	if cb.ID == e.Current {
		return nil
	}
	cur := e.ByID(e.Current)
	switch {
	case cb.Delaying:
		return rules.Refusef("%s is holding a delayed action: act %s takes it now", cb.Name, rules.Quote(cb.Name))
	case cur == nil:
		return rules.Refusef("nobody holds the turn: next gives it to whoever holds the most dice")
	}
	return rules.Refusef("it is %s turn (most dice), not %s", possessive(cur.Name), possessive(cb.Name))
}

// Next implements rules.System. Before the fight it rolls every pool. While
// dice are spent it gives the turn to whoever holds the most dice now (a
// refresh when nobody can act), but never again to the one who has it and
// has not acted since. During last options the current combatant,
// if it has not taken its option, sets its best die aside.
func (*System) Next(c *rules.Ctx) error {
	if len(c.E.Combatants) == 0 {
		return errors.New("nobody is in the fight yet: add combatants first")
	}
	if c.E.Round == 0 {
		return start(c)
	}
	if c.E.Phase == phaseRefresh {
		if cur := c.E.ByID(c.E.Current); cur != nil && pending(cur) {
			if err := carry(c, cur, 0); err != nil {
				return err
			}
		}
		return advanceRefresh(c)
	}
	if err := stillUp(c); err != nil {
		return err
	}
	return pickNext(c)
}

// Prev implements rules.System: the marker moves to the one before in the
// countdown.
func (*System) Prev(c *rules.Ctx) error {
	if c.E.Round == 0 || len(c.E.Order) == 0 {
		return errors.New("the fight has not started")
	}
	i := c.E.OrderIndex(c.E.Current)
	if i <= 0 {
		return errors.New("already at the top of the countdown")
	}
	turnTo(c, c.E.ByID(c.E.Order[i-1]), "turn")
	return nil
}

// Delay implements rules.Delayer: the combatant holds its action; next
// passes it by until it acts or the round closes.
func (*System) Delay(c *rules.Ctx, cb *model.Combatant) error {
	if c.E.Phase == phaseRefresh {
		return fmt.Errorf("a refresh is under way: %s acts, carries a die or passes", cb.Name)
	}
	if err := c.MayAct(cb, rules.OnTurn); err != nil {
		return err // one holds by not taking the turn it has
	}
	cb.Delaying = true
	c.Event("%s holds its action", cb.Name)
	if c.E.Current == cb.ID {
		return pickNext(c)
	}
	return nil
}

// Act implements rules.Delayer: the combatant takes the turn now (a held
// action, or the players' or GM's pick among equals).
func (*System) Act(c *rules.Ctx, cb *model.Combatant) error {
	if c.E.Round == 0 {
		return errors.New("the fight has not started: press next")
	}
	if !able(cb) {
		return fmt.Errorf("%s is %s", cb.Name, cb.Status)
	}
	// Among equals the players or the GM pick who goes; one with fewer
	// dice waits, unless it takes an action it held.
	if cur := c.E.ByID(c.E.Current); !cb.Delaying && c.E.Phase != phaseRefresh && cur != nil && cur != cb && before(cur, cb) {
		if err := c.Refuse("it is %s turn (most dice), not %s", possessive(cur.Name), possessive(cb.Name)); err != nil {
			return err
		}
	}
	cb.Delaying = false
	turnTo(c, cb, "turn")
	return nil
}

// Added implements rules.System: a newcomer during the fight rolls its pool
// at once, unless dice were entered on the add line.
func (*System) Added(c *rules.Ctx, cb *model.Combatant) error {
	s, err := ownSheet(cb)
	if err != nil {
		return err
	}
	if c.E.Round > 0 && len(s.Dice) == 0 && able(cb) {
		if err := rollPool(c, cb, s, -1); err != nil {
			return err
		}
	}
	place(c.E, cb) // only cb's dice changed
	return nil
}

// RollInit implements rules.System: roll the combatant's action dice now.
func (*System) RollInit(c *rules.Ctx, cb *model.Combatant) error {
	s, err := ownSheet(cb)
	if err != nil {
		return err
	}
	if err := rollPool(c, cb, s, -1); err != nil {
		return err
	}
	place(c.E, cb) // only cb's dice changed
	return nil
}

// SetInit implements rules.System: roll a pool of exactly n dice (with
// extras for 6s), for a one-off change to the usual count.
func (*System) SetInit(c *rules.Ctx, cb *model.Combatant, n int) error {
	s, err := ownSheet(cb)
	if err != nil {
		return err
	}
	if n > 30 {
		return fmt.Errorf("%d action dice is too many (at most 30)", n)
	}
	if err := rollPool(c, cb, s, max(n, 0)); err != nil {
		return err
	}
	place(c.E, cb) // only cb's dice changed
	return nil
}

// Remove implements rules.Remover. When the combatant whose turn (or last
// option) it is leaves, the next is picked as next would pick it, and
// given its turn with the usual log line; otherwise nothing moves.
func (*System) Remove(c *rules.Ctx, cb *model.Combatant) error {
	wasCurrent := c.E.Current == cb.ID
	c.E.Remove(cb.ID)
	switch {
	case !wasCurrent || c.E.Round == 0 || len(c.E.Combatants) == 0:
		return nil
	case c.E.Phase == phaseRefresh:
		return advanceRefresh(c)
	}
	return pickNext(c)
}
