package arm5

import (
	"fmt"
	"strings"

	"fray/model"
	"fray/rules"
)

func verb(name string) rules.Verb {
	for _, v := range (&System{}).Verbs() {
		if v.Name == name {
			return v
		}
	}
	return rules.Verb{Name: name, Usage: name}
}

// harm applies a wound (or a Bruise) of a level, then the status and, if
// the option is on, the lasting-consequences roll.
func harm(c *rules.Ctx, cb *model.Combatant, sh *Sheet, level int, bruise bool) error {
	if level < Light {
		return nil
	}
	if bruise {
		sh.Bruises[level]++
	} else {
		sh.Wounds[level]++
	}
	syncStatus(c, cb, sh, true)
	if !bruise {
		if err := horseWounded(c, cb, level); err != nil {
			return err
		}
	}
	if !bruise && level == Incap && c.Option("lasting") == "on" {
		r, err := c.Dice.Stress(cb.Name, "lasting consequences", 1+sh.Botch)
		if err != nil {
			return err
		}
		var t total
		t.Add("Sta", sh.Sta)
		t.Die("stress", r.Total)
		if r.Botched {
			t = total{}
			t.Die("botch", 0)
		}
		if t.Sum() >= 6 {
			c.Event("%s: lasting consequences %s vs 6: no lasting harm", cb.Name, t)
		} else {
			c.Event("%s: lasting consequences %s vs 6: note a Minor Flaw", cb.Name, t)
		}
	}
	return nil
}

func harmName(level int, bruise bool) string {
	if bruise {
		return LevelName(level) + " Bruise"
	}
	if level == Fatal {
		return "Fatal wound"
	}
	return LevelName(level) + " wound"
}

// soakOutcome works out Damage against the target's Soak: the text
// "12 − Soak 4 = 8 → Medium wound" and the level (0 for none). The caller
// logs the text, then applies the level with harm.
func soakOutcome(sh *Sheet, dmg int, bruise bool) (string, int) {
	excess := dmg - sh.Soak()
	lvl := WoundLevel(excess, sh.Size)
	txt := fmt.Sprintf("%s %s Soak %s = %s", num(dmg), minus, num(sh.Soak()), num(excess))
	if lvl == 0 {
		return txt + " → no wound", 0
	}
	return txt + " → " + harmName(lvl, bruise), lvl
}

func runDamage(c *rules.Ctx, args []string) error {
	v := verb("damage")
	if len(args) < 2 || len(args) > 3 {
		return rules.Usagef(v, "damage takes a name and a Damage Total")
	}
	bruise := false
	if len(args) == 3 {
		if !strings.EqualFold(args[2], "nonlethal") {
			return rules.Usagef(v, "unknown word %q (only nonlethal may follow the number)", args[2])
		}
		bruise = true
	}
	cb, sh, err := findSheet(c, args[0])
	if err != nil {
		return err
	}
	n, err := rules.Int("the Damage Total", args[1])
	if err != nil {
		return err
	}
	txt, lvl := soakOutcome(sh, n, bruise)
	c.Event("%s: Damage %s", cb.Name, txt)
	return harm(c, cb, sh, lvl, bruise)
}

func runWound(c *rules.Ctx, args []string) error {
	v := verb("wound")
	if len(args) < 2 || len(args) > 3 {
		return rules.Usagef(v, "wound takes a name, a level and optionally a count such as +2 or -1")
	}
	cb, sh, err := findSheet(c, args[0])
	if err != nil {
		return err
	}
	lvl, err := ParseLevel(args[1])
	if err != nil {
		return rules.Usagef(v, "%v", err)
	}
	n := 1
	if len(args) == 3 {
		if n, err = rules.Int("the count", args[2]); err != nil {
			return err
		}
		if n == 0 {
			return rules.Usagef(v, "the count must not be 0")
		}
	}
	have := sh.Wounds[lvl]
	if have+n < 0 {
		return fmt.Errorf("%s has %s: cannot take away %d", cb.Name, rules.Plural(have, LevelName(lvl)+" wound"), -n)
	}
	if n > 0 {
		sh.Wounds[lvl] += n - 1
		if err := harm(c, cb, sh, lvl, false); err != nil {
			return err
		}
		c.Event("%s takes %d %s (now %d)", cb.Name, n, harmName(lvl, false), sh.Wounds[lvl])
		return nil
	}
	sh.Wounds[lvl] += n
	c.Event("%s loses %d %s (now %d)", cb.Name, -n, harmName(lvl, false), sh.Wounds[lvl])
	syncStatus(c, cb, sh, false)
	return nil
}

