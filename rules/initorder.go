package rules

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"fray/model"
)

// InitOrder is a reusable turn engine for systems in which the highest
// ordering score acts first and the order is kept from round to round
// (arm5, swords). A system embeds or holds one and forwards its Next, Prev,
// Delay and Act to it.
//
// State lives in the encounter: Round, Current, Order, each combatant's
// Acted and Delaying, and for a delay the round it was declared in, kept in
// the combatant's turn state as "delay" (files before kept it in
// Encounter.Turn as "delay:ID": AdoptTurn moves it).
type InitOrder struct {
	// Before breaks a tie between two combatants with equal scores: it
	// reports whether a acts before b. nil orders equal scores by
	// Combatant.Tie, higher first.
	Before func(a, b *model.Combatant) bool
	// Spent reports whether a combatant has already used up its turn (its
	// action taken). When a delayed action taken out of turn ends with
	// Next, the turn goes back to the combatant it interrupted unless Spent
	// says that one has nothing left to do; the order then moves on. nil
	// always hands the turn back.
	Spent func(e *model.Encounter, cb *model.Combatant) bool
	// PassBy reports whether a combatant able to act, whose place in the
	// order has come, takes no turn of its own there because it acts on
	// another's turn (a ridden horse, a group's member). It logs why; the
	// engine marks the combatant as having acted and moves on without
	// announcing its turn. nil passes nobody by. Prev asks it too, to
	// step back over the same combatants, on a scratch copy of the
	// encounter so that whatever it logs or records there is dropped.
	PassBy func(c *Ctx, cb *model.Combatant) bool
}

// Less reports whether a acts before b: those with a score before those
// without, then higher score, then the tie rule.
func (o InitOrder) Less(a, b *model.Combatant) bool {
	if a.HasInit != b.HasInit {
		return a.HasInit
	}
	if a.Init != b.Init {
		return a.Init > b.Init
	}
	if o.Before != nil {
		return o.Before(a, b)
	}
	return a.Tie > b.Tie
}

// Place puts one combatant whose score changed, or who just joined, in its
// place in an order that is otherwise sorted: what Sort would do, at
// O(log n) comparisons. When others' scores changed too, use Sort.
func (o InitOrder) Place(e *model.Encounter, cb *model.Combatant) { e.Place(cb.ID, o.Less) }

// Sort rebuilds the acting order. It is stable, so combatants the tie
// rule cannot separate keep the order in which they were added. Current is
// an ID, so sorting never moves the turn marker.
func (o InitOrder) Sort(e *model.Encounter) { e.SortOrder(o.Less) }

// kindDelay is the combatant's turn state item holding the round its
// delay began in.
const kindDelay = "delay"

// delayRound is the round cb's delay began in, 0 if it has none.
func delayRound(cb *model.Combatant) int {
	r, _ := strconv.Atoi(cb.TurnText(kindDelay))
	return r
}

// AdoptTurn implements TurnAdopter for a system using InitOrder: a delay's
// round, which files before kept as the Encounter.Turn key "delay:ID".
func (InitOrder) AdoptTurn(e *model.Encounter) { AdoptTurnKey(e, kindDelay, kindDelay) }

// SetDelay marks a combatant as holding an action declared this round,
// which it may take with Act until its next turn comes round. Hold checks
// whether a delay is allowed; SetDelay is for a system that grants one by
// its own rules.
func SetDelay(e *model.Encounter, cb *model.Combatant) {
	cb.Delaying = true
	cb.SetTurn(kindDelay, strconv.Itoa(e.Round))
}

// ClearDelay ends a combatant's delay, if it has one.
func ClearDelay(e *model.Encounter, cb *model.Combatant) {
	cb.Delaying = false
	cb.DropTurn(kindDelay)
}

func anyCanAct(e *model.Encounter) bool {
	for _, cb := range e.Combatants {
		if cb.Status.CanAct() {
			return true
		}
	}
	return false
}

