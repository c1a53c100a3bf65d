package arm5

import (
	"errors"
	"fmt"
	"strings"

	"fray/model"
	"fray/rules"
)

func runRecover(c *rules.Ctx, args []string) error {
	v := verb("recover")
	plain, kvs := rules.SplitKV(args)
	if len(plain) < 1 || len(plain) > 2 {
		return rules.Usagef(v, "recover takes a name and optionally fatigue or bruise")
	}
	cb, err := c.Find(plain[0])
	if err != nil {
		return err
	}
	sh, err := sheetOf(cb)
	if err != nil {
		return err
	}
	medic, aid := 0, 0
	for _, kv := range kvs {
		n, err := rules.Int(kv.Key, kv.Value)
		if err != nil {
			return err
		}
		switch kv.Key {
		case "medic":
			medic = n
		case "aid":
			aid = n
		default:
			return rules.Usagef(v, "unknown option %s= (medic=N, aid=N)", kv.Key)
		}
	}
	what := ""
	if len(plain) == 2 {
		what = strings.ToLower(plain[1])
	} else if sh.WorstBruise() > 0 {
		what = "bruise"
	} else {
		what = "fatigue"
	}
	switch what {
	case "fatigue":
		if sh.Fatigue == 0 {
			return fmt.Errorf("%s is already Fresh: nothing to recover", cb.Name)
		}
		changeFatigue(c, cb, sh, -1, "rested "+FatigueRecovery(sh.Fatigue))
		return nil
	case "bruise", "bruises":
		return recoverBruise(c, cb, sh, medic, aid)
	}
	return rules.Usagef(v, "recover what? %q is neither fatigue nor bruise", plain[1])
}

// recoverBruise rolls Stamina + medic + aid + stress die against the Ease
// Factor of the worst Bruise and, on success, improves it one level,
// leaving its residual wound the first time a Heavy or worse Bruise
// improves.
func recoverBruise(c *rules.Ctx, cb *model.Combatant, sh *Sheet, medic, aid int) error {
	l := sh.WorstBruise()
	if l == 0 {
		return fmt.Errorf("%s has no Bruise to recover from", cb.Name)
	}
	r, err := c.Dice.Stress(cb.Name, "Bruise recovery", 1)
	if err != nil {
		return err
	}
	var t total
	t.add("Sta", sh.Sta)
	t.add("medic", medic)
	t.add("aid", aid)
	t.die("stress", r.Total)
	ef := bruiseEase(l)
	if r.Botched {
		c.Event("%s: recovery from a %s Bruise BOTCH ×%d: no improvement", cb.Name, LevelName(l), r.Botches)
		return nil
	}
	if t.sum() < ef {
		c.Event("%s: recovery %s vs %d: the %s Bruise does not improve", cb.Name, t, ef, LevelName(l))
		return nil
	}
	// A Bruise that has not yet left its wound improves first.
	done := map[int]*int{Heavy: &sh.BHeavyDone, Incap: &sh.BIncapDone}
	wasDone := false
	if d, ok := done[l]; ok {
		*d = min(*d, sh.Bruises[l])
		if sh.Bruises[l]-*d == 0 {
			wasDone = true
			*d--
		}
	}
	sh.Bruises[l]--
	res := ""
	if l > Light {
		sh.Bruises[l-1]++
		if d, ok := done[l-1]; ok && (wasDone || residual(l) > 0) {
			*d++
		}
	}
	c.Event("%s: recovery %s vs %d: the %s Bruise improves to %s", cb.Name, t, ef, LevelName(l), bruiseAfter(l))
	if !wasDone && residual(l) > 0 {
		res = harmName(residual(l), false)
		sh.Wounds[residual(l)]++
		c.Event("%s keeps a %s from the Bruise", cb.Name, res)
	}
	syncStatus(c, cb, sh, false)
	return nil
}

func bruiseAfter(l int) string {
	if l <= Light {
		return "nothing"
	}
	return LevelName(l-1) + " Bruise"
}

