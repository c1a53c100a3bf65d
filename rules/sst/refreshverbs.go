package sst

import (
	"fmt"
	"strings"

	"fray/model"
	"fray/rules"
)

func runCarry(v rules.Verb) func(*rules.Ctx, []string) error {
	return func(c *rules.Ctx, words []string) error {
		a := parseArgs(words)
		cb, _, err := a.who(c, v)
		if err != nil {
			return err
		}
		face := 0
		if len(a.plain) > 0 {
			if face, err = rules.Int("face", a.plain[0]); err != nil {
				return err
			}
		}
		if err := a.done(v); err != nil {
			return err
		}
		if err := carry(c, cb, face); err != nil {
			return err
		}
		if first(c.E, pending) == nil {
			return advanceRefresh(c)
		}
		return nil
	}
}

func runPass(v rules.Verb) func(*rules.Ctx, []string) error {
	return func(c *rules.Ctx, words []string) error {
		a := parseArgs(words)
		cb, s, err := a.who(c, v)
		if err != nil {
			return err
		}
		if err := a.done(v); err != nil {
			return err
		}
		c.Event("%s passes and puts its dice away (%s)", cb.Name, orNone(facesText(s.Dice)))
		s.Dice = nil
		if c.E.Phase == phaseRefresh {
			cb.Acted = true
			if first(c.E, pending) == nil {
				return advanceRefresh(c)
			}
			return nil
		}
		// Only cb's dice changed: placed by a binary search, the order is
		// then found sorted in one pass (an order out of step, as a file
		// edited by hand may hold, is sorted whole as before).
		place(c.E, cb)
		if c.E.Current == cb.ID {
			return pickNext(c)
		}
		sortOrder(c.E)
		return nil
	}
}

func runCallRefresh(c *rules.Ctx, words []string) error {
	if c.E.Round == 0 {
		return fmt.Errorf("the fight has not started: press next")
	}
	if c.E.Phase == phaseRefresh {
		return fmt.Errorf("a refresh is already under way")
	}
	if len(words) == 0 {
		return callRefresh(c, nil, "the GM calls a refresh")
	}
	cb, err := c.Find(words[0])
	if err != nil {
		return err
	}
	if err := c.MayAct(cb, rules.OnTurn); err != nil {
		return err // the caller's turn ends with the call: it must be its turn
	}
	return callRefresh(c, cb, callerLeaves(cb))
}

// callerLeaves puts away whatever dice the caller of a refresh still holds
// (its turn ends with the call, as if it had spent its last die) and says
// so truthfully.
func callerLeaves(cb *model.Combatant) string {
	s, ok := cb.OwnSheet().(*Sheet)
	if !ok || len(s.Dice) == 0 {
		return cb.Name + " calls a refresh"
	}
	held := facesText(s.Dice)
	ones := s.Ones() == len(s.Dice)
	s.Dice = nil
	if ones {
		return fmt.Sprintf("%s calls a refresh holding only 1s and puts them away (%s)", cb.Name, held)
	}
	return fmt.Sprintf("%s calls a refresh and puts its dice away (%s)", cb.Name, held)
}

func runSurprise(c *rules.Ctx, words []string) error {
	if c.E.Round != 0 {
		return fmt.Errorf("surprise is set before the fight starts")
	}
	if len(words) == 0 {
		return fmt.Errorf("name the surprised combatants (or a side)")
	}
	var hit []string
	for _, w := range words {
		found := false
		for _, cb := range c.E.Combatants {
			if strings.EqualFold(cb.Side, w) {
				cb.SetCond(surprised, 2)
				hit, found = append(hit, cb.Name), true
			}
		}
		if found {
			continue
		}
		cb, err := c.Find(w)
		if err != nil {
			return err
		}
		cb.SetCond(surprised, 2)
		hit = append(hit, cb.Name)
	}
	c.Event("surprised, no action dice in round 1: %s", strings.Join(hit, ", "))
	return nil
}
