package osr

import (
	"fmt"

	"fray/model"
	"fray/rules"
)

// harm takes real and subdual damage off a sheet and applies what follows:
// the death-save bands for a monster or NPC at 0 HP or below, dying for a
// player character, unconsciousness when subdual damage reaches the hit
// points left.
func harm(c *rules.Ctx, cb *model.Combatant, sh *Sheet, real, sub int) error {
	if real <= 0 && sub <= 0 {
		return nil
	}
	sh.HP -= real
	sh.Subdual += sub
	if sub > 0 {
		c.Event("%s takes %d damage and %d subdual: HP %s/%d, subdual %d", cb.Name, real, sub, num(sh.HP), sh.MaxHP, sh.Subdual)
	} else {
		c.Event("%s takes %d damage: HP %s/%d", cb.Name, real, num(sh.HP), sh.MaxHP)
	}
	was := cb.Status
	if sh.HP <= 0 && real > 0 {
		if err := zeroHP(c, cb, sh); err != nil {
			return err
		}
	} else if sh.HP > 0 && sh.Subdual >= sh.HP && cb.Status == model.Active {
		cb.Status = model.Unconscious
		c.Event("%s is beaten unconscious, not dead (subdual damage heals 1 point an hour: heal %s N subdual)", cb.Name, cb.Name)
	}
	simultaneous(c, cb, was)
	return nil
}

// simultaneous notes that a combatant put out at its own count still acts
// at it: equal counts take effect together.
func simultaneous(c *rules.Ctx, cb *model.Combatant, was model.Status) {
	e := c.E
	if was == model.Active && !able(cb) && e.Phase == phaseCount && cb.HasInit && cb.Init == e.Count && !cb.Acted && !cb.Delaying {
		c.Event("%s acts at count %d all the same: equal counts are simultaneous", cb.Name, e.Count)
	}
}

// zeroHP applies 0 HP or below: a player character is marked dying for
// the GM; a monster or NPC meets the death-save band of its hit points.
func zeroHP(c *rules.Ctx, cb *model.Combatant, sh *Sheet) error {
	if cb.Status == model.Dead {
		return nil
	}
	if sh.PC {
		cb.SetCond(condDying, 0)
		c.Event("%s is at %s HP and dying: the GM decides (healing above 0 ends it)", cb.Name, num(sh.HP))
		return nil
	}
	switch DeathBand(sh.HP) {
	case SaveOrDrop:
		if cb.Status == model.Unconscious {
			c.Event("%s stays down at %s HP", cb.Name, num(sh.HP))
			return nil
		}
		face, ok, err := save(c, cb, sh, "save vs death", 0)
		switch {
		case err != nil:
			return err
		case face == 1:
			kill(c, cb, "a natural 1 on the death save")
		case ok:
			cb.SetCond(condHurt, 0)
			c.Event("%s stays up at %s HP, fighting at −2", cb.Name, num(sh.HP))
		default:
			cb.Status = model.Unconscious
			c.Event("%s falls unconscious at %s HP", cb.Name, num(sh.HP))
		}
	case DownSave:
		cb.Status = model.Unconscious
		c.Event("%s is unconscious at %s HP and dies on a failed save", cb.Name, num(sh.HP))
		_, ok, err := save(c, cb, sh, "save vs death", 0)
		if err != nil {
			return err
		}
		if ok {
			c.Event("%s clings to life", cb.Name)
		} else {
			kill(c, cb, "failed the death save")
		}
	case Slain:
		kill(c, cb, num(sh.HP)+" HP")
	}
	return nil
}

func kill(c *rules.Ctx, cb *model.Combatant, why string) {
	cb.Status = model.Dead
	cb.DropCond(condDying)
	c.Event("%s dies (%s)", cb.Name, why)
}

