package swords

import (
	"fmt"
	"strconv"
	"strings"

	"fray/model"
	"fray/rules"
)

// Close combat.
//
// Two combatants locked in close combat are an engaged pair of the shared
// position model (`engage` marks one by hand). A grab that hits starts it
// and restrains the target; a grab resisted with Grappling starts it too,
// without a hold. Between the two only Grappling serves, for attack and
// defence alike. A restrained combatant can do nothing on its turn but
// try to escape or to take control, Grappling against Grappling; the one
// in control may slam it into what is around them.
//
// Who holds whom lives in the held one's turn state as "held" (the
// holder's ID; "held:ID" in Encounter.Turn in files before format 4); the
// hold lapses when the holder cannot act or the two are no
// longer engaged. The "grappled" condition shows it on the sheet.

const (
	escapeUsage  = "escape NAME [FOE] [mod=±N] [atk=N def=N]"
	controlUsage = "control NAME FOE [mod=±N] [atk=N def=N]"
	slamUsage    = "slam NAME FOE SURFACE(1-8) [corner=0-4] [dmg=N end=N]"
	pickupUsage  = "pickup NAME"
	grappled     = "grappled"
)

// kindHeld is the turn state of one held restrained: the ID of whoever
// holds it.
const kindHeld = "held"

// HeldBy returns the combatant holding cb restrained, or nil: one still
// able to act and still locked in close combat with it.
func HeldBy(e *model.Encounter, cb *model.Combatant) *model.Combatant {
	id, err := strconv.Atoi(cb.TurnText(kindHeld))
	if err != nil {
		return nil
	}
	h := e.ByID(id)
	if h == nil || !h.Status.CanAct() || !cb.EngagedWith(h.ID) {
		return nil
	}
	return h
}

// holdFast restrains target: holder has it in close combat, under
// control.
func holdFast(c *rules.Ctx, holder, target *model.Combatant) error {
	if err := lockIn(c, holder, target); err != nil {
		return err
	}
	if HeldBy(c.E, holder) == target {
		letGo(holder)
	}
	target.SetTurn(kindHeld, strconv.Itoa(holder.ID))
	target.SetCond(grappled, 0)
	return nil
}

// letGo ends any hold on cb.
func letGo(cb *model.Combatant) {
	cb.DropTurn(kindHeld)
	cb.DropCond(grappled)
}

// lockIn starts close combat between a and b, unless it is under way.
func lockIn(c *rules.Ctx, a, b *model.Combatant) error {
	if a.EngagedWith(b.ID) {
		return nil
	}
	return rules.EngagePair(c, a, b)
}

// restrained refuses an action of a combatant held fast.
func restrained(e *model.Encounter, cb *model.Combatant) error {
	if h := HeldBy(e, cb); h != nil {
		return rules.Refusef("%s is held by %s and can only try to escape or take control (escape %s, control %s %s)",
			cb.Name, h.Name, rules.Quote(cb.Name), rules.Quote(cb.Name), rules.Quote(h.Name))
	}
	return nil
}

// closeFoe finds the one a combatant is locked in close combat with: the
// one named, or the only one.
func closeFoe(c *rules.Ctx, v rules.Verb, cb *model.Combatant, name string) (*model.Combatant, error) {
	if name == "" {
		switch foes := c.E.Foes(cb); len(foes) {
		case 0:
			return nil, fmt.Errorf("%s is not in close combat", cb.Name)
		case 1:
			return foes[0], nil
		default:
			return nil, rules.Usagef(v, "%s is in close combat with several: name the one", cb.Name)
		}
	}
	foe, err := c.Find(name)
	if err != nil {
		return nil, err
	}
	if foe == cb {
		return nil, rules.Usagef(v, "%s cannot grapple itself", cb.Name)
	}
	if !cb.EngagedWith(foe.ID) {
		return nil, fmt.Errorf("%s is not in close combat with %s", cb.Name, foe.Name)
	}
	return foe, nil
}

