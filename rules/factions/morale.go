package factions

import (
	"fmt"
	"strings"

	"fray/model"
	"fray/rules"
)

// Check is one morale check due at the end of a round.
type Check struct {
	Side   string
	Reason string
	Takers []*model.Combatant // those who make the WIT save
}

// takesMorale reports whether a character must make a morale save: able
// to fight, not immune to fear, not already steady.
func takesMorale(cb *model.Combatant) bool {
	sh, ok := cb.Sheet().(*Sheet)
	return ok && fighting(cb) && !sh.Fearless && sh.Morale != "passed"
}

// DueMorale finds who must check morale now, at the end of a round: a
// group (a side that started with two or more) that fell to half its
// starting numbers or less during the round, and a lone fighter that fell
// to half its maximum health or less during the round.
func DueMorale(e *model.Encounter) []Check {
	var out []Check
	for _, side := range Factions(e) {
		start := atoi(e.Turn[startKey(side)])
		switch {
		case start >= 2:
			before, now := atoi(e.Turn[roundKey(side)]), countFighting(e, side)
			if 2*now > start || 2*before <= start {
				continue
			}
			ck := Check{Side: side, Reason: fmt.Sprintf("%s down to %d of %d", factionName(side), now, start)}
			for _, cb := range e.Combatants {
				if cb.Side == side && takesMorale(cb) {
					ck.Takers = append(ck.Takers, cb)
				}
			}
			if len(ck.Takers) > 0 {
				out = append(out, ck)
			}
		case start == 1:
			cb := soleMember(e, side)
			if cb == nil {
				continue
			}
			sh, ok := cb.Sheet().(*Sheet)
			if !ok || !takesMorale(cb) {
				continue
			}
			before := roundHealth(cb)
			if 2*sh.Health <= sh.MaxHealth && 2*before > sh.MaxHealth {
				out = append(out, Check{Side: side, Takers: []*model.Combatant{cb},
					Reason: fmt.Sprintf("%s fights alone, down to %d of %d health", cb.Name, sh.Health, sh.MaxHealth)})
			}
		}
	}
	return out
}

// endOfRoundMorale rolls the checks due (option morale=auto) or lists
// them for the morale command (morale=manual).
func endOfRoundMorale(c *rules.Ctx) error {
	checks := DueMorale(c.E)
	manual := c.Option("morale") == "manual"
	var due []int
	for _, ck := range checks {
		if manual {
			c.Event("morale check due: %s (%s): roll with `morale`", ck.Reason, names(ck.Takers))
			for _, cb := range ck.Takers {
				due = append(due, cb.ID)
			}
			continue
		}
		c.Event("morale check: %s", ck.Reason)
		for _, cb := range ck.Takers {
			if err := moraleSave(c, cb, ""); err != nil {
				return err
			}
		}
	}
	if len(due) > 0 {
		c.E.Turn[keyMorale] = idText(due)
	} else {
		delete(c.E.Turn, keyMorale)
	}
	return nil
}

// moraleSave makes (or, with take "pass" or "fail", takes) one WIT save.
func moraleSave(c *rules.Ctx, cb *model.Combatant, take string) error {
	sh, err := ownSheet(cb)
	if err != nil {
		return err
	}
	ok := take == "pass"
	if take == "" {
		if ok, err = save(c, cb, "WIT", sh.Wit, "morale"); err != nil {
			return err
		}
	}
	if ok {
		sh.Morale = "passed"
		c.Event("%s holds firm: no more morale checks this fight", cb.Name)
		return nil
	}
	sh.Morale = "failed"
	if c.Option("rout") == "retreat" {
		sh.Retreated = true
		c.Event("%s breaks and retreats", cb.Name)
	} else {
		sh.Surrendered = true
		c.Event("%s breaks and surrenders", cb.Name)
	}
	return nil
}

func runMorale(c *rules.Ctx, args []string) error {
	take := ""
	if n := len(args); n > 0 {
		switch strings.ToLower(args[n-1]) {
		case "pass", "fail":
			take = strings.ToLower(args[n-1])
			args = args[:n-1]
		}
	}
	var who []*model.Combatant
	if len(args) == 0 {
		for _, id := range idList(c.E.Turn[keyMorale]) {
			if cb := c.E.ByID(id); cb != nil && takesMorale(cb) {
				who = append(who, cb)
			}
		}
		if len(who) == 0 {
			return fmt.Errorf("no morale check is due: name a side or characters to check anyway (usage: %s)", verb("morale").Usage)
		}
	}
	for _, a := range args {
		if cb, err := c.Find(a); err == nil {
			if takesMorale(cb) {
				who = append(who, cb)
			}
			continue
		}
		side, err := findFaction(c.E, a)
		if err != nil {
			return fmt.Errorf("no character or side %q", a)
		}
		for _, cb := range members(c.E, side) {
			if takesMorale(cb) {
				who = append(who, cb)
			}
		}
	}
	if len(who) == 0 {
		return fmt.Errorf("nobody there must check morale (immune, steady or out of the fight)")
	}
	for _, cb := range who {
		if err := moraleSave(c, cb, take); err != nil {
			return err
		}
	}
	delete(c.E.Turn, keyMorale)
	return nil
}
