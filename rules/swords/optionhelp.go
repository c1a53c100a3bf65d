package swords

// What the options of swords' verbs other than attack, damage and battle
// do, a line each (help VERB, the command line's hint, the reference).
// An option whose logic is attack's has attack's line.

var defendHelp = map[string]string{
	"def=": attackHelp["def="],
	"mod=": "+N (or −N) to the Defense roll",
}

var skillHelp = map[string]string{
	"vs=":  "the challenge the roll must beat (none: no verdict)",
	"mod=": "+N (or −N) to the skill roll",
}

var areaHelp = map[string]string{
	"dive":   attackHelp["dive"],
	"yards=": "yards each target must dive to get clear, 0–6 (0: caught)",
	"range=": "the area's challenge level: the roll must beat it",
	"skill=": attackHelp["skill="],
	"mod=":   attackHelp["mod="],
	"atk=":   attackHelp["atk="],
	"dmg=":   attackHelp["dmg="],
}

// contestHelp describes the Grappling contest's options (escape, control).
var contestHelp = map[string]string{
	"mod=": "+N (or −N) to NAME's Grappling roll",
	"atk=": "NAME's Grappling total as rolled at the table",
	"def=": "the foe's Grappling total as rolled at the table",
}

var slamHelp = map[string]string{
	"corner=": "a sharp corner: +0 to +4 to the damage",
	"dmg=":    attackHelp["dmg="],
	"end=":    attackHelp["end="],
}
