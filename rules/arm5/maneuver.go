package arm5

import (
	"fmt"
	"strings"

	"fray/model"
	"fray/rules"
)

// maneuver is a special attack that does no damage but wins an effect
// when the Attack Advantage reaches need. resist names the Characteristic
// a target may roll instead of Defense (stress die + it + Brawl + Size;
// Dex + Ride against an unseating), "" if it must defend.
type maneuver struct {
	name   string
	need   int
	resist string
}

// maneuvers, with the Attack Advantage each needs. The source leaves the
// pin's number open; fray asks 3 unless need= says otherwise.
var maneuvers = []maneuver{
	{"trip", 3, "Dex"},
	{"throw", 3, "Dex"},
	{"grapple", 1, "Str"},
	{"pin", 3, "Str"},
	{"tackle", 1, "Dex"},
	{"disarm", 9, ""},
	{"grab", 6, "Str"},
	{"unseat", 6, "Ride"},
	{"wrest", 12, ""},
}

func lookupManeuver(s string) (maneuver, bool) {
	s = strings.ToLower(s)
	for _, m := range maneuvers {
		if m.name == s {
			return m, true
		}
	}
	return maneuver{}, false
}

func maneuverNames() string {
	ns := make([]string, len(maneuvers))
	for i, m := range maneuvers {
		ns[i] = fmt.Sprintf("%s %d", m.name, m.need)
	}
	return strings.Join(ns, ", ")
}

// checkManeuver refuses what a maneuver cannot be combined with.
func (o *attackOpts) checkManeuver(v rules.Verb) error {
	if o.maneuver == "" {
		if o.flags["resist"] {
			return rules.Usagef(v, "resist answers a maneuver (maneuver=…)")
		}
		if o.need != 0 {
			return rules.Usagef(v, "need= is the Attack Advantage of a maneuver: give maneuver=… too")
		}
		return nil
	}
	switch {
	case o.flags["missile"] || o.flags["charge"]:
		return rules.Usagef(v, "a maneuver is made hand to hand, without missile or charge")
	case o.flags["resist"]:
		if m, _ := lookupManeuver(o.maneuver); m.resist == "" {
			return rules.Usagef(v, "a %s is answered with Defense or Evasion only", o.maneuver)
		}
	}
	return nil
}

// resistTotal is the target's roll against a maneuver instead of Defense.
func resistTotal(c *rules.Ctx, o *attackOpts) (int, string, bool, error) {
	t := o.targetSheet
	m, _ := lookupManeuver(o.maneuver)
	var rt total
	switch m.resist {
	case "Dex":
		rt.Add("Dex", t.Dex)
	case "Str":
		rt.Add("Str", t.Str)
	}
	if m.resist == "Ride" {
		rt.Add("Dex", t.Dex)
		rt.Add("Ride", t.Ride)
		o.addExertion(c, &rt, t.Ride)
	} else {
		rt.Add("Brawl", t.Brawl)
		o.addExertion(c, &rt, t.Brawl)
		rt.Add("Size", t.Size)
	}
	rt.Add("grappled", condPenalty(o.target))
	rt.Add("mod", o.dmod)
	rt.Add("penalties", t.Penalty())
	r, err := c.Dice.Stress(o.target.Name, "resist "+o.maneuver, 1+t.Botch+o.dbotch)
	if err != nil {
		return 0, "", false, err
	}
	if r.Botched {
		return 0, botched("resist", r.Botches), true, nil
	}
	rt.Die("stress", r.Total)
	return rt.Sum(), "resist " + rt.String(), false, nil
}

// maneuverResult applies a maneuver once the totals are known.
func maneuverResult(c *rules.Ctx, o *attackOpts, head string, adv int, dbotch bool) error {
	a, t := o.attacker, o.target
	if o.maneuver == "pin" {
		fallProne(c, a, "pinning")
	}
	if adv < o.need {
		c.Event("%s's %s fails against %s: %s → Advantage %s, %d needed", a.Name, o.maneuver, t.Name, head, num(adv), o.need)
		if dbotch && (o.maneuver == "trip" || o.maneuver == "throw") {
			c.Event("%s botched against the %s and lands badly", t.Name, o.maneuver)
			return harm(c, t, o.targetSheet, Light, false)
		}
		return nil
	}
	c.Event("%s's %s succeeds against %s: %s → Advantage %s, %d needed", a.Name, o.maneuver, t.Name, head, num(adv), o.need)
	switch o.maneuver {
	case "trip", "throw":
		fallProne(c, t, o.maneuver)
		if dbotch {
			return harm(c, t, o.targetSheet, Light, false)
		}
	case "tackle":
		fallProne(c, a, "the tackle")
		fallProne(c, t, "the tackle")
	case "grapple":
		hold(c, a, t, kGrap)
	case "pin":
		hold(c, a, t, kPinned)
	case "disarm":
		t.SetCond(kDisarm, 0)
		c.Event("%s's %s falls to the ground: picking it up takes an action, and disengaging first", t.Name, orNone(o.targetSheet.Weapon))
	case "wrest":
		t.SetCond(kDisarm, 0)
		c.Event("%s wrests the %s from %s", a.Name, orNone(o.targetSheet.Weapon), t.Name)
	case "grab":
		c.Event("%s grabs the item %s was wearing", a.Name, t.Name)
	case "unseat":
		return unseat(c, t)
	}
	return nil
}

