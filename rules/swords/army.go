package swords

import (
	"fmt"
	"strconv"
	"strings"

	"fray/model"
	"fray/rules"
)

const battleUsage = "battle ARMY1 ARMY2 [again] [pick=NAME,…]"

// The battles of this round live in Encounter.Turn under "battle:A:B"
// (the two armies' IDs, lower first) as the round's number, so a second
// battle between the same armies in one round is caught; pruneRounds
// drops those of other rounds.
func battleKey(a, b int) string {
	return fmt.Sprintf("battle:%d:%d", min(a, b), max(a, b))
}

// Powers returns the power of two armies of the given sizes against each
// other: the smaller is 0, the larger gets Doublings of the ratio.
func Powers(size1, size2 int) (int, int) {
	d := Doublings(size1, size2)
	switch {
	case size1 > size2:
		return d, 0
	case size2 > size1:
		return 0, d
	}
	return 0, 0
}

// army finds a combatant with an army sheet still in the field.
func army(c *rules.Ctx, name string) (*model.Combatant, *Sheet, error) {
	cb, err := c.Find(name)
	if err != nil {
		return nil, nil, err
	}
	sh, err := ownSheet(cb)
	if err != nil {
		return nil, nil, err
	}
	switch {
	case !sh.IsArmy():
		return nil, nil, fmt.Errorf("%s is not an army (set %s kind=army)", cb.Name, rules.Quote(cb.Name))
	case cb.HasCond("routed") || !cb.Status.CanAct():
		return nil, nil, fmt.Errorf("%s is routed and fights no more", cb.Name)
	case sh.Size <= 0:
		return nil, nil, fmt.Errorf("%s has no size: set %s size=N (soldiers)", cb.Name, rules.Quote(cb.Name))
	}
	return cb, sh, nil
}

// leaders are the combatants who make tactics rolls for an army: its
// general, then its tacticians, each once.
func leaders(c *rules.Ctx, armyCb *model.Combatant, sh *Sheet) ([]*model.Combatant, error) {
	var out []*model.Combatant
	names := append([]string{sh.General}, strings.Split(sh.Tacticians, ",")...)
	for _, n := range names {
		if n = strings.TrimSpace(n); n == "" {
			continue
		}
		cb, err := c.Find(n)
		if err != nil {
			return nil, fmt.Errorf("leader of %s: %w", armyCb.Name, err)
		}
		ls, err := sheetOf(cb)
		if err != nil {
			return nil, err
		}
		if ls.IsArmy() {
			return nil, fmt.Errorf("%s cannot lead %s: it is an army itself", cb.Name, armyCb.Name)
		}
		dup := false
		for _, o := range out {
			dup = dup || o == cb
		}
		if !dup {
			out = append(out, cb)
		}
	}
	return out, nil
}

func runBattle(c *rules.Ctx, args []string) error {
	v := verb("battle")
	plain, kvs := rules.SplitKV(args)
	again := len(plain) == 3 && strings.EqualFold(plain[2], "again")
	if again {
		plain = plain[:2]
	}
	if len(plain) != 2 {
		return rules.Usagef(v, "battle takes two armies (and again for a second battle this round)")
	}
	var picks []*model.Combatant
	for _, kv := range kvs {
		if kv.Key != "pick" {
			return rules.Usagef(v, "unknown option %s=", kv.Key)
		}
		for _, n := range strings.Split(kv.Value, ",") {
			if n = strings.TrimSpace(n); n == "" {
				continue
			}
			cb, err := c.Find(n)
			if err != nil {
				return err
			}
			picks = append(picks, cb)
		}
	}
	a1, s1, err := army(c, plain[0])
	if err != nil {
		return err
	}
	a2, s2, err := army(c, plain[1])
	if err != nil {
		return err
	}
	if a1 == a2 {
		return rules.Usagef(v, "%s cannot fight itself", a1.Name)
	}
	key, round := battleKey(a1.ID, a2.ID), strconv.Itoa(c.E.Round)
	if c.E.Turn[key] == round && !again {
		return fmt.Errorf("%s and %s have fought this round already: battle %s %s again to fight once more",
			a1.Name, a2.Name, rules.Quote(a1.Name), rules.Quote(a2.Name))
	}
	c.E.Turn[key] = round
	p1, p2 := Powers(s1.Size, s2.Size)
	c.Event("battle: %s (%d, power %d%s) against %s (%d, power %d%s)",
		a1.Name, s1.Size, p1, quality(s1), a2.Name, s2.Size, p2, quality(s2))
	d1, used1, err := sideRoll(c, a1, a2, s1, p1+s1.Quality, picks)
	if err != nil {
		return err
	}
	d2, used2, err := sideRoll(c, a2, a1, s2, p2+s2.Quality, picks)
	if err != nil {
		return err
	}
	for _, p := range picks {
		if p != used1 && p != used2 {
			return fmt.Errorf("%s makes no tactics roll for %s or %s", p.Name, a1.Name, a2.Name)
		}
	}
	applyHit(c, a2, s2, d1)
	applyHit(c, a1, s1, d2)
	if a1.HasCond("routed") || a2.HasCond("routed") {
		c.Event("the battle is over")
	}
	return nil
}

func quality(s *Sheet) string {
	if s.Quality == 0 {
		return ""
	}
	return " " + signed(s.Quality) + " quality"
}

// sideRoll makes an army's tactics rolls and returns its damage: the
// chosen roll + power. Every leader rolls 2d6 + Int + Tactics and the
// best counts unless one of picks is among them; an army without leaders
// rolls on its own sheet's Int and Tactics.
func sideRoll(c *rules.Ctx, cb, foe *model.Combatant, sh *Sheet, power int, picks []*model.Combatant) (int, *model.Combatant, error) {
	ls, err := leaders(c, cb, sh)
	if err != nil {
		return 0, nil, err
	}
	if len(ls) == 0 {
		n, text, err := skillRoll(c, cb.Name, "tactics", skillTerms("Int", sh.Int, "tactics", sh.Tactics, 0), 0, nil)
		if err != nil {
			return 0, nil, err
		}
		c.Event("%s: tactics %s (no general named)", cb.Name, text)
		return deal(c, cb, foe, n, power, ""), nil, nil
	}
	rolls := make([]int, len(ls))
	best, chosen := 0, -1
	for i, l := range ls {
		lsh, _ := sheetOf(l)
		n, text, err := skillRoll(c, l.Name, "tactics for "+cb.Name, skillTerms("Int", lsh.Int, "tactics", lsh.Tactics, 0), 0, nil)
		if err != nil {
			return 0, nil, err
		}
		c.Event("%s: tactics for %s %s", l.Name, cb.Name, text)
		rolls[i] = n
		if n > rolls[best] {
			best = i
		}
		for _, p := range picks {
			if p != l {
				continue
			}
			if chosen >= 0 {
				return 0, nil, fmt.Errorf("pick one roll for %s, not both %s's and %s's", cb.Name, ls[chosen].Name, l.Name)
			}
			chosen = i
		}
	}
	why := "the best roll, "
	if chosen >= 0 {
		best, why = chosen, "the commander's pick, "
	}
	if len(ls) == 1 {
		why = ""
	}
	l := ls[best]
	return deal(c, cb, foe, rolls[best], power, why+l.Name+"'s "), l, nil
}

func deal(c *rules.Ctx, from, to *model.Combatant, roll, power int, whose string) int {
	d := max(0, roll+power)
	c.Event("%s → %s: %sroll %d + power %d = %d hits", from.Name, to.Name, whose, roll, power, d)
	return d
}
