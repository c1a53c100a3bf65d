package osr

import (
	"fray/model"
	"fray/rules"
)

// rolled lists who had an initiative this round before a change to it.
func rolled(e *model.Encounter) map[int]bool {
	if e.Round == 0 || (e.Phase != phaseCount && e.Phase != phaseHeld) {
		return nil // placed settles nothing then: a script of adds need not pay
	}
	had := make(map[int]bool, len(e.Combatants)) // sized once: add 1000 asks it a thousand times
	for _, cb := range e.Combatants {
		if cb.HasInit {
			had[cb.ID] = true
		}
	}
	return had
}

// placed settles the countdown after initiative changed mid-round. One
// who had a count, has not acted and is now above the running count
// would never reach its new count: it holds its action instead. One who
// has acted stays done wherever its count went. Then the marker goes to
// someone acting now, or on down the counts. had (from rolled) leaves out
// late arrivals, whose count Added settles.
func (s *System) placed(c *rules.Ctx, had map[int]bool) error {
	e := c.E
	if e.Round == 0 || (e.Phase != phaseCount && e.Phase != phaseHeld) {
		return nil
	}
	for _, cb := range e.Combatants {
		if had[cb.ID] && cb.HasInit && cb.Init > e.Count && !cb.Acted && !cb.Delaying && able(cb) {
			cb.Delaying = true
			c.Event("%s count has passed: %s holds its action, taken with the held actions after count 1", possessive(cb.Name), cb.Name)
		}
	}
	sortOrder(e)
	return s.settle(c)
}

// settle keeps the marker on someone acting at the present step; if
// nobody acts there any more, the round moves on as next would.
func (s *System) settle(c *rules.Ctx) error {
	e := c.E
	if cur := e.ByID(e.Current); cur != nil && acting(e, cur) {
		return nil
	}
	if as := actors(e); as.n > 0 {
		e.Current = as.first().ID
		return nil
	}
	e.Current = 0
	return s.toCount(c, e.Count)
}

// Remove implements rules.Remover: when one acting at the present step
// leaves, the marker goes to another acting with it, or the round moves
// on as next would.
func (s *System) Remove(c *rules.Ctx, cb *model.Combatant) error {
	e := c.E
	was := e.Current == cb.ID || acting(e, cb)
	e.Remove(cb.ID)
	if !was || e.Round == 0 || (e.Phase != phaseCount && e.Phase != phaseHeld) || len(e.Combatants) == 0 {
		return nil
	}
	return s.settle(c)
}
