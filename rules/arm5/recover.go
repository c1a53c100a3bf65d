package arm5

import (
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
	cb, sh, err := findSheet(c, plain[0])
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
	t.Add("Sta", sh.Sta)
	t.Add("medic", medic)
	t.Add("aid", aid)
	t.Die("stress", r.Total)
	ef := bruiseEase(l)
	if r.Botched {
		c.Event("%s: recovery from a %s Bruise BOTCH ×%d: no improvement", cb.Name, LevelName(l), r.Botches)
		return nil
	}
	if t.Sum() < ef {
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
		c.Event("%s keeps %s %s from the Bruise", cb.Name, rules.Article(res), res)
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
