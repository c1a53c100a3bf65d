package sst

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"fray/model"
	"fray/rules"
)

// Every pool roll a combatant makes (attack, defence, release, BODY, MIND
// and SPIRIT) goes through the same adjustments: a pending Effort adds a
// die, lasting injuries take theirs, and a pending +1 bought with a 1
// lifts a die that fell one short of the success number.

// allRolls finds a lasting penalty to every roll in a condition's label:
// "severed left arm: −2d to all rolls". A GM's own condition written the
// same way counts too.
var allRolls = regexp.MustCompile(`[−-](\d+)d to all rolls`)

// WoundDice returns the dice a combatant's lasting injuries take from each
// of its rolls, and the conditions that take them.
func WoundDice(cb *model.Combatant) (int, []string) {
	n := 0
	var why []string
	for _, k := range cb.Conds {
		m := allRolls.FindStringSubmatch(k.Label)
		if m == nil {
			continue
		}
		d, err := strconv.Atoi(m[1])
		if err != nil || d > 30 {
			continue
		}
		n += d
		why = append(why, k.Label)
	}
	return n, why
}

// takeEffort uses up a pending Effort: one more die on this roll.
func takeEffort(c *rules.Ctx, cb *model.Combatant, s *Sheet) int {
	if !s.Effort {
		return 0
	}
	s.Effort = false
	c.Event("%s Effort adds a die", possessive(cb.Name))
	return 1
}

// poolRoll rolls a combatant's pool of n dice at success number sn, with
// Effort, lasting injuries and a pending +1 applied and logged.
func poolRoll(c *rules.Ctx, cb *model.Combatant, s *Sheet, n, sn int, why string) ([]int, error) {
	n += takeEffort(c, cb, s)
	if w, marks := WoundDice(cb); w > 0 {
		c.Event("%s %s: %d dice fewer for wounds (%s)", possessive(cb.Name), why, w, strings.Join(marks, "; "))
		n -= w
	}
	faces, err := rollDice(c, cb.Name, why, max(0, n), sn)
	if err != nil {
		return nil, err
	}
	return faces, lift(c, cb, s, faces, sn, false)
}

// lift turns one die that fell one short of the success number into a
// success with a 1: the one set aside earlier by `one NAME plus`, else
// (with now) a 1 held in the pool. A pending +1 waits for a roll it can
// help, as a player would keep the 1 until then; only one 1 is used on a
// roll.
func lift(c *rules.Ctx, cb *model.Combatant, s *Sheet, faces []int, sn int, now bool) error {
	if !s.Plus && !now {
		return nil
	}
	i := indexOf(faces, sn-1)
	if i < 0 || sn <= 2 {
		if s.Plus {
			c.Event("%s +1 waits: no die is one short of %d", possessive(cb.Name), sn)
		}
		return nil
	}
	if s.Plus {
		s.Plus = false
		faces[i]++
		c.Event("%s +1 from a 1: a %d becomes a %d", possessive(cb.Name), sn-1, sn)
		return nil
	}
	if err := s.removeFaces([]int{1}); err != nil {
		return fmt.Errorf("%s has no 1 to spend on +1", cb.Name)
	}
	faces[i]++
	c.Event("%s spends a 1: a %d becomes a %d", cb.Name, sn-1, sn)
	return nil
}

// check rolls a characteristic of n dice (before adjustments) and reports
// whether any die is a success at the standard Superiority Level.
func check(c *rules.Ctx, cb *model.Combatant, s *Sheet, n int, why string) (bool, error) {
	faces, err := poolRoll(c, cb, s, n, 5, why)
	if err != nil {
		return false, err
	}
	ok := successes(faces, 5) > 0
	if ok {
		c.Event("%s passes the %s", cb.Name, why)
	} else {
		c.Event("%s fails the %s", cb.Name, why)
	}
	return ok, nil
}

func indexOf(fs []int, v int) int {
	for i, f := range fs {
		if f == v {
			return i
		}
	}
	return -1
}
