package osr

import "fray/rules"

// Doc implements rules.Documented: the reference prose of docs/osr.md
// and `fray help osr`.
func (*System) Doc() rules.Doc {
	return rules.Doc{
		Intro: []string{
			"The round runs as its own engine: `next` steps through it and the order pane's header says where it stands (\"Round 2 · declare\", \"Round 2 · count 7\", \"Round 2 · held\"). Each round: any surprise segments, then the declare phase (spells and charges), then `next` rolls everyone's initiative and goes to the highest count; each further `next` goes down to the next count at which someone acts, and everyone on that count acts together (shown under a \"7\" heading, all marked current); after count 1 the held actions are taken together; then the next round begins and initiative is rolled again.",
			"Who may act: before the first `next`, anyone able but those marked surprised (their time comes after their segments); in a surprise segment those not surprised; in the declare phase nobody (declare, then `next`); during the count those whose count it is; after count 1, in the held step, those who held, all together (the source's order of battle puts held actions last: `act` is refused before then). An attack also needs one left: one a round (`attacks=N` on the sheet for a monster with more), two with a bow for an archer who has not moved this round. Anything else is refused with the reason; `force` before the command does it anyway and the log says so. A free attack the rules grant (`free`) may be taken by anyone able, at any time. Damage, healing, saves, conditions and the like are the GM's bookkeeping and are never refused.",
		},
		Details: map[string]string{
			"attack":    "d20 + attack BCB + STR (melee) or DEX (missile) + magic + situation against AC + defensive BCB; damage rolled and applied; a natural 20 hits whatever the AC and rolls on the Mighty Blows table (the victim's save lowers it); a natural 1 is a fumble, with the free attacks noted. The options are under Attack options below",
			"damage":    "take N hit points (with `subdual`, half real and half subdual)",
			"heal":      "give back N hit points, or recover N subdual damage",
			"save":      "a saving throw: d20 + MOD against the sheet's `save`",
			"surprise":  "`surprise roll` rolls each combatant's surprise die (all, or the sides and names given): a 1 or 2 is that many segments surprised. `surprise WHO [N]` marks a side (or one combatant) surprised for N segments (default 1); `surprise clear` takes it away",
			"declare":   "declare before initiative: a spell (`declare Odo spell sleep`; `level=N` anywhere in the line for the armour limits), a scroll (`declare Odo scroll 3 fireball`: a round per spell level to read), a charge, or take it back (`none`). A magic-user (`caster=mu`) casts only in no armour; a fighter-mage (`caster=fm`) only in no armour or magical armour of +1 for spell levels 1–3, +2 for 4–6, +3 for 7–9, +4 for 10–12",
			"wand":      "set off a wand on the user's count: no declaration, and only a hit at that same count (simultaneous, in either order) keeps it from going off, when no charge is used; with `charges=N` on the sheet the charges are counted",
			"move":      "the combatant moves to a zone (an action; one engaged with a foe able to fight must retreat or disengage first); a bow then shoots only once this round",
			"close":     "close into combat: the closer moves up to the foe and they are engaged; neither gets a melee attack on the other this round (missiles and spells still reach them). A foe that fended the closer off this round cannot be closed with",
			"retreat":   "back away from the foes engaged with it: `slow` (a third of its speed) costs nothing; `half` (two thirds) gives −2 AC this round and a DEX roll (d20 at or under DEX, `mod=` for the ground) against stumbling, when each foe gets a free attack, it stays engaged and needs a half move next round to get up; `run` gives −4 AC and each foe a free attack it may not answer. `to=ZONE` moves it there",
			"wall":      "`wall A B C` locks the fighters' shields, in line from flank to flank: the two ends get +1 AC and the centre +2 against frontal attacks, no DEX bonus for anyone in the press; attacked from the flank (`flank`) or the rear (`behind`) a member has no shield at all and still no DEX bonus. `wall break NAME` takes one out (the rest close ranks), `wall break` ends every wall",
			"extract":   "draw a missile out of a wound: the whole round of whoever does it (`by=NAME`, default the wounded one), whose saving throw (`mod=` for dirt or a surgeon's skill) spares the normal damage of drawing it",
			"hold":      "hold the action until after count 1 (the same as `delay`); held actions are taken together after count 1. One who has not acted and whose initiative is changed above the running count holds its action the same way (\"Gob's count has passed: Gob holds its action, taken with the held actions after count 1\"), and `remove` of the one acting hands the count to the others on it, or moves on",
			"delay":     "hold the action until after count 1 (the same as `hold`)",
			"act":       "take a held action, in the held step after count 1",
			"split":     "the BCB split between attack and AC (OFF + DEF ≤ BCB), kept until changed",
			"defend":    "all BCB to AC and +2 AC for this round; attacking ends it",
			"flee":      "the GM's morale call: the combatant leaves the countdown (`uncond NAME fled` brings it back)",
			"surrender": "the GM's morale call: the combatant surrenders and leaves the countdown (`uncond NAME surrendered` brings it back)",
		},
		Sections: []rules.Section{
			{Title: "Attack options", Paras: []string{
				"`fend` (a spear or polearm, a weapon marked `reach`, against a foe not yet at arm's reach: a hit keeps it off for the round and stops its charge), `passing` (the free attack on a foe moving through the hexes the attacker controls, any weapon: a hit fends it into the next hex, a d6 choosing which of the three away from the attacker, 1–2 back and to its left, 3–4 straight away, 5–6 back and to its right; it cannot reach the attacker this round), `rank=N` (a melee attack from the Nth rank of a formation: a spear or polearm reaches from the second, a pike from the third, nothing from further back; one engaged with its target stands at arm's reach, in no rank behind), `flank` (from the side: no shield for one in a shield wall), `assassinate` (a blow at a helpless or unaware victim: the damage goes to its CON unless it saves, and no CON left is death), `free` (a free attack the rules grant: after a fumble, against one who retreats; it is nobody's turn and uses up no attack), `long` (a missile beyond its first range increment: a thrown weapon then adds no STR to damage; fray takes short range unless told), `behind` (+2), `attackers=N` (+1 for each attacker beyond the first), `invisible` (−4), `cover=N` (−1 to −4), `missile` / `melee` (override the weapon's kind), `two` (two attacks at −3 each), `parry` (one attack at −1 and +1 AC this round), `subdual` (half the damage as subdual), `unarmed` (1d2 + STR; more than half the hit points left, or a natural 20, stuns; a stunned target hit again is knocked out for 1d4 rounds), `with=WEAPON` (a weapon of the sheet by name), `magic=N`, `dmg=DICE`, `mod=±N` (to hit), `dmod=±N` (to damage), `mb=±N` (to the Mighty Blows roll).",
			}},
			{Title: "Conditions", Paras: []string{
				"Conditions the rules set and read: `stunned` and `knocked out` (for rounds), `surprised`, `defensive`, `parrying`, `flesh wound` (−2 attacks and saves), `hurt` (−2: a monster that made its death save), `spell declared` (a scroll being read keeps it from round to round), `charging`, `spell lost`, `dying`, `fled`, `surrendered`, `mangled`, `retreating` (the AC given up this round), `stumbled` (a half move to get up), `shield wall`, `missile in the wound`; a held action shows as `held`. Out of the fight is the `incapacitated` status.",
			}},
			{Title: "Initiative and hit points", Paras: []string{
				"The DEX initiative dice: 25+ d20, 21–24 d12, 18–20 d10, 15–17 d8, 9–14 d6, 6–8 d4, 4–5 d3, 3 or less d2. Option `initiative side` rolls one d10 per side instead (`option initiative side`).",
				"At 0 HP or below a monster or NPC meets its band at once: 0 to −5 a save vs death (made: fights on at −2; failed: unconscious; a natural 1: dead); −6 to −10 unconscious and dead on a failed save; −11 or less dead. A player character is marked `dying` and left to the GM.",
			}},
			{Title: "How the tracker decides where the book is silent", Paras: []string{
				"Position: zones and engagement (`move`, `engage`, `close`, `retreat`) are read where the rules speak of them, and nothing is refused when the GM has not set them. Closing into combat bars melee between the closer and its foe only, for the round; each may still strike others. The speeds of a retreat are garbled in the source; fray reads a third of the speed (no penalty), two thirds (−2 AC and the DEX roll) and faster (−4 AC). The DEX roll of a retreat is a d20 at or under the DEX score; one who stumbles has not got clear and stays engaged. The shield wall's +2 and +3 in the source count the fighter's own shield, which the sheet's AC already holds, so fray adds +1 and +2; zones do not count ranks, so the attack says where the attacker stands (`rank=2`, `rank=3`) and fray checks the weapon and that the two are not engaged; a pike (`pike`) is refused against a foe engaged with its wielder. The random direction of a foe fended off while moving through (`passing`) is fray's d6 over the three hexes away from the attacker; zones are larger than hexes, so it stays in its zone; the text gives the spear's fend against a foe coming on no direction, and fray rolls none.",
				"Missiles and blows: a missile left in a wound is any missile's critical hit (a natural 20 that hits); each round its victim moves or fights (`move`, `close`, `retreat`, an attack) it takes half a roll of that missile's damage, rounded down and at least 1 (the source's fraction is garbled; fray reads a half). Assassination is for the GM to call (helpless or unaware, an anatomy the attacker knows); no CON left is death. A thrown weapon is taken at short range, adding STR to damage, unless the attack says `long`.",
				"Surprise modifiers (`surprisemod=±N` on the sheet for wisdom and keen or dull senses, `mod=±N` on the roll for the moment) move the roll: a modified 1 or 2 is that many segments, and a natural 1 is at least one. A scroll is declared once and read on by itself from round to round; its reader does nothing else, and a hit before it is read loses it (and the scroll). Levels past the table's 12 need armour by the same threes (+5 for 13–15). A wand is its user's action for the round. Armour limits, like every refusal the rules make, give way to `force`.",
				"The Mighty Blows save lowers the result by the margin the save was made by, and by at least 1 (a 17 against 10 turns a 19 into a 12); a natural 20 on that save negates the blow, a natural 1 fails any save. Surprise segments open the round they fall in, and in segment k everyone surprised for fewer than k segments acts. Declarations may be made before combat, during surprise and in the declare phase, and end with the round. A hit (or `damage`) loses a declared spell while its caster has not yet acted, except at the caster's own count (equal counts are simultaneous) and in the held step, where everyone who held acts together (a holder's hit there does not stop another holder's spell). A caster with a spell pending or a charger adds no BCB to AC; a charger also loses its DEX bonus, but a DEX penalty stays (AC is entered whole, so fray takes a positive `dexmod` off and leaves a negative one). A natural 20 always hits; it is a Mighty Blow only when 20 plus the attack's modifiers would reach the AC anyway, else it does plain damage. Damage on a hit is at least 1; the odd point of a subdual blow is subdual. Stunned for N rounds means the rest of this round and N more; an unarmed stun lasts one. `prev` steps back within the round (to its declare phase, keeping the rolls); `undo` goes further.",
			}},
		},
		Fields: []rules.FieldDoc{
			{Keys: []string{"pc"}, Text: "yes for a player character (at 0 HP marked `dying`, not rolled for)"},
			{Keys: []string{"hp", "maxhp"}, Text: "hit points now and at most (`hp` alone sets both)"},
			{Keys: []string{"subdual"}, Text: "subdual damage taken"},
			{Keys: []string{"ac"}, Text: "the full Armour Class, DEX included"},
			{Keys: []string{"bcb"}, Text: "the base combat bonus"},
			{Keys: []string{"split"}, Text: "OFF/DEF, or empty for all to attack"},
			{Keys: []string{"dex"}, Text: "the DEX score: it picks the initiative die"},
			{Keys: []string{"strmod", "dexmod"}, Text: "the STR and DEX modifiers"},
			{Keys: []string{"save"}, Text: "the saving throw target"},
			{Keys: []string{"con", "conloss"}, Text: "CON, and CON lost to Mighty Blows"},
			{Keys: []string{"weapons"}, Text: "`\"longsword 1d8, short bow 1d6 bow +1\"`: name, damage dice, then optionally what it is and a magic bonus to hit: `missile`; `bow` (a missile that shoots twice a round for an archer who does not move; a crossbow is a plain `missile`); `thrown` (a missile that adds STR to damage at short range); `reach` (a spear or polearm: it can fend off); `pike` (a long spear or pike: reach, but useless at arm's reach)"},
			{Keys: []string{"attacks"}, Text: "attacks a round (a monster with claw, claw, bite has 3); 0 or 1 is one"},
			{Keys: []string{"surprisemod"}, Text: "±N to its surprise rolls: wisdom, keen or dull senses"},
			{Keys: []string{"caster"}, Text: "`none`, `mu` (a magic-user: casts in no armour) or `fm` (a fighter-mage: magical armour only, good enough for the spell's level)"},
			{Keys: []string{"armour"}, Text: "what it wears, for casting: `none` (magical bracers count as none), `plain`, or a magical armour's quality such as `+2`"},
			{Keys: []string{"charges"}, Text: "a wand's charges left (empty: not counted)"},
			{Keys: []string{"initdie"}, Text: "`dex`, or a die such as `d10` to override"},
			{Keys: []string{"surprise"}, Text: "the surprise die, `d6` by default"},
		},
		OptionNotes: []string{
			"`option initiative side` switches to one d10 per side; `option initiative dex` back.",
		},
		Legend: []rules.Abbrev{
			{Short: "HP 5/9", Means: "hit points left of the most"},
			{Short: "sub 3", Means: "subdual damage taken"},
			{Short: "−2", Means: "the penalty to attacks and saves (a flesh wound, hurt)"},
			{Short: "AC", Means: "Armour Class"},
			{Short: "BCB", Means: "base combat bonus, split between attack and AC"},
			{Short: "STR DEX CON", Means: "Strength, Dexterity, Constitution"},
			{Short: "held", Means: "holds its action until after count 1"},
			{Short: "surprised 2", Means: "surprised for that many segments"},
		},
		Scale: []rules.Abbrev{
			{Short: "hurt", Means: "any hit points or subdual damage lost, or a flesh wound"},
			{Short: "badly hurt", Means: "half the maximum HP or less left, subdual damage counted off, or up at 0 HP or below after a death save"},
			{Short: "out of the fight", Means: "unconscious (a failed death save, subdual damage reaching the HP left), knocked out, fled or surrendered"},
			{Short: "dying", Means: "a player character at 0 HP or below, marked dying for the GM"},
			{Short: "dead", Means: "slain by damage, a failed death save or a Mighty Blow"},
		},
	}
}
