package factions

import "fray/rules"

// Doc implements rules.Documented: the reference prose of
// docs/factions.md and `fray help factions`.
func (*System) Doc() rules.Doc {
	return rules.Doc{
		Intro: []string{
			"`fray --demo bandits` opens Sybilla, Balthasar and Theobald against three bandits and their leader; the bandits hold the initiative.",
			"Sides are factions (two or more, taking turns in the order they first appear). At the start of each round the faction holding the initiative picks who goes first; then the faction to choose activates one of its ready characters or passes, and play moves to the next faction. Each character takes one turn a round; when every faction has passed in a row the round ends, morale is checked and the next round begins.",
			"The order pane's header reads like `Round 2 · Players to choose · passes 1/2`; each faction has a heading (to choose or acting, initiative, how many ready) and its characters are marked `ready`, `acted`, `reacted: dodge` or `acting: 1 zone, main`. `remove` of the acting character ends its activation and the next faction chooses; if the faction to choose loses its last character, the next one chooses.",
			"Who may act: before the first `next`, anyone able, but only the concealed while anyone is (the fight opens with their ambush round); then the character whose activation is open, or one its faction may activate now (acting activates it): the faction to choose, or the next one once the open activation ends. A turn holds one main action (an attack is one) and two actions in all. A reaction needs the reactor's turn unspent. Anything else is refused with the reason; `force` before the command does it anyway, the log says so, and nobody's turn is spent or handed over by it.",
			"Zones: `move NAME ZONE` moves a character (an action of its turn); `set NAME zone=…` places one. Characters in the same zone are nearby. Melee reaches nearby targets only and a death blow needs the target nearby; a ranged attack's distance is the difference of two numbered zones (or `dist=N`). With no zones set, nothing is refused for want of them.",
		},
		Details: map[string]string{
			"next":       "start the fight (drawing the initiative with a logged die if no faction holds it; an ambush round first if anyone is concealed); end the open activation and hand over; pass for a faction with nobody ready, and for the factions after it in the same plight, up to the end of the round; otherwise say what the faction must choose",
			"initiative": "give a faction the initiative",
			"first":      "at the start of a round, the initiative holder lets SIDE go first",
			"activate":   "the faction to choose takes a turn with NAME (it also settles who goes first, and ends an open activation)",
			"pass":       "the faction to choose passes (ending an open activation first)",
			"move":       "move to ZONE: numbered zones cost their difference, others `zones=N` (or 1, a neighbouring zone); full speed is the sheet's speed (2, 4 sprinting), half once an action is taken. Enemies left behind in the old zone may make an opportunity attack (the log names them); one the mover holds grabbed comes along",
			"main":       "spend the main action: one main, two actions in all, none after moving past half speed",
			"bonus":      "spend a bonus action: two actions in all, none after moving past half speed",
			"attack":     "an attack with its reactions: the attacker's main action (activating it when its faction is to choose). The options are under Attack options below",
			"damage":     "N damage less armour (or all of it with `direct`)",
			"heal":       "give health back, up to the maximum (0 → above 0 makes an incapacitated character active again)",
			"breakfree":  "a STR save to escape a grab: NAME's whole turn, or an ally's main action",
			"surrender":  "spend the turn surrendering",
			"mount":      "get on a mount or into a vehicle (`on=` on the sheet says the same): half a zone of the rider's movement; onto one that moved this turn, an AGI save or a fall (d4 direct)",
			"dismount":   "get off: half a zone of movement; off one that moved this turn, an AGI save or a fall (d4 direct)",
			"chase":      "a chase over a long distance: each fleeing character (named, or a whole side) makes an AGI save; who passes gets away (marked `retreated`), the others are caught. `faster`: the fleeing outpace the pursuers and all get away; `slower`: none does",
			"gear":       "list each character's weapons, shields and armour used this fight, for the durability rolls after it",
			"morale":     "roll the morale WIT saves that are due (option `morale manual`), or those of the named side or characters; `pass`/`fail` takes a result instead of rolling",
		},
		Sections: []rules.Section{
			{Title: "Attack options", Paras: []string{
				"`with=WEAPON` (default: the first on the sheet; `unarmed` is d4 impaired), targets after the attacker (several only for a blast), `dist=N` (zones; without it, the distance between the two zones when both are numbered: melee reaches nearby only, massive characters range 1; past a ranged weapon's range is refused, past half range needs the WIT save), `far` and `moving` (a ranged attack needs a WIT save), `unseen` (a melee attack needs a WIT save; a ranged one is refused), `hit` (skip the save), `holdback` (impaired), `cover` (+1 armour, never above 3), `pierce` (the attack goes through cover), `unaware` (no reactions), `free` (no action spent), `opportunity` (a reaction out of turn), `spread=N,N…` (a larger attacker shares a melee attack's dice among smaller targets, N dice each, in order: its dice count double per size it is larger than each, so a large wyrm's d8 bite is 2d8 against one medium target, or a d8 each against two), `stunt=TEXT` (an effect offered instead of damage: with `accepted` the target takes it, as a condition, and cannot react; without, it refuses and the attack goes on), `deathblow` (on an incapacitated target at range, which must still be nearby: in the same zone, `dist=0`), `grapple`, `shove`, `disarm` (non-lethal: the target's STR save).",
				"Reactions, chosen after the save to hit and spent only if the attack hits: `dodge` (an AGI save makes it miss; `dodge=A,B` for blast targets), `counter` or `counter=NAME` with `cwith=WEAPON` (both roll; whoever would suffer more after armour is hit first, ties hit both, a first blow that incapacitates stops the other; `cwith=grapple|shove|disarm` counters with a non-lethal attack, which comes after the attack it answers), `guard=ALLY` (the ally becomes the target and cannot dodge or counter), `hide=NAME` (behind an ally, or an enemy the target holds grabbed; the new target may dodge or counter if it still has its turn). A reaction uses the character's turn for the round; characters who already acted, are grabbed, incapacitated, out of the fight or unaware cannot react.",
			}},
			{Title: "How the tracker decides where the text is silent", Paras: []string{
				"0 health incapacitates (the GM may set `status=incapacitated` sooner); a melee attack on an incapacitated target is a death blow (melee only reaches the nearby); a death blow from further off is refused when the zones (or `dist=`) say the target is not nearby, and allowed when nobody said; a grabber that falls lets go; a surrendered character that takes damage fights again. Sizes: the text speaks of small, medium, large and massive characters and of up to four sizes of difference; fray's scale is tiny, small, medium, large, huge, massive, and only massive (the top) reaches range 1 in melee, two named zones that differ counting as next to each other; a shove of five sizes (massive on tiny) goes 16 zones, the source's doubling carried on. Size doubles every damage die per size larger and halves the roll, rounding up, per size smaller; a ranged weapon's reach halves or doubles the same way; blasts roll damage once for all targets and ignore size; a missed ranged blast rolls a d8 for the neighbouring zone it lands in.",
				"Mounts and vehicles: a character with `on=NAME` rides that mount or is carried in that vehicle; they take their turn together, opened by a rider's activation (the carrier is never activated alone while it carries someone). Each of them may act in it, spending its own turn, or keep its turn to react. A carrier that moves more than half its speed leaves its riders no action nor reaction for the round. Riders' attacks are impaired; the mount's own are not. Riders move with their carrier. Getting on or off is half a zone of movement; a carrier that has moved this turn is moving, and the rider then makes an AGI save or falls (d4 direct).",
				"Grabs: a grabber keeps hold while it moves (the grabbed comes along), disarms the one it holds, hides behind it, or strikes with a one-handed weapon or unarmed; any other action (`main`, `bonus`, a `great` weapon, grappling, shoving or disarming another, surrendering, helping an ally break free) lets go. A larger grabber keeps hold through anything but a great weapon or a surrender.",
				"Gear: the text gives no numbers for the durability roll after a fight, so `gear` lists what each character used (weapons it attacked with; a shield and armour it was hit in) for the GM to roll, and `set` marks what was damaged. A damaged or improvised weapon breaks when any of its damage dice shows 1; a heavy blow (8 or more after size, before armour) breaks a damaged shield first, then damaged armour (one piece a blow: the text's \"shields are destroyed first\" read as an order), and the armour still counts against that blow. Chases: a character that gets away is marked `retreated`, out of the fight.",
				"The ambush round is round 1: only the characters concealed at the start act in it, nobody can react to an attack then or to any concealed attacker, and attacking reveals.",
				"Morale: a side that started with two or more is a group and checks when this round took it to half its starting numbers or less (counting those able to fight and not surrendered or retreated); a side of one checks when this round took it to half its maximum health or less; each member able to fight, not fearless and not already steady rolls its own WIT save. A late arrival adds to its side's starting numbers. `prev` does not step back: `undo` does, exactly, across round ends too.",
			}},
		},
		Fields: []rules.FieldDoc{
			{Keys: []string{"health", "maxhealth"}, Text: "health now and at most (`health` alone on a new sheet sets both)"},
			{Keys: []string{"armour"}, Text: "0–3"},
			{Keys: []string{"cover"}, Text: "yes/no, standing cover"},
			{Keys: []string{"str", "agi", "wit"}, Text: "saves: a d20 at or under the score"},
			{Keys: []string{"speed"}, Text: "zones a move, default 2"},
			{Keys: []string{"size"}, Text: "tiny, small, medium, large, huge, massive; default medium"},
			{Keys: []string{"weapons"}, Text: "a list: `weapons=\"sword d6, bow d6 r8, fire bomb d6 r2 blast\"`, each with its damage dice, `rN` range, `blast`, `impaired`, `great` (two hands), `damaged` or `improvised` (it breaks on a 1 on its damage die)"},
			{Keys: []string{"grabbedby"}, Text: "who holds the character"},
			{Keys: []string{"concealed", "surrendered", "retreated", "fearless"}, Text: "yes/no"},
			{Keys: []string{"morale"}, Text: "passed, failed or none"},
			{Keys: []string{"on"}, Text: "the mount or vehicle it rides or is carried in (`none` to get off without a move: `dismount` is the move)"},
			{Keys: []string{"shield"}, Text: "none, yes or damaged: a shield counts 1 in `armour`; a damaged one breaks under a blow of 8 or more before armour"},
			{Keys: []string{"armourdamaged"}, Text: "yes when its armour is damaged: it breaks under a blow of 8 or more before armour, once a damaged shield has gone"},
		},
		OptionNotes: []string{
			"`impaired lower|half|d4`: impaired damage rolls twice and keeps the lower, halves the roll, or is a d4 (default lower); `morale auto|manual`: roll the checks at the round's end, or list them for `morale`; `rout surrender|retreat`: what a failed morale save marks.",
		},
		Legend: []rules.Abbrev{
			{Short: "health 8/10", Means: "health left of the most"},
			{Short: "ready / acted", Means: "has its turn this round still / has taken it"},
			{Short: "acting: 1 zone, main", Means: "what the acting character has spent"},
			{Short: "reacted: dodge", Means: "spent its turn on a reaction"},
			{Short: "passes 1/2", Means: "passes in a row, of the number of factions: when all have passed the round ends"},
			{Short: "STR AGI WIT", Means: "the three saves: a d20 at or under the score"},
		},
		Scale: []rules.Abbrev{
			{Short: "hurt", Means: "any health lost"},
			{Short: "badly hurt", Means: "half the maximum health or less left"},
			{Short: "out of the fight", Means: "incapacitated at 0 health, or surrendered or retreated"},
			{Short: "dead", Means: "a death blow (the source has no dying grade)"},
		},
	}
}
