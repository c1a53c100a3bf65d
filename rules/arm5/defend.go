package arm5

import (
	"errors"
	"fmt"
	"sort"
	"strings"

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
// which lasts until just before the defender's next turn. A group defends
// as one, on its vanguard's turn: its vanguard holds the extended action
// and rolls the group's Action Priority.
func runDefend(c *rules.Ctx, args []string) error {
	v := verb("defend")
	if len(args) != 2 {
		return rules.Usagef(v, "defend takes the defender and the one defended, or stop")
	}
	d, g, err := resolve(c, args[0])
	if err != nil {
		return err
	}
	if _, err := sheetOf(d); err != nil {
		return err
	}
	who := label(d, g, false)
	if args[1] == "stop" {
		ch := guardOf(c.E, d)
		if ch == nil {
			return fmt.Errorf("%s is defending nobody", who)
		}
		if stopFresh(c.E, d) {
			stopExt(c.E, d.ID)
			c.Event("%s stops defending %s at once: %s action this turn is still to take", who, ch.Name, rules.Possessive(d.Name))
			return nil
		}
		stopExt(c.E, d.ID)
		c.Event("%s stops defending %s", who, ch.Name)
		return nil
	}
	if g == nil {
		if fg := followsGroup(c.E, d); fg != nil {
			return fmt.Errorf("%s fights with the group %s: the group defends as one (defend %s %s)", d.Name, fg.Name, rules.Quote(fg.Name), args[1])
		}
	}
	ch, err := c.Find(args[1])
	if err != nil {
		return err
	}
	switch {
	case g != nil && g.has(ch.ID):
		return fmt.Errorf("%s is one of %s: a group defends someone outside the group", ch.Name, g.Name)
	case ch == d:
		return rules.Usagef(v, "a defender protects someone else")
	case !d.Status.CanAct() || d.HasCond(kPinned):
		return fmt.Errorf("%s cannot act (%s)", d.Name, d.Status)
	case d.Delaying:
		return fmt.Errorf("%s is delaying, and defending is an extended action: act %s first", d.Name, d.Name)
	case ch.Status == model.Dead:
		return fmt.Errorf("%s is dead", ch.Name)
	}
	if !nearCharge(d, ch) {
		if err := c.Refuse("%s is in %s and %s in %s: a defender protects one within two paces (the same zone)", who, rules.ZoneText(d.Zone), ch.Name, rules.ZoneText(ch.Zone)); err != nil {
			return err
		}
	}
	before := markFresh(c.E, d.ID)
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
	if g != nil {
		g.actedWith(c.E) // the whole group's turn: a stop gives none of it back
	} else {
		tset(c.E, kExtNew, d.ID, before)
	}
	if on(c, optIntercept) {
		c.Event("%s defends %s until %s's next turn: an attack on %s first meets %s's Action Priority roll", who, ch.Name, d.Name, ch.Name, who)
	} else {
		c.Event("%s defends %s until %s's next turn: nobody can attack %s while %s can fight", who, ch.Name, d.Name, ch.Name, who)
	}
	return nil
}

// defenderGroup returns the group a defender stands for: the group whose
// vanguard it is (the group defends on the vanguard's turn), or nil.
func defenderGroup(e *model.Encounter, d *model.Combatant) *group {
	if g := groupOf(e, d.ID); g != nil && g.Vanguard == d.ID {
		return g
	}
	return nil
}

// defenderNames names defenders as the log and the order do: a group by
// its name.
func defenderNames(e *model.Encounter, ds []*model.Combatant) string {
	ns := make([]string, len(ds))
	for i, d := range ds {
		ns[i] = label(d, defenderGroup(e, d), false)
	}
	return strings.Join(ns, ", ")
}

// nearCharge reports whether a defender stands within two paces of its
// charge: in the same zone, or either has no zone (fray does not know,
// so it does not refuse).
func nearCharge(d, ch *model.Combatant) bool {
	same, known := model.SameZone(d, ch)
	return same || !known
}

// priorityContest rolls Action Priority for a defender against another
// combatant; won says whether the defender resolves first, and the text
// gives the totals for the log ("11 vs 8", with how a tie went).
func priorityContest(c *rules.Ctx, d *model.Combatant, dsh *Sheet, x *model.Combatant, xsh *Sheet) (won bool, text string, err error) {
	cs := []*contender{{cb: d, sh: dsh, abil: dsh.Ability}, {cb: x, sh: xsh, abil: xsh.Ability}}
	for _, k := range cs {
		if k.total, err = priorityTotal(c, k.cb, k.sh, k.abil); err != nil {
			return false, "", err
		}
	}
	if err := rankContenders(c, cs); err != nil {
		return false, "", err
	}
	return cs[0].cb == d, fmt.Sprintf("%s vs %s%s", num(cs[0].total), num(cs[1].total), priorityWhy(cs[0], cs[1])), nil
}

// interceptMove lets defenders (interceptors option) interrupt an enemy
// who moves into the two paces around them, which fray reads as their
// zone: each in acting order rolls Action Priority against the mover,
// and the first to win engages it.
func interceptMove(c *rules.Ctx, mover *model.Combatant) error {
	if !on(c, optIntercept) || mover.Zone == "" {
		return nil
	}
	msh, err := sheetOf(mover)
	if err != nil {
		return err
	}
	var ds []*model.Combatant
	for _, id := range withState(c.E, kGuard) {
		d := c.E.ByID(id)
		if d == nil || d == mover || guardOf(c.E, d) == nil || guardOf(c.E, d) == mover || !d.Status.CanAct() || d.HasCond(kPinned) ||
			d.Side == mover.Side || d.EngagedWith(mover.ID) {
			continue
		}
		if g := groupOf(c.E, d.ID); g != nil && g.has(mover.ID) {
			continue
		}
		if same, _ := model.SameZone(d, mover); same {
			ds = append(ds, d)
		}
	}
	sort.Slice(ds, func(i, j int) bool { return c.E.OrderIndex(ds[i].ID) < c.E.OrderIndex(ds[j].ID) })
	for _, d := range ds {
		dsh, err := ownSheet(d)
		if err != nil {
			return err
		}
		who := label(d, defenderGroup(c.E, d), false)
		won, text, err := priorityContest(c, d, dsh, mover, msh)
		if err != nil {
			return err
		}
		if !won {
			c.Event("%s slips past %s into %s: priority %s", mover.Name, who, rules.ZoneText(mover.Zone), text)
			continue
		}
		c.Event("%s intercepts %s moving into %s: priority %s", who, mover.Name, rules.ZoneText(mover.Zone), text)
		return rules.EngagePair(c, d, mover)
	}
	return nil
}

// runMove is the core move with the defenders' interception of an enemy
// moving into their zone.
func runMove(c *rules.Ctx, args []string) error {
	return rules.Move(c, args, func(cb *model.Combatant, _ string) error { return notBusy(c, cb, "move") },
		func(cb *model.Combatant) error { return interceptMove(c, cb) })
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
			if !nearCharge(d, o.target) {
				c.Event("%s is not within two paces of %s (%s, %s): no interception", label(d, defenderGroup(c.E, d), false), o.target.Name, d.Zone, o.target.Zone)
				continue
			}
			ds = append(ds, d)
		}
	}
	if len(ds) == 0 {
		return nil
	}
	if !on(c, optIntercept) {
		return fmt.Errorf("%s is defended by %s: attack %s instead (or unguarded if the defender cannot bar the way)", o.target.Name, defenderNames(c.E, ds[:1]), defenderNames(c.E, ds[:1]))
	}
	an := label(o.attacker, o.atkGroup, false)
	for _, d := range ds {
		dsh, err := ownSheet(d)
		if err != nil {
			return err
		}
		g := defenderGroup(c.E, d)
		who := label(d, g, false)
		won, text, err := priorityContest(c, d, dsh, o.attacker, o.atkSheet)
		if err != nil {
			return err
		}
		if !won {
			c.Event("%s slips past %s: priority %s", an, who, text)
			continue
		}
		c.Event("%s intercepts %s's attack on %s: priority %s", who, an, o.target.Name, text)
		if on(c, optEngagement) && !o.flags["missile"] && !d.EngagedWith(o.attacker.ID) {
			if err := rules.EngagePair(c, d, o.attacker); err != nil {
				return err
			}
		}
		if o.flags["waste"] {
			c.Event("%s forfeits the action rather than attack %s", an, who)
			return errWasted
		}
		c.Event("%s's attack goes against %s instead", an, who)
		o.target, o.targetSheet, o.tgtGroup = d, dsh, g
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
	c.Event("%s engages %s: %s can no longer bar %s's attacks on %s", charge.Name, foe.Name, defenderNames(c.E, ds), foe.Name, charge.Name)
}