// hold leaves the target grappled (−6) or pinned (helpless) until the
// holder's next turn.
func hold(c *rules.Ctx, holder, t *model.Combatant, how string) {
	t.DropCond(kGrap)
	t.DropCond(kPinned)
	t.SetCond(how, 0)
	setN(c.E, kHold, t.ID, holder.ID)
	if how == kGrap {
		c.Event("%s is grappled by %s: −6 to attacks and Defense until %s's next turn", t.Name, holder.Name, holder.Name)
	} else {
		c.Event("%s is pinned by %s: helpless until %s's next turn", t.Name, holder.Name, holder.Name)
	}
}

// release ends a grapple or pin on cb.
func release(c *rules.Ctx, cb *model.Combatant) {
	setN(c.E, kHold, cb.ID, 0)
	for _, k := range []string{kGrap, kPinned} {
		if cb.DropCond(k) {
			c.Event("%s is no longer %s", cb.Name, k)
		}
	}
}

// fallProne knocks a combatant down.
func fallProne(c *rules.Ctx, cb *model.Combatant, why string) {
	if cb.HasCond(kProne) {
		return
	}
	cb.SetCond(kProne, 0)
	c.Event("%s is knocked prone (%s): getting up takes an action", cb.Name, why)
}

// clash is the Clash of Weapons option: when a melee Attack equals the
// Defense, both roll Str + Ability + simple die and the lower rolls stress
// die + Ability against 9 or its weapon loses a damage level.
func clash(c *rules.Ctx, o *attackOpts) error {
	if !on(c, optClash) || o.flags["missile"] || o.flags["evade"] || o.fixedDfn != nil || o.atkGroup != nil || o.tgtGroup != nil {
		return nil
	}
	c.Event("weapons clash: Attack equals Defense")
	sides := []*model.Combatant{o.attacker, o.target}
	shs := []*Sheet{o.atkSheet, o.targetSheet}
	var tot [2]int
	for try := 0; try < 20 && tot[0] == tot[1]; try++ {
		for i, cb := range sides {
			r, err := c.Dice.Simple(cb.Name, "clash of weapons")
			if err != nil {
				return err
			}
			tot[i] = shs[i].Str + shs[i].Ability + r.Total
		}
		c.Event("clash: %s %s vs %s %s", sides[0].Name, num(tot[0]), sides[1].Name, num(tot[1]))
	}
	if tot[0] == tot[1] {
		return nil
	}
	lo := 0
	if tot[1] < tot[0] {
		lo = 1
	}
	cb, sh := sides[lo], shs[lo]
	r, err := c.Dice.Stress(cb.Name, "weapon breakage", 1)
	if err != nil {
		return err
	}
	var t total
	t.Add(abilityLabel(sh), sh.Ability)
	t.Die("stress", r.Total)
	if !r.Botched && t.Sum() >= 9 {
		c.Event("%s's %s holds: %s vs 9", cb.Name, orNone(sh.Weapon), t)
		return nil
	}
	levels := 2
	if w, ok := LookupWeapon(sh.Weapon); ok && w.Levels > 0 {
		levels = w.Levels
	}
	sh.WLost++
	if sh.WLost >= levels {
		cb.SetCond(kDisarm, 0)
		c.Event("%s's %s breaks (%s vs 9): disarmed", cb.Name, orNone(sh.Weapon), t)
		return nil
	}
	c.Event("%s's %s is damaged (%s vs 9): %d of %s left", cb.Name, orNone(sh.Weapon), t, levels-sh.WLost, rules.Plural(levels, "damage level"))
	return nil
}
