package osr

import (
	"errors"
	"fmt"
	"strings"

	"fray/model"
	"fray/rules"
)

// findSheet finds a combatant by name and takes its sheet for changing.
func findSheet(c *rules.Ctx, name string) (*model.Combatant, *Sheet, error) {
	cb, err := c.Find(name)
	if err != nil {
		return nil, nil, err
	}
	sh, err := ownSheet(cb)
	return cb, sh, err
}

// amountArgs reads NAME N [subdual].
func amountArgs(usage string, args []string) (name string, n int, subdual bool, err error) {
	v := rules.Verb{Usage: usage}
	if len(args) < 2 || len(args) > 3 {
		return "", 0, false, rules.Usagef(v, "a name and a number, then optionally subdual")
	}
	if len(args) == 3 {
		if !strings.EqualFold(args[2], "subdual") {
			return "", 0, false, rules.Usagef(v, "unknown option %q", args[2])
		}
		subdual = true
	}
	n, err = rules.Int("hit points", args[1])
	if err == nil && n < 0 {
		err = fmt.Errorf("hit points must be 0 or more, not %d", n)
	}
	return args[0], n, subdual, err
}

func runDamage(c *rules.Ctx, args []string) error {
	name, n, subdual, err := amountArgs("damage NAME N [subdual]", args)
	if err != nil {
		return err
	}
	cb, sh, err := findSheet(c, name)
	if err != nil {
		return err
	}
	if n > 0 {
		disruptSpell(c, cb)
		interruptWand(c, cb)
	}
	real, sub := n, 0
	if subdual {
		real = n / 2
		sub = n - real
	}
	return harm(c, cb, sh, real, sub)
}

func runHeal(c *rules.Ctx, args []string) error {
	name, n, subdual, err := amountArgs("heal NAME N [subdual]", args)
	if err != nil {
		return err
	}
	cb, sh, err := findSheet(c, name)
	if err != nil {
		return err
	}
	if cb.Status == model.Dead {
		return fmt.Errorf("%s is dead: set %s status=… if the GM says otherwise", cb.Name, cb.Name)
	}
	if subdual {
		sh.Subdual = max(0, sh.Subdual-n)
		c.Event("%s recovers subdual damage: %d left", cb.Name, sh.Subdual)
	} else {
		sh.HP = max(sh.HP, min(sh.MaxHP, sh.HP+n))
		c.Event("%s heals: HP %s/%d", cb.Name, num(sh.HP), sh.MaxHP)
	}
	if sh.HP > 0 {
		if cb.DropCond(condDying) {
			c.Event("%s is no longer dying", cb.Name)
		}
		cb.DropCond(condHurt)
		if cb.Status == model.Unconscious && sh.Subdual < sh.HP {
			cb.Status = model.Active
			c.Event("%s comes to", cb.Name)
		}
	}
	return nil
}

func runSave(c *rules.Ctx, args []string) error {
	v := rules.Verb{Usage: "save NAME [±MOD]"}
	if len(args) < 1 || len(args) > 2 {
		return rules.Usagef(v, "save takes a name and optionally a modifier")
	}
	cb, sh, err := findSheet(c, args[0])
	if err != nil {
		return err
	}
	mod := 0
	if len(args) == 2 {
		if mod, err = rules.Int("the modifier", args[1]); err != nil {
			return err
		}
	}
	_, _, err = save(c, cb, sh, "saving throw", mod)
	return err
}

const surpriseUsage = "surprise roll [WHO…] [mod=±N] | surprise WHO [SEGMENTS] | surprise clear [WHO…]"

// who finds combatants by side (exact, ignoring case) or by name.
func who(c *rules.Ctx, words []string) ([]*model.Combatant, error) {
	if len(words) == 0 {
		return c.E.Combatants, nil
	}
	var out []*model.Combatant
	seen := map[int]bool{}
	for _, w := range words {
		var found []*model.Combatant
		for _, cb := range c.E.Combatants {
			if cb.Side != "" && strings.EqualFold(cb.Side, w) {
				found = append(found, cb)
			}
		}
		if len(found) == 0 {
			cb, err := c.Find(w)
			if err != nil {
				return nil, err
			}
			found = append(found, cb)
		}
		for _, cb := range found {
			if !seen[cb.ID] {
				seen[cb.ID] = true
				out = append(out, cb)
			}
		}
	}
	return out, nil
}

