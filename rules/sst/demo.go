package sst

import "fray/rules"

// Demos implements rules.System: "horde", three heroes holding a gate
// against a goblin horde, a mob of archers on the wall and their fearsome
// chief.
func (*System) Demos() []rules.Demo {
	return []rules.Demo{{
		Name:  "horde",
		Title: "The broken gate: three heroes against a goblin horde and Grathak the Maw",
		Script: []string{
			`add Roland side=heroes pc=yes phys=3 ment=3 ad=4 attack=5 weapon=medium dodge=5 block=5 shield=2 armour=1 zone=gate note="sword and medium shield"`,
			`add Mira side=heroes pc=yes phys=3 ment=4 ad=4 attack=4 weapon=light dodge=4 parry=4 zone=gate note="twin knives"`,
			`add Brannoc side=heroes pc=yes phys=4 ment=3 ad=4 attack=4 weapon=heavy block=4 shield=2 armour=2 zone=gate note="great axe, heavy mail"`,
			`add "Goblin horde" side=goblins group=horde stateless=yes phys=2 ment=2 ad=3 attack=4 weapon=light zone=gate note="sixteen goblins with spears and knives"`,
			`add "Goblin archers" side=goblins group=mob stateless=yes fixed=5,4,3,2 phys=2 ment=2 attack=3 weapon=light cover=soft-medium zone=wall note="short bows, behind the broken parapet"`,
			`add "Grathak the Maw" side=goblins heroic=yes phys=5 ment=4 ad=5 attack=5 weapon=large block=3 shield=1 armour=1 zone=gate note="fearsome: fear gate fearsome from=Grathak"`,
		},
	}}
}
