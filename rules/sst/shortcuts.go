package sst

import "fray/rules"

var _ rules.Shortcuts = (*System)(nil)

// Shortcuts implements rules.Shortcuts: the moves of the action-dice
// countdown for the selected combatant. A cost, a State or a 1's use is
// finished on the command line.
func (*System) Shortcuts() []rules.Shortcut {
	return []rules.Shortcut{
		{Key: "S", Help: "spend…", Line: "spend {sel} "},
		{Key: "C", Help: "carry a die", Line: "carry {sel}"},
		{Key: "P", Help: "pass", Line: "pass {sel}"},
		{Key: "O", Help: "spend a 1…", Line: "one {sel} "},
		{Key: "B", Help: "pool action", Line: "pool {sel}"},
		{Key: "T", Help: "clear a State…", Line: "clear {sel} "},
	}
}