func runSurprise(c *rules.Ctx, args []string) error {
	v := rules.Verb{Usage: surpriseUsage}
	if len(args) == 0 {
		return rules.Usagef(v, "roll, clear, or a side or name")
	}
	switch strings.ToLower(args[0]) {
	case "roll":
		plain, kvs := rules.SplitKV(args[1:])
		mod := 0
		for _, kv := range kvs {
			if kv.Key != "mod" {
				return rules.Usagef(v, "unknown option %s= (only mod=±N)", kv.Key)
			}
			var err error
			if mod, err = rules.Int("mod", kv.Value); err != nil {
				return err
			}
		}
		cbs, err := who(c, plain)
		if err != nil {
			return err
		}
		for _, cb := range cbs {
			sh, err := sheetOf(cb)
			if err != nil || !cb.Status.CanAct() {
				continue
			}
			if err := rollSurprise(c, cb, sh, mod); err != nil {
				return err
			}
		}
	case "clear":
		cbs, err := who(c, args[1:])
		if err != nil {
			return err
		}
		for _, cb := range cbs {
			cb.DropTurn("surprised")
			if cb.DropCond(condSurprised) {
				c.Event("%s is no longer surprised", cb.Name)
			}
		}
		return nil
	default:
		if len(args) > 2 {
			return rules.Usagef(v, "a side or name (quote names with spaces) and optionally the segments")
		}
		n := 1
		if len(args) == 2 {
			var err error
			if n, err = rules.Int("segments", args[1]); err != nil {
				return err
			}
			if n < 1 || n > 10 {
				return errors.New("surprise lasts 1 to 10 segments")
			}
		}
		cbs, err := who(c, args[:1])
		if err != nil {
			return err
		}
		for _, cb := range cbs {
			markSurprised(c, cb, n)
		}
	}
	if e := c.E; e.Round > 0 && e.Phase != phaseSurprise && maxSegments(e) > 0 {
		c.Event("the surprise segments open round %d", e.Round+1)
	}
	return nil
}

// rollSurprise rolls a combatant's surprise die: a 1 or 2 is that many
// segments surprised. Wisdom and keen or dull senses (the sheet's
// surprisemod) and the moment (mod) move the roll, but a natural 1 is
// always surprise: a modified 1 or 2 gives that many segments, a natural
// 1 at least one.
func rollSurprise(c *rules.Ctx, cb *model.Combatant, sh *Sheet, mod int) error {
	f, err := rollDie(c, cb.Name, "surprise", sh.SurpriseDie)
	if err != nil {
		return err
	}
	if sh.SurpriseMod == 0 && mod == 0 {
		if f <= 2 {
			markSurprised(c, cb, f)
		} else {
			c.Event("%s is not surprised", cb.Name)
		}
		return nil
	}
	var t sum
	t.Die(die(sh.SurpriseDie), f)
	t.Add("senses", sh.SurpriseMod)
	t.Add("mod", mod)
	n := t.total()
	switch {
	case n <= 2:
		n = max(1, n)
		c.Event("%s surprise: %s → surprised for %s", cb.Name, t, rules.Plural(n, "segment"))
		markSurprised(c, cb, n)
	case f == 1:
		c.Event("%s surprise: %s → a natural 1: surprised for 1 segment", cb.Name, t)
		markSurprised(c, cb, 1)
	default:
		c.Event("%s surprise: %s → not surprised", cb.Name, t)
	}
	return nil
}

func markSurprised(c *rules.Ctx, cb *model.Combatant, n int) {
	cb.SetCond(condSurprised, 0)
	cb.SetTurn("surprised", fmt.Sprint(n))
	c.Event("%s is surprised for %s", cb.Name, rules.Plural(n, "segment"))
}
