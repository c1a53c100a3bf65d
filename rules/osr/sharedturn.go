package osr

import "fray/model"

// SharedTurn implements rules.TurnSharer: a count's turn belongs to all
// whose count it was and who could act (they act together). Who they
// were is read from state's combatants (with undo kept, the frozen copies
// from before the command: the last count's marks are cleared by the
// time the next round begins); each is yielded as e has it. For the
// surprise segments and the held actions it names nobody, as the marks
// that told who acted there are gone by then.
func (s *System) SharedTurn(state, e *model.Encounter, yield func(*model.Combatant) bool) {
	if state.Round == 0 || state.Phase != phaseCount {
		return
	}
	for _, id := range state.Order {
		was := state.ByID(id)
		if was == nil || !was.HasInit || was.Init != state.Count || was.Delaying || !(able(was) || was.ID == state.Current) {
			continue
		}
		if cb := e.ByID(id); cb != nil && !yield(cb) {
			return
		}
	}
}
