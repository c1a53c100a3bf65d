package arm5

import (
	"errors"
	"fmt"
	"strings"

	"fray/model"
	"fray/rules"
)

const groupUsage = "group NAME MEMBER… [leader=NAME] [vanguard=NAME] [trained] [bonus=attack|defense]"

// runGroup forms a combat group of 1–6 combatants able to fight, none of
// them in another group. The vanguard is the first member unless named;
// a trained group needs a leader among the members.
func runGroup(c *rules.Ctx, args []string) error {
	v := verb("group")
	plain, kvs := rules.SplitKV(args)
	if len(plain) < 2 {
		return rules.Usagef(v, "group takes a name for the group and at least one member")
	}
	g := &group{Name: strings.TrimSpace(plain[0])}
	var leader, vanguard string
	for _, kv := range kvs {
		switch kv.Key {
		case "leader":
			leader = kv.Value
		case "vanguard":
			vanguard = kv.Value
		case "trained":
			on, err := yesNo(kv.Value)
			if err != nil {
				return rules.Usagef(v, "trained=%v", err)
			}
			g.Trained = on
		case "bonus":
			def, err := parseBonus(kv.Value)
			if err != nil {
				return rules.Usagef(v, "%v", err)
			}
			g.Defense = def
		default:
			return rules.Usagef(v, "unknown option %s=", kv.Key)
		}
	}
	if err := checkGroupName(c.E, g.Name); err != nil {
		return err
	}
	var members []*model.Combatant
	for _, w := range plain[1:] {
		if strings.EqualFold(w, "trained") {
			g.Trained = true
			continue
		}
		cb, err := c.Find(w)
		if err != nil {
			return err
		}
		if g.has(cb.ID) {
			return fmt.Errorf("%s is named twice", cb.Name)
		}
		if !cb.Status.CanAct() {
			return fmt.Errorf("%s cannot fight (%s), so cannot join a group", cb.Name, cb.Status)
		}
		if o := groupOf(c.E, cb.ID); o != nil {
			return fmt.Errorf("%s is already in the group %s (ungroup %s first)", cb.Name, o.Name, o.Name)
		}
		if _, err := sheetOf(cb); err != nil {
			return err
		}
		g.Members = append(g.Members, cb.ID)
		members = append(members, cb)
	}
	switch {
	case len(members) == 0:
		return rules.Usagef(v, "a group needs at least one member")
	case len(members) > MaxGroup:
		return fmt.Errorf("a group has at most %d members, not %d", MaxGroup, len(members))
	}
	g.Vanguard = members[0].ID
	var err error
	if vanguard != "" {
		if g.Vanguard, err = memberID(c, g, vanguard, "vanguard"); err != nil {
			return err
		}
	}
	if leader != "" {
		if g.Leader, err = memberID(c, g, leader, "leader"); err != nil {
			return err
		}
	}
	if g.Trained && g.Leader == 0 {
		return rules.Usagef(v, "a trained group needs a leader among its members (leader=NAME)")
	}
	saveGroup(c.E, g)
	ms := make([]string, len(members))
	for i, cb := range members {
		ms[i] = cb.Name
		if r := g.role(cb.ID); r != "" {
			ms[i] += " (" + r + ")"
		}
	}
	kind := "group"
	if g.Trained {
		kind = "trained group"
	}
	c.Event("%s form a %s: %s", g.Name, kind, strings.Join(ms, ", "))
	if g.Trained {
		n, how := g.bonus(c.E)
		c.Event("%s: trained bonus %s to %s (%s)", g.Name, signed(n), g.bonusWord(), how)
	}
	return nil
}

