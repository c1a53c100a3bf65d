package arm5

import "fray/rules"

// Doc implements rules.Documented: the reference prose of docs/arm5.md
// and `fray help arm5`.
func (*System) Doc() rules.Doc {
	return rules.Doc{
		Intro: []string{
			"Ars Magica 5 with the options of Lords of Men. Everyone rolls Initiative once per combat (Quickness + weapon Init − Encumbrance + a stress die) and keeps it across rounds; the highest acts first. A combatant may delay and act later, and with the Lords of Men options interrupt, take fast actions, fight engaged, ride, defend others and fight in groups.",
			"Who may act: before the first `next`, anyone able; then the combatant whose turn it is (with the members of its group, which fight on one turn, and the horse its rider sits on), once: a second attack or action in the same turn is refused. One who delayed takes its action with `act` first. Anything else is refused with the reason; `force` before the command does it anyway and the log says so. Defending against an attack, a Fast-Cast defence and the free attacks the rules grant are not actions of one's own.",
		},
		Details: map[string]string{
			"attack":      "Attack Total vs Defense Total → Attack Advantage → Damage Total − Soak → wound by the target's Size, applied, with every number in the log. Either side may be a group: it rolls with its vanguard's scores and penalties (plus a trained group's bonus); a group's hit lands once per member able to fight, each blow logged (`aside=NAME,…` names members who stay in the group but do something else this time: they add no bonus and no blow); a blow at a group falls on its vanguard. A botch lists mishaps to pick from, milder for one zero, graver for more. The options are under Attack options below",
			"damage":      "a Damage Total N against Soak (a Bruise with `nonlethal`)",
			"wound":       "add or remove wounds directly: light, medium, heavy, incap, fatal",
			"fatigue":     "lose (`+1`) or regain (`-1`) fatigue levels",
			"fatiguetest": "Stamina − Encumbrance + stress die vs 6: failure costs a level, a botch two",
			"recover":     "regain a fatigue level, or roll to improve the worst Bruise (a Heavy or worse Bruise leaves its wound the first time it improves)",
			"priority":    "Action Priority Totals (Qik + Ability − Enc + stress die; the Ability is the Combat Ability unless given): highest resolves first, ties by Quickness then a logged roll-off; spends every delayed action among them. With `interrupt` on, someone must be delaying, at most one may not, and that one's action is spent too",
			"fastcast":    "Fast-Cast speed (Qik + Finesse + stress die) against the opponent's Initiative Total, or with `fastcast` on against an Action Priority Total it rolls now",
			"fast":        "a fast action (`fast` option): one besides the turn's action, or up to four instead of it; the count resets at the combatant's turn",
			"ready":       "nock and draw a bow as the action (`ready` option); a ready bow or spanned crossbow shoots as a fast action with `attack … missile fast`",
			"extended":    "an extended action of N rounds, counted down at the combatant's turns and shown in the order; `span` takes the crossbow's rounds from the catalogue (crossbow 3, or 1 with Str +3; arbalest 4; heavy arbalest 6) and leaves it ready; an arbalest whose spanning was stopped (by `extended … stop` or a failed roll) takes it up where it left off, a belt-hook crossbow starts over. No other action, fast action or delay meanwhile; an attack on the combatant prompts a Concentration roll. On a moving horse, starting and each round going on take Dex + Ride + stress die vs the gait's 6/9/12, and a failure stops it",
			"concentrate": "Sta + Concentration + stress die vs EF; failing it stops the extended action",
			"engage":      "mark two combatants engaged (with `engagement` on, melee attacks engage both sides by themselves)",
			"disengage":   "Defense Total (+3 for each failed try in a row, reset by any other action) vs the best Attack Total rolled now by each who attacked since the combatant's last turn; only foes engaged with it in melee count (a missile attack engages nobody), and a group rolls once, with its vanguard's scores and a trained group's Attack bonus; free if nobody did or every engaged foe is down or prone (knocked prone counts, as in the source, as well as out of the fight; a combatant whose every engaged foe is down or prone is also freed as its turn begins). `reckless` (option): no roll, each engaged foe gets a free attack against Defense 0",
			"mount":       "horse and rider: the horse is a combatant that acts on the rider's turn (rolls its own Initiative once the rider is down); gaits stand, walk, trot, canter, gallop; `saddle=plain|cantled|nostirrups` and `untrained` describe the horse. A trained horse under control gives the rider min(Ride, 3) to Defense and melee Attack; an untrained one gives nothing and panics in melee. A wound on the horse: Medium → Pre + Ride vs 9 or panic; Heavy → no faster than a trot, Dex + Ride vs 9 or fall, then the panic roll; Incapacitating or Fatal → it goes down (leap, fall, roll clear, or be pinned under it)",
			"dismount":    "the rider gets down; the horse rolls its own Initiative (see `mount`)",
			"gait":        "set the horse's gait: it sets the falling damage, the missile penalty and the defensive bonus (see `mount`)",
			"control":     "master a panicked horse: Pre + Ride + stress die vs 6 − the horse's wound penalties",
			"fall":        "falling from the saddle: horse Size + gait bonus (doubled on hard ground, halved on soft) + stress die against Soak; lands prone",
			"leap":        "leap from the saddle, Dex + Athletics − Enc + stress die vs 9: a reaction when the horse is panicked, down or dead (a failure keeps the rider seated), otherwise a fast action (`fast` option; a failure is a fall); a botch is a bad fall",
			"vault":       "vault into the saddle, a fast action: Str + Athletics − Enc + stress die vs 6",
			"pullfree":    "the helper's action: Str + stress die vs 6 + the fallen horse's Size frees a rider trapped under it",
			"defend":      "defend someone, an extended action lasting until just before the defender's next turn (shown in the order on both rows). Plainly, nobody can attack the charge while a defender can act: `attack X CHARGE` is refused and names the defender. With `interceptors` on, `attack X CHARGE` first rolls Action Priority for each defender against X (no delayed action needed); the first defender who wins is engaged with a melee attacker and takes the attack himself, in the same command; X slips past if every defender loses. Once the charge attacks a foe, its defenders no longer bar that foe (until one of the two disengages). Being attacked is no distraction for a defender: no Concentration roll",
			"morale":      "group checks (`morale` option): leader's Pre + Leadership + stress die; no leader, no pass. A failure disorders the group (a trained group loses its bonus; an untrained or twice-disordered one lands half its blows); a failed Morale check routs a disordered group (it cannot attack)",
			"discipline":  "a group Discipline check, rolled as for `morale`: a failure disorders the group (`morale` option)",
			"rally":       "the leader's action: 3/6/9/12, +1 with casualties, +3 with half the group or more; routed → disordered → in order",
			"vanguard":    "name a new vanguard (the leader's roll vs 9); `free` after a round without fighting",
			"lead":        "take command of the group (one's own roll vs 9); `free` after a round without fighting",
			"catalog":     "print the source's melee, missile and armor tables (or the lines matching FILTER) to the log",
			"group":       "form a combat group of 1–6 combatants able to fight (none in another group); the vanguard is the first member unless named. A trained group needs a leader among its members and adds the other fighting members' Combat Abilities, at most 3 × the leader's Leadership. The group splits, with a log line, when its vanguard or leader cannot act. A group acts as one on its vanguard's Initiative: `n` passes its other members by (\"Brigand fights with Band\"), a group attack marks them as having acted, and one who stood aside (`aside=`) from the group's attack takes its own turn that round: at its place if that is still to come, or, if its place went by while it fought with the group, it holds its action (\"Brigand stood aside and holds its action for this round (act Brigand)\") to take with `act` before its next turn. A folded group sits in the order at its vanguard's place, with the vanguard's Initiative. `delay` of the vanguard holds the group's action; `delay` of another member is refused",
			"groupbonus":  "put a trained group's bonus on Attack or on Defense (for this round and on, until changed)",
			"ungroup":     "break a group up: its members fight alone",
		},
		Sections: []rules.Section{
			{Title: "Attack options", Paras: []string{
				"`exert` (spend a fatigue level, add the Combat Ability again), `charge` (the same bonus; costs the rider's horse a level when the attacker rides, itself a level on foot), `mounted` (for a horse that is not a combatant: a rider put on one with `mount` counts as mounted by itself), `nonlethal` (Bruises; −3 Attack with a bladed weapon), `diceless` (the defender's stress die counts as 6), `helpless` (Defense Total −10, no roll), `evade` (Evasion instead of Defense), `missile` and `range=N` (−3 Attack per increment past the first), `botch=N` and `dbotch=N` (extra botch dice for attacker and defender; an untrained attacker gets +3 by itself), `mod=±N` and `dmod=±N` (situational modifiers for attacker and defender).",
				"Situations: `cover=1…4` (+3/+6/+9/+12 Defense), `conceal=light|medium|heavy|total` (+3/+6/+9/+9 Defense; only the better of cover and concealment counts), `aconceal=…` (an unseen melee attacker: +1/+3/+6/+9 Attack), `high` and `dhigh` (higher ground, +1 to Attack or Defense), `narrow=N` and `dnarrow=N` (a big weapon in a cramped place, −1 to −3). A mounted rider's bonus, a grappled combatant's −6 and +6 against a prone target in melee are added by themselves.",
				"Maneuvers: `maneuver=trip|throw` (3), `grapple` (1, −6 until the holder's next turn), `pin` (3 unless `need=N`; helpless until the holder's next turn, the pinner goes prone), `tackle` (1, both prone), `disarm` (9), `grab` (6), `unseat` (6, a fall from the saddle), `wrest` (12) do no damage and succeed on that Attack Advantage; `resist` lets the target answer with stress die + Characteristic + Brawl + Size instead of Defense.",
				"`fast` shoots a ready bow or crossbow as a fast action. `waste`: if a defender intercepts, the attacker forfeits the action instead of attacking the defender; `unguarded`: no defender can bar this attack (from behind, or the charge is beyond two paces); `warded`: magic turns the blow aside, so the action is spent and the sides engage, but nothing is rolled. `evade` in the saddle counts Ride instead of Brawl, and no mounted bonus on top. A galloping horse makes its fatigue test by itself as its rider's turn ends, once a round. A mounted `charge` tires the horse; with `shock` on, a hit knocks a smaller target down unless it beats Damage + the horse's Size (a rider adds 3 with `mount … saddle=cantled`, takes 3 off with `saddle=nostirrups`).",
			}},
			{Title: "Where Lords of Men leaves a choice", Paras: []string{
				"fray defends under the plain rule against missiles too, gives each interceptor its own priority contest in acting order, rolls a gallop's fatigue test as the rider's turn ends, asks the gait's Dex + Ride roll as an extended action starts and each round it goes on, and resumes only an arbalest's spanning.",
			}},
			{Title: "How the tracker decides where the book is silent", Paras: []string{
				"Ties in Initiative go to the higher Quickness, then to a simple-die roll that the log shows; a delay ends at the combatant's next turn; `act NAME` makes the delayer the one acting, and once its action is spent (or at `n`) the turn goes back to the combatant it broke into, or moves on if that one had already taken its action; if the delayed action took that combatant out of the fight, the turn passes on as `n` would (\"Alan cannot act (incapacitated): the turn passes on\"), unless someone else still holds a delayed action and may answer the same moment, in which case the log says so and `n` passes the turn on; Initiative is rolled once per combat and kept across rounds; `next` at the start rolls anyone still without one.",
				"Nobody acts twice in a round: one who took a delayed action ahead of its place, or whose new Initiative puts it after the current turn once it has acted, is passed by (\"Alan has already acted this round\"); one whose new Initiative puts it before the current turn before it has acted holds its action (`act NAME`) instead of losing it.",
			}},
		},
		Fields: []rules.FieldDoc{
			{Keys: []string{"qik", "dex", "str", "sta", "pre"}, Text: "the Characteristics: Quickness, Dexterity, Strength, Stamina, Presence"},
			{Keys: []string{"size"}, Text: "Size: it sets the wound a Damage Total causes"},
			{Keys: []string{"ability", "abilityname"}, Text: "the Combat Ability score and its name"},
			{Keys: []string{"brawl", "ride", "athletics", "finesse", "concentration"}, Text: "Abilities the rules roll: Brawl (maneuvers), Ride, Athletics, Finesse (Fast-Cast), Concentration"},
			{Keys: []string{"leadership"}, Text: "Leadership: caps a trained group's bonus, rolled for morale"},
			{Keys: []string{"weapon"}, Text: "the weapon's name; one from the source's tables (`weapon=\"long sword\"`) fills in its numbers"},
			{Keys: []string{"winit", "watk", "wdfn", "wdam"}, Text: "the weapon's Init, Atk, Dfn and Dam"},
			{Keys: []string{"bladed"}, Text: "yes for a bladed weapon (−3 Attack when striking to bruise)"},
			{Keys: []string{"wlost"}, Text: "damage levels the weapon lost in clashes"},
			{Keys: []string{"shield"}, Text: "the shield's name; one from the tables (`shield=\"round shield\"`) fills in its numbers"},
			{Keys: []string{"sinit", "satk", "sdfn", "sdam"}, Text: "the shield's Init, Atk, Dfn and Dam"},
			{Keys: []string{"armor"}, Text: "an outfit from the armor table (`armor=\"mail hauberk + helm + gambeson\"`; coverage cuirass or jerkin, haubergeon, hauberk, full) fills `prot` and `load` (the armor's, halves rounded up)"},
			{Keys: []string{"prot"}, Text: "the armor's Protection"},
			{Keys: []string{"load"}, Text: "the Load carried; a catalogue weapon or shield adds its own"},
			{Keys: []string{"light", "medium", "heavy", "incap", "fatal"}, Text: "wound counts"},
			{Keys: []string{"blight", "bmedium", "bheavy", "bincap", "bfatal"}, Text: "Bruise counts"},
			{Keys: []string{"bheavydone", "bincapdone"}, Text: "Heavy and Incapacitating Bruises that already left their wound once", Internal: true},
			{Keys: []string{"fatigue"}, Text: "0–5 or Fresh, Winded, Weary, Tired, Dazed, Unconscious"},
			{Keys: []string{"botch"}, Text: "standing extra botch dice"},
		},
		FieldNotes: []string{
			"A catalogue weapon or shield adds its own Load, in whatever order they are named, and swapping one swaps its Load; keys after them override them. Encumbrance, Soak, the total penalty and the Init/Atk/Dfn/Dam totals are worked out and shown live, as are the rest a fatigue level takes to recover (2 min from Winded, 10 min from Weary, 30 min from Tired, 60 min from Dazed, 2 h from Unconscious) and a member's group.",
			"Setting a wound, Bruise or fatigue count also sets the status it calls for (`set Bruce incap=1` takes Bruce out of the order), unless the same command gives `status=`.",
		},
		OptionNotes: []string{
			"The Lords of Men options are all off at first; `option KEY on` turns one on. `diceless` makes every Defense and Evasion count 6 instead of rolling a stress die; `interrupt` is explained under `priority`, `interceptors` under `defend`; with `clash`, a melee Attack equal to the Defense makes both roll Str + Ability + simple die, and the lower rolls stress die + Ability vs 9 or the weapon loses a damage level, breaking at its last; with `morale` on, a group that loses its vanguard or leader fights on without it instead of splitting; `horsedefense` adds the gait's +1/+3/+6; `nomissiles` stops a combatant engaged in melee with a foe still on his feet from shooting or throwing.",
			"The order marks extended actions, engagement, horse and rider, fast actions and holds; `fray --demo highwaymen` opens a fight with these options on.",
		},
		Legend: []rules.Abbrev{
			{Short: "L2 M1 H1 I1 F1", Means: "wounds: Light, Medium, Heavy, Incapacitating, Fatal, with their counts"},
			{Short: "bL1 bM1…", Means: "Bruises (non-lethal wounds) of each level"},
			{Short: "−3", Means: "the total penalty of wounds and fatigue"},
			{Short: "Winded…", Means: "the fatigue level, when not Fresh"},
			{Short: "span 1/3", Means: "an extended action: rounds done of rounds it takes"},
			{Short: "fast ×2", Means: "fast actions taken since the combatant's turn"},
			{Short: "Qik Dex Str Sta Pre", Means: "Quickness, Dexterity, Strength, Stamina, Presence"},
			{Short: "Init Atk Dfn Dam", Means: "Initiative, Attack, Defense and Damage: bonuses and totals"},
			{Short: "Prot", Means: "the armor's Protection, part of Soak"},
			{Short: "Enc", Means: "Encumbrance, from the Burden of the Load"},
		},
	}
}
