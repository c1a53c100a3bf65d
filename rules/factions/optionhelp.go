package factions

// What the options of factions' verbs other than attack and damage do, a
// line each (help VERB, the command line's hint, the reference).

var moveHelp = map[string]string{
	"sprint": "speed doubled for the rest of the turn",
	"zones=": "zones it covers (else numbered zones' difference, or 1)",
}

var chaseHelp = map[string]string{
	"faster": "the fleeing are faster: all get away, no save",
	"slower": "the pursuers are faster: none gets away, no save",
}

var moraleHelp = map[string]string{
	"pass": "no roll: the saves pass, no more morale checks this fight",
	"fail": "no roll: the saves fail; surrender, or retreat (option rout)",
}

var breakFreeHelp = map[string]string{
	"helper=": "an ally makes the STR save instead, with its main action",
}
