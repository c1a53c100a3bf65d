package osr

import "fray/rules"

var _ rules.Shortcuts = (*System)(nil)

// Shortcuts implements rules.Shortcuts: the declare phase and the choices
// of a count, for the selected combatant. A spell's name and a BCB split
// are finished on the command line.
func (*System) Shortcuts() []rules.Shortcut {
	return []rules.Shortcut{
		{Key: "H", Help: "hold", Line: "hold {sel}"},
		{Key: "S", Help: "declare spell…", Line: "declare {sel} spell "},
		{Key: "C", Help: "declare charge", Line: "declare {sel} charge"},
		{Key: "W", Help: "defend", Line: "defend {sel}"},
		{Key: "B", Help: "split BCB…", Line: "split {sel} "},
		{Key: "F", Help: "flee", Line: "flee {sel}"},
	}
}
