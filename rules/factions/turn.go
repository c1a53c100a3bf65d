package factions

import (
	"errors"
	"fmt"
	"strings"

	"fray/model"
	"fray/rules"
	"fray/rules/dice"
)

// Usage is what a character's turn has used so far.
type Usage struct {
	Zones  int
	Sprint bool
	Main   int
	Bonus  int
}

// UsageOf reads what a character's turn has used this round.
func UsageOf(e *model.Encounter, id int) Usage {
	var u Usage
	for _, f := range strings.Fields(e.Turn[useKey(id)]) {
		k, v, _ := strings.Cut(f, "=")
		switch k {
		case "zones":
			u.Zones = atoi(v)
		case "sprint":
			u.Sprint = true
		case "main":
			u.Main = atoi(v)
		case "bonus":
			u.Bonus = atoi(v)
		}
	}
	return u
}

func setUsage(e *model.Encounter, id int, u Usage) {
	s := fmt.Sprintf("zones=%d main=%d bonus=%d", u.Zones, u.Main, u.Bonus)
	if u.Sprint {
		s += " sprint"
	}
	e.Turn[useKey(id)] = s
}

// String describes a turn's use: "1 zone, main, bonus".
func (u Usage) String() string {
	var ps []string
	if u.Zones > 0 {
		z := fmt.Sprintf("%d zone", u.Zones)
		if u.Zones != 1 {
			z += "s"
		}
		if u.Sprint {
			z += " sprinting"
		}
		ps = append(ps, z)
	}
	if u.Main > 0 {
		ps = append(ps, "main")
	}
	for i := 0; i < u.Bonus; i++ {
		ps = append(ps, "bonus")
	}
	if len(ps) == 0 {
		return "nothing yet"
	}
	return strings.Join(ps, ", ")
}

// speeds returns the zones a turn allows: full, and half (once an action
// is taken).
func speeds(sh *Sheet, sprint bool) (full, half int) {
	full = sh.Speed
	if sprint {
		full *= 2
	}
	return full, full / 2
}

// turnOf makes sure cb is the character taking its turn, activating it if
// its faction is to choose (or is next after the open activation).
func turnOf(c *rules.Ctx, cb *model.Combatant) error {
	e := c.E
	if err := needCombat(e); err != nil {
		return err
	}
	if Acting(e) == cb {
		return nil
	}
	if err := activate(c, cb); err != nil {
		cur := "nobody is acting"
		if x := Acting(e); x != nil {
			cur = "it is " + possessive(x.Name) + " turn"
		}
		return fmt.Errorf("%s cannot act now (%s): %w", cb.Name, cur, err)
	}
	return nil
}

// notGrabbed refuses an action to a grabbed character.
func notGrabbed(cb *model.Combatant, sh *Sheet) error {
	if sh.GrabbedBy != "" {
		return fmt.Errorf("%s is grabbed by %s and can only try to break free (breakfree %s)", cb.Name, sh.GrabbedBy, rules.Quote(cb.Name))
	}
	return nil
}

func runMove(c *rules.Ctx, args []string) error {
	sprint := len(args) == 3 && strings.EqualFold(args[2], "sprint")
	if len(args) != 2 && !sprint {
		return rules.Usagef(verb("move"), "move takes a name and a number of zones (and sprint)")
	}
	cb, sh, err := find(c, args[0])
	if err != nil {
		return err
	}
	n, err := rules.Int("zones", args[1])
	if err != nil {
		return err
	}
	if n < 1 {
		return errors.New("move at least 1 zone")
	}
	if err := turnOf(c, cb); err != nil {
		return err
	}
	if err := notGrabbed(cb, sh); err != nil {
		return err
	}
	u := UsageOf(c.E, cb.ID)
	u.Sprint = u.Sprint || sprint
	full, half := speeds(sh, u.Sprint)
	limit, why := full, "full speed"
	if u.Main+u.Bonus > 0 {
		limit, why = half, "half speed, having acted"
	}
	if u.Zones+n > limit {
		hint := ""
		if !u.Sprint {
			hint = " (add sprint to move faster)"
		}
		return fmt.Errorf("%s may move %d zone(s) this turn (%s) and has moved %d%s", cb.Name, limit, why, u.Zones, hint)
	}
	u.Zones += n
	setUsage(c.E, cb.ID, u)
	c.Event("%s moves %d zone(s) (this turn: %s)", cb.Name, n, u)
	return nil
}