// runPriority rolls Action Priority Totals for two combatants: Quickness +
// Ability − Encumbrance + stress die. Higher resolves first; ties go to
// higher Quickness, then to simple-die rolls. A delayed action of either is
// spent.
func (s *System) runPriority(c *rules.Ctx, args []string) error {
	v := verb("priority")
	plain, kvs := rules.SplitKV(args)
	if len(plain) != 2 {
		return rules.Usagef(v, "priority takes two names")
	}
	a, err := c.Find(plain[0])
	if err != nil {
		return err
	}
	b, err := c.Find(plain[1])
	if err != nil {
		return err
	}
	if a == b {
		return rules.Usagef(v, "priority needs two different combatants")
	}
	sa, err := sheetOf(a)
	if err != nil {
		return err
	}
	sb, err := sheetOf(b)
	if err != nil {
		return err
	}
	abil := map[string]int{"abila": sa.Ability, "abilb": sb.Ability}
	for _, kv := range kvs {
		if _, ok := abil[kv.Key]; !ok {
			return rules.Usagef(v, "unknown option %s= (abila=N, abilb=N)", kv.Key)
		}
		n, err := rules.Int(kv.Key, kv.Value)
		if err != nil {
			return err
		}
		abil[kv.Key] = n
	}
	for _, cb := range []*model.Combatant{a, b} {
		if !cb.Status.CanAct() {
			return fmt.Errorf("%s cannot act (%s)", cb.Name, cb.Status)
		}
	}
	ta, err := priorityTotal(c, a, sa, abil["abila"])
	if err != nil {
		return err
	}
	tb, err := priorityTotal(c, b, sb, abil["abilb"])
	if err != nil {
		return err
	}
	first, second := a, b
	why := ""
	switch {
	case ta < tb:
		first, second = b, a
	case ta == tb && sa.Qik != sb.Qik:
		why = " (tie: higher Quickness)"
		if sb.Qik > sa.Qik {
			first, second = b, a
		}
	case ta == tb:
		why = " (tie: won on a roll)"
		aFirst, err := rollOff(c, a, b)
		if err != nil {
			return err
		}
		if !aFirst {
			first, second = b, a
		}
	}
	c.Event("%s acts before %s: priority %s vs %s%s", first.Name, second.Name, num(max(ta, tb)), num(min(ta, tb)), why)
	for _, cb := range []*model.Combatant{a, b} {
		if cb.Delaying {
			rules.ClearDelay(c.E, cb)
			cb.Acted = true
			c.Event("%s's delayed action is spent", cb.Name)
		}
	}
	return nil
}

func priorityTotal(c *rules.Ctx, cb *model.Combatant, sh *Sheet, ability int) (int, error) {
	r, err := c.Dice.Stress(cb.Name, "action priority", 1+sh.Botch)
	if err != nil {
		return 0, err
	}
	var t total
	t.add("Qik", sh.Qik)
	t.add("Ability", ability)
	t.add("Enc", -sh.Enc())
	t.die("stress", r.Total)
	if r.Botched {
		c.Event("%s: action priority BOTCH ×%d = 0", cb.Name, r.Botches)
		return 0, nil
	}
	c.Event("%s: action priority %s", cb.Name, t)
	return t.sum(), nil
}

// rollOff rolls simple dice for both until they differ; it reports
// whether a won.
func rollOff(c *rules.Ctx, a, b *model.Combatant) (bool, error) {
	for i := 0; i < 50; i++ {
		ra, err := c.Dice.Simple(a.Name, "priority tie")
		if err != nil {
			return false, err
		}
		rb, err := c.Dice.Simple(b.Name, "priority tie")
		if err != nil {
			return false, err
		}
		if ra.Total != rb.Total {
			return ra.Total > rb.Total, nil
		}
	}
	return false, errors.New("the tie rolls kept matching: queue different faces")
}
