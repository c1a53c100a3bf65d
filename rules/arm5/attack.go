package arm5

import (
	"fmt"
	"strings"

	"fray/model"
	"fray/rules"
)

var attackUsage = "attack ATTACKER TARGET " + rules.FlagGroups(attackFlags, 5) + " [aside=NAME,… botch=N dbotch=N mod=±N dmod=±N range=N cover=1-4 conceal=light|medium|heavy|total aconceal=light|medium|heavy|total narrow=N dnarrow=N maneuver=trip|throw|grapple|pin|tackle|disarm|grab|unseat|wrest need=N]"

// attackFlags are the plain words attack understands.
var attackFlags = []string{"exert", "charge", "dexert", "nonlethal", "diceless", "helpless", "evade", "missile", "mounted", "fast", "high", "dhigh", "resist", "warded", "waste", "unguarded"}

// attackHelp says in a line what each of attack's options does (the
// form's hint line, the reference's option table).
var attackHelp = map[string]string{
	"exert":     "attacker spends a fatigue level: + Combat Ability to Attack",
	"charge":    "+ Ability to Attack for a fatigue level (horse's if riding)",
	"dexert":    "target spends fatigue: + Ability on Defense until its turn",
	"nonlethal": "a Bruise, not a wound; −3 Attack with a bladed weapon",
	"diceless":  "the defender's stress die counts as 6",
	"helpless":  "the target cannot defend: Defense Total −10, no roll",
	"evade":     "target evades: Qik + Brawl − Size (Ride in a saddle) + die",
	"missile":   "a shot or throw: range applies, no engaging, no mount bonus",
	"mounted":   "rider on an untracked horse: + Ride (at most 3) to Attack",
	"fast":      "shoot a ready bow or spanned crossbow as a fast action",
	"high":      "the attacker holds higher ground: +1 Attack",
	"dhigh":     "the target holds higher ground: +1 Defense",
	"resist":    "target answers the maneuver with Char + Brawl + Size + die",
	"warded":    "magic turns the blow: action spent, sides engage, no roll",
	"waste":     "if a defender steps in, the action is lost, not redirected",
	"unguarded": "no defender can bar this attack (from behind, too far)",
	"aside=":    "members of the attacking group who sit this attack out",
	"botch=":    "extra botch dice for the attacker (untrained adds 3 itself)",
	"dbotch=":   "extra botch dice for the defender",
	"mod=":      "situational modifier to the Attack Total",
	"dmod=":     "situational modifier to the Defense Total",
	"range=":    "range increment of a missile: −3 Attack for each past 1st",
	"cover=":    "target's cover, 1 (a quarter) to 4: +3 Defense a step",
	"conceal=":  "target is hidden: +3/+6/+9/+9 Defense (best of it or cover)",
	"aconceal=": "melee attacker is hidden: +1/+3/+6/+9 Attack",
	"narrow=":   "attacker's big weapon in a cramped spot: −N Attack (1–3)",
	"dnarrow=":  "target's big weapon in a cramped spot: −N Defense (1–3)",
	"maneuver=": "no damage: trip, grapple, disarm… on enough Advantage",
	"need=":     "Attack Advantage the maneuver needs (default its own; pin 3)",
}

type attackOpts struct {
	flags                 map[string]bool
	botch, dbotch         int
	mod, dmod, rangeInc   int
	attacker, target      *model.Combatant // a group's vanguard stands for it
	atkSheet, targetSheet *Sheet
	atkGroup, tgtGroup    *group // nil for a lone combatant
	sit                   situation
	maneuver              string   // "" for an ordinary attack
	need                  int      // Attack Advantage the maneuver needs
	fixedDfn              *int     // a Defense Total set without a roll
	free                  bool     // a free attack: no action, no checks
	aside                 []string // aside=: group members not attacking
}

// resolve finds the side of an attack a word names: a group by its whole
// name, else a combatant by a unique beginning of its name, else a group
// by a unique beginning of its name.
func resolve(c *rules.Ctx, word string) (*model.Combatant, *group, error) {
	g := findGroup(c.E, word)
	cb, err := c.Find(word)
	if g == nil && err != nil {
		g = lookupGroup(c.E, word)
	}
	if g == nil {
		return cb, nil, err
	}
	if g.Vanguard == 0 {
		if cb = g.bestDefender(c.E); cb == nil {
			return nil, nil, fmt.Errorf("nobody in the group %s can fight", g.Name)
		}
		return cb, g, nil
	}
	if cb = c.E.ByID(g.Vanguard); cb == nil {
		return nil, nil, fmt.Errorf("the group %s has lost its vanguard: ungroup %s and form it again", g.Name, g.Name)
	}
	return cb, g, nil
}

