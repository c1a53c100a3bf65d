package sst

import (
	"fmt"
	"slices"
	"strings"

	"fray/rules"
)

func runSpend(v rules.Verb, pooled bool) func(*rules.Ctx, []string) error {
	return func(c *rules.Ctx, words []string) error {
		a := parseArgs(words)
		cb, s, err := a.who(c, v)
		if err != nil {
			return err
		}
		// The flag first, so that it is no part of the action's name.
		pooled := pooled || a.flag("pool")
		if len(a.plain) == 0 {
			return rules.Usagef(v, "give a cost")
		}
		n, err := cost(v, a.plain[0])
		if err != nil {
			return err
		}
		what := strings.Join(a.plain[1:], " ")
		faces, err := a.faces("dice")
		if err != nil {
			return err
		}
		if err := a.done(v); err != nil {
			return err
		}
		if err := beginAction(c, cb, s, actOther); err != nil {
			return err
		}
		used, err := pay(cb, s, n, faces)
		if err != nil {
			return err
		}
		if what == "" {
			what = "an action"
		}
		c.Event("%s spends %s on %s (cost %d): dice left %s", cb.Name, facesText(used), what, n, orNone(facesText(s.Dice)))
		if stop, err := fearStops(c, cb, s); stop {
			return err
		}
		if pooled {
			name := strings.Fields(what + " cast")[0]
			if what == "an action" {
				name = "cast"
			}
			s.Cast, s.APool = name, 0
			c.Event("%s starts a %s pool: each Pool action adds a die", cb.Name, name)
		}
		return endAction(c, cb, s)
	}
}

func runPool(v rules.Verb) func(*rules.Ctx, []string) error {
	return func(c *rules.Ctx, words []string) error {
		a := parseArgs(words)
		cb, s, err := a.who(c, v)
		if err != nil {
			return err
		}
		which := ""
		if len(a.plain) > 0 {
			which = strings.ToLower(a.plain[0])
			if which != "dodge" && which != "block" && which != "cast" {
				return rules.Usagef(v, "a pool is dodge, block or cast")
			}
		}
		faces, err := a.faces("dice")
		if err != nil {
			return err
		}
		if len(faces) > 1 {
			return rules.Usagef(v, "a Pool action is paid with one die: dice=FACE")
		}
		if err := a.done(v); err != nil {
			return err
		}
		if err := beginAction(c, cb, s, actPool); err != nil {
			return err
		}
		face, err := payOne(cb, s, firstOr(faces))
		if err != nil {
			return err
		}
		c.Event("%s takes a Pool action with a %d", cb.Name, face)
		if stop, err := fearStops(c, cb, s); stop {
			return err
		}
		if _, err := growPools(c, cb, s, which); err != nil {
			return err
		}
		return endAction(c, cb, s)
	}
}

func runRelease(v rules.Verb) func(*rules.Ctx, []string) error {
	return func(c *rules.Ctx, words []string) error {
		a := parseArgs(words)
		cb, s, err := a.who(c, v)
		if err != nil {
			return err
		}
		base, err := a.num("roll", -1)
		if err != nil {
			return err
		}
		sl, err := a.num("sl", 0)
		if err != nil {
			return err
		}
		if err := a.done(v); err != nil {
			return err
		}
		if s.Cast == "" {
			return fmt.Errorf("%s has no pooled action to release", cb.Name)
		}
		if err := beginAction(c, cb, s, actPool); err != nil {
			return err
		}
		name, pool := s.Cast, s.APool
		s.Cast, s.APool = "", 0
		c.Event("%s releases its %s with %d pooled dice", cb.Name, name, pool)
		if base >= 0 {
			faces, err := poolRoll(c, cb, s, base+pool, successNumber(sl), name)
			if err != nil {
				return err
			}
			c.Event("%s %s: %s", possessive(cb.Name), name, rules.Plural(successes(faces, successNumber(sl)), "success"))
		}
		return endAction(c, cb, s)
	}
}

func runOne(v rules.Verb) func(*rules.Ctx, []string) error {
	return func(c *rules.Ctx, words []string) error {
		a := parseArgs(words)
		cb, s, err := a.who(c, v)
		if err != nil {
			return err
		}
		if len(a.plain) != 1 {
			return rules.Usagef(v, "say what the 1 buys: effort, clear or plus")
		}
		if err := a.done(v); err != nil {
			return err
		}
		if !able(cb) {
			return fmt.Errorf("%s is %s", cb.Name, cb.Status)
		}
		switch strings.ToLower(a.plain[0]) {
		case "effort":
			if s.Effort {
				return fmt.Errorf("%s already has Effort waiting: only one 1 at a time", cb.Name)
			}
			if err := s.removeFaces([]int{1}); err != nil {
				return fmt.Errorf("%s has no 1 to spend", cb.Name)
			}
			s.Effort = true
			c.Event("%s spends a 1 on Effort: +1 die on its next roll", cb.Name)
		case "clear", "stun":
			return clearState(c, cb, s, "", "one", 0, nil)
		case "plus":
			if s.Plus {
				return fmt.Errorf("%s already has a +1 waiting: only one 1 at a time", cb.Name)
			}
			if err := s.removeFaces([]int{1}); err != nil {
				return fmt.Errorf("%s has no 1 to spend", cb.Name)
			}
			s.Plus = true
			c.Event("%s spends a 1 on +1: its next roll with a die one short of success gains a success", cb.Name)
		default:
			return rules.Usagef(v, "a 1 buys effort, clear or plus, not %q", a.plain[0])
		}
		return nil
	}
}

func runClear(v rules.Verb) func(*rules.Ctx, []string) error {
	return func(c *rules.Ctx, words []string) error {
		a := parseArgs(words)
		cb, s, err := a.who(c, v)
		if err != nil {
			return err
		}
		how := ""
		if a.flag("roll") {
			how = "roll"
		}
		if a.flag("one") {
			if how != "" {
				return rules.Usagef(v, "a State is cleared by a roll or one, not both")
			}
			how = "one"
		}
		state := ""
		if len(a.plain) > 0 {
			state = strings.ToLower(a.plain[0])
			if !slices.Contains([]string{Stun, Shock, Doubt, Panicked, Crushed}, state) {
				return rules.Usagef(v, "a State is stun, shock, doubt, panicked or crushed, not %q", a.plain[0])
			}
		}
		n, err := a.num("cost", 4)
		if err != nil {
			return err
		}
		faces, err := a.faces("dice")
		if err != nil {
			return err
		}
		if err := a.done(v); err != nil {
			return err
		}
		return clearState(c, cb, s, state, how, n, faces)
	}
}
