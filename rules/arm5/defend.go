package arm5

import (
	"errors"
	"fmt"
	"sort"

	"fray/model"
	"fray/rules"
)

const defendUsage = "defend DEFENDER CHARGE | defend DEFENDER stop"

// errWasted ends an attack whose attacker, intercepted, forfeits the
// action rather than turn on the defender.
var errWasted = errors.New("the attack is forfeited")

// guardOf returns the charge a defender protects, or nil. Defending is an
// extended action; once it ends, so does the protection.
func guardOf(e *model.Encounter, def *model.Combatant) *model.Combatant {
	id := getN(e, kGuard, def.ID)
	if id == 0 {
		return nil
	}
	if _, ok := getExt(e, def.ID); !ok {
		return nil
	}
	return e.ByID(id)
}

// defendersOf lists those defending a charge, in acting order.
// It reads the few guard entries in Turn rather than asking every
// combatant, since the sheet calls it on each redraw.
func defendersOf(e *model.Encounter, charge *model.Combatant) []*model.Combatant {
	var out []*model.Combatant
	for _, id := range withState(e, kGuard) {
		if d := e.ByID(id); d != nil && guardOf(e, d) == charge {
			out = append(out, d)
		}
	}
	sort.Slice(out, func(i, j int) bool { return e.OrderIndex(out[i].ID) < e.OrderIndex(out[j].ID) })
	return out
}

// runDefend starts (or stops) the extended action of defending a charge,
// which lasts until just before the defender's next turn.
func runDefend(c *rules.Ctx, args []string) error {
	v := verb("defend")
	if len(args) != 2 {
		return rules.Usagef(v, "defend takes the defender and the one defended, or stop")
	}
	d, err := c.Find(args[0])
	if err != nil {
		return err
	}
	if _, err := sheetOf(d); err != nil {
		return err
	}
	if args[1] == "stop" {
		ch := guardOf(c.E, d)
		if ch == nil {
			return fmt.Errorf("%s is defending nobody", d.Name)
		}
		stopExt(c.E, d.ID)
		c.Event("%s stops defending %s", d.Name, ch.Name)
		return nil
	}
	ch, err := c.Find(args[1])
	if err != nil {
		return err
	}
	switch {
	case ch == d:
		return rules.Usagef(v, "a defender protects someone else")
	case !d.Status.CanAct() || d.HasCond(kPinned):
		return fmt.Errorf("%s cannot act (%s)", d.Name, d.Status)
	case d.Delaying:
		return fmt.Errorf("%s is delaying, and defending is an extended action: act %s first", d.Name, d.Name)
	case ch.Status == model.Dead:
		return fmt.Errorf("%s is dead", ch.Name)
	}
	if err := spendAction(c, d, "defend"); err != nil {
		return err
	}
	x := extended{left: 1, total: 1, what: "defending " + ch.Name}
	ok, err := rideSteady(c, d, x.what)
	if err != nil || !ok {
		return err
	}
	setExt(c.E, d.ID, x)
	setN(c.E, kGuard, d.ID, ch.ID)
	if on(c, optIntercept) {
		c.Event("%s defends %s until %s's next turn: an attack on %s first meets %s's Action Priority roll", d.Name, ch.Name, d.Name, ch.Name, d.Name)
	} else {
		c.Event("%s defends %s until %s's next turn: nobody can attack %s while %s can fight", d.Name, ch.Name, d.Name, ch.Name, d.Name)
	}
	return nil
}

// intercept lets the target's defenders stand in the way of an attack.
// Under the plain rule a defended target cannot be attacked at all; with
// the interceptors option each defender in turn rolls Action Priority
// against the attacker, and the first to win takes the attack on himself
// (or, with waste, the attacker forfeits the action). A defender cannot
// stop a foe the charge has attacked, nor one given unguarded.
func (o *attackOpts) intercept(c *rules.Ctx) error {
	if o.free || o.flags["unguarded"] || o.tgtGroup != nil {
		return nil
	}
	var ds []*model.Combatant
	for _, d := range defendersOf(c.E, o.target) {
		if d != o.attacker && d.Status.CanAct() && !d.HasCond(kPinned) &&
			!inList(ids(c.E, kFought, o.target.ID), o.attacker.ID) &&
			(o.atkGroup == nil || !o.atkGroup.has(d.ID)) {
			ds = append(ds, d)
		}
	}
	if len(ds) == 0 {
		return nil
	}
	if !on(c, optIntercept) {
		return fmt.Errorf("%s is defended by %s: attack %s instead (or unguarded if the defender cannot bar the way)", o.target.Name, names(ds), ds[0].Name)
	}
	an := label(o.attacker, o.atkGroup, false)
	for _, d := range ds {
		dsh, err := sheetOf(d)
		if err != nil {
			return err
		}
		cs := []*contender{{cb: d, sh: dsh, abil: dsh.Ability}, {cb: o.attacker, sh: o.atkSheet, abil: o.atkSheet.Ability}}
		for _, k := range cs {
			if k.total, err = priorityTotal(c, k.cb, k.sh, k.abil); err != nil {
				return err
			}
		}
		if err := rankContenders(c, cs); err != nil {
			return err
		}
		why := priorityWhy(cs[0], cs[1])
		if cs[0].cb != d {
			c.Event("%s slips past %s: priority %s vs %s%s", an, d.Name, num(cs[0].total), num(cs[1].total), why)
			continue
		}
		c.Event("%s intercepts %s's attack on %s: priority %s vs %s%s", d.Name, an, o.target.Name, num(cs[0].total), num(cs[1].total), why)
		if on(c, optEngagement) && !o.flags["missile"] && !d.EngagedWith(o.attacker.ID) {
			if err := rules.EngagePair(c, d, o.attacker); err != nil {
				return err
			}
		}
		if o.flags["waste"] {
			c.Event("%s forfeits the action rather than attack %s", an, d.Name)
			return errWasted
		}
		c.Event("%s's attack goes against %s instead", an, d.Name)
		o.target, o.targetSheet = d, dsh
		delete(o.flags, "helpless")
		delete(o.flags, "resist")
		return nil
	}
	return nil
}

// priorityWhy says how a tied priority contest was settled.
func priorityWhy(first, second *contender) string {
	switch {
	case first.total != second.total:
		return ""
	case first.sh.Qik != second.sh.Qik:
		return " (tie: higher Quickness)"
	}
	return " (tie: won on a roll)"
}

// chargeFights notes that a defended charge attacked a foe: its defenders
// can no longer bar that foe's way to it.
func chargeFights(c *rules.Ctx, charge, foe *model.Combatant) {
	ds := defendersOf(c.E, charge)
	if len(ds) == 0 || inList(ids(c.E, kFought, charge.ID), foe.ID) {
		return
	}
	addID(c.E, kFought, charge.ID, foe.ID)
	c.Event("%s engages %s: %s can no longer bar %s's attacks on %s", charge.Name, foe.Name, names(ds), foe.Name, charge.Name)
}
