package swords

import "fray/rules"

// Doc implements rules.Documented: the reference prose of docs/swords.md
// and `fray help swords`.
func (*System) Doc() rules.Doc {
	return rules.Doc{
		Intro: []string{
			"`fray --demo skirmish` (a fight on foot and on horseback, every weapon kind) and `fray --demo battle` (120 knights against a horde of 350) open the two demos.",
			"Everyone acts in initiative order, and may take several actions a round: every skill roll is 2d6 + Dexterity + the skill (Tactics: + Intelligence) − 2 for each action after the first this round. The order and the sheet show each combatant's actions, the penalty its next action's roll will take (`2 actions · next −4`), and `no defense` once it has acted this round without defending: an attack on it then only has to beat the range.",
			"Who may act: before the first `next`, anyone able; then the combatant whose turn it is, as many actions as it likes at the running penalty. One who delayed takes its action with `act` first; a delay said ahead of one's turn begins when that turn comes, not sooner. A Defense roll is a reaction, taken whenever attacked. Anything else is refused with the reason; `force` before the command does it anyway and the log says so.",
		},
		Details: map[string]string{
			"attack":  "skill roll against the target's Defense roll + range; on a hit, damage against the endurance roll, Stamina and Health applied, and a Riding roll if the target is mounted. The options are under Attack options below",
			"damage":  "one hit of N points that got past endurance (`endure`: N is the damage and the target rolls endurance)",
			"defend":  "a Defense roll outside an attack; counts as an action",
			"action":  "count an action the tracker does not resolve (move, draw, reload…)",
			"skill":   "any skill roll with the current action penalty; `vs=` is a challenge to beat",
			"area":    "an attack on a place: the attacker's roll only has to beat the range level (`range=N`). The damage is rolled once; each one named may dive clear with a Defense roll (an action) against 5 for each yard to dive, `yards=N` for all or `NAME=N` for one (1 to 6; 0: surrounded, no dive). A rider cannot dive from the saddle unless the attack says `dive` (it lands prone, out of the saddle). Those caught endure the damage. An area attack aimed at one person is an ordinary attack with a bonus: `attack … mod=+N`",
			"escape":  "locked in close combat, at its turn: Grappling against the foe's Grappling (the mass bonus counts; the foe's roll is a Defense action, and one who may no longer defend this round does not resist). Winning ends the close combat and any hold between them: melee goes on. Allowed to one held fast",
			"control": "locked in close combat, at its turn: Grappling against Grappling, as for `escape`; winning holds the foe fast (and frees the combatant, if the foe held it). Allowed to one held fast",
			"slam":    "one who holds a foe (a grab that hit, or `control`) slams it into the floor or a wall: 2d6 + Str + SURFACE (1 to 8, a wooden floor less than stone) + `corner=0-4` for a sharp corner, against the foe's endurance; an action, no roll to hit. A foe of twice one's mass or more cannot be slammed (refused; `force` does it anyway). Throwing someone off a cliff is the GM's to rule",
			"pickup":  "a disarmed combatant takes its weapon up again: an action",
			"battle":  "one round of army combat, both ways at once; a second battle of the same two armies in a round is refused without `again`",
		},
		Sections: []rules.Section{
			{Title: "Attack options", Paras: []string{
				"`skill=striking|archery|grappling` (default: Archery for bows and mechanical weapons, else Striking), `range=N` (the challenge level, added to the Defense), `augment=N` (N extra actions, +2 damage each), `assist=NAME,…` (friends who block: each rolls Defense, spending an action, and the best roll counts), `defskill=grappling` (resist a grab with Grappling), `harm` (a grab that also does damage: 2d6 + Str; `small` instead: with a small weapon's damage, a dagger or a blackjack), `mod=±N`, and totals entered instead of rolled: `atk=N def=N dmg=N end=N`.",
				"Close combat: a grab (`skill=grappling`) that hits holds the target fast and locks the two in close combat (`engage` marks it by hand); a grab resisted with Grappling locks them in too, without the hold; one resisted with Defense is warded off. Between the two only Grappling serves, in attack and defence (a strike is refused; `force` does it anyway). One held fast can do nothing on its turn but `escape` or `control`. The order shows `close combat with …` and `held by …`.",
				"`disarm` aims at the object in the target's hand: a strike knocks it a few yards away, a grab wrenches it out of the hand (and starts no close combat); no damage either way. The target fights bare-handed until it takes it up again with `pickup`; a weapon destroyed is the GM's `set NAME weapon=none`.",
				"A rider cannot dodge. Against a melee blow it blocks as usual; against a thrown weapon or a missile it can block only with a shield (`shield=yes`), and asked to `dodge` (a blow too big to block) it cannot: either way it gets no Defense unless the attack says `defskill=riding` (Riding instead of the dodge, −4) or `dive` (it dodges by diving out of the saddle and lands prone).",
			}},
			{Title: "The numbers", Paras: []string{
				"The attacker needs a higher total; ties go to the defender. Damage is 2d6 + Str bare-handed, + Str + weapon for melee, thrown and bow weapons, + weapon alone for mechanical ones; endurance is 2d6 + Str + armor. Stamina 0 fells (status unconscious); the largest single hit gives the Health level (0–4 OK, 5–9 Hurt, 10–14 Wounded, 15–19 Crippled, 20+ Dead). Grappling rolls of the heavier side get +2 per doubling of mass, +1 past halfway to the next doubling.",
			}},
			{Title: "Armies", Paras: []string{
				"An army is `kind=army` with 100 hits (its `stamina`), `size` (soldiers), `quality` (the GM's power adjustment), `general` (a combatant whose Int + Tactics lead it) and `tacticians` (more combatants, comma-separated). Power is worked out per battle: the smaller army 0, the larger +2 per doubling and +1 past halfway (120 against 350 gives 3). Each leader rolls 2d6 + Int + Tactics, the best roll counts unless `pick=` names another, and the army deals that roll + power; at 0 hits an army is routed. On the screen, `a` on an army's turn opens the battle form against the other army.",
			}},
			{Title: "How the tracker decides where the text is silent", Paras: []string{
				"Initiative is 2d6 + Dex, rolled once per combat, ties to the higher Dex; the action penalty counts from the action that causes it on and is not retroactive; every Defense roll, one's own or a block for a friend, is an action; a Riding roll after a hit must beat the damage before endurance (a fall clears `mounted`); an army without a general rolls on its own sheet's `int` and `tactics`; battle rolls take no action penalty; the Riding roll used instead of a dodge takes −4, the source's \"substantial penalty\"; resisting an escape or a bid for control is a Defense action; a slam needs no roll to hit and fails only against a foe twice one's mass or more; an area's dive must beat 5 a yard, as a challenge (a flyer or a swimmer can always get out of an area not hit above and below it: give it the yards); a hold lapses when the holder cannot act or the two are no longer engaged. `set` (and `add`) move the status with the numbers entered: `stamina=0` fells, `largest=20` kills, an army at 0 hits is routed, and healing with `set NAME stamina=… largest=…` brings the combatant back, unless the same line gives `status=`.",
			}},
		},
		Fields: []rules.FieldDoc{
			{Keys: []string{"kind"}, Text: "`person` (any single fighter, animals and monsters included) or `army`"},
			{Keys: []string{"str", "dex", "int"}, Text: "Strength, Dexterity, Intelligence"},
			{Keys: []string{"striking", "archery", "grappling", "defense", "riding", "tactics"}, Text: "skills"},
			{Keys: []string{"weapon"}, Text: "the weapon's name (naming one makes it melee; `none` is bare hands)"},
			{Keys: []string{"wkind"}, Text: "unarmed, melee, thrown, bow, mechanical: it decides the damage roll and the default attack skill"},
			{Keys: []string{"wdam"}, Text: "the weapon's damage value"},
			{Keys: []string{"armor"}, Text: "armor, added to endurance"},
			{Keys: []string{"mass"}, Text: "mass in any unit, the same for everyone (0: unknown); the heavier side grapples better"},
			{Keys: []string{"mounted"}, Text: "yes/no: in the saddle (a rider cannot dodge)"},
			{Keys: []string{"shield"}, Text: "yes/no: carries a shield, and so can block thrown weapons and missiles"},
			{Keys: []string{"disarmed"}, Text: "yes/no: its weapon was knocked or wrenched away; it fights bare-handed until `pickup`"},
			{Keys: []string{"maxstamina", "stamina"}, Text: "Stamina at most (default 10; a full track follows it) and now; an army's hits"},
			{Keys: []string{"largest"}, Text: "the largest hit taken: it gives the Health level"},
			{Keys: []string{"size"}, Text: "an army's soldiers"},
			{Keys: []string{"quality"}, Text: "an army's power adjustment for training, gear, morale, at the GM's call"},
			{Keys: []string{"general"}, Text: "the combatant whose Int + Tactics lead an army"},
			{Keys: []string{"tacticians"}, Text: "more combatants who roll for an army, comma-separated"},
		},
		Legend: []rules.Abbrev{
			{Short: "St 6/10", Means: "Stamina left of the most"},
			{Short: "Hurt Wounded Crippled", Means: "the Health level its largest hit gives"},
			{Short: "80/100 hits", Means: "an army's hits left"},
			{Short: "2 actions · next −4", Means: "actions taken this round and the next roll's penalty"},
			{Short: "no defense", Means: "acted this round without defending: an attack only has to beat the range"},
			{Short: "Str Dex Int", Means: "Strength, Dexterity, Intelligence"},
		},
		Scale: []rules.Abbrev{
			{Short: "hurt", Means: "Hurt (a largest hit of 5–9), or any Stamina or hits lost"},
			{Short: "badly hurt", Means: "Wounded or Crippled (a largest hit of 10 or more), or half the Stamina or hits or fewer left"},
			{Short: "out of the fight", Means: "fallen at 0 Stamina (unconscious), or for an army, routed at 0 hits"},
			{Short: "dead", Means: "a hit of 20 or more after endurance (SWORDS has no dying grade)"},
		},
	}
}
