package swords

import (
	"fmt"
	"strings"

	"fray/model"
	"fray/rules"
)

// endure rolls (or takes) the target's endurance against a damage total
// and returns the net hit, never below 0.
func endure(c *rules.Ctx, cb *model.Combatant, sh *Sheet, dmg int, entered *int) (int, error) {
	var et total
	if entered != nil {
		et.Add("endurance (entered)", *entered)
	} else {
		r, err := roll2d6(c, cb.Name, "endurance")
		if err != nil {
			return 0, err
		}
		et.Die("2d6", r)
		et.Add("Str", sh.Str)
		et.Add("armor", sh.Armor)
	}
	net := max(0, dmg-et.Sum())
	c.Event("%s: endurance %s → %d of %d damage gets through", cb.Name, et, net, dmg)
	return net, nil
}

// applyHit takes one hit of net points: Stamina (an army's hits) falls,
// the largest hit and so the Health level may rise, and the status
// follows: dead at Health Dead, fallen at 0 Stamina, routed for an army.
func applyHit(c *rules.Ctx, cb *model.Combatant, sh *Sheet, net int) {
	sh.Stamina = max(0, sh.Stamina-net)
	if sh.IsArmy() {
		c.Event("%s: %s%d hits, %d/%d left", cb.Name, minus, net, sh.Stamina, sh.MaxStamina)
		if sh.Stamina == 0 && !cb.HasCond("routed") {
			rout(c, cb)
		}
		return
	}
	before := sh.Health()
	sh.Largest = max(sh.Largest, net)
	h := sh.Health()
	msg := fmt.Sprintf("%s takes %d: Stamina %d/%d, largest hit %d → %s", cb.Name, net, sh.Stamina, sh.MaxStamina, sh.Largest, h)
	if h != before {
		msg += fmt.Sprintf(" (was %s)", before)
	}
	c.Event("%s", msg)
	switch {
	case h == Dead && cb.Status != model.Dead:
		cb.Status = model.Dead
		c.Event("%s is dead", cb.Name)
	case sh.Stamina == 0 && cb.Status == model.Active:
		cb.Status = model.Unconscious
		c.Event("%s falls", cb.Name)
	}
}

// rout marks an army beaten.
func rout(c *rules.Ctx, cb *model.Combatant) {
	cb.SetCond("routed", 0)
	if cb.Status == model.Active {
		cb.Status = model.Incapacitated
	}
	c.Event("%s is routed", cb.Name)
}

// keepSeat makes a mounted combatant who was hit roll Riding against the
// damage before endurance; it must beat it or fall from the saddle. One
// who fell or died in the hit leaves the saddle anyway.
func keepSeat(c *rules.Ctx, cb *model.Combatant, sh *Sheet, dmg int) error {
	if !sh.Mounted {
		return nil
	}
	if !cb.Status.CanAct() {
		sh.Mounted = false
		c.Event("%s drops from the saddle", cb.Name)
		return nil
	}
	pen := RoundTally(c.E, cb.ID).Penalty()
	n, text, err := skillRoll(c, cb.Name, "riding", skillTerms("Dex", sh.Dex, "riding", sh.Riding, 0), pen, nil)
	if err != nil {
		return err
	}
	if n > dmg {
		c.Event("%s keeps the saddle: Riding %s against %d", cb.Name, text, dmg)
		return nil
	}
	sh.Mounted = false
	cb.SetCond("unhorsed", 0)
	c.Event("%s is thrown from the saddle: Riding %s against %d", cb.Name, text, dmg)
	return nil
}

func runDamage(c *rules.Ctx, args []string) error {
	v := verb("damage")
	if len(args) < 2 || len(args) > 3 {
		return rules.Usagef(v, "damage takes a name and a number")
	}
	roll := false
	if len(args) == 3 {
		if !strings.EqualFold(args[2], "endure") {
			return rules.Usagef(v, "unknown option %q", args[2])
		}
		roll = true
	}
	cb, sh, err := findSheet(c, args[0])
	if err != nil {
		return err
	}
	n, err := rules.Int("damage", args[1])
	if err != nil {
		return err
	}
	if n < 0 {
		return rules.Usagef(v, "damage cannot be negative (heal with set %s stamina=…)", cb.Name)
	}
	if cb.Status == model.Dead {
		return fmt.Errorf("%s is already dead", cb.Name)
	}
	if roll {
		if n, err = endure(c, cb, sh, n, nil); err != nil {
			return err
		}
	}
	applyHit(c, cb, sh, n)
	return nil
}

// harmStatus is the status a sheet's harm calls for: an army at 0 hits is
// routed (incapacitated); a person at Health Dead is dead, one at 0
// Stamina has fallen (unconscious).
func harmStatus(sh *Sheet) model.Status {
	switch {
	case sh == nil:
	case sh.IsArmy():
		if sh.Stamina == 0 {
			return model.Incapacitated
		}
	case sh.Health() == Dead:
		return model.Dead
	case sh.Stamina == 0:
		return model.Unconscious
	}
	return model.Active
}

// Refresh implements rules.Refresher: after `set` or `add` changed a
// sheet, the status follows the harm on it as the harm verbs would set
// it (stamina=0 fells, largest=20 kills, an army at 0 hits is routed),
// and healing brings back a combatant the old harm had put down. It
// changes only when the harm's verdict changed: worse harm never lowers a
// worse status, and lighter harm restores the status only if it was the
// one the old harm gave, so a status set by hand survives other edits. A
// command that set status= itself keeps it.
func (*System) Refresh(c *rules.Ctx, cb *model.Combatant, before model.Sheet, statusSet bool) error {
	sh, ok := cb.Sheet().(*Sheet)
	if !ok {
		return nil
	}
	if sh.Stamina > sh.MaxStamina {
		return fmt.Errorf("%s: stamina %d is above maxstamina %d", cb.Name, sh.Stamina, sh.MaxStamina)
	}
	if statusSet {
		return nil
	}
	b, _ := before.(*Sheet)
	old, now := harmStatus(b), harmStatus(sh)
	switch {
	case now > old && cb.Status < now:
	case now < old && cb.Status == old:
	default:
		return nil
	}
	switch {
	case now == model.Incapacitated && sh.IsArmy():
		cb.Status = now
		rout(c, cb)
	case now == model.Dead:
		cb.Status = now
		c.Event("%s is dead", cb.Name)
	case now == model.Unconscious:
		cb.Status = now
		c.Event("%s falls", cb.Name)
	default:
		cb.Status = now
		if cb.DropCond("routed") {
			c.Event("%s rallies", cb.Name)
		}
		c.Event("%s can act again", cb.Name)
	}
	return nil
}
