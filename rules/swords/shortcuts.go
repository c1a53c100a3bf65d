package swords

import (
	"fray/model"
	"fray/rules"
)

var _ rules.Shortcuts = (*System)(nil)

// Shortcuts implements rules.Shortcuts: a Defense roll and the count of
// an action for the selected combatant, the two things that change the
// round's running penalty, and a skill roll at that penalty (K: G is the
// screen's own).
func (*System) Shortcuts() []rules.Shortcut {
	return []rules.Shortcut{
		{Key: "W", Help: "defend", Line: "defend {sel}", Off: armySelected},
		{Key: "C", Help: "count action…", Line: "action {sel} ", Off: armySelected},
		{Key: "K", Help: "skill roll…", Line: "skill {sel} "},
	}
}

// armySelected is why a person's key does nothing for an army.
func armySelected(_ *model.Encounter, sel, _ *model.Combatant) string {
	if sel == nil {
		return ""
	}
	if sh, ok := sel.Sheet().(*Sheet); ok && sh != nil && sh.IsArmy() {
		return sel.Name + " is an army: armies fight with battle (a)"
	}
	return ""
}

var _ rules.AttackVerbs = (*System)(nil)

// AttackVerb implements rules.AttackVerbs: an army fights with battle.
func (*System) AttackVerb(_ *model.Encounter, cb *model.Combatant) string {
	if sh, ok := cb.Sheet().(*Sheet); ok && sh != nil && sh.IsArmy() {
		return "battle"
	}
	return ""
}

// AttackVerbsHelp implements rules.AttackVerbs.
func (*System) AttackVerbsHelp() string { return "an army fights with battle, anyone else with attack" }

// FightVerbs implements rules.AttackVerbs.
func (*System) FightVerbs() []string { return []string{"battle"} }
