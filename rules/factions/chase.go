package factions

import (
	"strings"

	"fray/model"
	"fray/rules"
)

const chaseUsage = "chase NAME|SIDE… [faster|slower]"

// runChase settles a chase over a long distance: the fleeing characters
// make a group AGI save, and each who passes gets away (marked retreated:
// out of the fight) while the others are caught. Fleeing faster, or able
// to keep the pace longer, they all get away; slower, none does.
func runChase(c *rules.Ctx, args []string) error {
	v := verb("chase")
	var who []*model.Combatant
	pace := ""
	for _, a := range args {
		switch la := strings.ToLower(a); la {
		case "faster", "slower":
			if pace != "" {
				return rules.Usagef(v, "faster or slower, once")
			}
			pace = la
			continue
		}
		found := false
		for _, cb := range c.E.Combatants {
			if cb.Side != "" && strings.EqualFold(cb.Side, a) {
				who, found = append(who, cb), true
			}
		}
		if found {
			continue
		}
		cb, err := c.Find(a)
		if err != nil {
			return err
		}
		who = append(who, cb)
	}
	if len(who) == 0 {
		return rules.Usagef(v, "name the fleeing characters (or their side)")
	}
	for _, cb := range who {
		sh, err := ownSheet(cb)
		if err != nil {
			return err
		}
		if !fighting(cb) {
			continue
		}
		switch pace {
		case "faster":
			sh.Retreated = true
			c.Event("%s gets away: the pursuers cannot keep up", cb.Name)
		case "slower":
			c.Event("%s cannot get away: the pursuers are faster", cb.Name)
		default:
			ok, err := save(c, cb, "AGI", sh.Agi, "to get away")
			if err != nil {
				return err
			}
			if ok {
				sh.Retreated = true
				c.Event("%s gets away (AGI save passed)", cb.Name)
			} else {
				c.Event("%s is caught by the pursuers (AGI save failed)", cb.Name)
			}
		}
	}
	return nil
}

// Gear: the weapons, shields and armour used in the fight, kept in the
// character's turn state as "gear" (names, comma-separated, in the order
// first used; files before format 4 kept it in [turn] as "gear:ID"), for
// the durability rolls the source asks for after a fight. A weapon marked
// damaged (or improvised) breaks on a 1 on its damage die; a damaged
// shield, then damaged armour, breaks under a blow of 8 or more before
// armour.

const kindGear = "gear"

// used records that a character used a piece of its gear.
func used(cb *model.Combatant, what string) {
	list := cb.TurnText(kindGear)
	for _, w := range strings.Split(list, ",") {
		if w == what {
			return
		}
	}
	if list != "" {
		list += ","
	}
	cb.SetTurn(kindGear, list+what)
}

// unused forgets a piece of gear that broke.
func unused(cb *model.Combatant, what string) {
	var keep []string
	for _, w := range strings.Split(cb.TurnText(kindGear), ",") {
		if w != "" && w != what {
			keep = append(keep, w)
		}
	}
	if len(keep) == 0 {
		cb.DropTurn(kindGear)
		return
	}
	cb.SetTurn(kindGear, strings.Join(keep, ","))
}

// breakWeapon takes a weapon that broke off the sheet.
func breakWeapon(c *rules.Ctx, cb *model.Combatant, sh *Sheet, w Weapon) {
	var keep []string
	gone := false
	for _, x := range sh.WeaponList() {
		if !gone && x == w {
			gone = true
			continue
		}
		keep = append(keep, x.String())
	}
	sh.Weapons = strings.Join(keep, ", ")
	unused(cb, w.Name)
	c.Event("%s %s breaks (a 1 on the damage die of a damaged weapon)", possessive(cb.Name), w.Name)
}

// heavyBlow breaks a damaged shield, or else damaged armour, under a blow
// of 8 or more before armour. The armour still counts against that blow.
func heavyBlow(c *rules.Ctx, t *model.Combatant, ts *Sheet, raw int) {
	if raw < 8 {
		return
	}
	switch {
	case ts.Shield == "damaged":
		ts.Shield = ""
		ts.Armour = max(0, ts.Armour-1)
		unused(t, "shield")
		c.Event("%s damaged shield breaks under a blow of %d", possessive(t.Name), raw)
	case ts.ArmourDamaged:
		ts.ArmourDamaged = false
		shield := 0
		if ts.Shield != "" {
			shield = 1
		}
		ts.Armour = min(ts.Armour, shield)
		unused(t, "armour")
		c.Event("%s damaged armour breaks under a blow of %d", possessive(t.Name), raw)
	}
}

// wearing records the shield and armour of one attacked.
func wearing(t *model.Combatant, ts *Sheet) {
	if ts.Shield != "" {
		used(t, "shield")
	}
	if ts.Armour > 0 && (ts.Shield == "" || ts.Armour > 1) {
		used(t, "armour")
	}
}

func runGear(c *rules.Ctx, args []string) error {
	if len(args) != 0 {
		return rules.Usagef(verb("gear"), "gear takes no words")
	}
	var ps []string
	for _, cb := range c.E.Combatants {
		if list := cb.TurnText(kindGear); list != "" {
			ps = append(ps, cb.Name+": "+strings.ReplaceAll(list, ",", ", "))
		}
	}
	if len(ps) == 0 {
		c.Event("no gear has been used in this fight yet")
		return nil
	}
	c.Event("gear used this fight (roll its durability after): %s", strings.Join(ps, "; "))
	return nil
}
