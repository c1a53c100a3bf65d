package arm5

// What the options of arm5's verbs other than attack and damage do, a
// line each (help VERB, the command line's hint, the reference).

var catalogHelp = map[string]string{
	"weapons":  "the melee and missile weapon tables only",
	"missiles": "the missile weapon table only",
	"armor":    "the armor table only",
}

// groupCheckHelp is the mod= of a group check: morale, discipline, rally.
var groupCheckHelp = map[string]string{"mod=": "+N (or −N) to the leader's Pre + Leadership roll"}

// freeHelp is the free of vanguard and lead.
var freeHelp = map[string]string{"free": "no roll: the group has had a round without fighting"}

var recoverHelp = map[string]string{
	"fatigue": "regain one fatigue level, no roll",
	"bruise":  "roll to improve the worst Bruise (the default if any)",
	"medic=":  "the medic's Medicine or Chirurgy, added to the Bruise roll",
	"aid=":    "any other aid, added to the Bruise roll",
}

var groupHelp = map[string]string{
	"trained":   "adds the others' Abilities (≤ 3×Leadership); needs a leader",
	"leader=":   "the member who leads: morale, rally, a trained group's bonus",
	"vanguard=": "the member whose scores the group fights with (the first)",
	"bonus=":    "a trained group's bonus on attack (the default) or defense",
}

var priorityHelp = map[string]string{
	"abila=": "the first one's Ability, instead of its Combat Ability",
	"abilb=": "the second one's Ability, instead of its Combat Ability",
}

var fastcastHelp = map[string]string{
	"finesse=": "the magus's Finesse, instead of the sheet's",
	"mod=":     "+N (or −N) to the fast-cast speed roll",
	"ability=": "the opponent's Ability for its priority (fastcast option)",
}

var disengageHelp = map[string]string{
	"reckless": "no roll: each engaged foe attacks it free (reckless option)",
	"mod=":     "+N (or −N) to the disengage Defense roll (engagement option)",
}

var mountHelp = map[string]string{
	"untrained": "not trained for war: no mounted bonus, panics in melee",
	"gait=":     "the horse's pace (stand unless given): falls, missiles, Dfn",
	"saddle=":   "cantled +3 or nostirrups −3 to resist a charge (plain 0)",
}

var fallHelp = map[string]string{
	"hard": "on hard ground: the Size and gait part of the damage doubled",
	"soft": "on soft ground: the Size and gait part of the damage halved",
}
