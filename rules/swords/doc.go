package swords

import "fray/rules"

// Doc implements rules.Documented: the reference prose of docs/swords.md
// and `fray help swords`.
func (*System) Doc() rules.Doc {
	return rules.Doc{
		Intro: []string{
			"`fray --demo skirmish` (a fight on foot and on horseback, every weapon kind) and `fray --demo battle` (120 knights against a horde of 350) open the two demos.",
			"Everyone acts in initiative order, and may take several actions a round: every skill roll is 2d6 + Dexterity + the skill (Tactics: + Intelligence) − 2 for each action after the first this round. The order and the sheet show each combatant's actions, the penalty its next action's roll will take (`2 actions · next −4`), and `no defense` once it has acted this round without defending: an attack on it then only has to beat the range.",
			"Who may act: before the first `next`, anyone able; then the combatant whose turn it is, as many actions as it likes at the running penalty. One who delayed takes its action with `act` first. A Defense roll is a reaction, taken whenever attacked. Anything else is refused with the reason; `force` before the command does it anyway and the log says so.",
		},
		Details: map[string]string{
			"attack": "skill roll against the target's Defense roll + range; on a hit, damage against the endurance roll, Stamina and Health applied, and a Riding roll if the target is mounted. The options are under Attack options below",
			"damage": "one hit of N points that got past endurance (`endure`: N is the damage and the target rolls endurance)",
			"defend": "a Defense roll outside an attack; counts as an action",
			"action": "count an action the tracker does not resolve (move, draw, reload…)",
			"skill":  "any skill roll with the current action penalty; `vs=` is a challenge to beat",
			"battle": "one round of army combat, both ways at once; a second battle of the same two armies in a round is refused without `again`",
		},
		Sections: []rules.Section{
			{Title: "Attack options", Paras: []string{
				"`skill=striking|archery|grappling` (default: Archery for bows and mechanical weapons, else Striking), `range=N` (the challenge level, added to the Defense), `augment=N` (N extra actions, +2 damage each), `assist=NAME,…` (friends who block: each rolls Defense, spending an action, and the best roll counts), `defskill=grappling` (resist a grab with Grappling), `harm` (a grab that also does damage), `mod=±N`, and totals entered instead of rolled: `atk=N def=N dmg=N end=N`.",
			}},
			{Title: "The numbers", Paras: []string{
				"The attacker needs a higher total; ties go to the defender. Damage is 2d6 + Str bare-handed, + Str + weapon for melee, thrown and bow weapons, + weapon alone for mechanical ones; endurance is 2d6 + Str + armor. Stamina 0 fells (status unconscious); the largest single hit gives the Health level (0–4 OK, 5–9 Hurt, 10–14 Wounded, 15–19 Crippled, 20+ Dead). Grappling rolls of the heavier side get +2 per doubling of mass, +1 past halfway to the next doubling.",
			}},
			{Title: "Armies", Paras: []string{
				"An army is `kind=army` with 100 hits (its `stamina`), `size` (soldiers), `quality` (the GM's power adjustment), `general` (a combatant whose Int + Tactics lead it) and `tacticians` (more combatants, comma-separated). Power is worked out per battle: the smaller army 0, the larger +2 per doubling and +1 past halfway (120 against 350 gives 3). Each leader rolls 2d6 + Int + Tactics, the best roll counts unless `pick=` names another, and the army deals that roll + power; at 0 hits an army is routed.",
			}},
			{Title: "How the tracker decides where the text is silent", Paras: []string{
				"Initiative is 2d6 + Dex, rolled once per combat, ties to the higher Dex; the action penalty counts from the action that causes it on and is not retroactive; every Defense roll, one's own or a block for a friend, is an action; a Riding roll after a hit must beat the damage before endurance (a fall clears `mounted`); an army without a general rolls on its own sheet's `int` and `tactics`; battle rolls take no action penalty. `set` (and `add`) move the status with the numbers entered: `stamina=0` fells, `largest=20` kills, an army at 0 hits is routed, and healing with `set NAME stamina=… largest=…` brings the combatant back, unless the same line gives `status=`.",
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
			{Keys: []string{"mounted"}, Text: "yes/no: in the saddle"},
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