// grapplingContest rolls a's Grappling against b's, each with the mass
// bonus; a's roll is one of its actions, b's a defence (an action it may
// take only while it may still defend this round: else b does not resist
// and a wins). It reports whether a won (ties go to b) and both totals.
func grapplingContest(c *rules.Ctx, a, b *model.Combatant, as, bs *Sheet, mod int, atk, def *int) (bool, int, int, error) {
	var at total
	at.Add("Dex", as.Dex)
	at.Add("Grappling", as.Grappling)
	at.Add("mass", massBonus(as, bs))
	at.Add("mod", mod)
	x, text, err := skillRoll(c, a.Name, "grappling against "+b.Name, at, spend(c.E, a, 1, 0), atk)
	if err != nil {
		return false, 0, 0, err
	}
	c.Event("%s: Grappling %s", a.Name, text)
	if !able(c, b, "resist") {
		if def != nil {
			return false, 0, 0, fmt.Errorf("%s cannot resist now, so def= has nothing to replace", b.Name)
		}
		return true, x, 0, nil
	}
	var bt total
	bt.Add("Dex", bs.Dex)
	bt.Add("Grappling", bs.Grappling)
	bt.Add("mass", massBonus(bs, as))
	y, text, err := skillRoll(c, b.Name, "grappling against "+a.Name, bt, spend(c.E, b, 1, 1), def)
	if err != nil {
		return false, 0, 0, err
	}
	c.Event("%s: Grappling %s", b.Name, text)
	return x > y, x, y, nil
}

// contestArgs reads the words escape and control share.
func contestArgs(c *rules.Ctx, v rules.Verb, args []string, needFoe bool) (*model.Combatant, *Sheet, *model.Combatant, *Sheet, map[string]*int, error) {
	plain, kvs := rules.SplitKV(args)
	if len(plain) < 1 || len(plain) > 2 || (needFoe && len(plain) != 2) {
		return nil, nil, nil, nil, nil, rules.Usagef(v, "%s takes the one grappling and its foe", v.Name)
	}
	opts, err := kvInts(v, kvs, "mod", "atk", "def")
	if err != nil {
		return nil, nil, nil, nil, nil, err
	}
	cb, sh, err := findSheet(c, plain[0])
	if err != nil {
		return nil, nil, nil, nil, nil, err
	}
	if sh.IsArmy() {
		return nil, nil, nil, nil, nil, fmt.Errorf("%s is an army: armies fight with battle", cb.Name)
	}
	// A restrained combatant may do this much on its turn.
	if err := c.Allow(rules.CurrentMayAct(c.E, cb, rules.OnTurn)); err != nil {
		return nil, nil, nil, nil, nil, err
	}
	name := ""
	if len(plain) == 2 {
		name = plain[1]
	}
	foe, err := closeFoe(c, v, cb, name)
	if err != nil {
		return nil, nil, nil, nil, nil, err
	}
	fs, err := ownSheet(foe)
	if err != nil {
		return nil, nil, nil, nil, nil, err
	}
	return cb, sh, foe, fs, opts, nil
}

// runEscape: Grappling against Grappling; winning ends the close combat
// and melee goes on.
func runEscape(c *rules.Ctx, args []string) error {
	v := verb("escape")
	cb, sh, foe, fs, opts, err := contestArgs(c, v, args, false)
	if err != nil {
		return err
	}
	won, x, y, err := grapplingContest(c, cb, foe, sh, fs, intOr(opts, "mod"), opts["atk"], opts["def"])
	if err != nil {
		return err
	}
	if !won {
		c.Event("%s fails to escape from %s: %d against %d", cb.Name, foe.Name, x, y)
		return nil
	}
	c.Event("%s escapes from %s: %d against %d; melee combat resumes", cb.Name, foe.Name, x, y)
	for _, o := range []*model.Combatant{cb, foe} {
		if h := HeldBy(c.E, o); h == cb || h == foe {
			letGo(o)
		}
	}
	c.E.Disengage(cb, foe)
	return nil
}

// runControl: Grappling against Grappling; winning puts the foe under the
// combatant's control (and frees it, if the foe held it).
func runControl(c *rules.Ctx, args []string) error {
	v := verb("control")
	cb, sh, foe, fs, opts, err := contestArgs(c, v, args, true)
	if err != nil {
		return err
	}
	if HeldBy(c.E, foe) == cb {
		return fmt.Errorf("%s already holds %s", cb.Name, foe.Name)
	}
	won, x, y, err := grapplingContest(c, cb, foe, sh, fs, intOr(opts, "mod"), opts["atk"], opts["def"])
	if err != nil {
		return err
	}
	if !won {
		c.Event("%s fails to gain control of %s: %d against %d", cb.Name, foe.Name, x, y)
		return nil
	}
	c.Event("%s gains control of %s: %d against %d; %s is held", cb.Name, foe.Name, x, y, foe.Name)
	return holdFast(c, cb, foe)
}

