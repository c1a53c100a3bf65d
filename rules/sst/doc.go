package sst

import "fray/rules"

// Doc implements rules.Documented: the reference prose of docs/sst.md
// and `fray help sst`.
func (*System) Doc() rules.Doc {
	return rules.Doc{
		Intro: []string{
			"`fray --demo horde` opens Roland, Mira and Brannoc holding a broken gate against a goblin horde, a mob of archers in cover on the wall and their fearsome chief, Grathak the Maw.",
			"There are no fixed rounds: `n` rolls everyone's action dice (round 1) and gives the turn to whoever holds the most dice (the count, not the pips; players before NPCs on a tie, then the order of adding; `act NAME` hands the turn to another of the tied). The order pane's score column shows the faces each combatant still holds (`6 5 3 1`), so the countdown is visible as it runs; `n` again moves to whoever holds the most dice now (not back to one who has the turn and has not acted since: it spends, `delay`s or `pass`es).",
			"When a combatant spends its last die on an action it calls a refresh: the header reads `Round 2 · Mira's last option · refresh by Roland`, each of the others still holding dice acts once more, `carry`s one die or `pass`es (`n` carries the best die), and then every pool is rolled anew and the next round begins; a carried die is rolled with the new pool, its old face is not kept (a minor NPC rolls it beside its fixed faces, with its group's extra dice: a `fixed=5,4,3,2` mob holds those four faces and one rolled die, and a 6 there earns no extra). If nobody holds a die that can pay for an action, `n` calls the refresh itself. `remove` of the combatant whose turn (or last option) it is gives the next one its turn at once, as `n` would.",
			"Who may act: the combatant who holds the turn (`act NAME` hands it to another of the tied), and once a refresh is called each one with a last option to take; a defence is part of the attack it answers. Anything else is refused with the reason; `force` before the command does it anyway and the log says so.",
		},
		Details: map[string]string{
			"attack":    "pay the action cost (4), roll the attack pool, count successes at the SL, leave exposures or a fumble on the attacker, apply the target's defences, and the damage. The options are under Attack options below",
			"spend":     "pay an action: COST is pips or a preset (`attack`, `break` = 4); without `dice=` the fewest dice that reach the cost are used, then the least waste; 1s never combine",
			"cast":      "start a pooled action (the same as `spend … pool`)",
			"pool":      "Pool action: one full die adds one to each pool held (or the one named)",
			"release":   "release the pooled action; `roll=N` rolls N dice plus the pool",
			"one":       "spend a single 1: +1 die on the next roll, a roll to clear a State, or +1 to a die of the next roll it helps (any roll: attack, defence, BODY…)",
			"clear":     "clear a State: spend a die, roll (a failure loses the action of cost N, 4 by default) or roll with a 1",
			"carry":     "last option: set one die aside to be rolled with the next pool (FACE picks which)",
			"pass":      "last option: put every die away",
			"refresh":   "call a refresh now (by NAME: its turn ends and any dice it holds, 1s included, are put away)",
			"surprise":  "before the fight: no action dice for them in round 1",
			"damage":    "apply damage to a track",
			"injury":    "roll (or enter) an injury and apply its effect",
			"heal":      "take back lost ranks, stop bleeding, end burned dice; `heal NAME injury [WORD…]` heals the lasting injury marks (those naming WORD, e.g. `arm`), and their penalties",
			"locations": "show or change the location each face of the injury roll names (`locations 1=right leg 2=left leg`, or six names in face order); kept in saves",
			"fear":      "everyone in the zones but the source's side rolls SPIRIT; who fails stays afraid and rolls again at each of its actions until it passes",
			"delay":     "hold an action (`n` passes it by)",
			"act":       "take the turn now",
			"init":      "`init NAME roll` rolls the combatant's pool again; `init NAME N` rolls exactly N dice",
		},
		Sections: []rules.Section{
			{Title: "Attack options", Paras: []string{
				"`dodge`, `block`, `parry` declare a defence (the defender pays its lowest full die and rolls; a dodge or block pool in hand is used against every later attack without declaring, losing a die each time), `missile` (the dodge counts one fewer), `strip` (spend successes equal to the rolled block to break it), `plus` (spend a 1 to lift a die just below the success number), `free` (no dice paid: an opportunity attack), `riposte` (after a parry: the target's exposures alone, free), `mental`, `magic` and `rank` as for damage, `cost=N`, `dice=FACES` (the dice paying), `roll=N` (attack dice instead of the sheet's), `sl=±N`, `mod=±N` (dice), `cover=KIND`, `weapon=WEIGHT`, `shift=LOCATION`. A group names up to its number of separate targets in one action.",
			}},
			{Title: "The numbers", Paras: []string{
				"Success on 5+ at the standard Superiority Level, one lower per SL (2 to 6); a fumbled target gives +1 SL. 1s up to the successes are exposures left on the roller until its next action, and whoever attacks it picks them all up as extra dice; more 1s than successes is a fumble. Hits by weight from s successes: light 1 + ⌊(s−1)/2⌋, medium s, heavy s+1, large s+2, huge s+3, massive kills.",
				"Against Total Rank R (rank + bonus): any damage gives a State (Stun; Shock for mental, Doubt for magic) if not in it already, else a rank; over R is Trauma (a rank and an injury), over 2R a Killing Blow (Out of Action, injury +1), over 3R or a massive weapon Killed in Action; mentally over R Panicked, over 2R Crushed. An Out of Action combatant hit again rolls BODY or dies. A State blocks every action until cleared.",
				"The injury roll is 4d6 (the most frequent face, ties to the higher: by default 1 left leg, 2 right leg, 3 left arm, 4 right arm, 5 chest, 6 head, changed with `locations`; a triple lets the attacker shift one area, a quadruple two) and a d6 on the location's list. Bleeders roll BODY at each refresh or lose a Physical rank; burned dice turn to 1s now and at every refresh until healed. Lasting injuries that hit every roll (severed −2d, puncture −1d, maimed −1d, or any condition labelled `…: −Nd to all rolls`) are taken off every attack, defence, release and BODY/MIND/SPIRIT roll, and the log says so.",
				"Groups: mob +1/+0 ranks +1d 2 attacks, crowd +1/+1 +2d 3, horde +2/+1 +3d 4, company +3/+2 +4d 4, unit +4/+2 +4d 6. Cover: hard light −1d, hard heavy −2d, soft light −1d, medium −2d, heavy −3d.",
			}},
			{Title: "How the tracker decides where the text is silent", Paras: []string{
				"The round count is the number of refreshes plus one; cross-over losses are derived from the other track's direct losses, so they never cascade and heal with their cause; armour and a working block's shield cancel one success a point; a block pool is its successes plus the shield, and successes up to the pool leave the rest of the pool as exposures on the attacker (the source's worked example); Trauma costs one rank, never a State; a group's extra ranks are real; only actions call a refresh (not a defence, a free option or a pass); a Pool action grows every pool held; Scary fear takes the highest die; a passed fear roll marks the combatant `steeled`; an afraid combatant rolls again after paying for each attack, spend, cast or Pool action (a Scary failure wastes that die, a stun stops the action), and only the worst of several fears counts; fractures, sight or sound and a foot are left to `mod=`. The full list is in the package documentation (`go doc fray/rules/sst`).",
			}},
		},
		Fields: []rules.FieldDoc{
			{Keys: []string{"pc"}, Text: "a player: Heroic, first on ties"},
			{Keys: []string{"heroic"}, Text: "an NPC rated Heroic (ranks down to −3)"},
			{Keys: []string{"stateless"}, Text: "a minor NPC that never takes a State"},
			{Keys: []string{"ad"}, Text: "action dice rolled at each refresh, before extras; default 4"},
			{Keys: []string{"fixed"}, Text: "a minor NPC's faces, e.g. `5,4,3,2`"},
			{Keys: []string{"dice"}, Text: "faces held now; type physical rolls here"},
			{Keys: []string{"carry"}, Text: "the face of the die set aside at a refresh, rolled anew with the next pool"},
			{Keys: []string{"effort"}, Text: "a 1 was spent on Effort: +1 die on the next roll"},
			{Keys: []string{"plus"}, Text: "a 1 waiting to lift a die"},
			{Keys: []string{"phys", "ment"}, Text: "real ranks, Heroic level included, default 3"},
			{Keys: []string{"bphys", "bment"}, Text: "bonus ranks"},
			{Keys: []string{"lphys", "lment"}, Text: "ranks lost directly"},
			{Keys: []string{"group"}, Text: "none, mob, crowd, horde, company, unit"},
			{Keys: []string{"weapon"}, Text: "light, medium, heavy, large, huge, massive"},
			{Keys: []string{"attack"}, Text: "attack dice, default 4"},
			{Keys: []string{"armour"}, Text: "each point cancels one success against it"},
			{Keys: []string{"dodge", "block", "parry"}, Text: "defence dice"},
			{Keys: []string{"shield"}, Text: "armour of the blocking shield, added to a working block"},
			{Keys: []string{"dpool", "bpool"}, Text: "dodge and block pools held"},
			{Keys: []string{"cast", "apool"}, Text: "a pooled action and its dice"},
			{Keys: []string{"body", "mind", "spirit"}, Text: "dice, default 4"},
			{Keys: []string{"exposed"}, Text: "exposures (1s) left beside it until its next action"},
			{Keys: []string{"fumbled"}, Text: "attackers get +1 SL against it until its next action"},
			{Keys: []string{"burn"}, Text: "action dice turned to 1s at every refresh"},
			{Keys: []string{"bleed"}, Text: "bleeding locations"},
			{Keys: []string{"cover"}, Text: "the cover it occupies (see Cover under The numbers)"},
			{Keys: []string{"afraid"}, Text: "a fear level failed and not yet passed"},
			{Keys: []string{"fearstun"}, Text: "its failures stun (it takes a Stun rather than a rank to Fearsome fear)"},
		},
		FieldNotes: []string{
			"States, Panicked, Crushed and injury marks are conditions (`uncond NAME stun` also clears one).",
		},
		OptionNotes: []string{
			"`crossover 2|3|4`: every Nth rank lost on one track costs one on the other (default 2); `neckgroin on|off`: the neck and groin are reachable by an injury shift.",
		},
		Legend: []rules.Abbrev{
			{Short: "6 5 3 1", Means: "the score column: the faces of the action dice still held"},
			{Short: "P 3/4 M 2/3", Means: "Physical and Mental ranks left of Total Rank"},
			{Short: "Stun Shock Doubt", Means: "States: no action until cleared"},
			{Short: "4d", Means: "a pool of four dice"},
			{Short: "SL", Means: "Superiority Level: the success number is 5 at SL 0, one lower per SL"},
			{Short: "Trauma >3, KB >6", Means: "damage over 3 is Trauma, over 6 a Killing Blow"},
			{Short: "KIA", Means: "Killed in Action"},
			{Short: "Out of Action", Means: "incapacitated by a Killing Blow"},
			{Short: "exposed 2", Means: "exposures left: the next attacker adds them as dice"},
			{Short: "dodge 2, block 3", Means: "defence pools held"},
			{Short: "carry 1", Means: "a die carried to the next pool"},
			{Short: "holding", Means: "a delayed action"},
		},
		Scale: []rules.Abbrev{
			{Short: "hurt", Means: "any rank lost on either track, or a State (Stun, Shock, Doubt)"},
			{Short: "badly hurt", Means: "a track half spent or worse on its way to the floor (0, or −3 for the Heroic), a lasting injury (burned dice, a bleeder, an injury's condition), or Panicked"},
			{Short: "out of the fight", Means: "Out of Action (a Killing Blow, a track spent to the floor, a failed roll after an injury), or Crushed"},
			{Short: "dying", Means: "Out of Action and still bleeding: a bleeder goes on costing Physical ranks"},
			{Short: "dead", Means: "Killed in Action"},
		},
	}
}
