package arm5

import "fray/rules"

// Demos implements rules.System: "brawl", the people of the source's
// examples in one tavern fight, with weapons from the catalogue; and
// "highwaymen", the redcap and his shield grog beset on the road, with the
// Lords of Men options on: interrupts, fast actions and ready missiles,
// engagement, shock of the charge, and a trained band with morale.
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
	}, highwaymen}
}

var highwaymen = rules.Demo{
	Name:  "highwaymen",
	Title: "On the road: Victor the redcap and Ignatio beset by highwaymen",
	Script: []string{
		"option interrupt on",
		"option fast on",
		"option ready on",
		"option engagement on",
		"option reckless on",
		"option shock on",
		"option morale on",
		"option interceptors on",
		`add Victor side=redcap note="redcap with an urgent message" qik=2 dex=1 str=0 sta=1 pre=1 abilityname="Single Weapon" ability=3 brawl=2 ride=2 athletics=3 finesse=2 concentration=2 weapon="short sword" armor="padded jerkin" init=roll`,
		`add Ignatio side=redcap note="shield grog, Victor's defender" qik=1 dex=0 str=2 sta=3 pre=-1 abilityname="Single Weapon" ability=7 brawl=2 weapon=spear shield="infantry shield" armor="metal scale hauberk + open helmet" init=roll`,
		`add Cutthroat side=highwaymen note="leads the band" qik=1 dex=1 str=1 sta=1 pre=1 abilityname="Single Weapon" ability=4 brawl=2 leadership=2 weapon=spear armor="padded jerkin" init=roll`,
		`add Brigand side=highwaymen qik=0 dex=1 str=1 sta=1 abilityname="Single Weapon" ability=3 brawl=2 weapon=spear armor="padded jerkin" init=roll`,
		`add Archer side=highwaymen note="a bow from the hedge" qik=0 dex=1 str=0 sta=1 abilityname=Bows ability=5 brawl=2 weapon=bow armor="padded jerkin" init=roll`,
		`add Xavier side=highwaymen note="crossbow, spanning behind a cart" qik=0 dex=1 str=1 sta=1 abilityname=Crossbow ability=3 weapon=crossbow armor="padded jerkin" init=roll`,
		`add Captain side=highwaymen note="the mounted chief" qik=1 dex=1 str=2 sta=2 pre=1 abilityname="Single Weapon" ability=5 ride=3 weapon=lance shield="round shield" armor="reinforced hauberk" init=roll`,
		`add Bayard side=highwaymen note="the Captain's warhorse" qik=1 str=5 sta=3 size=2 abilityname=Brawl ability=4 weapon=kick init=roll`,
		"mount Captain Bayard gait=trot",
		"group Band Cutthroat Brigand leader=Cutthroat trained",
		"extended Xavier span",
	},
}
