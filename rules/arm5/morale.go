package arm5

import (
	"fmt"
	"sort"
	"strings"

	"fray/model"
	"fray/rules"
)

const (
	moraleUsage     = "morale GROUP EF|equal|superior|ambush [mod=N]"
	disciplineUsage = "discipline GROUP EF|terrain|run|enemydisengages|enemyroutes|disengage [mod=N]"
	rallyUsage      = "rally GROUP calm|missiles|melee|pursued|EF [mod=N]"
)

// Ease Factors of the source's example events.
var (
	moraleEvents     = map[string]int{"equal": 6, "superior": 9, "ambush": 9, "rear": 9}
	disciplineEvents = map[string]int{"terrain": 3, "run": 6, "enemydisengages": 6, "enemyroutes": 9, "disengage": 9}
	rallyEvents      = map[string]int{"calm": 3, "missiles": 6, "melee": 9, "pursued": 12}
)

func eventNames(m map[string]int) string {
	var ns []string
	for k, v := range m {
		ns = append(ns, fmt.Sprintf("%s %d", k, v))
	}
	sort.Strings(ns)
	return strings.Join(ns, ", ")
}

// bestDefender is the fighting member with the best Defense, who stands
// for a group that has lost its vanguard.
func (g *group) bestDefender(e *model.Encounter) *model.Combatant {
	var best *model.Combatant
	bv := 0
	for _, cb := range g.fighting(e) {
		if sh, ok := cb.Sheet().(*Sheet); ok && (best == nil || sh.DfnBase() > bv) {
			best, bv = cb, sh.DfnBase()
		}
	}
	return best
}

// canAttack refuses an attack by a routed group or one with no vanguard.
func (g *group) canAttack() error {
	switch {
	case g.State == "routed":
		return fmt.Errorf("%s is routed: it can only flee (rally %s to restore it)", g.Name, g.Name)
	case g.Vanguard == 0:
		return fmt.Errorf("%s has no vanguard and cannot attack (vanguard %s NAME)", g.Name, g.Name)
	}
	return nil
}

// leaderless keeps a group together that has lost its vanguard or leader
// (morale option): the lost role is empty until filled again.
func leaderless(c *rules.Ctx, g *group) {
	for _, x := range []struct {
		id   *int
		role string
		fix  string
	}{{&g.Vanguard, "vanguard", "it cannot attack, and defends with its best member, until the leader names another (vanguard " + g.Name + " NAME)"},
		{&g.Leader, "leader", "it fails every Morale and Discipline check until someone takes command (lead " + g.Name + " NAME)"}} {
		if *x.id == 0 {
			continue
		}
		if cb := c.E.ByID(*x.id); cb == nil || !cb.Status.CanAct() {
			*x.id = 0
			c.Event("%s has lost its %s: %s; a Morale check is called for", g.Name, x.role, x.fix)
		}
	}
	saveGroup(c.E, g)
}

// groupCheck rolls the leader's Presence + Leadership + stress die (+ mod)
// against ef; a group with no leader fails without a roll.
func groupCheck(c *rules.Ctx, g *group, what string, ef, mod int) (bool, error) {
	l := c.E.ByID(g.Leader)
	if l == nil || !l.Status.CanAct() {
		c.Event("%s: %s vs %d fails: the group has no leader", g.Name, what, ef)
		return false, nil
	}
	sh, err := sheetOf(l)
	if err != nil {
		return false, err
	}
	r, err := c.Dice.Stress(l.Name, what, 1+sh.Botch)
	if err != nil {
		return false, err
	}
	var t total
	t.Add("Pre", sh.Pre)
	t.Add("Leadership", sh.Leadership)
	t.Add("mod", mod)
	t.Die("stress", r.Total)
	if r.Botched {
		c.Event("%s: %s BOTCH ×%d vs %d: fails", g.Name, what, r.Botches, ef)
		return false, nil
	}
	ok := t.Sum() >= ef
	c.Event("%s: %s %s vs %d: %s", g.Name, what, t, ef, map[bool]string{true: "passed", false: "failed"}[ok])
	return ok, nil
}

// checkArgs reads GROUP EF|event [mod=N].
func checkArgs(c *rules.Ctx, name string, args []string, events map[string]int) (*group, int, int, error) {
	v := verb(name)
	plain, kvs := rules.SplitKV(args)
	if len(plain) != 2 {
		return nil, 0, 0, rules.Usagef(v, "%s takes a group and an Ease Factor or event (%s)", name, eventNames(events))
	}
	if !on(c, optMorale) {
		return nil, 0, 0, fmt.Errorf("morale and discipline are an option: turn it on with `option %s on`", optMorale)
	}
	g, err := groupNamed(c, plain[0])
	if err != nil {
		return nil, 0, 0, err
	}
	ef, ok := events[strings.ToLower(plain[1])]
	if !ok {
		if ef, err = rules.Int("the Ease Factor", plain[1]); err != nil {
			return nil, 0, 0, rules.Usagef(v, "%q is neither an Ease Factor nor an event (%s)", plain[1], eventNames(events))
		}
	}
	mod := 0
	for _, kv := range kvs {
		if kv.Key != "mod" {
			return nil, 0, 0, rules.Usagef(v, "unknown option %s= (only mod=N)", kv.Key)
		}
		if mod, err = rules.Int("mod", kv.Value); err != nil {
			return nil, 0, 0, err
		}
	}
	return g, ef, mod, nil
}

func setState(c *rules.Ctx, g *group, st, why string) {
	g.State = st
	saveGroup(c.E, g)
	if st == "" {
		st = "in good order"
	}
	c.Event("%s is %s%s", g.Name, st, why)
}

