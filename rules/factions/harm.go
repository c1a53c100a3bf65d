package factions

import (
	"errors"
	"fmt"
	"strings"

	"fray/model"
	"fray/rules"
)

// hurt takes n health from a character (never below 0) and logs it with
// how the number came about. At 0 it is incapacitated; a surrendered
// character that is harmed fights again; a grabber that falls lets go.
func hurt(c *rules.Ctx, cb *model.Combatant, sh *Sheet, n int, how string) {
	if how != "" {
		how = " (" + how + ")"
	}
	if n <= 0 {
		c.Event("%s takes no damage%s", cb.Name, how)
		return
	}
	old := sh.Health
	sh.Health = max(0, sh.Health-n)
	c.Event("%s takes %d damage%s: health %d → %d", cb.Name, n, how, old, sh.Health)
	if sh.Surrendered {
		sh.Surrendered = false
		c.Event("%s was harmed after surrendering and may fight again", cb.Name)
	}
	if sh.Health == 0 && cb.Status == model.Active {
		cb.Status = model.Incapacitated
		c.Event("%s is incapacitated", cb.Name)
		release(c, cb)
	}
}

// release frees everyone a fallen character was holding.
func release(c *rules.Ctx, grabber *model.Combatant) {
	for _, o := range c.E.Combatants {
		if sh, ok := o.Sheet().(*Sheet); ok && sh.GrabbedBy != "" && strings.EqualFold(sh.GrabbedBy, grabber.Name) {
			o.OwnSheet().(*Sheet).GrabbedBy = ""
			c.Event("%s is free: %s let go", o.Name, grabber.Name)
		}
	}
}

// kill delivers a death blow.
func kill(c *rules.Ctx, a, t *model.Combatant, sh *Sheet) {
	sh.Health = 0
	t.Status = model.Dead
	c.Event("%s delivers a death blow: %s is dead", a.Name, t.Name)
	release(c, t)
}

func runDamage(c *rules.Ctx, args []string) error {
	direct := len(args) == 3 && strings.EqualFold(args[2], "direct")
	if len(args) != 2 && !direct {
		return rules.Usagef(verb("damage"), "damage takes a name and a number (and direct)")
	}
	cb, sh, err := find(c, args[0])
	if err != nil {
		return err
	}
	n, err := rules.Int("damage", args[1])
	if err != nil {
		return err
	}
	if n < 0 {
		return errors.New("damage cannot be negative: heal gives health back")
	}
	if direct {
		hurt(c, cb, sh, n, "direct")
		return nil
	}
	a := sh.ArmourAgainst(false, false)
	hurt(c, cb, sh, max(0, n-a), fmt.Sprintf("%d − armour %d", n, a))
	return nil
}

func runHeal(c *rules.Ctx, args []string) error {
	if len(args) != 2 {
		return rules.Usagef(verb("heal"), "heal takes a name and a number")
	}
	cb, sh, err := find(c, args[0])
	if err != nil {
		return err
	}
	n, err := rules.Int("health", args[1])
	if err != nil {
		return err
	}
	if n < 1 {
		return errors.New("heal at least 1")
	}
	old := sh.Health
	sh.Health = min(sh.MaxHealth, sh.Health+n)
	if sh.MaxHealth == 0 {
		sh.Health = old + n
	}
	c.Event("%s heals: health %d → %d", cb.Name, old, sh.Health)
	if old == 0 && sh.Health > 0 && cb.Status == model.Incapacitated {
		cb.Status = model.Active
		c.Event("%s can act again", cb.Name)
	}
	return nil
}

func runBreakFree(c *rules.Ctx, args []string) error {
	plain, kvs := rules.SplitKV(args)
	if len(plain) != 1 || len(kvs) > 1 || (len(kvs) == 1 && kvs[0].Key != "helper") {
		return rules.Usagef(verb("breakfree"), "breakfree takes the grabbed character's name and optionally helper=ALLY")
	}
	cb, sh, err := find(c, plain[0])
	if err != nil {
		return err
	}
	if sh.GrabbedBy == "" {
		return fmt.Errorf("%s is not grabbed", cb.Name)
	}
	gsize := Medium
	if g, err := c.Find(sh.GrabbedBy); err == nil {
		if gs, ok := g.Sheet().(*Sheet); ok {
			gsize = gs.Size
		}
	}
	who, whoSh := cb, sh
	if len(kvs) == 1 {
		h, hs, err := find(c, kvs[0].Value)
		if err != nil {
			return err
		}
		if h.Side != cb.Side || h == cb {
			return fmt.Errorf("%s is no ally of %s", h.Name, cb.Name)
		}
		in, err := turnOf(c, h)
		if err != nil {
			return err
		}
		if err := notGrabbed(h, hs); err != nil {
			return err
		}
		if in {
			if err := spend(c, h, hs, true); err != nil {
				return err
			}
		}
		letGo(c, h, false)
		who, whoSh = h, hs
	} else {
		if c.E.Round > 0 {
			in, err := turnOf(c, cb)
			if err != nil {
				return err
			}
			if in {
				setUsage(cb, Usage{Main: 1, Bonus: 1, Zones: sh.Speed})
			}
		}
		if sh.Size < gsize {
			c.Event("%s is smaller than %s and cannot break free by strength: the turn is spent", cb.Name, sh.GrabbedBy)
			return nil
		}
	}
	ok, err := save(c, who, "STR", whoSh.Str, "to break the grab")
	if err != nil {
		return err
	}
	if !ok {
		c.Event("%s fails: %s stays grabbed by %s", who.Name, cb.Name, sh.GrabbedBy)
		return nil
	}
	c.Event("%s passes: %s breaks free of %s", who.Name, cb.Name, sh.GrabbedBy)
	sh.GrabbedBy = ""
	return nil
}
