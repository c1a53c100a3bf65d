package arm5

import (
	"fmt"
	"strings"

	"fray/model"
	"fray/rules"
)

// runControl is the rider's action to master a panicked horse: Presence +
// Ride + stress die against 6 less the horse's wound penalties.
func runControl(c *rules.Ctx, args []string) error {
	v := verb("control")
	plain, kvs := rules.SplitKV(args)
	if len(plain) != 1 {
		return rules.Usagef(v, "control takes the rider's name")
	}
	r, err := c.Find(plain[0])
	if err != nil {
		return err
	}
	h := horseOf(c.E, r.ID)
	if h == nil {
		return fmt.Errorf("%s is not riding a horse", r.Name)
	}
	if !h.HasCond(kPanic) {
		return fmt.Errorf("%s is not panicked", h.Name)
	}
	ef := 6
	if hs, ok := h.Sheet().(*Sheet); ok {
		ef -= hs.WoundPenalty()
	}
	for _, kv := range kvs {
		if kv.Key != "ef" {
			return rules.Usagef(v, "unknown option %s= (only ef=N)", kv.Key)
		}
		if ef, err = rules.Int("ef", kv.Value); err != nil {
			return err
		}
	}
	sh, err := sheetOf(r)
	if err != nil {
		return err
	}
	ok, err := riderRoll(c, r, "control the horse", ef, part{label: "Pre", n: sh.Pre}, part{label: "Ride", n: sh.Ride})
	if err != nil || !ok {
		return err
	}
	h.DropCond(kPanic)
	c.Event("%s is under control again", h.Name)
	return nil
}

// panicCheck is the rider's reaction when the horse takes fright:
// Presence + Ride against ef, or the horse panics.
func panicCheck(c *rules.Ctx, r, h *model.Combatant, ef int) error {
	sh, err := sheetOf(r)
	if err != nil {
		return err
	}
	ok, err := riderRoll(c, r, "keep the horse in hand", ef, part{label: "Pre", n: sh.Pre}, part{label: "Ride", n: sh.Ride})
	if err != nil || ok {
		return err
	}
	h.SetCond(kPanic, 0)
	c.Event("%s panics: it tries to bolt from the fight (control %s)", h.Name, r.Name)
	return nil
}

func runFall(c *rules.Ctx, args []string) error {
	v := verb("fall")
	if len(args) < 1 || len(args) > 2 {
		return rules.Usagef(v, "fall takes the rider and optionally hard or soft ground")
	}
	r, err := c.Find(args[0])
	if err != nil {
		return err
	}
	ground := ""
	if len(args) == 2 {
		ground = strings.ToLower(args[1])
		if ground != "hard" && ground != "soft" {
			return rules.Usagef(v, "the ground is hard or soft, not %q", args[1])
		}
	}
	if horseOf(c.E, r.ID) == nil && !r.HasCond(kMount) {
		return fmt.Errorf("%s is not in the saddle", r.Name)
	}
	return fallFromSaddle(c, r, ground, 0)
}

// fallFromSaddle: the horse's Size plus the gait's bonus (doubled on hard
// ground, halved on soft) plus extra (a bad fall's) plus a stress die,
// against Soak; the rider lands prone and out of the saddle.
func fallFromSaddle(c *rules.Ctx, r *model.Combatant, ground string, extra int) error {
	sh, err := ownSheet(r)
	if err != nil {
		return err
	}
	g := gaitOf(c.E, r.ID)
	bonus := horseSize(c.E, r.ID) + gaits[g].fall
	switch ground {
	case "hard":
		bonus *= 2
	case "soft":
		bonus /= 2
	}
	roll, err := c.Dice.Stress(r.Name, "falling damage", 0)
	if err != nil {
		return err
	}
	var t total
	t.Add("horse Size + "+gaits[g].name, bonus)
	t.Add("bad fall", extra)
	t.Die("stress", roll.Total)
	out, lvl := soakOutcome(sh, t.Sum(), false)
	c.Event("%s falls from the saddle: Damage %s; %s", r.Name, t, out)
	if err := dismount(c, r); err != nil {
		return err
	}
	r.DropCond(kMount)
	fallProne(c, r, "the fall")
	return harm(c, r, sh, lvl, false)
}

// unseat drags a rider from the saddle.
func unseat(c *rules.Ctx, r *model.Combatant) error {
	if horseOf(c.E, r.ID) == nil && !r.HasCond(kMount) {
		c.Event("%s is not in the saddle: nothing to unseat", r.Name)
		return nil
	}
	return fallFromSaddle(c, r, "", 0)
}

