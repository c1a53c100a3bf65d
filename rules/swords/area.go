package swords

import (
	"fmt"
	"strings"

	"fray/model"
	"fray/rules"
)

// Area attacks: aimed at a place, not at anyone. The attacker needs only
// to beat the range level; each one caught may dive clear with a Defense
// roll (an action, as every Defense roll) against a challenge of 5 for
// each yard to dive, 6 yards at most; one surrounded by the area (yards
// 0) cannot, nor can a rider in the saddle unless the attack says dive.
// The damage is rolled once, and each one not clear endures it.

const areaUsage = "area ATTACKER TARGET… [yards=0-6] [NAME=YARDS…] [range=N] [skill=striking|archery] [dive] [mod=±N] [atk=N dmg=N]"

// yardChallenge is the Defense challenge of each yard to dive.
const yardChallenge = 5

type areaTarget struct {
	cb    *model.Combatant
	sh    *Sheet
	yards int
}

func runArea(c *rules.Ctx, args []string) error {
	v := verb("area")
	plain, kvs := rules.SplitKV(args)
	dive := false
	var names []string
	for _, w := range plain {
		if strings.EqualFold(w, "dive") {
			dive = true
			continue
		}
		names = append(names, w)
	}
	if len(names) < 2 {
		return rules.Usagef(v, "area takes the attacker and at least one target caught in the area")
	}
	opts := map[string]*int{}
	skill := ""
	perTarget := map[string]int{}
	for _, kv := range kvs {
		switch kv.Key {
		case "yards", "range", "mod", "atk", "dmg":
			n, err := rules.Int(kv.Key, kv.Value)
			if err != nil {
				return err
			}
			opts[kv.Key] = &n
		case "skill":
			skill = strings.ToLower(kv.Value)
			if skill != "striking" && skill != "archery" {
				return rules.Usagef(v, "an area attack is made with striking (a throw) or archery, not %q", kv.Value)
			}
		default:
			n, err := rules.Int(kv.Key, kv.Value)
			if err != nil {
				return rules.Usagef(v, "unknown option %s= (or a target's yards to dive: NAME=N)", kv.Key)
			}
			perTarget[kv.Key] = n
		}
	}
	yards := intOr(opts, "yards")
	if err := checkYards(v, yards); err != nil {
		return err
	}
	rng := intOr(opts, "range")
	if rng < 0 {
		return rules.Usagef(v, "range= is a challenge level, 0 or more, not %d", rng)
	}
	a, as, err := person(c, names[0], rules.Attack)
	if err != nil {
		return err
	}
	var ts []areaTarget
	for _, n := range names[1:] {
		cb, err := c.Find(n)
		if err != nil {
			return err
		}
		sh, err := ownSheet(cb)
		if err != nil {
			return err
		}
		switch {
		case sh.IsArmy():
			return fmt.Errorf("%s is an army: armies fight with battle", cb.Name)
		case cb == a:
			return rules.Usagef(v, "%s throws at an area, not at itself", a.Name)
		}
		for _, t := range ts {
			if t.cb == cb {
				return rules.Usagef(v, "%s is named twice", cb.Name)
			}
		}
		ts = append(ts, areaTarget{cb: cb, sh: sh, yards: yards})
	}
	for key, n := range perTarget {
		cb, err := c.Find(key)
		if err != nil {
			return rules.Usagef(v, "unknown option %s= (or a target's yards to dive: NAME=N)", key)
		}
		if err := checkYards(v, n); err != nil {
			return err
		}
		found := false
		for i := range ts {
			if ts[i].cb == cb {
				ts[i].yards, found = n, true
			}
		}
		if !found {
			return rules.Usagef(v, "%s= gives yards to one not named as a target", key)
		}
	}
	if skill == "" {
		skill = as.AttackSkill()
	}

	// The attack roll against the range alone.
	pen := spend(c.E, a, 1, 0)
	var at total
	at.Add("Dex", as.Dex)
	sk, _ := as.Skill(skill)
	at.Add(titled(skill), sk)
	at.Add("mod", intOr(opts, "mod"))
	x, text, err := skillRoll(c, a.Name, skill+" at an area", at, pen, opts["atk"])
	if err != nil {
		return err
	}
	if x <= rng {
		c.Event("%s: %s %s against the area's challenge %d: the area is missed", a.Name, titled(skill), text, rng)
		return nil
	}
	c.Event("%s: %s %s against the area's challenge %d: the area is hit", a.Name, titled(skill), text, rng)

	// The damage, once for all.
	var dt total
	if d := opts["dmg"]; d != nil {
		dt.Add("damage (entered)", *d)
	} else {
		r, err := roll2d6(c, a.Name, "area damage")
		if err != nil {
			return err
		}
		dt.Die("2d6", r)
		as.damageTerms(&dt, false)
	}
	dmg := dt.Sum()
	c.Event("%s: damage %s", a.Name, dt)

	for _, t := range ts {
		clear, err := diveFromArea(c, t, dive)
		if err != nil {
			return err
		}
		if clear {
			continue
		}
		net, err := endure(c, t.cb, t.sh, dmg, nil)
		if err != nil {
			return err
		}
		applyHit(c, t.cb, t.sh, net)
		if err := keepSeat(c, t.cb, t.sh, dmg); err != nil {
			return err
		}
	}
	return nil
}

func checkYards(v rules.Verb, n int) error {
	if n < 0 || n > 6 {
		return rules.Usagef(v, "yards to dive are 0 to 6 (0: surrounded, nowhere to go), not %d", n)
	}
	return nil
}

// diveFromArea lets one caught in an area dive clear: a Defense roll
// against 5 a yard. It reports whether the target got clear.
func diveFromArea(c *rules.Ctx, t areaTarget, dive bool) (bool, error) {
	switch {
	case t.yards == 0:
		c.Event("%s has nowhere to dive: caught", t.cb.Name)
		return false, nil
	case t.sh.Mounted && !dive:
		c.Event("%s cannot dodge in the saddle: caught", t.cb.Name)
		return false, nil
	case !able(c, t.cb, "dive clear"):
		return false, nil
	}
	if t.sh.Mounted {
		diveClear(c, t.cb, t.sh)
	}
	pen := spend(c.E, t.cb, 1, 1)
	ch := yardChallenge * t.yards
	n, text, err := skillRoll(c, t.cb.Name, "diving clear", skillTerms("Dex", t.sh.Dex, "defense", t.sh.Defense, 0), pen, nil)
	if err != nil {
		return false, err
	}
	if n > ch {
		c.Event("%s: Defense %s against %d (%s to dive): clear", t.cb.Name, text, ch, rules.Plural(t.yards, "yard"))
		return true, nil
	}
	c.Event("%s: Defense %s against %d (%s to dive): caught", t.cb.Name, text, ch, rules.Plural(t.yards, "yard"))
	return false, nil
}
