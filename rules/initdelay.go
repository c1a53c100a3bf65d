package rules

import (
	"errors"
	"fmt"
	"sort"

	"fray/model"
)

// Delay makes a combatant hold its action: the current combatant (the turn
// then passes on), or one whose turn is still to come this round. The
// delayed action may be taken with Act at any later moment until the
// combatant's next turn.
func (o InitOrder) Delay(c *Ctx, cb *model.Combatant) error {
	pass, err := o.Hold(c, cb)
	if err != nil || !pass {
		return err
	}
	return o.Next(c)
}

// Hold is Delay without passing the turn: it checks and records the delay
// and reports whether the turn must now pass on (the current combatant
// delayed), leaving that to the caller — a system whose Next does more
// than the engine's calls Hold and then its own Next.
func (o InitOrder) Hold(c *Ctx, cb *model.Combatant) (pass bool, err error) {
	e := c.E
	switch {
	case e.Round == 0:
		return false, errors.New("combat has not started: next starts it, then delay on the combatant's turn")
	case !cb.Status.CanAct():
		return false, fmt.Errorf("%s cannot act (%s), so cannot delay", cb.Name, cb.Status)
	case cb.Delaying:
		return false, fmt.Errorf("%s is already delaying: act %s takes the held action", cb.Name, cb.Name)
	case cb.ID == e.Current && o.Interrupted(e) != nil:
		return false, fmt.Errorf("%s is taking a delayed action already: next ends it", cb.Name)
	case cb == o.Interrupted(e):
		return false, fmt.Errorf("%s turn waits on another's delayed action: next hands it back, then delay", Possessive(cb.Name))
	}
	if cb.ID != e.Current {
		if cb.Acted || e.OrderIndex(cb.ID) < e.OrderIndex(e.Current) {
			return false, fmt.Errorf("%s turn has already passed this round: only the current combatant or one still to act can delay", Possessive(cb.Name))
		}
	}
	SetDelay(e, cb)
	if cb.ID != e.Current {
		c.Event("%s will delay when the turn comes (Initiative %d)", cb.Name, cb.Init)
		return false, nil
	}
	c.Event("%s delays (Initiative %d)", cb.Name, cb.Init)
	return true, nil
}

// Act spends a combatant's delayed action now, out of turn: the combatant
// becomes the current one for that action, and the turn it broke into
// waits. Return (or Next) ends the action and hands the turn back; if the
// interrupted combatant had finished, Next moves on instead. A second
// delayed action taken while one is under way ends the first, and the
// turn still goes back to the combatant first interrupted.
func (o InitOrder) Act(c *Ctx, cb *model.Combatant) error {
	e := c.E
	if !cb.Delaying {
		return fmt.Errorf("%s is not delaying: only a held action can be taken out of turn (delay %s first)", cb.Name, cb.Name)
	}
	if !cb.Status.CanAct() {
		return fmt.Errorf("%s cannot act (%s)", cb.Name, cb.Status)
	}
	if o.ahead(e, cb) {
		// A delay said ahead of the turn begins when the turn comes.
		if err := c.Refuse("%s turn has not come yet (Initiative %d): the delayed action waits for it", Possessive(cb.Name), cb.Init); err != nil {
			return err
		}
	}
	ClearDelay(e, cb)
	cb.Acted = true
	c.Event("%s takes the delayed action (Initiative %d)", cb.Name, cb.Init)
	if e.Round == 0 || e.Current == cb.ID {
		return nil
	}
	back := o.Interrupted(e)
	if back == nil {
		back = e.ByID(e.Current)
	}
	if back == nil {
		e.Current = cb.ID
		return nil
	}
	e.Turn[interruptKey] = fmt.Sprintf("%d %d", back.ID, e.OrderIndex(back.ID))
	e.Current = cb.ID
	c.Event("%s acts now; %s turn waits until the action is done", cb.Name, Possessive(back.Name))
	return nil
}

// ahead reports whether cb delayed this round ahead of its turn, which
// has not come yet: it stands after the turn under way (the one a delayed
// action broke into, if one is under way).
func (o InitOrder) ahead(e *model.Encounter, cb *model.Combatant) bool {
	if e.Round == 0 || cb.ID == e.Current {
		return false
	}
	if delayRound(cb) != e.Round {
		return false
	}
	at := o.Interrupted(e)
	if at == nil {
		at = e.ByID(e.Current)
	}
	return at != nil && e.OrderIndex(cb.ID) > e.OrderIndex(at.ID)
}

// Delayed lists the combatants holding a delayed action, in the order in
// which they may respond to an event: highest score first.
func (o InitOrder) Delayed(e *model.Encounter) []*model.Combatant {
	var out []*model.Combatant
	for _, cb := range e.Combatants {
		if cb.Delaying {
			out = append(out, cb)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return o.Less(out[i], out[j]) })
	return out
}

// Placed keeps the round fair after cb's score changed mid-round and the
// order was sorted again: if cb has not acted yet but now stands before
// the combatant whose turn it is, its turn would never come this round,
// so it holds its action instead (act NAME takes it). One who has acted
// and now stands later is passed by anyway (see enter).
func (o InitOrder) Placed(c *Ctx, cb *model.Combatant) {
	e := c.E
	if e.Round == 0 || cb.ID == e.Current || cb.Acted || cb.Delaying || !cb.Status.CanAct() {
		return
	}
	if cur := e.OrderIndex(e.Current); cur >= 0 && e.OrderIndex(cb.ID) < cur {
		SetDelay(e, cb)
		c.Event("%s now stands before the current turn and has not acted this round: it holds its action (act %s)", cb.Name, Quote(cb.Name))
	}
}
