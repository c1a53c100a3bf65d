package swords

import (
	"fmt"
	"strings"

	"fray/model"
	"fray/rules"
)

const attackUsage = "attack ATTACKER TARGET [skill=striking|archery|grappling] [range=N] [augment=N] [assist=NAME,…] [defskill=defense|grappling] [harm] [mod=±N] [atk=N def=N dmg=N end=N]"

type attackOpts struct {
	skill, defskill string
	rng, augment    int
	mod             int
	harm            bool
	atk, def        *int
	dmg, end        *int
	assist          []string

	attacker, target *model.Combatant
	a, t             *Sheet
}

func parseAttack(c *rules.Ctx, args []string) (*attackOpts, error) {
	v := verb("attack")
	plain, kvs := rules.SplitKV(args)
	if len(plain) < 2 {
		return nil, rules.Usagef(v, "attack takes an attacker and a target")
	}
	o := &attackOpts{defskill: "defense"}
	for _, w := range plain[2:] {
		if !strings.EqualFold(w, "harm") {
			return nil, rules.Usagef(v, "unknown option %q", w)
		}
		o.harm = true
	}
	var nums []rules.KV
	for _, kv := range kvs {
		switch kv.Key {
		case "skill":
			o.skill = strings.ToLower(kv.Value)
			if o.skill != "striking" && o.skill != "archery" && o.skill != "grappling" {
				return nil, rules.Usagef(v, "skill= takes striking, archery or grappling, not %q", kv.Value)
			}
		case "defskill":
			o.defskill = strings.ToLower(kv.Value)
			if o.defskill != "defense" && o.defskill != "grappling" {
				return nil, rules.Usagef(v, "defskill= takes defense or grappling, not %q", kv.Value)
			}
		case "assist":
			for _, n := range strings.Split(kv.Value, ",") {
				if n = strings.TrimSpace(n); n != "" {
					o.assist = append(o.assist, n)
				}
			}
		default:
			nums = append(nums, kv)
		}
	}
	m, err := kvInts(v, nums, "range", "augment", "mod", "atk", "def", "dmg", "end")
	if err != nil {
		return nil, err
	}
	o.rng, o.augment, o.mod = intOr(m, "range"), intOr(m, "augment"), intOr(m, "mod")
	o.atk, o.def, o.dmg, o.end = m["atk"], m["def"], m["dmg"], m["end"]
	if o.rng < 0 {
		return nil, rules.Usagef(v, "range= is a challenge level, 0 or more, not %d", o.rng)
	}
	if o.augment < 0 || o.augment > 20 {
		return nil, rules.Usagef(v, "augment= takes 0–20 extra actions, not %d", o.augment)
	}
	if o.attacker, o.a, err = person(c, plain[0], "attack", rules.Attack); err != nil {
		return nil, err
	}
	if o.target, err = c.Find(plain[1]); err != nil {
		return nil, err
	}
	if o.t, err = sheetOf(o.target); err != nil {
		return nil, err
	}
	switch {
	case o.t.IsArmy():
		return nil, fmt.Errorf("%s is an army: armies fight with battle", o.target.Name)
	case o.attacker == o.target:
		return nil, rules.Usagef(v, "%s cannot attack itself", o.attacker.Name)
	case o.target.Status == model.Dead:
		return nil, fmt.Errorf("%s is already dead", o.target.Name)
	}
	if o.skill == "" {
		o.skill = o.a.AttackSkill()
	}
	grab := o.skill == "grappling"
	if o.defskill == "grappling" && !grab {
		return nil, rules.Usagef(v, "only a grab (skill=grappling) can be resisted with grappling")
	}
	if o.harm && !grab {
		return nil, rules.Usagef(v, "harm is for a grab: strikes always do damage")
	}
	if grab && !o.harm && (o.augment > 0 || o.dmg != nil) {
		return nil, rules.Usagef(v, "a grab does no damage unless it says harm")
	}
	return o, nil
}

// massBonus is the Grappling bonus of the heavier of two combatants.
func massBonus(me, them *Sheet) int {
	if me.Mass > them.Mass && them.Mass > 0 {
		return Doublings(me.Mass, them.Mass)
	}
	return 0
}

