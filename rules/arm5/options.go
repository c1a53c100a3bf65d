package arm5

import "fray/rules"

// Option keys. Each is a per-encounter setting, off unless turned on with
// `option KEY on`; saves keep them.
const (
	optDiceless   = "diceless"
	optLasting    = "lasting"
	optInterrupt  = "interrupt"
	optFastCast   = "fastcast"
	optFast       = "fast"
	optReady      = "ready"
	optEngagement = "engagement"
	optReckless   = "reckless"
	optClash      = "clash"
	optShock      = "shock"
	optMorale     = "morale"
	optHorseDfn   = "horsedefense"
	optIntercept  = "interceptors"
	optNoMissiles = "nomissiles"
)

// Options implements rules.System: the Lords of Men options.
func (*System) Options() []rules.Option {
	onOff := []string{"on", "off"}
	o := func(key, help string) rules.Option {
		return rules.Option{Key: key, Default: "off", Values: onOff, Help: help}
	}
	return []rules.Option{
		o(optDiceless, "every Defense and Evasion uses 6 instead of a stress die"),
		o(optLasting, "an Incapacitating wound calls for a Stamina roll against 6; failing it leaves a Minor Flaw"),
		o(optInterrupt, "interrupting actions: priority needs a delayed action and spends the interrupted one's action too"),
		o(optFastCast, "fast casting as interruption: the Fast-Cast speed roll is against the opponent's Action Priority Total"),
		o(optFast, "fast actions: one besides the action, or up to four instead of it, counted each turn"),
		o(optReady, "ready missiles: a ready bow or crossbow shoots as a fast action; a crossbow must be spanned again"),
		o(optEngagement, "engagement: attacks engage both sides, and moving away takes a disengage roll"),
		o(optReckless, "reckless disengagement: leave without a roll, each engaged foe gets a free attack against Defense 0"),
		o(optClash, "clash of weapons: a melee Attack equal to the Defense may break a weapon"),
		o(optShock, "shock of the charge: a mounted charge that hits may knock the target down"),
		o(optMorale, "morale and discipline: group checks, disordered and routed groups, rallying, groups that lose their vanguard or leader"),
		o(optHorseDfn, "moving horses: horse and rider add the gait's bonus to Defense against missiles"),
		o(optIntercept, "defenders as interceptors: a defender must win an Action Priority roll to turn an attack on his charge onto himself"),
		o(optNoMissiles, "no missiles while engaged: a combatant engaged in melee cannot shoot or throw"),
	}
}

// on reports whether an option is on.
func on(c *rules.Ctx, key string) bool { return c.Option(key) == "on" }

// Verbs implements rules.System.
func (s *System) Verbs() []rules.Verb {
	vs := s.verbs()
	for i := range vs {
		vs[i].Run = s.handsBack(vs[i].Run)
	}
	return vs
}

