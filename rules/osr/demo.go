package osr

import "fray/rules"

// Demos implements rules.System: "goblins", four adventurers meeting a
// goblin band whose shaman has a spell ready.
func (*System) Demos() []rules.Demo {
	return []rules.Demo{{
		Name:  "goblins",
		Title: "Goblin ambush: four adventurers against the band and its shaman",
		Script: []string{
			`add Brannoc side=party note="fighter, 3rd level" pc=yes hp=24 ac=16 bcb=2 dex=13 strmod=1 save=14 con=15 weapons="longsword 1d8, longbow 1d6 missile"`,
			`add "Sister Ilse" side=party note="cleric, 2nd level" pc=yes hp=13 ac=15 bcb=1 dex=9 save=13 con=12 weapons="mace 1d6"`,
			`add Wren side=party note="thief, 3rd level" pc=yes hp=11 ac=13 bcb=1 dex=17 dexmod=2 save=13 con=11 weapons="short sword 1d6, sling 1d4 missile" surprise=d8`,
			`add Odo side=party note="magic-user, 2nd level" pc=yes hp=6 ac=11 bcb=0 dex=15 dexmod=1 save=12 con=10 weapons="dagger 1d4"`,
			`add "Goblin 1" side=goblins note=spear hp=5 ac=13 bcb=1 dex=11 save=16 con=9 weapons="spear 1d6"`,
			`add "Goblin 2" side=goblins note=spear hp=4 ac=13 bcb=1 dex=11 save=16 con=9 weapons="spear 1d6"`,
			`add "Goblin 3" side=goblins note=shortbow hp=3 ac=12 bcb=1 dex=14 dexmod=1 save=16 con=8 weapons="short bow 1d6 missile, knife 1d4"`,
			`add "Goblin boss" side=goblins note="the band's chief" hp=9 ac=14 bcb=2 dex=12 strmod=1 save=15 con=11 weapons="axe 1d8"`,
			`add "Goblin shaman" side=goblins note="spell-caster" hp=6 ac=11 bcb=1 dex=10 save=14 con=9 weapons="staff 1d4"`,
			`declare "Goblin shaman" spell sleep`,
		},
	}}
}
