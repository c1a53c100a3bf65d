package swords

import "fray/rules"

// Demos implements rules.System: "skirmish", a fight on foot and in the
// saddle with every weapon kind, and "battle", an army of 120 against one
// of 350 (the source's example of power 3).
func (*System) Demos() []rules.Demo {
	return []rules.Demo{
		{
			Name:  "skirmish",
			Title: "Roadside skirmish: Jot and Sir Aldric against Mung's bandits",
			Script: []string{
				`add Jot side=heroes note="quick, light hands" str=-1 dex=3 striking=4 grappling=2 defense=4 mass=150 init=roll`,
				`add "Sir Aldric" side=heroes note="knight on a warhorse" str=2 dex=1 striking=3 defense=2 riding=3 weapon=longsword wdam=3 armor=3 shield=yes mounted=yes mass=190 init=roll`,
				`add Mung side=bandits note="strong and slow" str=4 dex=-1 striking=2 grappling=3 defense=1 maxstamina=14 mass=320 init=roll`,
				`add Archer side=bandits note="bandit with a short bow" str=1 dex=2 archery=3 defense=2 weapon="short bow" wkind=bow wdam=1 armor=1 maxstamina=8 init=roll`,
				`add Crossbowman side=bandits note="reloads slowly" dex=1 archery=2 defense=1 weapon=crossbow wkind=mechanical wdam=5 armor=2 maxstamina=8 init=roll`,
			},
		},
		{
			Name:  "battle",
			Title: "Ford of Ash: 120 knights against a horde of 350",
			Script: []string{
				`add "Lady Maren" side=knights note="commands the knights" int=3 tactics=4 striking=3 defense=3 weapon=sword wdam=3 armor=3 init=roll`,
				`add "Warlord Gath" side=horde note="commands the horde" int=1 tactics=3 str=3 striking=4 defense=2 weapon=axe wdam=4 armor=2 init=roll`,
				`add "Captain Ibb" side=horde note="the warlord's adviser" int=2 tactics=3 striking=2 defense=2 weapon=spear wdam=2 armor=1 init=roll`,
				`add Knights side=knights kind=army size=120 general="Lady Maren" init=roll`,
				`add Horde side=horde kind=army size=350 general="Warlord Gath" tacticians="Captain Ibb" init=roll`,
			},
		},
	}
}