// changeFatigue moves the fatigue level by n, within Fresh…Unconscious,
// and logs it with why (or, when why is "", how many levels moved); it
// reports the change actually made.
func changeFatigue(c *rules.Ctx, cb *model.Combatant, sh *Sheet, n int, why string) int {
	old := sh.Fatigue
	sh.Fatigue = max(0, min(Unconscious, old+n))
	if why == "" {
		moved, what := sh.Fatigue-old, "lost"
		if moved < 0 {
			moved, what = -moved, "regained"
		}
		why = rules.Plural(moved, "level") + " " + what
	}
	if sh.Fatigue != old {
		c.Event("%s: fatigue %s → %s (%s)", cb.Name, FatigueName(old), FatigueName(sh.Fatigue), why)
		syncStatus(c, cb, sh, sh.Fatigue > old)
	}
	return sh.Fatigue - old
}

func runFatigue(c *rules.Ctx, args []string) error {
	v := verb("fatigue")
	if len(args) != 2 {
		return rules.Usagef(v, "fatigue takes a name and a change such as +1 or -2")
	}
	cb, sh, err := findSheet(c, args[0])
	if err != nil {
		return err
	}
	n, err := rules.Int("the change in fatigue levels", args[1])
	if err != nil {
		return err
	}
	if n == 0 {
		return rules.Usagef(v, "the change must not be 0")
	}
	if changeFatigue(c, cb, sh, n, "") == 0 {
		return fmt.Errorf("%s is already %s: fatigue runs from Fresh (0) to Unconscious (5)", cb.Name, FatigueName(sh.Fatigue))
	}
	return nil
}

func runFatigueTest(c *rules.Ctx, args []string) error {
	v := verb("fatiguetest")
	plain, kvs := rules.SplitKV(args)
	if len(plain) != 1 {
		return rules.Usagef(v, "fatiguetest takes one name")
	}
	mod := 0
	for _, kv := range kvs {
		if kv.Key != "mod" {
			return rules.Usagef(v, "unknown option %s= (only mod=N)", kv.Key)
		}
		n, err := rules.Int("mod", kv.Value)
		if err != nil {
			return err
		}
		mod = n
	}
	cb, sh, err := findSheet(c, plain[0])
	if err != nil {
		return err
	}
	return fatigueTest(c, cb, sh, mod)
}

// fatigueTest rolls Stamina − Encumbrance + mod + stress die against 6: a
// failure costs a fatigue level, a botch two.
func fatigueTest(c *rules.Ctx, cb *model.Combatant, sh *Sheet, mod int) error {
	r, err := c.Dice.Stress(cb.Name, "fatigue test", 1+sh.Botch)
	if err != nil {
		return err
	}
	var t total
	t.Add("Sta", sh.Sta)
	t.Add("Enc", -sh.Enc())
	t.Add("mod", mod)
	t.Die("stress", r.Total)
	switch {
	case r.Botched:
		c.Event("%s: fatigue test BOTCH ×%d: two levels lost", cb.Name, r.Botches)
		changeFatigue(c, cb, sh, 2, "botched fatigue test")
	case t.Sum() >= 6:
		c.Event("%s: fatigue test %s vs 6: passed", cb.Name, t)
	default:
		c.Event("%s: fatigue test %s vs 6: failed, a level lost", cb.Name, t)
		changeFatigue(c, cb, sh, 1, "failed fatigue test")
	}
	return nil
}

// bruiseEase is the Ease Factor to improve a Bruise of a level.
func bruiseEase(l int) int {
	switch l {
	case Light:
		return 10
	case Medium:
		return 12
	}
	return 15
}

// residual is the wound a Bruise of a level leaves the first time it
// improves: Heavy → Light, Incapacitating → Medium, Fatal → Incapacitating.
func residual(l int) int {
	switch l {
	case Heavy:
		return Light
	case Incap:
		return Medium
	case Fatal:
		return Incap
	}
	return 0
}