// horseWounded applies to the rider what a wound on the horse means:
// Medium, a control roll; Heavy, a roll to keep the saddle, no more than a
// trot and a control roll; Incapacitating or Fatal, the horse goes down.
func horseWounded(c *rules.Ctx, h *model.Combatant, level int) error {
	r := riderOf(c.E, h.ID)
	if r == nil || level < Medium {
		return nil
	}
	rs, err := ownSheet(r)
	if err != nil {
		return err
	}
	switch level {
	case Medium:
		return panicCheck(c, r, h, 9)
	case Heavy:
		m, _ := getMount(c.E, r.ID)
		if m.gait > 2 {
			m.gait = 2
			setMount(c.E, r.ID, m)
			c.Event("%s stops short: no faster than a trot, and any charge is over", h.Name)
		}
		ok, err := riderRoll(c, r, "stay in the saddle", 9, part{label: "Dex", n: rs.Dex}, part{label: "Ride", n: rs.Ride})
		if err != nil {
			return err
		}
		if !ok {
			if err := fallFromSaddle(c, r, "", 0); err != nil {
				return err
			}
			h.SetCond(kPanic, 0)
			c.Event("%s panics, riderless", h.Name)
			return nil
		}
		return panicCheck(c, r, h, 9)
	}
	c.Event("%s goes down under %s", h.Name, r.Name)
	ok, err := riderRoll(c, r, "leap from the saddle", 9, part{label: "Dex", n: rs.Dex}, part{label: "Athletics", n: rs.Athletics}, part{label: "Enc", n: -rs.Enc()})
	if err != nil {
		return err
	}
	if ok {
		c.Event("%s lands on both feet", r.Name)
		return dismount(c, r)
	}
	if err := fallFromSaddle(c, r, "", 0); err != nil {
		return err
	}
	if r.Status == model.Dead {
		return nil
	}
	ok, err = riderRoll(c, r, "roll clear of the horse", 6, part{label: "Qik", n: rs.Qik}, part{label: "Ride", n: rs.Ride}, part{label: "Enc", n: -rs.Enc()})
	if err != nil || ok {
		return err
	}
	hs := 2
	if s, ok := h.Sheet().(*Sheet); ok {
		hs = s.Size
	}
	roll, err := c.Dice.Stress(r.Name, "horse falls on the rider", 0)
	if err != nil {
		return err
	}
	var t total
	t.Add("horse Size", hs)
	t.Add("weight", 6)
	t.Die("stress", roll.Total)
	out, lvl := soakOutcome(rs, t.Sum(), false)
	c.Event("%s lands on %s: Damage %s; %s", h.Name, r.Name, t, out)
	trapped(c, r, hs)
	return harm(c, r, rs, lvl, false)
}

// shock is the Shock of the Charge option: a mounted charge that hits a
// target smaller than the horse may knock it down. Mounted: Dex + Ride;
// on foot: Str + Size + Combat Ability; each + stress die against the
// Damage Total before Soak + the horse's Size. A cantled saddle adds 3 to
// the rider's roll, riding without stirrups takes 3 off.
func shock(c *rules.Ctx, o *attackOpts, dmg int) error {
	if !on(c, optShock) || !o.flags["charge"] || !o.riding(c.E) {
		return nil
	}
	t, ts := o.target, o.targetSheet
	hs := horseSize(c.E, o.attacker.ID)
	if ts.Size >= hs || !t.Status.CanAct() {
		return nil
	}
	ef := dmg + hs
	seated := inSaddle(c.E, t)
	var ok bool
	var err error
	if seated {
		m, _ := getMount(c.E, t.ID)
		ok, err = riderRoll(c, t, "resist the charge", ef, part{label: "Dex", n: ts.Dex}, part{label: "Ride", n: ts.Ride}, part{label: "saddle", n: m.saddle})
	} else {
		ok, err = riderRoll(c, t, "resist the charge", ef, part{label: "Str", n: ts.Str}, part{label: "Size", n: ts.Size}, part{label: abilityLabel(ts), n: ts.Ability})
	}
	if err != nil || ok {
		return err
	}
	if seated {
		return fallFromSaddle(c, t, "", 0)
	}
	fallProne(c, t, "the shock of the charge")
	return nil
}
