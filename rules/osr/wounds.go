package osr

import (
	"fmt"
	"strings"

	"fray/model"
	"fray/rules"
	"fray/rules/dice"
)

// Arrows left in a wound, and blows at the helpless.
//
// Their marks, in the combatant's turn state:
//
//	arrow      damage dice of each missile left in the wound, comma-separated
//	arrowhurt  1 once the missiles hurt it this round

// lodge leaves a missile in the wound of a critical hit.
func lodge(c *rules.Ctx, t *model.Combatant, w Weapon) {
	list := strings.TrimSpace(t.TurnText("arrow"))
	if list != "" {
		list += ","
	}
	setTurn("arrow", t, list+w.Damage)
	t.SetCond(condArrow, 0)
	c.Event("the %s stays in %s wound: half its damage again each round %s moves or fights, until drawn out (extract %s)",
		w.Name, possessive(t.Name), t.Name, rules.Quote(t.Name))
}

func arrows(cb *model.Combatant) []string {
	s := strings.TrimSpace(cb.TurnText("arrow"))
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

// arrowHurts does the damage of the missiles left in a combatant that
// moves or fights: half of each one's damage roll (at least 1), once a
// round.
func arrowHurts(c *rules.Ctx, cb *model.Combatant, doing string) error {
	as := arrows(cb)
	if len(as) == 0 || c.E.Round == 0 || getN("arrowhurt", cb) > 0 {
		return nil
	}
	sh, err := ownSheet(cb)
	if err != nil {
		return err
	}
	setTurn("arrowhurt", cb, "1")
	n := 0
	for _, d := range as {
		expr, err := dice.Parse(d)
		if err != nil {
			return err
		}
		r, err := c.Dice.Roll(cb.Name, "the missile in the wound", expr)
		if err != nil {
			return err
		}
		n += max(1, r.Total/2)
	}
	c.Event("%s %s with a missile in the wound: %d damage", cb.Name, doing, n)
	return harm(c, cb, sh, n, 0)
}

const extractUsage = "extract NAME [by=NAME] [mod=±N]"

// runExtract draws a missile out of a wound: a full round of whoever does
// it (the wounded one by default), whose saving throw (modified for the
// circumstances) spares the normal damage of drawing it.
func runExtract(c *rules.Ctx, args []string) error {
	v := rules.Verb{Usage: extractUsage}
	plain, kvs := rules.SplitKV(args)
	if len(plain) != 1 {
		return rules.Usagef(v, "extract takes the wounded one's name")
	}
	t, tsh, err := findSheet(c, plain[0])
	if err != nil {
		return err
	}
	by, mod := t, 0
	for _, kv := range kvs {
		switch kv.Key {
		case "by":
			if by, err = c.Find(kv.Value); err != nil {
				return err
			}
		case "mod":
			if mod, err = rules.Int("mod", kv.Value); err != nil {
				return err
			}
		default:
			return rules.Usagef(v, "unknown option %s=", kv.Key)
		}
	}
	as := arrows(t)
	if len(as) == 0 {
		return fmt.Errorf("%s has no missile in a wound", t.Name)
	}
	bsh, err := sheetOf(by)
	if err != nil {
		return err
	}
	if err := c.MayAct(by, rules.OnTurn); err != nil {
		return err
	}
	if c.E.Round > 0 {
		// The whole round: no attack left.
		setTurn("did", by, fmt.Sprint(max(getN("did", by), attacksAllowed(by, nil))))
	}
	rest := strings.Join(as[1:], ",")
	setTurn("arrow", t, rest)
	if rest == "" {
		t.DropCond(condArrow)
	}
	c.Event("%s draws the missile out of %s wound (the round's work)", by.Name, possessive(t.Name))
	_, ok, err := save(c, by, bsh, "save to draw it cleanly", mod)
	if err != nil || ok {
		return err
	}
	expr, err := dice.Parse(as[0])
	if err != nil {
		return err
	}
	r, err := c.Dice.Roll(t.Name, "drawing the missile", expr)
	if err != nil {
		return err
	}
	c.Event("drawing it out tears the wound: %d damage", r.Total)
	return harm(c, t, tsh, r.Total, 0)
}

// assassinate turns a hit on a helpless or unaware victim into damage to
// its CON, unless the victim's saving throw turns it back into hit
// points. It reports whether the CON took the blow.
func assassinate(c *rules.Ctx, t *model.Combatant, tsh *Sheet, dmg int) (bool, error) {
	c.Event("a blow at the helpless: %d damage goes to %s CON unless %s saves", dmg, possessive(t.Name), t.Name)
	_, ok, err := save(c, t, tsh, "save against the assassination", 0)
	if err != nil || ok {
		if ok {
			c.Event("%s saves: hit points take it instead", t.Name)
		}
		return false, err
	}
	lost := min(dmg, tsh.ConNow())
	tsh.ConLoss += lost
	c.Event("%s loses %d CON (now %d)", t.Name, lost, tsh.ConNow())
	disruptSpell(c, t)
	if tsh.ConNow() == 0 {
		kill(c, t, "no CON left")
	}
	return true, nil
}
