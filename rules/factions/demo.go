package factions

import "fray/rules"

// Demos implements rules.System: "bandits", the source's three heroes
// against three bandits and their leader, the bandits holding the
// initiative because they started the fight.
func (*System) Demos() []rules.Demo {
	return []rules.Demo{{
		Name:  "bandits",
		Title: "Roadside ambush: three travellers against a bandit gang",
		Script: []string{
			`add Sybilla side=Players note="musketeer" health=8 armour=1 str=9 agi=12 wit=13 weapons="musket d8 r8, dagger d4"`,
			`add Balthasar side=Players note="swordsman" health=10 armour=1 str=12 agi=10 wit=10 weapons="sword d6"`,
			`add Theobald side=Players note="spear and shield" health=9 armour=2 str=13 agi=9 wit=11 weapons="spear d6, dagger d4"`,
			`add "Bandit leader" side=GM note="battleaxe" health=10 armour=1 str=13 agi=10 wit=10 weapons="battleaxe d8"`,
			`add Bandit1 side=GM health=8 str=10 agi=8 wit=9 weapons="axe d6, bow d6 r8"`,
			`add Bandit2 side=GM health=8 str=10 agi=8 wit=9 weapons="axe d6, bow d6 r8"`,
			`add Bandit3 side=GM health=8 str=10 agi=8 wit=9 weapons="axe d6, bow d6 r8"`,
			`initiative GM`,
		},
	}}
}