// save rolls a saving throw: d20 + the combatant's penalties + mod against
// the sheet's save. A natural 20 always saves, a natural 1 always fails.
func save(c *rules.Ctx, cb *model.Combatant, sh *Sheet, why string, mod int) (face int, ok bool, err error) {
	face, err = rollDie(c, cb.Name, why, 20)
	if err != nil {
		return 0, false, err
	}
	t := saveSum(cb, face, mod)
	ok = face == 20 || (face != 1 && t.total() >= sh.Save)
	verdict := "fails"
	if ok {
		verdict = "saves"
	}
	if face == 20 || face == 1 {
		verdict += fmt.Sprintf(" (natural %d)", face)
	}
	c.Event("%s %s: %s against %d → %s", cb.Name, why, t, sh.Save, verdict)
	return face, ok, nil
}

func saveSum(cb *model.Combatant, face, mod int) sum {
	var t sum
	t.Die("d20", face)
	if cb.HasCond(condFlesh) {
		t.Add("flesh wound", -2)
	}
	if cb.HasCond(condHurt) {
		t.Add("hurt", -2)
	}
	t.Add("mod", mod)
	return t
}

// mightyBlow rolls on the Mighty Blows table for a natural 20: the
// victim's save lowers the result by its margin (at least 1), a natural 20
// on that save negates the blow; then the band's effects.
func mightyBlow(c *rules.Ctx, cb *model.Combatant, sh *Sheet, mod int) error {
	r, err := rollDie(c, cb.Name, "Mighty Blow", 20)
	if err != nil {
		return err
	}
	if mod != 0 { // the die alone is in its roll's line already
		var t sum
		t.Die("d20", r)
		t.Add("mb", mod)
		c.Event("Mighty Blow on %s: %s", cb.Name, t)
	}
	r += mod
	face, ok, err := save(c, cb, sh, "save against the Mighty Blow", 0)
	if err != nil {
		return err
	}
	if face == 20 {
		c.Event("%s negates the Mighty Blow", cb.Name)
		return nil
	}
	res := r
	if ok {
		low := SaveLowering(saveSum(cb, face, 0).total(), sh.Save)
		res = r - low
		c.Event("the save lowers the Mighty Blow by %d, from %d to %d", low, r, res)
	}
	b, ok := MightyBlow(res)
	if !ok {
		c.Event("%s shrugs the Mighty Blow off", cb.Name)
		return nil
	}
	c.Event("Mighty Blow %d on %s: %s", res, cb.Name, b.Name)
	return blowEffects(c, cb, sh, b)
}

// blowEffects applies a band of the Mighty Blows table. The saves it calls
// for are rolled before its own flesh wound counts.
func blowEffects(c *rules.Ctx, cb *model.Combatant, sh *Sheet, b Blow) error {
	was := cb.Status
	if b.Stun > 0 {
		n, err := rollDie(c, cb.Name, "rounds stunned", b.Stun)
		if err != nil {
			return err
		}
		stun(c, cb, n)
	}
	if b.Con != 0 {
		lost := b.Con
		if lost == ConAll || sh.ConLoss+lost > sh.Con {
			lost = sh.Con - sh.ConLoss
		}
		sh.ConLoss += lost
		c.Event("%s loses %d CON (now %d)", cb.Name, lost, sh.ConNow())
	}
	if b.SaveOrOut {
		_, ok, err := save(c, cb, sh, "save against being put out of the fight", 0)
		if err != nil {
			return err
		}
		if !ok {
			out(c, cb)
		}
	}
	if b.Out {
		out(c, cb)
	}
	if b.SaveOrDie {
		_, ok, err := save(c, cb, sh, "save against death", 0)
		if err != nil {
			return err
		}
		if !ok {
			kill(c, cb, "the incapacitating strike")
		}
	}
	if b.Mangled {
		cb.SetCond(condMangled, 0)
	}
	if b.Dead {
		kill(c, cb, b.Name)
	}
	if b.Flesh && cb.Status != model.Dead {
		cb.SetCond(condFlesh, 0)
		c.Event("%s has a flesh wound: −2 on attacks and saves", cb.Name)
	}
	simultaneous(c, cb, was)
	return nil
}

// out puts a combatant out of the fight until healed.
func out(c *rules.Ctx, cb *model.Combatant) {
	if cb.Status == model.Dead || cb.Status == model.Incapacitated {
		return
	}
	cb.Status = model.Incapacitated
	c.Event("%s is out of the fight until healed", cb.Name)
}
