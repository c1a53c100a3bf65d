package arm5

import (
	"fmt"

	"fray/model"
	"fray/rules"
)

// Exertion on Defense (ArM5): a combatant spends a Fatigue level and adds
// its Combat Ability to every Defense roll until its next turn. Lords of
// Men has a defender, a moving rider and either side of a special
// maneuver use it. The attack word dexert has the target exert on the
// roll it answers with (the level is spent after that roll, as for
// exertion on Attack); exert NAME declares it ahead, spending the level
// at once. Either way it lasts, for no further level, until the
// combatant's next turn begins; the mark lives in Turn as "exertdfn:ID".

const (
	kExertDfn  = "exertdfn"
	exertUsage = "exert NAME"
)

// exertingDfn reports whether the combatant is exerting on Defense.
func exertingDfn(e *model.Encounter, cb *model.Combatant) bool {
	return getN(e, kExertDfn, cb.ID) > 0
}

// canExert refuses an exertion that would leave the combatant
// unconscious.
func canExert(cb *model.Combatant, sh *Sheet) error {
	if sh.Fatigue >= Unconscious-1 {
		return fmt.Errorf("%s is %s: spending another fatigue level would mean falling unconscious", cb.Name, FatigueName(sh.Fatigue))
	}
	return nil
}

// exertOnDefense spends the level and marks the exertion; once a turn.
func exertOnDefense(c *rules.Ctx, cb *model.Combatant, sh *Sheet) {
	if exertingDfn(c.E, cb) {
		return
	}
	setN(c.E, kExertDfn, cb.ID, 1)
	if changeFatigue(c, cb, sh, 1, "exertion on Defense, until "+cb.Name+"'s next turn") == 0 {
		c.Event("%s exerts on Defense until its next turn", cb.Name)
	}
}

// endExertion runs as the combatant's turn begins.
func endExertion(c *rules.Ctx, cb *model.Combatant) {
	if exertingDfn(c.E, cb) {
		setN(c.E, kExertDfn, cb.ID, 0)
		c.Event("%s's exertion on Defense ends", cb.Name)
	}
}

// addExertion adds the exertion term to a defensive total: the Ability
// the roll counts (the Combat Ability for Defense, Brawl or Ride for
// Evasion and resisting), while the combatant exerts or says dexert.
func (o *attackOpts) addExertion(c *rules.Ctx, t *total, ability int) {
	if o.flags["dexert"] || exertingDfn(c.E, o.target) {
		t.Add("exertion", ability)
	}
}

// runExert declares exertion on Defense.
func runExert(c *rules.Ctx, args []string) error {
	if len(args) != 1 {
		return rules.Usagef(verb("exert"), "exert takes one name (exertion on Attack is the attack's exert word)")
	}
	cb, sh, err := findSheet(c, args[0])
	if err != nil {
		return err
	}
	if err := c.MayAct(cb, rules.OutOfTurn); err != nil {
		return err
	}
	if exertingDfn(c.E, cb) {
		return fmt.Errorf("%s is already exerting on Defense until its next turn", cb.Name)
	}
	if err := canExert(cb, sh); err != nil {
		return err
	}
	exertOnDefense(c, cb, sh)
	return nil
}
