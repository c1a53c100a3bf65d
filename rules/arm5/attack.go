package arm5

import (
	"fmt"
	"strings"

	"fray/model"
	"fray/rules"
)

const attackUsage = "attack ATTACKER TARGET [exert|charge|nonlethal|diceless|helpless|evade|missile|mounted…] [botch=N dbotch=N mod=±N dmod=±N range=N]"

// attackFlags are the plain words attack understands.
var attackFlags = []string{"exert", "charge", "nonlethal", "diceless", "helpless", "evade", "missile", "mounted"}

// botchHints are some ways a combat botch can go wrong, offered in the log
// for the GM to pick from.
const botchHints = "weapon damaged · lose the next turn · stumble (−3 Defense until next turn) · mount panics · shield breaks · weapon dropped · jostle an ally · fall prone · weapon breaks · thrown from the saddle · twisted ankle (Light wound) · hit an ally"

type attackOpts struct {
	flags                 map[string]bool
	botch, dbotch         int
	mod, dmod, rangeInc   int
	attacker, target      *model.Combatant
	atkSheet, targetSheet *Sheet
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
			return nil, rules.Usagef(v, "unknown option %s=", kv.Key)
		}
	}
	if o.flags["exert"] && o.flags["charge"] {
		return nil, rules.Usagef(v, "a charge already adds the Ability: use exert or charge, not both")
	}
	if o.flags["helpless"] && o.flags["evade"] {
		return nil, rules.Usagef(v, "a helpless target cannot evade: use helpless or evade")
	}
	var err error
	if o.attacker, err = c.Find(plain[0]); err != nil {
		return nil, err
	}
	if o.target, err = c.Find(plain[1]); err != nil {
		return nil, err
	}
	if o.attacker == o.target {
		return nil, rules.Usagef(v, "%s cannot attack itself", o.attacker.Name)
	}
	if !o.attacker.Status.CanAct() {
		return nil, fmt.Errorf("%s cannot attack: %s", o.attacker.Name, o.attacker.Status)
	}
	if o.target.Status == model.Dead {
		return nil, fmt.Errorf("%s is already dead", o.target.Name)
	}
	if o.atkSheet, err = sheetOf(o.attacker); err != nil {
		return nil, err
	}
	if o.targetSheet, err = sheetOf(o.target); err != nil {
		return nil, err
	}
	if (o.flags["exert"] || (o.flags["charge"] && !o.flags["mounted"])) && o.atkSheet.Fatigue >= Unconscious-1 {
		return nil, fmt.Errorf("%s is %s: spending another fatigue level would mean falling unconscious", o.attacker.Name, FatigueName(o.atkSheet.Fatigue))
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
	a, t := o.atkSheet, o.targetSheet
	an, tn := o.attacker.Name, o.target.Name

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
	var at total
	at.add("Dex", a.Dex)
	at.add(abilityLabel(a), a.Ability)
	at.add("weapon", a.WAtk)
	at.add("shield", a.SAtk)
	switch {
	case o.flags["exert"]:
		at.add("exertion", a.Ability)
	case o.flags["charge"]:
		at.add("charge", a.Ability)
	}
	if o.flags["mounted"] && !o.flags["missile"] {
		at.add("mounted", min(a.Ride, 3))
	}
	if o.flags["nonlethal"] && a.Bladed {
		at.add("flat of the blade", -3)
	}
	at.add("range", -3*(o.rangeInc-1))
	at.add("mod", o.mod)
	at.add("penalties", a.Penalty())
	at.die("stress", ar.Total)
	if untrained {
		c.Event("%s is untrained: 3 extra botch dice", an)
	}
	spend(c, o)
	if ar.Botched {
		c.Event("%s: Attack BOTCH ×%d: the attack fails (ideas: %s)", an, ar.Botches, botchHints)
		return nil
	}
	atk := at.sum()
	c.Event("%s: Attack %s", an, at)

	// Defense (or Evasion) Total.
	dfn, dtext, err := defense(c, o)
	if err != nil {
		return err
	}
	c.Event("%s: %s", tn, dtext)
	adv := atk - dfn
	head := fmt.Sprintf("Attack %d vs %s %d", atk, defenseWord(o), dfn)
	if adv <= 0 {
		c.Event("%s misses %s: %s → Advantage %d, a miss", an, tn, head, adv)
		return nil
	}

	// Damage Total against Soak.
	var dt total
	dt.add("Advantage", adv)
	if !(isCrossbow(a.Weapon) && o.flags["missile"]) {
		dt.add("Str", a.Str)
	}
	dt.add("weapon", a.WDam)
	dt.add("shield", a.SDam)
	out, lvl := soakOutcome(t, dt.sum(), o.flags["nonlethal"])
	c.Event("%s hits %s: %s → Advantage %d; Damage %s = %s", an, tn, head, adv, strings.TrimSuffix(dt.String(), fmt.Sprintf(" = %d", dt.sum())), out)
	return harm(c, o.target, t, lvl, o.flags["nonlethal"])
}

// spend takes the fatigue level an exertion or a charge on foot costs.
func spend(c *rules.Ctx, o *attackOpts) {
	switch {
	case o.flags["exert"]:
		changeFatigue(c, o.attacker, o.atkSheet, 1, "exertion")
	case o.flags["charge"] && o.flags["mounted"]:
		c.Event("%s's horse spends a fatigue level on the charge", o.attacker.Name)
	case o.flags["charge"]:
		changeFatigue(c, o.attacker, o.atkSheet, 1, "charge")
	}
}

func defenseWord(o *attackOpts) string {
	if o.flags["evade"] {
		return "Evasion"
	}
	return "Defense"
}

// defense rolls the target's Defense or Evasion Total. A helpless target,
// or one that cannot act, has −10 with no roll; diceless defense (the
// option or the flag) uses 6 in place of the stress die; a botch makes the
// total 0.
func defense(c *rules.Ctx, o *attackOpts) (int, string, error) {
	t, tn := o.targetSheet, o.target.Name
	word := defenseWord(o)
	if o.flags["helpless"] || !o.target.Status.CanAct() {
		why := "helpless"
		if !o.target.Status.CanAct() {
			why = o.target.Status.String()
		}
		return -10, fmt.Sprintf("%s %s10 (%s, no roll)", word, minus, why), nil
	}
	var dt total
	if o.flags["evade"] {
		dt.add("Qik", t.Qik)
		dt.add("Brawl", t.Brawl)
		dt.add("Size", -t.Size)
		dt.add("Enc", -t.Enc())
		dt.add("shield", t.SDfn)
	} else {
		dt.add("Qik", t.Qik)
		dt.add(abilityLabel(t), t.Ability)
		dt.add("weapon", t.WDfn)
		dt.add("shield", t.SDfn)
	}
	dt.add("mod", o.dmod)
	dt.add("penalties", t.Penalty())
	if o.flags["diceless"] || c.Option("diceless") == "on" {
		dt.die("diceless", 6)
		return dt.sum(), word + " " + dt.String(), nil
	}
	r, err := c.Dice.Stress(tn, strings.ToLower(word), 1+t.Botch+o.dbotch)
	if err != nil {
		return 0, "", err
	}
	if r.Botched {
		return 0, fmt.Sprintf("%s BOTCH ×%d: %s Total 0 (ideas: %s)", word, r.Botches, word, botchHints), nil
	}
	dt.die("stress", r.Total)
	return dt.sum(), word + " " + dt.String(), nil
}