// label names a side of the attack in the log: "Bruce", or "Grogs (Paul)"
// for a group and its vanguard when full is set.
func label(cb *model.Combatant, g *group, full bool) string {
	switch {
	case g == nil:
		return cb.Name
	case full:
		return g.Name + " (" + cb.Name + ")"
	}
	return g.Name
}

// setAside marks the members named by aside= as not attacking this time:
// the source lets a member stay in its group while doing something else,
// and then it counts neither for the bonus nor for the blows.
func (o *attackOpts) setAside(c *rules.Ctx) error {
	if len(o.aside) == 0 {
		return nil
	}
	g := o.atkGroup
	if g == nil {
		return rules.Usagef(verb("attack"), "aside= names members of an attacking group, and %s is no group", o.attacker.Name)
	}
	g.aside = map[int]bool{}
	for _, name := range o.aside {
		cb, err := c.Find(name)
		if err != nil {
			return err
		}
		if !g.has(cb.ID) {
			return fmt.Errorf("%s is not in the group %s", cb.Name, g.Name)
		}
		if cb.ID == g.Vanguard {
			return fmt.Errorf("%s is the vanguard of %s: the group attacks through it", cb.Name, g.Name)
		}
		g.aside[cb.ID] = true
		setN(c.E, kAside, cb.ID, c.E.Round)
	}
	stand := "stand"
	if len(o.aside) == 1 {
		stand = "stands"
	}
	c.Event("%s: %s %s aside this time", g.Name, strings.Join(o.aside, ", "), stand)
	for _, id := range g.Members {
		if g.aside[id] {
			asideLater(c, c.E.ByID(id))
		}
	}
	return nil
}

func parseAttack(c *rules.Ctx, args []string) (*attackOpts, error) {
	v := verb("attack")
	plain, kvs := rules.SplitKV(args)
	if len(plain) < 2 {
		return nil, rules.Usagef(v, "attack takes an attacker and a target")
	}
	o := &attackOpts{flags: map[string]bool{}, rangeInc: 1}
	for _, w := range plain[2:] {
		w = strings.ToLower(w)
		known := false
		for _, f := range attackFlags {
			if f == w {
				known = true
			}
		}
		if !known {
			return nil, rules.Usagef(v, "unknown option %q", w)
		}
		o.flags[w] = true
	}
	for _, kv := range kvs {
		if kv.Key == "aside" {
			o.aside = append(o.aside, strings.Split(kv.Value, ",")...)
			continue
		}
		if textKey(kv.Key) {
			if err := o.parseSituation(v, kv); err != nil {
				return nil, err
			}
			continue
		}
		n, err := rules.Int(kv.Key, kv.Value)
		if err != nil {
			return nil, err
		}
		switch kv.Key {
		case "botch", "dbotch":
			if n < 0 || n > 20 {
				return nil, rules.Usagef(v, "%s= takes 0–20 extra botch dice, not %d", kv.Key, n)
			}
			if kv.Key == "botch" {
				o.botch = n
			} else {
				o.dbotch = n
			}
		case "mod":
			o.mod = n
		case "dmod":
			o.dmod = n
		case "range":
			if n < 1 || n > 100 {
				return nil, rules.Usagef(v, "range= is the range increment, 1 or more, not %d", n)
			}
			o.rangeInc = n
			o.flags["missile"] = true
		default:
			if err := o.parseSituation(v, kv); err != nil {
				return nil, err
			}
		}
	}
	if err := o.checkManeuver(v); err != nil {
		return nil, err
	}
	if o.flags["exert"] && o.flags["charge"] {
		return nil, rules.Usagef(v, "a charge already adds the Ability: use exert or charge, not both")
	}
	if o.flags["helpless"] && o.flags["evade"] {
		return nil, rules.Usagef(v, "a helpless target cannot evade: use helpless or evade")
	}
	var err error
	if o.attacker, o.atkGroup, err = resolve(c, plain[0]); err != nil {
		return nil, err
	}
	if o.target, o.tgtGroup, err = resolve(c, plain[1]); err != nil {
		return nil, err
	}
	if err := o.setAside(c); err != nil {
		return nil, err
	}
	switch {
	case o.atkGroup != nil && o.tgtGroup != nil && o.atkGroup.Name == o.tgtGroup.Name, o.atkGroup == nil && o.tgtGroup == nil && o.attacker == o.target:
		return nil, rules.Usagef(v, "%s cannot attack itself", label(o.attacker, o.atkGroup, false))
	case o.atkGroup != nil && o.atkGroup.has(o.target.ID):
		return nil, fmt.Errorf("%s cannot attack its own member %s", o.atkGroup.Name, o.target.Name)
	case o.tgtGroup != nil && o.tgtGroup.has(o.attacker.ID):
		return nil, fmt.Errorf("%s cannot attack its own group %s", o.attacker.Name, o.tgtGroup.Name)
	}
	if !o.attacker.Status.CanAct() {
		return nil, fmt.Errorf("%s cannot attack: %s", o.attacker.Name, o.attacker.Status)
	}
	if o.target.Status == model.Dead {
		return nil, fmt.Errorf("%s is already dead", o.target.Name)
	}
	if o.atkSheet, err = ownSheet(o.attacker); err != nil {
		return nil, err
	}
	if o.targetSheet, err = ownSheet(o.target); err != nil {
		return nil, err
	}
	if o.flags["exert"] || (o.flags["charge"] && !o.riding(c.E)) {
		if err := canExert(o.attacker, o.atkSheet); err != nil {
			return nil, err
		}
	}
	if o.flags["dexert"] {
		if o.flags["helpless"] {
			return nil, rules.Usagef(v, "a helpless target rolls no Defense to exert on")
		}
		if !exertingDfn(c.E, o.target) {
			if err := canExert(o.target, o.targetSheet); err != nil {
				return nil, err
			}
		}
	}
	return o, nil
}