func runMain(c *rules.Ctx, args []string) error  { return runAction(c, args, true) }
func runBonus(c *rules.Ctx, args []string) error { return runAction(c, args, false) }

func runAction(c *rules.Ctx, args []string, main bool) error {
	name := "bonus"
	if main {
		name = "main"
	}
	if len(args) == 0 {
		return rules.Usagef(verb(name), "%s takes a name", name)
	}
	cb, sh, err := find(c, args[0])
	if err != nil {
		return err
	}
	if err := turnOf(c, cb); err != nil {
		return err
	}
	if err := notGrabbed(cb, sh); err != nil {
		return err
	}
	if err := spend(c, cb, sh, main); err != nil {
		return err
	}
	what := strings.Join(args[1:], " ")
	if what != "" {
		what = ": " + what
	}
	c.Event("%s takes a %s action%s (this turn: %s)", cb.Name, name, what, UsageOf(c.E, cb.ID))
	return nil
}

// spend uses a main or bonus action of the acting character, within the
// limits of a turn: one main action, two actions in all, and no more than
// half speed moved.
func spend(c *rules.Ctx, cb *model.Combatant, sh *Sheet, main bool) error {
	u := UsageOf(c.E, cb.ID)
	_, half := speeds(sh, u.Sprint)
	switch {
	case main && u.Main > 0:
		return fmt.Errorf("%s has already used the main action this turn", cb.Name)
	case u.Main+u.Bonus >= 2:
		return fmt.Errorf("%s has already taken two actions this turn (%s)", cb.Name, u)
	case u.Zones > half:
		return fmt.Errorf("%s moved %d zones, more than half speed: no actions this turn", cb.Name, u.Zones)
	}
	if main {
		u.Main++
	} else {
		u.Bonus++
	}
	setUsage(c.E, cb.ID, u)
	return nil
}

// react spends a character's turn on a reaction.
func react(c *rules.Ctx, cb *model.Combatant, kind string) {
	cb.Acted = true
	c.E.Turn[reactKey(cb.ID)] = kind
}

// canReact says why a character cannot react now, or nil.
func canReact(e *model.Encounter, cb *model.Combatant) error {
	sh, _ := cb.Sheet.(*Sheet)
	switch {
	case !cb.Status.CanAct():
		return fmt.Errorf("%s cannot react (%s)", cb.Name, cb.Status)
	case sh != nil && sh.GrabbedBy != "":
		return fmt.Errorf("%s cannot react: grabbed by %s", cb.Name, sh.GrabbedBy)
	case sh != nil && sh.Out():
		return fmt.Errorf("%s cannot react: out of the fight (surrendered or retreated)", cb.Name)
	case e.Round > 0 && cb.Acted:
		return fmt.Errorf("%s cannot react: it has already used its turn this round", cb.Name)
	}
	return nil
}

// die rolls one die and logs it.
func die(c *rules.Ctx, sides int, who, why string) (int, error) {
	r, err := c.Dice.Roll(who, why, dice.Expr{Text: fmt.Sprintf("d%d", sides),
		Terms: []dice.Term{{Sign: 1, Count: 1, Sides: sides}}})
	return r.Total, err
}

// save rolls a d20 against a score: at or under it passes.
func save(c *rules.Ctx, cb *model.Combatant, stat string, score int, why string) (bool, error) {
	r, err := die(c, 20, cb.Name, fmt.Sprintf("%s save (%s %d), %s", stat, stat, score, why))
	if err != nil {
		return false, err
	}
	return r <= score, nil
}

func passFail(ok bool) string {
	if ok {
		return "passes"
	}
	return "fails"
}

func runSurrender(c *rules.Ctx, args []string) error {
	if len(args) != 1 {
		return rules.Usagef(verb("surrender"), "surrender takes one name")
	}
	cb, sh, err := find(c, args[0])
	if err != nil {
		return err
	}
	if c.E.Round > 0 {
		if err := turnOf(c, cb); err != nil {
			return err
		}
		setUsage(c.E, cb.ID, Usage{Main: 1, Bonus: 1, Zones: sh.Speed})
	}
	sh.Surrendered = true
	c.Event("%s surrenders: weapons down, hands up", cb.Name)
	return nil
}
