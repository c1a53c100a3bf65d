package factions

import "fray/rules"

var _ rules.Shortcuts = (*System)(nil)

// Shortcuts implements rules.Shortcuts: a round runs from the keyboard by
// activating the selected character or passing, the two choices a
// faction has at its turn.
func (*System) Shortcuts() []rules.Shortcut {
	return []rules.Shortcut{
		{Key: "enter", Help: "activate", Line: "activate {sel}"},
		{Key: "P", Help: "pass", Line: "pass"},
		{Key: "F", Help: "first side…", Line: "first "},
		{Key: "M", Help: "morale", Line: "morale"},
	}
}
