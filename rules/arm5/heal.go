package arm5

import (
	"fmt"
	"strings"

	"fray/rules"
)

const healUsage = "heal NAME [LEVEL [N] | all]"

// runHeal is the GM's override for healing in the middle of a fight. The
// rules heal wounds slowly, with recovery rolls over weeks, or at once by
// Creo Corpus magic (a Chirurgeon's Healing Touch and the like): a fight
// only meets the second, and its level and Ritual are the GM's to judge,
// so heal rolls nothing. Without a level it takes away the worst wound;
// with one, N wounds of that level (1 if not given); all takes every
// wound and Bruise and the fatigue too. Bruises and fatigue otherwise
// mend with recover.
func runHeal(c *rules.Ctx, args []string) error {
	v := verb("heal")
	if len(args) < 1 || len(args) > 3 {
		return rules.Usagef(v, "heal takes a name, then a wound level (and a count) or all")
	}
	cb, sh, err := findSheet(c, args[0])
	if err != nil {
		return err
	}
	if len(args) == 2 && strings.EqualFold(args[1], "all") {
		if sh.Wounds == [6]int{} && sh.Bruises == [6]int{} && sh.Fatigue == 0 {
			return fmt.Errorf("%s has no wound, Bruise or fatigue to heal", cb.Name)
		}
		sh.Wounds, sh.Bruises, sh.Fatigue = [6]int{}, [6]int{}, 0
		c.Event("%s is healed of every wound, Bruise and fatigue level", cb.Name)
		syncStatus(c, cb, sh, false)
		return nil
	}
	lvl, n := 0, 1
	if len(args) >= 2 {
		if lvl, err = ParseLevel(args[1]); err != nil {
			return rules.Usagef(v, "%v", err)
		}
	}
	if len(args) == 3 {
		if n, err = rules.Int("the count", args[2]); err != nil {
			return err
		}
		if n < 1 {
			return rules.Usagef(v, "the count must be 1 or more")
		}
	}
	if lvl == 0 {
		for l := Fatal; l >= Light && lvl == 0; l-- {
			if sh.Wounds[l] > 0 {
				lvl = l
			}
		}
		if lvl == 0 {
			return fmt.Errorf("%s has no wound to heal (recover %s mends Bruises and fatigue)", cb.Name, rules.Quote(cb.Name))
		}
	}
	if sh.Wounds[lvl] < n {
		return fmt.Errorf("%s has %s: cannot heal %d", cb.Name, rules.Plural(sh.Wounds[lvl], LevelName(lvl)+" wound"), n)
	}
	sh.Wounds[lvl] -= n
	c.Event("%s is healed of %d %s (now %d)", cb.Name, n, harmName(lvl, false), sh.Wounds[lvl])
	syncStatus(c, cb, sh, false)
	return nil
}
