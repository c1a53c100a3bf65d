package sst

// What the options of sst's verbs other than attack and damage do, in a
// line each (help VERB, the command line's hint, the reference). A line
// whose logic is attack's is attack's line.

// payHelp describes cost= and dice= of an action paid in pips
// (costArgs): close, withdraw, knockdown, a hold's options.
var payHelp = map[string]string{
	"cost=": "pips the action costs (4 unless given)",
	"dice=": attackHelp["dice="],
}

var optionHelp = map[string]map[string]string{
	"spend": {
		"pool":  "start a pooled action (named by WHAT) that Pool grows",
		"dice=": attackHelp["dice="],
	},
	"cast": {"dice=": attackHelp["dice="]},
	"pool": {
		"dodge": "grow the dodge pool only (none named: every pool held)",
		"block": "grow the block pool only",
		"cast":  "grow the pooled action only (a spell…)",
		"dice=": "the face of the die spent (the lowest but a 1 unless given)",
	},
	"release": {
		"roll=": "roll these dice plus the pooled ones (no roll unless given)",
		"sl=":   attackHelp["sl="],
	},
	"clear": {
		"roll":  "roll for it: BODY, MIND or SPIRIT; failing loses the action",
		"one":   "spend a 1 on that roll: no action paid, none lost",
		"cost=": "pips a failed roll costs (4 unless given)",
		"dice=": "the die spent, or the dice paying for a failed roll",
	},
	"injury": {
		"kb":      "a Killing Blow or Massive damage: +1 to the effect die",
		"loc=":    "the location, instead of rolling 4d6 for it",
		"shift=":  attackHelp["shift="],
		"effect=": "the table's row, 1 to 7, instead of rolling (kb not added)",
	},
	"heal": {
		"phys":  "take back N lost Physical ranks (heal NAME N does too)",
		"ment":  "take back N lost Mental ranks",
		"bleed": "stop every bleeder",
		"burn":  "end the burning of action dice",
	},
	"locations": {"reset": "back to the default location of each face"},
	"close":     payHelp,
	"withdraw":  payHelp,
	"hold":      payHelp,
	"knockdown": payHelp,
	"move":      {"dive": "a flyer dives: its dive adds to the zones it may fly"},
	"drive": {
		"rough":     "2 dice fewer for rough ground",
		"difficult": "4 dice fewer for difficult ground",
		"turn":      "a second turn: 2 dice fewer (heavy 4); a fumble overturns",
		"mod=":      "driving dice added (+N) or taken away (−N)",
	},
	"fear": {
		"stun":  "fearsome only: a failure stuns instead of costing a rank",
		"from=": "the fear's source: its side does not roll",
	},
}
