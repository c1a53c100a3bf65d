package sst

import (
	"fmt"

	"fray/model"
	"fray/rules"
)

// Presets are action costs the GM may name instead of a number.
var Presets = map[string]int{"attack": 4, "break": 4}

// ChooseDice picks the dice that pay a cost from a pool: never a 1, the
// fewest dice that reach the cost, and among those the least waste. It
// returns nil when the pool cannot pay.
func ChooseDice(pool []int, cost int) []int {
	var have [7]int
	for _, f := range pool {
		if f >= 2 && f <= 6 {
			have[f]++
		}
	}
	var best, cur [7]int
	bestN, bestSum := -1, 0
	var walk func(face, n, sum int)
	walk = func(face, n, sum int) {
		if sum >= cost {
			if bestN < 0 || n < bestN || n == bestN && sum < bestSum {
				best, bestN, bestSum = cur, n, sum
			}
			return
		}
		if face < 2 || bestN >= 0 && n >= bestN {
			return
		}
		for k := have[face]; k >= 0; k-- {
			cur[face] = k
			walk(face-1, n+k, sum+k*face)
		}
		cur[face] = 0
	}
	walk(6, 0, 0)
	if bestN <= 0 {
		return nil
	}
	var out []int
	for f := 6; f >= 2; f-- {
		for i := 0; i < best[f]; i++ {
			out = append(out, f)
		}
	}
	return out
}

// pay takes dice worth at least cost from the pool: the given faces, or
// the best choice. 1s never combine: a 1 pays only on its own, a cost of 1.
func pay(cb *model.Combatant, s *Sheet, cost int, faces []int) ([]int, error) {
	if cost < 1 {
		return nil, nil
	}
	if len(faces) == 0 {
		faces = ChooseDice(s.Dice, cost)
		if faces == nil {
			return nil, fmt.Errorf("%s dice (%s) cannot pay a cost of %d: 1s never combine (pass, or call a refresh)", possessive(cb.Name), orNone(facesText(s.Dice)), cost)
		}
	}
	sum := 0
	for _, f := range faces {
		if f == 1 && (len(faces) > 1 || cost > 1) {
			return nil, fmt.Errorf("a 1 cannot be combined or pay a cost above 1")
		}
		sum += f
	}
	if sum < cost {
		return nil, fmt.Errorf("dice %s make %d, less than the cost %d", facesText(faces), sum, cost)
	}
	if err := s.removeFaces(faces); err != nil {
		return nil, fmt.Errorf("%s: %w", cb.Name, err)
	}
	return faces, nil
}

// payOne takes one full die (not a 1): the given face or the lowest.
func payOne(cb *model.Combatant, s *Sheet, face int) (int, error) {
	if face == 0 {
		for i := len(s.Dice) - 1; i >= 0; i-- {
			if s.Dice[i] > 1 {
				face = s.Dice[i]
				break
			}
		}
		if face == 0 {
			return 0, fmt.Errorf("%s has no die other than a 1 (dice: %s)", cb.Name, orNone(facesText(s.Dice)))
		}
	}
	if face == 1 {
		return 0, fmt.Errorf("a 1 cannot pay for that")
	}
	return face, s.removeFaces([]int{face})
}

// actKind says what an action does to pools.
type actKind int

const (
	actOther actKind = iota // any action: pools are lost
	actPool                 // a Pool action, or releasing one: pools stay
	actClear                // an attempt to clear a State
	actHold                 // one of a hold's options, holder's or held's
)

// beginAction checks that a combatant may act and does what every action
// does first: its exposures and fumble end, and any action other than
// Pool loses its pools.
func beginAction(c *rules.Ctx, cb *model.Combatant, s *Sheet, k actKind) error {
	if !able(cb) {
		return fmt.Errorf("%s is %s and cannot act", cb.Name, cb.Status)
	}
	if c.E.Round == 0 {
		return fmt.Errorf("the fight has not started: press next to roll the action dice")
	}
	if err := c.MayAct(cb, rules.OnTurn); err != nil {
		return err
	}
	if err := holdFor(c, cb, k); err != nil {
		return err
	}
	flyerActs(c, cb, s)
	if k != actClear {
		if st := States(cb); len(st) > 0 {
			return fmt.Errorf("%s is in a State (%s) and must clear it first (clear %s)", cb.Name, st[0], rules.Quote(cb.Name))
		}
		if cb.HasCond(Crushed) {
			return fmt.Errorf("%s is Crushed and can do nothing but roll to recover (clear %s crushed)", cb.Name, rules.Quote(cb.Name))
		}
	}
	if s.Exposed > 0 || s.Fumbled {
		c.Event("%s exposures and fumble are gone", possessive(cb.Name))
		s.Exposed, s.Fumbled = 0, false
	}
	if s.Stance != "" {
		c.Event("%s can defend again", cb.Name)
		s.Stance = ""
	}
	if k == actOther || k == actHold {
		dropPools(c, cb, s, true)
	}
	return nil
}