// runSlam: one who holds a foe slams it into the floor, a wall, a corner:
// 2d6 + Strength + the surface's 1–8 (+ a sharp corner's 0–4) against
// the foe's endurance. A foe twice as heavy or more is beyond slamming.
func runSlam(c *rules.Ctx, args []string) error {
	v := verb("slam")
	plain, kvs := rules.SplitKV(args)
	if len(plain) != 3 {
		return rules.Usagef(v, "slam takes the one holding, the one held and how hard the surface is (1 to 8)")
	}
	surface, err := rules.Int("surface", plain[2])
	if err != nil {
		return err
	}
	if surface < 1 || surface > 8 {
		return rules.Usagef(v, "a surface adds 1 to 8 (a wooden floor less than stone), not %d", surface)
	}
	opts, err := kvInts(v, kvs, "corner", "dmg", "end")
	if err != nil {
		return err
	}
	corner := intOr(opts, "corner")
	if corner < 0 || corner > 4 {
		return rules.Usagef(v, "a sharp corner adds 0 to 4, not %d", corner)
	}
	cb, sh, err := person(c, plain[0], rules.OnTurn)
	if err != nil {
		return err
	}
	foe, err := c.Find(plain[1])
	if err != nil {
		return err
	}
	fs, err := ownSheet(foe)
	if err != nil {
		return err
	}
	if foe == cb {
		return rules.Usagef(v, "%s cannot slam itself", cb.Name)
	}
	if HeldBy(c.E, foe) != cb {
		if err := c.Refuse("%s does not hold %s: grab it first (attack %s %s skill=grappling) or gain control", cb.Name, foe.Name, rules.Quote(cb.Name), rules.Quote(foe.Name)); err != nil {
			return err
		}
	}
	if sh.Mass > 0 && fs.Mass >= 2*sh.Mass {
		if err := c.Refuse("%s is too heavy for %s to slam: at best %s clings on", foe.Name, cb.Name, cb.Name); err != nil {
			return err
		}
	}
	spend(c.E, cb, 1, 0)
	var dt total
	if d := opts["dmg"]; d != nil {
		dt.Add("damage (entered)", *d)
	} else {
		r, err := roll2d6(c, cb.Name, "slamming "+foe.Name)
		if err != nil {
			return err
		}
		dt.Die("2d6", r)
		dt.Add("Str", sh.Str)
		dt.Add("surface", surface)
		dt.Add("corner", corner)
	}
	c.Event("%s: damage %s", cb.Name, dt)
	net, err := endure(c, foe, fs, dt.Sum(), opts["end"])
	if err != nil {
		return err
	}
	applyHit(c, foe, fs, net)
	return keepSeat(c, foe, fs, dt.Sum())
}

// runPickup: a disarmed combatant takes its weapon up again, an action.
func runPickup(c *rules.Ctx, args []string) error {
	if len(args) != 1 {
		return rules.Usagef(verb("pickup"), "pickup takes one name")
	}
	cb, sh, err := person(c, args[0], rules.OnTurn)
	if err != nil {
		return err
	}
	if !sh.Disarmed {
		return fmt.Errorf("%s is not disarmed", cb.Name)
	}
	sh.Disarmed = false
	spend(c.E, cb, 1, 0)
	t := RoundTally(c.E, cb.ID)
	c.Event("%s takes up the %s (action %d this round, skill rolls %s)", cb.Name, orWeapon(sh), t.Actions, signed(t.Penalty()))
	return nil
}

// orWeapon names a combatant's weapon, "weapon" when it has no name.
func orWeapon(sh *Sheet) string {
	if sh.Weapon == "" {
		return "weapon"
	}
	return sh.Weapon
}

// disarm takes the target's weapon out of its hand.
func disarm(c *rules.Ctx, o *attackOpts) {
	o.t.Disarmed = true
	if o.skill == "grappling" {
		c.Event("%s wrenches the %s from %s grasp", o.attacker.Name, orWeapon(o.t), rules.Possessive(o.target.Name))
		return
	}
	c.Event("%s disarms %s: the %s lands a few yards away (pickup %s takes it up again)", o.attacker.Name, o.target.Name, orWeapon(o.t), rules.Quote(o.target.Name))
}

// closeMarks are the order row's marks of close combat.
func closeMarks(e *model.Encounter, cb *model.Combatant) []string {
	if len(cb.Engaged) == 0 {
		return nil
	}
	var ms []string
	ns := make([]string, 0, len(cb.Engaged))
	for _, o := range e.Foes(cb) {
		ns = append(ns, o.Name)
	}
	ms = append(ms, "close combat with "+strings.Join(ns, ", "))
	if h := HeldBy(e, cb); h != nil {
		ms = append(ms, "held by "+h.Name)
	}
	return ms
}
