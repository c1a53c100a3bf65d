package factions

import (
	"errors"
	"fmt"

	"fray/model"
	"fray/rules"
)

func runInitiative(c *rules.Ctx, args []string) error {
	if len(args) != 1 {
		return rules.Usagef(verb("initiative"), "initiative takes one side")
	}
	side, err := findFaction(c.E, args[0])
	if err != nil {
		return err
	}
	c.E.Turn[keyInit] = side
	c.Event("the initiative goes to %s", factionName(side))
	return nil
}

// choose settles the choice of the first faction of a round.
func choose(c *rules.Ctx, side string) {
	c.E.Phase = PhaseTurn
	c.E.Turn[keyActive] = side
	if h := c.E.Turn[keyInit]; h != side {
		c.Event("%s, holding the initiative, let %s go first", factionName(h), factionName(side))
	} else {
		c.Event("%s, holding the initiative, chose to go first", factionName(side))
	}
}

func runFirst(c *rules.Ctx, args []string) error {
	if len(args) != 1 {
		return rules.Usagef(verb("first"), "first takes one side")
	}
	if err := needCombat(c.E); err != nil {
		return err
	}
	if c.E.Phase != PhaseChoose {
		return errors.New("the first faction is picked at the start of a round only")
	}
	side, err := findFaction(c.E, args[0])
	if err != nil {
		return err
	}
	choose(c, side)
	return nil
}

func runActivate(c *rules.Ctx, args []string) error {
	if len(args) != 1 {
		return rules.Usagef(verb("activate"), "activate takes one name")
	}
	cb, err := c.Find(args[0])
	if err != nil {
		return err
	}
	return activate(c, cb)
}

// activate gives cb the turn: it settles a pending choice of the first
// faction and ends an open activation first.
func activate(c *rules.Ctx, cb *model.Combatant) error {
	e := c.E
	if err := needCombat(e); err != nil {
		return err
	}
	if err := readyErr(e, cb); err != nil {
		return err
	}
	if e.Phase == PhaseChoose {
		choose(c, cb.Side)
	} else if Acting(e) != nil {
		handOver(c)
	}
	if side := e.Turn[keyActive]; cb.Side != side {
		return fmt.Errorf("%s is of %s, but %s are to choose (activate one of theirs, or pass)",
			cb.Name, factionName(cb.Side), factionName(side))
	}
	cb.Acted = true
	e.Current = cb.ID
	e.Turn[keyPasses] = "0"
	c.Event("%s: %s takes the turn", factionName(cb.Side), cb.Name)
	if ps := party(e, cb); len(ps) > 1 {
		var with []*model.Combatant
		for _, o := range ps {
			if o != cb {
				o.SetTurn(kindParty, cb.Name)
				with = append(with, o)
			}
		}
		c.Event("%s take the turn with %s (each may act in it, or keep its turn to react)", andNames(with), cb.Name)
	}
	if sh, ok := cb.Sheet().(*Sheet); ok && sh.GrabbedBy != "" {
		c.Event("%s is grabbed by %s: it can only try to break free (breakfree %s)", cb.Name, sh.GrabbedBy, rules.Quote(cb.Name))
	}
	return nil
}

func runPass(c *rules.Ctx, args []string) error {
	if len(args) != 0 {
		return rules.Usagef(verb("pass"), "pass takes no names: the faction to choose passes")
	}
	e := c.E
	if err := needCombat(e); err != nil {
		return err
	}
	switch {
	case e.Phase == PhaseChoose:
		choose(c, e.Turn[keyInit])
	case Acting(e) != nil:
		handOver(c)
	}
	return doPass(c, !anyReady(e, e.Turn[keyActive]))
}

func verb(name string) rules.Verb {
	for _, v := range (&System{}).Verbs() {
		if v.Name == name {
			return v
		}
	}
	return rules.Verb{Name: name, Usage: name}
}