func abilityLabel(s *Sheet) string {
	if s.AbilityName != "" {
		return s.AbilityName
	}
	return "Ability"
}

func runAttack(c *rules.Ctx, args []string) error {
	o, err := parseAttack(c, args)
	if err != nil {
		return err
	}
	if err := o.enforce(c); err != nil {
		return err
	}
	switch err := o.intercept(c); err {
	case nil:
	case errWasted:
		return nil
	default:
		return err
	}
	return resolveAttack(c, o)
}

// resolveAttack rolls an attack parsed and checked: Attack Total, Defense
// Total, then a maneuver's effect or the Damage against Soak.
func resolveAttack(c *rules.Ctx, o *attackOpts) error {
	a, t := o.atkSheet, o.targetSheet
	an, tn := label(o.attacker, o.atkGroup, false), label(o.target, o.tgtGroup, false)
	if o.flags["warded"] {
		spend(c, o)
		if err := noteAttack(c, o); err != nil {
			return err
		}
		c.Event("%s's attack on %s is turned aside by magic: no roll, no harm", an, tn)
		c.Struck(o.attacker, o.target, false)
		return nil
	}

	// Attack Total.
	botches := 1 + a.Botch + o.botch
	untrained := a.Ability == 0 && !isCrossbow(a.Weapon)
	if untrained {
		botches += 3
	}
	ar, err := c.Dice.Stress(an, "attack on "+tn, botches)
	if err != nil {
		return err
	}
	at := o.attackTerms(c)
	at.Die("stress", ar.Total)
	if untrained {
		c.Event("%s is untrained: 3 extra botch dice", o.attacker.Name)
	}
	spend(c, o)
	if err := noteAttack(c, o); err != nil {
		return err
	}
	distracted(c, o.target)
	if ar.Botched {
		c.Struck(o.attacker, o.target, false)
		c.Event("%s: %s; the attack on %s fails (%s)", an, botched("Attack", ar.Botches), tn,
			BotchHint(ar.Botches, o.riding(c.E)))
		if o.maneuver == "tackle" {
			fallProne(c, o.attacker, "the botched tackle")
		}
		return nil
	}
	atk := at.Sum()
	c.Event("%s: Attack %s", label(o.attacker, o.atkGroup, true), at)

	// Defense (or Evasion) Total.
	dfn, dtext, dbotch, err := defense(c, o)
	if err != nil {
		return err
	}
	c.Event("%s: %s", label(o.target, o.tgtGroup, true), dtext)
	if o.flags["dexert"] && o.fixedDfn == nil && !o.flags["helpless"] && o.target.Status.CanAct() {
		exertOnDefense(c, o.target, o.targetSheet)
	}
	adv := atk - dfn
	c.Struck(o.attacker, o.target, adv > 0)
	head := fmt.Sprintf("Attack %s vs %s %s", num(atk), defenseWord(o), num(dfn))
	if o.maneuver != "" {
		return maneuverResult(c, o, head, adv, dbotch)
	}
	if adv <= 0 {
		c.Event("%s misses %s: %s → Advantage %s, a miss", an, tn, head, num(adv))
		if adv == 0 {
			return clash(c, o)
		}
		return nil
	}

	// Damage Total against Soak.
	var dt total
	dt.Add("Advantage", adv)
	if !(isCrossbow(a.Weapon) && o.flags["missile"]) {
		dt.Add("Str", a.Str)
	}
	dt.Add("weapon", a.WDam)
	dt.Add("shield", a.SDam)
	terms := strings.TrimSuffix(dt.String(), " = "+num(dt.Sum()))
	if o.atkGroup == nil {
		out, lvl := soakOutcome(t, dt.Sum(), o.flags["nonlethal"])
		c.Event("%s hits %s: %s → Advantage %d; Damage %s = %s", an, tn, head, adv, terms, out)
		if err := harm(c, o.target, t, lvl, o.flags["nonlethal"]); err != nil {
			return err
		}
		if lvl > 0 && getN(c.E, kHold, o.attacker.ID) == o.target.ID {
			release(c, o.attacker)
		}
		return shock(c, o, dt.Sum())
	}
	if err := shock(c, o, dt.Sum()); err != nil {
		return err
	}
	return groupBlows(c, o, fmt.Sprintf("%s hits %s: %s → Advantage %d; Damage %s = %s", an, tn, head, adv, terms, num(dt.Sum())), dt.Sum())
}