// Next passes the turn. In round 0 it starts combat: combatants still
// without a score are rolled (Sys.RollInit), round 1 begins and the first
// combatant able to act takes the turn. Otherwise the turn moves to the next
// combatant in the order who can act; past the end a new round begins
// (expiring conditions and clearing the per-round flags). Those who cannot
// act are skipped, with a log line each. A delay declared in an earlier
// round lapses when its owner's turn comes round again; a delay declared
// ahead of the combatant's turn in this round passes that turn by.
func (o InitOrder) Next(c *Ctx) error {
	e := c.E
	if len(e.Combatants) == 0 {
		return errors.New("nobody is in the fight yet: add combatants first")
	}
	if !anyCanAct(e) {
		return errors.New("nobody can act: every combatant is out of the fight (heal someone or set status=active)")
	}
	if e.Round == 0 {
		for _, cb := range e.Combatants {
			if !cb.HasInit {
				if err := c.Sys.RollInit(c, cb); err != nil {
					return err
				}
			}
		}
		o.Sort(e)
		o.beginRound(c, 1)
		return o.enter(c, 0)
	}
	if o.Resumable(e) {
		_, err := o.Return(c)
		return err
	}
	if back := o.Interrupted(e); back != nil && !back.Status.CanAct() {
		c.Event("%s cannot act (%s): the turn passes on", back.Name, back.Status)
	}
	o.leave(e)
	if cur := e.ByID(e.Current); cur != nil && !cur.Delaying {
		cur.Acted = true
	}
	return o.enter(c, e.OrderIndex(e.Current)+1)
}

// interruptKey is the Encounter.Turn key naming the combatant whose turn a
// delayed action broke into, while that action is under way: "ID INDEX",
// the combatant's ID and its place in the order at the time.
const interruptKey = "interrupted"

// Interrupted returns the combatant whose turn is waiting while a delayed
// action is taken out of turn, or nil.
func (o InitOrder) Interrupted(e *model.Encounter) *model.Combatant {
	var id, idx int
	if _, err := fmt.Sscan(e.Turn[interruptKey], &id, &idx); err != nil {
		return nil
	}
	return e.ByID(id)
}

// Resumable reports whether a delayed action is under way and the turn it
// interrupted still has something left: its owner can act and (by Spent)
// has not used up its turn.
func (o InitOrder) Resumable(e *model.Encounter) bool {
	back := o.Interrupted(e)
	return back != nil && back.Status.CanAct() && (o.Spent == nil || !o.Spent(e, back))
}

// leave ends a delayed action under way, putting the turn marker back on
// the interrupted combatant without a word. If that one has left the
// encounter, the marker goes just before the place it had, so that Next
// moves on from there. It reports whether an action was under way.
func (o InitOrder) leave(e *model.Encounter) bool {
	v, ok := e.Turn[interruptKey]
	if !ok {
		return false
	}
	delete(e.Turn, interruptKey)
	var id, idx int
	fmt.Sscan(v, &id, &idx)
	switch {
	case e.ByID(id) != nil:
		e.Current = id
	case idx > 0 && idx <= len(e.Order):
		e.Current = e.Order[idx-1]
	default:
		e.Current = 0
	}
	return true
}

// Return ends a delayed action taken out of turn: the turn goes back to
// the combatant it interrupted, whose turn goes on. If the delayed action
// took that combatant out of the fight (or it has left), the turn passes
// on instead, as Next would pass it (see PassesOn) — unless someone else
// still holds a delayed action and may yet answer the same moment: then
// the marker stays on the fallen combatant's turn, saying so, and Next
// passes it on. A system calls Return once the delayed action is done;
// Next calls it, too. It reports whether a delayed action was under way.
func (o InitOrder) Return(c *Ctx) (bool, error) {
	if _, ok := c.E.Turn[interruptKey]; !ok {
		return false, nil
	}
	back := o.Interrupted(c.E)
	switch {
	case o.PassesOn(c.E):
		return true, o.Next(c)
	case back != nil && !back.Status.CanAct():
		o.leave(c.E)
		var held []string
		for _, cb := range o.Delayed(c.E) {
			if cb.Status.CanAct() {
				held = append(held, cb.Name)
			}
		}
		c.Event("%s cannot act (%s); still holding an action: %s (next passes the turn on)", back.Name, back.Status, strings.Join(held, ", "))
		return true, nil
	}
	o.backTo(c)
	return true, nil
}

// PassesOn reports whether ending the delayed action under way passes the
// turn on rather than back: the combatant it interrupted can no longer
// act (or has left) and nobody else holds a delayed action.
func (o InitOrder) PassesOn(e *model.Encounter) bool {
	if _, ok := e.Turn[interruptKey]; !ok {
		return false
	}
	if back := o.Interrupted(e); back != nil && back.Status.CanAct() {
		return false
	}
	for _, cb := range e.Combatants {
		if cb.Delaying && cb.Status.CanAct() && cb.ID != e.Current {
			return false
		}
	}
	return true
}

