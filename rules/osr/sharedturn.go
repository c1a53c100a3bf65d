package osr

import "fray/model"

// SharedTurn implements rules.TurnSharer: a count's turn belongs to all
// whose count it was and who could act (they act together). For the
// surprise segments and the held actions it names nobody, as the marks
// that told who acted there are gone by then.
func (s *System) SharedTurn(state, e *model.Encounter, yield func(*model.Combatant) bool) {
	if state.Round == 0 || state.Phase != phaseCount {
		return
	}
	for _, id := range e.Order {
		if cb := e.ByID(id); cb != nil && cb.HasInit && cb.Init == state.Count && !cb.Delaying && (able(cb) || cb.ID == state.Current) {
			if !yield(cb) {
				return
			}
		}
	}
}