func runAttack(c *rules.Ctx, args []string) error {
	o, err := parseAttack(c, args)
	if err != nil {
		return err
	}
	an, tn := o.attacker.Name, o.target.Name
	grab := o.skill == "grappling"

	pen := spend(c.E, o.attacker, 1+o.augment, 0)
	if o.augment > 0 {
		c.Event("%s augments %d time(s): +%d damage, skill rolls %s this round", an, o.augment, 2*o.augment, signed(pen))
	}
	var at total
	at.Add("Dex", o.a.Dex)
	sk, _ := o.a.Skill(o.skill)
	at.Add(titled(o.skill), sk)
	if grab {
		at.Add("mass", massBonus(o.a, o.t))
	}
	at.Add("mod", o.mod)
	atk, atkText, err := skillRoll(c, an, o.skill+" at "+tn, at, pen, o.atk)
	if err != nil {
		return err
	}
	c.Event("%s: %s %s", an, titled(o.skill), atkText)

	dfn, who, err := defenses(c, o)
	if err != nil {
		return err
	}
	head := fmt.Sprintf("%d against Defense %d", atk, dfn)
	if who == "" {
		head = fmt.Sprintf("%d against no Defense", atk)
	}
	if o.rng > 0 {
		head += fmt.Sprintf(" + range %d = %d", o.rng, dfn+o.rng)
	}
	if who != "" && who != tn {
		head += " (" + who + "'s block)"
	}
	if atk <= dfn+o.rng {
		c.Event("%s misses %s: %s", an, tn, head)
		return nil
	}
	c.Event("%s hits %s: %s", an, tn, head)
	if grab {
		o.target.SetCond("grappled", 0)
		c.Event("%s is grappled by %s", tn, an)
		if !o.harm {
			return nil
		}
	}
	return strike(c, o)
}

// defenses rolls the target's Defense (when it may defend) and every
// assisted block, each one an action for its roller, and returns the best
// roll and whose it was ("" when nobody could defend).
func defenses(c *rules.Ctx, o *attackOpts) (int, string, error) {
	best, who := 0, ""
	try := func(cb *model.Combatant, sh *Sheet, skill string, entered *int) error {
		pen := spend(c.E, cb, 1, 1)
		var t total
		rating, _ := sh.Skill(skill)
		t.Add("Dex", sh.Dex)
		t.Add(titled(skill), rating)
		if skill == "grappling" {
			t.Add("mass", massBonus(sh, o.a))
		}
		n, text, err := skillRoll(c, cb.Name, skill+" against "+o.attacker.Name, t, pen, entered)
		if err != nil {
			return err
		}
		label := "Defense"
		if cb != o.target {
			label = "assisted block for " + o.target.Name
		} else if skill == "grappling" {
			label = "Grappling defense"
		}
		c.Event("%s: %s %s", cb.Name, label, text)
		if who == "" || n > best {
			best, who = n, cb.Name
		}
		return nil
	}
	if able(c, o.target, "defend") {
		if err := try(o.target, o.t, o.defskill, o.def); err != nil {
			return 0, "", err
		}
	} else if o.def != nil {
		return 0, "", fmt.Errorf("%s cannot defend now, so def= has nothing to replace", o.target.Name)
	}
	for _, name := range o.assist {
		cb, err := c.Find(name)
		if err != nil {
			return 0, "", err
		}
		sh, err := sheetOf(cb)
		if err != nil {
			return 0, "", err
		}
		if cb == o.target || cb == o.attacker || sh.IsArmy() {
			return 0, "", rules.Usagef(verb("attack"), "%s cannot block for %s", cb.Name, o.target.Name)
		}
		if able(c, cb, "block") {
			if err := try(cb, sh, "defense", nil); err != nil {
				return 0, "", err
			}
		}
	}
	return best, who, nil
}

// able reports whether a combatant may make a Defense roll now, logging
// why not.
func able(c *rules.Ctx, cb *model.Combatant, doing string) bool {
	if !cb.Status.CanAct() {
		c.Event("%s cannot %s (%s)", cb.Name, doing, cb.Status)
		return false
	}
	if !RoundTally(c.E, cb.ID).CanDefend() {
		c.Event("%s has acted this round without defending: no chance to %s", cb.Name, doing)
		return false
	}
	return true
}

// strike rolls damage against the target's endurance, applies it, and
// makes a mounted target keep its seat.
func strike(c *rules.Ctx, o *attackOpts) error {
	an, tn := o.attacker.Name, o.target.Name
	var dt total
	if o.dmg != nil {
		dt.Add("damage (entered)", *o.dmg)
	} else {
		r, err := roll2d6(c, an, "damage to "+tn)
		if err != nil {
			return err
		}
		dt.Die("2d6", r)
		switch o.a.WKind {
		case Unarmed:
			dt.Add("Str", o.a.Str)
		case Mechanical:
			dt.Add("weapon", o.a.WDam)
		default:
			dt.Add("Str", o.a.Str)
			dt.Add("weapon", o.a.WDam)
		}
		dt.Add("augment", 2*o.augment)
	}
	dmg := dt.Sum()
	c.Event("%s: damage %s", an, dt)
	net, err := endure(c, o.target, o.t, dmg, o.end)
	if err != nil {
		return err
	}
	applyHit(c, o.target, o.t, net)
	return keepSeat(c, o.target, o.t, dmg)
}