func (s *System) verbs() []rules.Verb {
	return []rules.Verb{
		{Name: "attack", Usage: attackUsage, Summary: "roll Attack against Defense and apply the wound; either side may be a group", Run: runAttack, Targets: 2, OptionHelp: attackHelp},
		{Name: "damage", Usage: "damage NAME N [nonlethal]", Summary: "apply a Damage Total against Soak: a wound (or a Bruise)", Run: runDamage, Targets: 1,
			OptionHelp: map[string]string{"nonlethal": "a Bruise of the same level instead of a wound"}},
		{Name: "wound", Usage: "wound NAME LEVEL [±COUNT]", Summary: "add or take away wounds: light, medium, heavy, incap, fatal", Run: runWound, Targets: 1},
		{Name: "fatigue", Usage: "fatigue NAME ±N", Summary: "lose (+) or regain (−) fatigue levels", Run: runFatigue, Targets: 1},
		{Name: "heal", Usage: healUsage, Summary: "the GM heals wounds at once (magic, a ruling): the worst one, N of a level, or all harm", Run: runHeal, Targets: 1, OptionHelp: map[string]string{"all": "every wound, Bruise and fatigue level healed at once"}},
		{Name: "recover", Usage: "recover NAME [fatigue|bruise] [medic=N] [aid=N]", Summary: "regain a fatigue level, or roll to improve the worst Bruise", Run: runRecover, Targets: 1, OptionHelp: recoverHelp},
		{Name: "fatiguetest", Usage: "fatiguetest NAME [mod=N]", Summary: "Stamina − Encumbrance + stress die against 6; a failure costs a level", Run: runFatigueTest, Targets: 1, OptionHelp: map[string]string{"mod=": "+N (or −N) to the Stamina roll against 6"}},
		{Name: "group", Usage: groupUsage, Summary: "form a combat group of 1–6 that fights with the vanguard's scores (a trained group adds the others' Abilities, at most 3 × the leader's Leadership)", Run: runGroup, OptionHelp: groupHelp},
		{Name: "groupbonus", Usage: "groupbonus GROUP attack|defense", Summary: "put a trained group's bonus on Attack or on Defense", Run: runGroupBonus},
		{Name: "ungroup", Usage: "ungroup GROUP", Summary: "break a group up: its members fight alone", Run: runUngroup},
		{Name: "priority", Usage: priorityUsage, Summary: "Action Priority rolls (Qik + Ability − Enc + stress): who resolves first; spends delayed actions", Run: s.runPriority, OptionHelp: priorityHelp},
		{Name: "fastcast", Usage: fastcastUsage, Summary: "Fast-Cast speed roll (Qik + Finesse + stress) against the opponent's Initiative, or its Action Priority with the fastcast option", Run: runFastCast, OptionHelp: fastcastHelp},
		{Name: "catalog", Usage: catalogUsage, Summary: "list the weapon, missile and armor tables in the log (only lines containing FILTER)", Run: runCatalog, Lookup: true, OptionHelp: catalogHelp},
		{Name: "fast", Usage: fastUsage, Summary: "take a fast action (fast option): one besides the action or up to four instead", Run: runFast},
		{Name: "ready", Usage: "ready NAME", Summary: "nock and draw a bow as the action: it can then shoot as a fast action (ready option)", Run: runReady},
		{Name: "extended", Usage: extendedUsage, Summary: "start (or stop) an extended action of N rounds; span uses the crossbow's rounds", Run: runExtended},
		{Name: "concentrate", Usage: "concentrate NAME EF [mod=N]", Summary: "Concentration roll (Sta + Concentration + stress) to keep an extended action going", Run: runConcentrate, OptionHelp: map[string]string{"mod=": "+N (or −N) to the Concentration roll"}},
		{Name: "disengage", Usage: disengageUsage, Summary: "with the engagement option: Defense (+3 a failed try before) against the best Attack of those who attacked since last turn; reckless: no roll, free attacks. Without it, as in every system: end the engagement (disengage A B for one)", Run: runDisengage, OptionHelp: disengageHelp},
		{Name: "mount", Usage: mountUsage, Summary: "put a rider on a horse combatant; the horse then acts on the rider's turn", Run: runMount, OptionHelp: mountHelp},
		{Name: "dismount", Usage: "dismount RIDER", Summary: "the rider gets down; the horse rolls its own Initiative", Run: runDismount},
		{Name: "gait", Usage: "gait RIDER stand|walk|trot|canter|gallop", Summary: "set the horse's gait (falling damage, missile penalty, defensive bonus)", Run: runGait},
		{Name: "control", Usage: "control RIDER [ef=N]", Summary: "Pre + Ride + stress to master a panicked horse (6 − the horse's wound penalties)", Run: runControl, OptionHelp: map[string]string{"ef=": "the Ease Factor, instead of 6 raised by the horse's wounds"}},
		{Name: "fall", Usage: "fall RIDER [hard|soft]", Summary: "the rider falls from the saddle: damage by gait, prone", Run: runFall, OptionHelp: fallHelp},
		{Name: "morale", Usage: moraleUsage, Summary: "group Morale check (leader's Pre + Leadership + stress); a failure disorders, or routs a disordered group (morale option)", Run: runMorale, OptionHelp: groupCheckHelp},
		{Name: "discipline", Usage: disciplineUsage, Summary: "group Discipline check; a failure disorders the group (morale option)", Run: runDiscipline, OptionHelp: groupCheckHelp},
		{Name: "rally", Usage: rallyUsage, Summary: "leader rallies a group: routed → disordered → ordered (morale option)", Run: runRally, OptionHelp: groupCheckHelp},
		{Name: "vanguard", Usage: "vanguard GROUP NAME [free]", Summary: "the leader names a new vanguard: Pre + Leadership + stress vs 9, or free after a quiet round", Run: runVanguard, OptionHelp: freeHelp},
		{Name: "defend", Usage: defendUsage, Summary: "defend someone until the defender's next turn: the charge cannot be attacked, or with the interceptors option each attack meets a priority roll", Run: runDefend},
		{Name: "move", Usage: "move NAME ZONE", Summary: "move to a zone; with the interceptors option, a defender whose zone an enemy enters may intercept it", Run: runMove},
		{Name: "exert", Usage: exertUsage, Summary: "exert on Defense: spend a fatigue level now; the Combat Ability adds to every Defense roll until the combatant's next turn", Run: runExert},
		{Name: "leap", Usage: leapUsage, Summary: "leap from the saddle: Dex + Athletics − Enc + stress vs 9; a reaction from a panicked or fallen horse, else a fast action", Run: runLeap},
		{Name: "vault", Usage: vaultUsage, Summary: "vault into the saddle as a fast action (fast option): Str + Athletics − Enc + stress vs 6", Run: runVault},
		{Name: "pullfree", Usage: pullUsage, Summary: "pull a rider out from under a fallen horse: the helper's Str + stress vs 6 + the horse's Size", Run: runPullFree},
		{Name: "lead", Usage: "lead GROUP NAME [free]", Summary: "a member takes command: Pre + Leadership + stress vs 9, or free after a quiet round", Run: runLead, OptionHelp: freeHelp},
	}
}