func runMorale(c *rules.Ctx, args []string) error {
	g, ef, mod, err := checkArgs(c, "morale", args, moraleEvents)
	if err != nil {
		return err
	}
	ok, err := groupCheck(c, g, "Morale", ef, mod)
	if err != nil || ok {
		return err
	}
	switch g.State {
	case "":
		setState(c, g, "disordered", " (a trained group fights as an untrained one; an untrained one lands half its blows)")
	case "routed":
		c.Event("%s is still routed", g.Name)
	default:
		setState(c, g, "routed", ": it tries to disengage and flee")
	}
	return nil
}

func runDiscipline(c *rules.Ctx, args []string) error {
	g, ef, mod, err := checkArgs(c, "discipline", args, disciplineEvents)
	if err != nil {
		return err
	}
	ok, err := groupCheck(c, g, "Discipline", ef, mod)
	if err != nil || ok {
		return err
	}
	switch {
	case g.State == "":
		setState(c, g, "disordered", " (a trained group fights as an untrained one; an untrained one lands half its blows)")
	case g.State == "disordered" && g.Trained:
		setState(c, g, "broken", ": it fights as a disordered untrained group, half its blows landing")
	default:
		c.Event("%s stays %s", g.Name, g.State)
	}
	return nil
}

// casualties counts members with a Medium wound or worse, or out of the
// fight.
func (g *group) casualties(e *model.Encounter) (int, int) {
	n := 0
	for _, id := range g.Members {
		cb := e.ByID(id)
		if cb == nil || !cb.Status.CanAct() {
			n++
			continue
		}
		if sh, ok := cb.Sheet().(*Sheet); ok && sh.Wounds[Medium]+sh.Wounds[Heavy]+sh.Wounds[Incap]+sh.Wounds[Fatal] > 0 {
			n++
		}
	}
	return n, len(g.Members)
}

// runRally is the leader's action to bring a group back one step: routed
// to disordered, disordered to good order. Casualties add 1 to the Ease
// Factor, half the group or more 3.
func runRally(c *rules.Ctx, args []string) error {
	g, ef, mod, err := checkArgs(c, "rally", args, rallyEvents)
	if err != nil {
		return err
	}
	if g.State == "" {
		return fmt.Errorf("%s is in good order: nothing to rally", g.Name)
	}
	if l := c.E.ByID(g.Leader); l != nil {
		if err := spendAction(c, l, "rally the group"); err != nil {
			return err
		}
	}
	lost, all := g.casualties(c.E)
	switch {
	case lost*2 >= all:
		ef += 3
		c.Event("%s has %d casualties of %d: +3 to the Ease Factor", g.Name, lost, all)
	case lost > 0:
		ef++
		c.Event("%s has %d casualty(ies) of %d: +1 to the Ease Factor", g.Name, lost, all)
	}
	ok, err := groupCheck(c, g, "rally", ef, mod)
	if err != nil || !ok {
		return err
	}
	if g.State == "routed" {
		setState(c, g, "disordered", " again")
	} else {
		setState(c, g, "", " again")
	}
	return nil
}

// roleArgs reads GROUP NAME [free] for vanguard and lead.
func roleArgs(c *rules.Ctx, name string, args []string) (*group, *model.Combatant, bool, error) {
	v := verb(name)
	if len(args) < 2 || len(args) > 3 || (len(args) == 3 && !strings.EqualFold(args[2], "free")) {
		return nil, nil, false, rules.Usagef(v, "%s takes a group, a member and optionally free", name)
	}
	g, err := groupNamed(c, args[0])
	if err != nil {
		return nil, nil, false, err
	}
	id, err := memberID(c, g, args[1], name)
	if err != nil {
		return nil, nil, false, err
	}
	cb := c.E.ByID(id)
	if !cb.Status.CanAct() {
		return nil, nil, false, fmt.Errorf("%s cannot act (%s)", cb.Name, cb.Status)
	}
	return g, cb, len(args) == 3, nil
}

// runVanguard: the leader names a new vanguard, free after a round without
// fighting, else on Presence + Leadership + stress die against 9.
func runVanguard(c *rules.Ctx, args []string) error {
	g, cb, free, err := roleArgs(c, "vanguard", args)
	if err != nil {
		return err
	}
	if l := c.E.ByID(g.Leader); l != nil {
		if err := c.MayAct(l, rules.OnTurn); err != nil {
			return err // a command, at the group's place in the sequence
		}
	}
	if !free {
		if ok, err := groupCheck(c, g, "new vanguard", 9, 0); err != nil || !ok {
			return err
		}
	}
	g.Vanguard = cb.ID
	saveGroup(c.E, g)
	c.Event("%s is now the vanguard of %s", cb.Name, g.Name)
	return nil
}

// runLead: a member takes command, free after a round without fighting,
// else on its own Presence + Leadership + stress die against 9.
func runLead(c *rules.Ctx, args []string) error {
	g, cb, free, err := roleArgs(c, "lead", args)
	if err != nil {
		return err
	}
	if err := c.MayAct(cb, rules.OnTurn); err != nil {
		return err // at the group's place in the sequence
	}
	if !free {
		old := g.Leader
		g.Leader = cb.ID
		ok, err := groupCheck(c, g, "take command", 9, 0)
		g.Leader = old
		if err != nil || !ok {
			return err
		}
	}
	g.Leader = cb.ID
	saveGroup(c.E, g)
	c.Event("%s now leads %s", cb.Name, g.Name)
	return nil
}
