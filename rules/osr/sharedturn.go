package osr

import "fray/model"

// SharedTurn implements rules.TurnSharer: a count's turn belongs to all
// whose count it was and who could act (they act together). For the
// surprise segments and the held actions it says nothing (nil), as the
// marks that told who acted there are gone by then.
func (s *System) SharedTurn(before, e *model.Encounter) []*model.Combatant {
	if before.Round == 0 || before.Phase != phaseCount {
		return nil
	}
	var out []*model.Combatant
	for _, id := range e.Order {
		if cb := e.ByID(id); cb != nil && cb.HasInit && cb.Init == before.Count && !cb.Delaying && (able(cb) || cb.ID == before.Current) {
			out = append(out, cb)
		}
	}
	return out
}