// checkGroupName refuses a name that could be mistaken for another group
// or a combatant wherever a name is typed.
func checkGroupName(e *model.Encounter, name string) error {
	switch {
	case name == "":
		return errors.New("a group needs a name")
	case strings.ContainsAny(name, "=,"):
		return fmt.Errorf("a group's name cannot contain = or , (%q)", name)
	case findGroup(e, name) != nil:
		return fmt.Errorf("there is already a group called %q (ungroup it first)", findGroup(e, name).Name)
	}
	for _, cb := range e.Combatants {
		if strings.EqualFold(cb.Name, name) {
			return fmt.Errorf("%q is a combatant's name: give the group another", cb.Name)
		}
	}
	return nil
}

func memberID(c *rules.Ctx, g *group, name, role string) (int, error) {
	cb, err := c.Find(name)
	if err != nil {
		return 0, err
	}
	if !g.has(cb.ID) {
		return 0, fmt.Errorf("the %s must be one of the group's members, and %s is not", role, cb.Name)
	}
	return cb.ID, nil
}

func yesNo(s string) (bool, error) {
	switch strings.ToLower(s) {
	case "yes", "y", "true", "1", "on":
		return true, nil
	case "no", "n", "false", "0", "off":
		return false, nil
	}
	return false, fmt.Errorf("takes yes or no, not %q", s)
}

func parseBonus(s string) (defense bool, err error) {
	switch strings.ToLower(s) {
	case "attack", "atk", "a":
		return false, nil
	case "defense", "defence", "dfn", "d":
		return true, nil
	}
	return false, fmt.Errorf("the trained bonus goes to attack or defense, not %q", s)
}

func groupNamed(c *rules.Ctx, name string) (*group, error) {
	if g := lookupGroup(c.E, name); g != nil {
		return g, nil
	}
	var ns []string
	for _, g := range groups(c.E) {
		ns = append(ns, g.Name)
	}
	if len(ns) == 0 {
		return nil, fmt.Errorf("no group called %q (there are no groups: form one with group)", name)
	}
	return nil, fmt.Errorf("no group called %q (groups: %s)", name, strings.Join(ns, ", "))
}

// runGroupBonus puts a trained group's bonus on Attack or on Defense.
func runGroupBonus(c *rules.Ctx, args []string) error {
	v := verb("groupbonus")
	if len(args) != 2 {
		return rules.Usagef(v, "groupbonus takes a group's name and attack or defense")
	}
	g, err := groupNamed(c, args[0])
	if err != nil {
		return err
	}
	if !g.Trained {
		return fmt.Errorf("%s is not a trained group: only a trained group has a bonus", g.Name)
	}
	if g.Defense, err = parseBonus(args[1]); err != nil {
		return rules.Usagef(v, "%v", err)
	}
	saveGroup(c.E, g)
	n, how := g.bonus(c.E)
	c.Event("%s: trained bonus %s to %s (%s)", g.Name, signed(n), g.bonusWord(), how)
	return nil
}

// runUngroup breaks a group up; its members fight alone.
func runUngroup(c *rules.Ctx, args []string) error {
	v := verb("ungroup")
	if len(args) != 1 {
		return rules.Usagef(v, "ungroup takes a group's name")
	}
	g, err := groupNamed(c, args[0])
	if err != nil {
		return err
	}
	dropGroup(c.E, g)
	var left []*model.Combatant
	for _, id := range g.Members {
		if cb := c.E.ByID(id); cb != nil {
			left = append(left, cb)
		}
	}
	c.Event("the group %s breaks up: %s fight alone", g.Name, names(left))
	return nil
}

// Group implements rules.Grouper: the copies of `add 6 grog group` form
// a combat group (untrained, the first its vanguard), named after them or
// with a number added when a group already has that name.
func (*System) Group(c *rules.Ctx, name string, members []*model.Combatant) error {
	if len(members) > MaxGroup {
		return fmt.Errorf("a combat group has at most %d members: add them %d at a time, each with group", MaxGroup, MaxGroup)
	}
	free := name
	for n := 2; findGroup(c.E, free) != nil; n++ {
		free = fmt.Sprintf("%s %d", name, n)
	}
	args := []string{free}
	for _, m := range members {
		args = append(args, m.Name)
	}
	return runGroup(c, args)
}
