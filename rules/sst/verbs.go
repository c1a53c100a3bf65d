package sst

import (
	"fmt"
	"slices"
	"strings"

	"fray/model"
	"fray/rules"
)

// args is a command's words: plain words and key=value options.
type args struct {
	plain []string
	kv    map[string]string
}

func parseArgs(words []string) args {
	plain, kvs := rules.SplitKV(words)
	a := args{kv: map[string]string{}}
	for _, w := range plain {
		a.plain = append(a.plain, w)
	}
	for _, kv := range kvs {
		a.kv[kv.Key] = kv.Value
	}
	return a
}

// flag removes a plain word (ignoring case) and reports whether it was there.
func (a *args) flag(name string) bool {
	for i, w := range a.plain {
		if strings.EqualFold(w, name) {
			a.plain = slices.Delete(a.plain, i, i+1)
			return true
		}
	}
	return false
}

func (a *args) num(key string, def int) (int, error) {
	v, ok := a.kv[key]
	if !ok {
		return def, nil
	}
	delete(a.kv, key)
	return rules.Int(key, v)
}

func (a *args) faces(key string) ([]int, error) {
	v, ok := a.kv[key]
	if !ok {
		return nil, nil
	}
	delete(a.kv, key)
	fs, err := ParseFaces(v)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", key, err)
	}
	return fs, nil
}

func (a *args) text(key string) string {
	v := a.kv[key]
	delete(a.kv, key)
	return v
}

// done fails on any word or option left over.
func (a *args) done(v rules.Verb) error {
	for k := range a.kv {
		return rules.Usagef(v, "unknown option %s=", k)
	}
	return nil
}

// who finds the combatant named by the first plain word.
func (a *args) who(c *rules.Ctx, v rules.Verb) (*model.Combatant, *Sheet, error) {
	if len(a.plain) == 0 {
		return nil, nil, rules.Usagef(v, "name a combatant")
	}
	cb, err := c.Find(a.plain[0])
	if err != nil {
		return nil, nil, err
	}
	a.plain = a.plain[1:]
	s, err := sheetOf(cb)
	return cb, s, err
}

// cost reads an action cost: a number or a preset name.
func cost(v rules.Verb, w string) (int, error) {
	if n, ok := Presets[strings.ToLower(w)]; ok {
		return n, nil
	}
	n, err := rules.Int("cost", w)
	if err != nil {
		return 0, rules.Usagef(v, "a cost is a number of pips or a preset (attack, break), not %q", w)
	}
	if n < 1 || n > 100 {
		return 0, rules.Usagef(v, "a cost is 1 to 100 pips")
	}
	return n, nil
}

func runSpend(v rules.Verb, pooled bool) func(*rules.Ctx, []string) error {
	return func(c *rules.Ctx, words []string) error {
		a := parseArgs(words)
		cb, s, err := a.who(c, v)
		if err != nil {
			return err
		}
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
		pooled := pooled || a.flag("pool")
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
			n := base + pool + takeEffort(c, cb, s)
			faces, err := rollDice(c, cb.Name, name, n, successNumber(sl))
			if err != nil {
				return err
			}
			c.Event("%s's %s: %d success(es)", cb.Name, name, successes(faces, successNumber(sl)))
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
			if err := s.removeFaces([]int{1}); err != nil {
				return fmt.Errorf("%s has no 1 to spend", cb.Name)
			}
			c.Event("%s spends a 1: +1 to one die of its last roll", cb.Name)
		default:
			return rules.Usagef(v, "a 1 buys effort, clear or plus, not %q", a.plain[0])
		}
		return nil
	}
}

func runCarry(v rules.Verb) func(*rules.Ctx, []string) error {
	return func(c *rules.Ctx, words []string) error {
		a := parseArgs(words)
		cb, _, err := a.who(c, v)
		if err != nil {
			return err
		}
		face := 0
		if len(a.plain) > 0 {
			if face, err = rules.Int("face", a.plain[0]); err != nil {
				return err
			}
		}
		if err := a.done(v); err != nil {
			return err
		}
		if err := carry(c, cb, face); err != nil {
			return err
		}
		if first(c.E, pending) == nil {
			return advanceRefresh(c)
		}
		return nil
	}
}

func runPass(v rules.Verb) func(*rules.Ctx, []string) error {
	return func(c *rules.Ctx, words []string) error {
		a := parseArgs(words)
		cb, s, err := a.who(c, v)
		if err != nil {
			return err
		}
		if err := a.done(v); err != nil {
			return err
		}
		c.Event("%s passes and puts its dice away (%s)", cb.Name, orNone(facesText(s.Dice)))
		s.Dice = nil
		if c.E.Phase == phaseRefresh {
			cb.Acted = true
			if first(c.E, pending) == nil {
				return advanceRefresh(c)
			}
			return nil
		}
		sortOrder(c.E)
		if c.E.Current == cb.ID {
			return pickNext(c)
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

func runCallRefresh(c *rules.Ctx, words []string) error {
	if c.E.Round == 0 {
		return fmt.Errorf("the fight has not started: press next")
	}
	if c.E.Phase == phaseRefresh {
		return fmt.Errorf("a refresh is already under way")
	}
	var caller *model.Combatant
	if len(words) > 0 {
		cb, err := c.Find(words[0])
		if err != nil {
			return err
		}
		caller = cb
	}
	return callRefresh(c, caller)
}

func runSurprise(c *rules.Ctx, words []string) error {
	if c.E.Round != 0 {
		return fmt.Errorf("surprise is set before the fight starts")
	}
	if len(words) == 0 {
		return fmt.Errorf("name the surprised combatants (or a side)")
	}
	var hit []string
	for _, w := range words {
		found := false
		for _, cb := range c.E.Combatants {
			if strings.EqualFold(cb.Side, w) {
				cb.SetCond(surprised, 2)
				hit, found = append(hit, cb.Name), true
			}
		}
		if found {
			continue
		}
		cb, err := c.Find(w)
		if err != nil {
			return err
		}
		cb.SetCond(surprised, 2)
		hit = append(hit, cb.Name)
	}
	c.Event("surprised, no action dice in round 1: %s", strings.Join(hit, ", "))
	return nil
}