// backTo ends a delayed action under way and puts the turn back on the
// combatant it interrupted, saying so; it reports whether one was under
// way.
func (o InitOrder) backTo(c *Ctx) bool {
	if !o.leave(c.E) {
		return false
	}
	if cb := c.E.ByID(c.E.Current); cb != nil {
		c.Event("back to %s turn", Possessive(cb.Name))
	}
	return true
}

func (o InitOrder) beginRound(c *Ctx, n int) {
	c.E.Round = n // so the entry below is stamped with the new round
	c.Event("Round %d begins", n)
	c.E.StartRound(n)
	for _, cb := range c.E.Combatants {
		cb.Acted = false
	}
}

// enter gives the turn to the first combatant from position i on who can
// take it, starting new rounds as needed.
func (o InitOrder) enter(c *Ctx, i int) error {
	e := c.E
	for wraps := 0; wraps < 3; wraps++ {
		for ; i < len(e.Order); i++ {
			cb := e.ByID(e.Order[i])
			if cb == nil {
				continue
			}
			if !cb.Status.CanAct() {
				c.Event("%s is skipped (%s)", cb.Name, cb.Status)
				continue
			}
			if cb.Delaying {
				if delayRound(cb) == e.Round {
					cb.Acted = true
					c.Event("%s holds a delayed action", cb.Name)
					continue
				}
				ClearDelay(e, cb)
				c.Event("%s delayed action lapses", Possessive(cb.Name))
			}
			if o.PassBy != nil && o.PassBy(c, cb) {
				cb.Acted = true
				continue
			}
			if cb.Acted {
				// Its turn came already this round: a delayed action taken
				// ahead of its place, or a new Initiative that moved it
				// behind the current turn. Nobody acts twice in a round.
				c.Event("%s has already acted this round", cb.Name)
				continue
			}
			e.Current = cb.ID
			c.Event("%s turn", Possessive(cb.Name))
			return nil
		}
		o.beginRound(c, e.Round+1)
		i = 0
	}
	return errors.New("nobody can take a turn: everyone able to act is holding a delayed action")
}

// Prev moves the turn marker back to the previous combatant able to act,
// into the previous round if need be (conditions that expired stay
// expired: undo restores them). Combatants PassBy leaves out of the turns
// are stepped over, as Next steps over them. It stops at the first turn
// of round 1.
func (o InitOrder) Prev(c *Ctx) error {
	e := c.E
	if e.Round == 0 {
		return errors.New("combat has not started: next starts it")
	}
	idx := e.OrderIndex(e.Current)
	if idx < 0 {
		idx = len(e.Order)
	}
	if o.backTo(c) {
		return nil
	}
	old := e.ByID(e.Current)
	for i := idx - 1; i >= 0; i-- {
		if cb := e.ByID(e.Order[i]); o.takesTurn(c, cb, e.Round) {
			if old != nil {
				old.Acted = false
			}
			o.back(c, cb)
			return nil
		}
	}
	if e.Round <= 1 {
		return errors.New("this is already the first turn of round 1")
	}
	for i := len(e.Order) - 1; i >= 0; i-- {
		if cb := e.ByID(e.Order[i]); o.takesTurn(c, cb, e.Round-1) {
			e.Round--
			for _, x := range e.Combatants {
				x.Acted = true
			}
			o.back(c, cb)
			return nil
		}
	}
	return errors.New("nobody can act to step back to")
}

// takesTurn reports whether Prev may step back to a combatant's turn in
// the given round: it can act and PassBy would not pass it by. PassBy is
// asked on a copy of the encounter, so that its log lines and records
// leave the real one untouched.
func (o InitOrder) takesTurn(c *Ctx, cb *model.Combatant, round int) bool {
	if cb == nil || !cb.Status.CanAct() {
		return false
	}
	if o.PassBy == nil {
		return true
	}
	scratch := c.E.Clone()
	scratch.Round = round
	sc := newCtx(scratch, c.Sys)
	return !o.PassBy(sc, scratch.ByID(cb.ID))
}

func (o InitOrder) back(c *Ctx, cb *model.Combatant) {
	cb.Acted = false
	ClearDelay(c.E, cb)
	c.E.Current = cb.ID
	c.Event("back to %s turn (round %d)", Possessive(cb.Name), c.E.Round)
}
