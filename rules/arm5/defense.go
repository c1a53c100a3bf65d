package arm5

import (
	"fmt"
	"strings"

	"fray/rules"
)

func defenseWord(o *attackOpts) string {
	if o.flags["evade"] {
		return "Evasion"
	}
	return "Defense"
}

// defense rolls the target's Defense or Evasion Total. Evasion in the
// saddle counts Ride where it counts Brawl on foot. A helpless target,
// or one that cannot act, has −10 with no roll; diceless defense (the
// option or the flag) uses 6 in place of the stress die; a botch makes the
// total 0.
func defense(c *rules.Ctx, o *attackOpts) (int, string, bool, error) {
	t := o.targetSheet
	word := defenseWord(o)
	if o.fixedDfn != nil {
		return *o.fixedDfn, fmt.Sprintf("%s %s (no roll)", word, num(*o.fixedDfn)), false, nil
	}
	if o.flags["helpless"] || !o.target.Status.CanAct() || o.target.HasCond(kPinned) {
		why := "helpless"
		switch {
		case !o.target.Status.CanAct():
			why = o.target.Status.String()
		case o.target.HasCond(kPinned):
			why = kPinned
		}
		return -10, fmt.Sprintf("%s %s (%s, no roll)", word, num(-10), why), false, nil
	}
	if o.flags["resist"] {
		return resistTotal(c, o)
	}
	var dt total
	if o.flags["evade"] {
		dt.Add("Qik", t.Qik)
		if inSaddle(c.E, o.target) {
			dt.Add("Ride", t.Ride)
			o.addExertion(c, &dt, t.Ride)
		} else {
			dt.Add("Brawl", t.Brawl)
			o.addExertion(c, &dt, t.Brawl)
		}
		dt.Add("Size", -t.Size)
		dt.Add("Enc", -t.Enc())
		dt.Add("shield", t.SDfn)
	} else {
		dt.Add("Qik", t.Qik)
		dt.Add(abilityLabel(t), t.Ability)
		dt.Add("weapon", t.WDfn)
		dt.Add("shield", t.SDfn)
		o.addExertion(c, &dt, t.Ability)
		if g := o.tgtGroup; g != nil && g.Trained && g.Defense {
			n, how := g.bonus(c.E)
			c.Event("%s: trained bonus %s to Defense (%s)", g.Name, signed(n), how)
			dt.Add("group", n)
		}
	}
	o.defenseSituation(c, &dt)
	dt.Add("mod", o.dmod)
	dt.Add("penalties", t.Penalty())
	if o.flags["diceless"] || c.Option("diceless") == "on" {
		dt.Die("diceless", 6)
		return dt.Sum(), word + " " + dt.String(), false, nil
	}
	r, err := c.Dice.Stress(label(o.target, o.tgtGroup, false), strings.ToLower(word), 1+t.Botch+o.dbotch)
	if err != nil {
		return 0, "", false, err
	}
	if r.Botched {
		return 0, fmt.Sprintf("%s (%s)", botched(word, r.Botches), BotchHint(r.Botches, o.target.HasCond("mounted"))), true, nil
	}
	dt.Die("stress", r.Total)
	return dt.Sum(), word + " " + dt.String(), false, nil
}
