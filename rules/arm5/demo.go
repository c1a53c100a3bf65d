package arm5

import "fray/rules"

// Demos implements rules.System: "brawl", the people of the source's
// examples in one tavern fight, with weapons from the catalogue.
func (*System) Demos() []rules.Demo {
	return []rules.Demo{{
		Name:  "brawl",
		Title: "Tavern brawl: Paul and friends against the ruffians",
		Script: []string{
			`add Paul side=turb note="turb warrior" qik=1 dex=1 str=2 sta=2 pre=0 abilityname="Single Weapon" ability=5 brawl=3 ride=2 weapon="long sword" shield="round shield" armor="mail haubergeon" prot=4 load=4 init=10`,
			`add Marla side=turb note="covenant grog" qik=2 dex=1 str=1 sta=1 pre=0 abilityname="Single Weapon" ability=4 brawl=2 weapon="short sword" shield="heater shield" armor="reinforced jerkin" prot=2 load=4 init=roll`,
			`add Ignatio side=turb note="shield grog" qik=1 dex=0 str=2 sta=3 pre=-1 abilityname="Single Weapon" ability=7 brawl=2 weapon=spear shield="infantry shield" armor="metal scale hauberk" prot=5 load=9 init=6`,
			`add Alan side=ruffians note=ruffian qik=0 dex=1 str=1 sta=1 pre=-1 abilityname="Single Weapon" ability=3 brawl=3 weapon=club armor="padded jerkin" prot=1 load=2 init=8`,
			`add Bruce side=ruffians note="hot-headed ruffian" qik=0 dex=0 str=2 sta=2 pre=0 abilityname=Brawl ability=4 brawl=4 weapon=dagger load=1 init=7`,
			`add "Cloaked intruder" side=ruffians note="bolts for the door" qik=2 dex=2 str=0 sta=0 pre=0 abilityname=Brawl ability=3 brawl=4 weapon=knife armor="padded jerkin" prot=1 load=1 init=roll`,
		},
	}}
}