// endAction closes an action: the last option ends the combatant's round
// (its other dice are put away); spending the last die calls a refresh.
func endAction(c *rules.Ctx, cb *model.Combatant, s *Sheet) error {
	if c.E.Phase == phaseRefresh {
		cb.Acted = true
		if len(s.Dice) > 0 {
			c.Event("%s puts its other dice away (%s)", cb.Name, facesText(s.Dice))
			s.Dice = nil
		}
		if first(c.E, pending) == nil {
			return advanceRefresh(c)
		}
		return nil
	}
	if len(s.Dice) == 0 && able(cb) {
		return callRefresh(c, cb, cb.Name+" spent its last die and calls a refresh")
	}
	sortOrder(c.E)
	return nil
}

// carry sets one die aside for the next round (face 0: the highest) and
// puts the others away: a combatant's last option. The face only picks
// the die: at the refresh the carried die is rolled anew with the pool.
func carry(c *rules.Ctx, cb *model.Combatant, face int) error {
	s, err := ownSheet(cb)
	if err != nil {
		return err
	}
	if c.E.Phase != phaseRefresh {
		return fmt.Errorf("dice are carried only when a refresh has been called")
	}
	if cb.Acted {
		return fmt.Errorf("%s has taken a last option", cb.Name)
	}
	if len(s.Dice) == 0 {
		return fmt.Errorf("%s has no die to carry", cb.Name)
	}
	if face == 0 {
		face = s.Dice[0]
	}
	if err := s.removeFaces([]int{face}); err != nil {
		return fmt.Errorf("%s: %w", cb.Name, err)
	}
	s.Carry = face
	s.Dice = nil
	cb.Acted = true
	c.Event("%s sets a %d aside to carry over: it will be rolled with the new pool", cb.Name, face)
	return nil
}

// growPools is the Pool action: one die adds one to each pool held (or
// the one named), a defence pool up to the dice its roll would use.
func growPools(c *rules.Ctx, cb *model.Combatant, s *Sheet, which string) (bool, error) {
	grew := false
	if (which == "" || which == "dodge") && s.DPool > 0 {
		if s.DPool < s.Dodge {
			s.DPool++
			grew = true
			c.Event("%s dodge pool grows to %d", possessive(cb.Name), s.DPool)
		}
	}
	if (which == "" || which == "block") && s.BPool > 0 {
		if s.BPool < s.Block+s.Shield {
			s.BPool++
			grew = true
			c.Event("%s block pool grows to %d", possessive(cb.Name), s.BPool)
		}
	}
	if (which == "" || which == "cast") && s.Cast != "" {
		s.APool++
		grew = true
		c.Event("%s %s pool grows to %d dice", possessive(cb.Name), s.Cast, s.APool)
	}
	if !grew {
		return false, fmt.Errorf("%s has no pool that can grow", cb.Name)
	}
	return true, nil
}

// clearState tries to end a State (or Panicked/Crushed): by spending a die
// and doing nothing, by a roll that costs the action only if it fails, or
// by a roll bought with a 1.
func clearState(c *rules.Ctx, cb *model.Combatant, s *Sheet, state, how string, cost int, faces []int) error {
	if state == "" {
		for _, st := range []string{Stun, Shock, Doubt, Crushed, Panicked} {
			if cb.HasCond(st) {
				state = st
				break
			}
		}
	}
	if state == "" || !cb.HasCond(state) {
		return fmt.Errorf("%s is not in that State", cb.Name)
	}
	if how == "" && (state == Panicked || state == Crushed) {
		how = "roll"
	}
	if how == "one" {
		if err := s.removeFaces([]int{1}); err != nil {
			return fmt.Errorf("%s has no 1 to spend", cb.Name)
		}
		c.Event("%s spends a 1 on a roll to clear %s", cb.Name, state)
		return rollClear(c, cb, s, state)
	}
	if err := beginAction(c, cb, s, actClear); err != nil {
		return err
	}
	if how == "" {
		if _, err := payOne(cb, s, firstOr(faces)); err != nil {
			return err
		}
		cb.DropCond(state)
		c.Event("%s spends a die and clears %s", cb.Name, state)
		return endAction(c, cb, s)
	}
	if err := rollClear(c, cb, s, state); err != nil {
		return err
	}
	if cb.HasCond(state) {
		if _, err := pay(cb, s, cost, faces); err != nil {
			return err
		}
		c.Event("%s loses the action it tried (cost %d)", cb.Name, cost)
		return endAction(c, cb, s)
	}
	return nil
}

// rollClear rolls the characteristic that clears a state: BODY for Stun,
// MIND for Shock, SPIRIT for Doubt, Panicked and Crushed.
func rollClear(c *rules.Ctx, cb *model.Combatant, s *Sheet, state string) error {
	n, what := s.Spirit, "SPIRIT"
	switch state {
	case Stun:
		n, what = s.Body, "BODY"
	case Shock:
		n, what = s.Mind, "MIND"
	}
	ok, err := check(c, cb, s, n, what+" roll to clear "+state)
	if err != nil {
		return err
	}
	if ok {
		cb.DropCond(state)
		c.Event("%s is no longer %s", cb.Name, state)
	}
	return nil
}

func firstOr(fs []int) int {
	if len(fs) > 0 {
		return fs[0]
	}
	return 0
}