// attackTerms adds up an Attack Total but for its die: the attacker's
// scores, the attack's options, the situation (mounted, a prone target…),
// a trained group's bonus when it goes to Attack, and penalties. Every
// Attack Total is built here: an attack's and a reaction's alike.
func (o *attackOpts) attackTerms(c *rules.Ctx) total {
	a := o.atkSheet
	var at total
	at.Add("Dex", a.Dex)
	at.Add(abilityLabel(a), a.Ability)
	at.Add("weapon", a.WAtk)
	at.Add("shield", a.SAtk)
	switch {
	case o.flags["exert"]:
		at.Add("exertion", a.Ability)
	case o.flags["charge"]:
		at.Add("charge", a.Ability)
	}
	if o.flags["mounted"] && !o.flags["missile"] {
		at.Add("mounted", min(a.Ride, 3))
	}
	if o.flags["nonlethal"] && a.Bladed {
		at.Add("flat of the blade", -3)
	}
	at.Add("range", -3*(o.rangeInc-1))
	o.attackSituation(c, &at)
	if g := o.atkGroup; g != nil && g.Trained && !g.Defense {
		n, how := g.bonus(c.E)
		c.Event("%s: trained bonus %s to Attack (%s)", g.Name, signed(n), how)
		at.Add("group", n)
	}
	at.Add("mod", o.mod)
	at.Add("penalties", a.Penalty())
	return at
}

// groupBlows applies a group's hit: the Damage Total once for every member
// fighting, each against Soak on its own, until the target is dead.
func groupBlows(c *rules.Ctx, o *attackOpts, hit string, dmg int) error {
	n := len(o.atkGroup.fighting(c.E))
	if g := o.atkGroup; g.State == "broken" || (g.State == "disordered" && !g.Trained) {
		n = (n + 1) / 2
		c.Event("%s is %s: only half its blows land", g.Name, g.State)
	}
	c.Event("%s, once for each of %s", hit, rules.Plural(n, "fighting member"))
	for i := 1; i <= n; i++ {
		if o.target.Status == model.Dead {
			c.Event("%s is dead: %s not needed", o.target.Name, rules.Plural(n-i+1, "blow"))
			break
		}
		out, lvl := soakOutcome(o.targetSheet, dmg, o.flags["nonlethal"])
		c.Event("%s, blow %d of %d: %s", o.target.Name, i, n, out)
		if err := harm(c, o.target, o.targetSheet, lvl, o.flags["nonlethal"]); err != nil {
			return err
		}
	}
	return nil
}

// riding reports whether the attacker fights from the saddle: it rides a
// horse combatant (mount) or is marked mounted, or the attack says
// mounted for a horse fray does not track.
func (o *attackOpts) riding(e *model.Encounter) bool {
	return o.flags["mounted"] || inSaddle(e, o.attacker)
}

// spend takes the fatigue level an exertion or a charge costs: the
// rider's horse carries a mounted charge.
func spend(c *rules.Ctx, o *attackOpts) {
	switch {
	case o.flags["exert"]:
		changeFatigue(c, o.attacker, o.atkSheet, 1, "exertion")
	case o.flags["charge"] && o.riding(c.E):
		if h := horseOf(c.E, o.attacker.ID); h != nil {
			if hs, ok := h.OwnSheet().(*Sheet); ok {
				changeFatigue(c, h, hs, 1, "carrying the charge")
				return
			}
		}
		c.Event("%s's horse spends a fatigue level on the charge", o.attacker.Name)
	case o.flags["charge"]:
		changeFatigue(c, o.attacker, o.atkSheet, 1, "charge")
	}
}
