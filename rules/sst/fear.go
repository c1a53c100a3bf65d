package sst

import (
	"fmt"
	"slices"
	"strings"

	"fray/model"
	"fray/rules"
)

// Fear: a `fear` command makes everyone in the zones roll SPIRIT. One who
// passes is steeled and rolls no more; one who fails takes the level's
// effect and stays afraid (the sheet's afraid, the worst level failed),
// rolling again each time it takes an action until it passes, as the
// source asks. Fell fear is rolled until passed or broken at once.

// fearPenalty is the dice a fear level takes from the SPIRIT roll.
func fearPenalty(level string) int {
	if level == "scary" || level == "fearsome" {
		return 0
	}
	return 1
}

// worseFear returns the worse of two fear levels ("" is none).
func worseFear(a, b string) string {
	if slices.Index(fearLevels, b) > slices.Index(fearLevels, a) {
		return b
	}
	return a
}

// runFear makes every combatant in the zones (other than the source's
// side) resist a fear level with a SPIRIT roll.
func runFear(v rules.Verb) func(*rules.Ctx, []string) error {
	return func(c *rules.Ctx, words []string) error {
		a := parseArgs(words)
		stun := a.flag("stun")
		from := a.text("from")
		if err := a.done(v); err != nil {
			return err
		}
		if len(a.plain) != 2 {
			return rules.Usagef(v, "give a zone (or zones, comma-separated) and a fear level")
		}
		zones := strings.Split(strings.ToLower(a.plain[0]), ",")
		level := strings.ToLower(a.plain[1])
		if !slices.Contains(fearLevels, level) {
			return rules.Usagef(v, "a fear level is %s", strings.Join(fearLevels, ", "))
		}
		if stun && level != "fearsome" {
			return fmt.Errorf("only a fearsome creature lets its victims take a stun instead")
		}
		side := ""
		if from != "" {
			src, err := c.Find(from)
			if err != nil {
				return err
			}
			side = src.Side
		}
		n := 0
		for _, cb := range c.E.Combatants {
			s, ok := cb.Sheet().(*Sheet)
			if !ok || !able(cb) || !slices.Contains(zones, strings.ToLower(cb.Zone)) || (from != "" && cb.Side == side) {
				continue
			}
			if cb.HasCond("steeled") {
				c.Event("%s has already faced down this fear", cb.Name)
				continue
			}
			n++
			// Against several fears only the worst counts.
			lv, st := level, stun
			if worseFear(level, s.Afraid) != level {
				lv, st = s.Afraid, s.FearStun
				c.Event("%s already fears worse (%s)", cb.Name, lv)
			}
			if _, err := fearRoll(c, cb, cb.OwnSheet().(*Sheet), lv, st, false); err != nil {
				return err
			}
		}
		if n == 0 {
			return fmt.Errorf("nobody in zone %s is subject to the fear", a.plain[0])
		}
		return nil
	}
}

// fearRoll rolls SPIRIT against a fear level and applies a failure. acting
// says the roll comes as the victim acts, having just spent its dice: a
// Scary failure then costs the action rather than a die. It reports
// whether the victim's action (if any) is lost.
func fearRoll(c *rules.Ctx, cb *model.Combatant, s *Sheet, level string, stun, acting bool) (lost bool, err error) {
	for tries := 0; tries < 20 && able(cb); tries++ {
		ok, err := check(c, cb, s, s.Spirit-fearPenalty(level), "SPIRIT roll against "+level+" fear")
		if err != nil {
			return false, err
		}
		if ok {
			cb.SetCond("steeled", 0)
			if s.Afraid != "" {
				c.Event("%s is no longer afraid", cb.Name)
			}
			s.Afraid, s.FearStun = "", false
			return false, nil
		}
		if level != "fell" {
			s.Afraid = level
			s.FearStun = stun && level == "fearsome"
		}
		switch {
		case level == "scary" && acting:
			c.Event("%s freezes in fright: the die just spent buys nothing", cb.Name)
			return true, nil
		case level == "scary":
			if len(s.Dice) > 0 {
				c.Event("%s loses an action die to fright (a %d)", cb.Name, s.Dice[0])
				s.Dice = s.Dice[1:]
			}
			return false, nil
		case stun && level == "fearsome" && !cb.HasCond(Stun) && !s.Stateless:
			takeState(c, cb, s, Stun)
			return acting, nil
		}
		loseRanks(c, cb, s, Mental, 1, level+" fear")
		if level != "fell" {
			return acting && !able(cb), nil
		}
	}
	s.Afraid, s.FearStun = "", false
	return acting && !able(cb), nil
}

// fearOnAction makes an afraid combatant roll again as it takes an action
// (after paying for it). It reports whether the action is lost: to a
// Scary freeze, a Stun or being put out of the fight.
func fearOnAction(c *rules.Ctx, cb *model.Combatant, s *Sheet) (bool, error) {
	if s.Afraid == "" || !able(cb) {
		return false, nil
	}
	c.Event("%s is still afraid (%s) and must face it as it acts", cb.Name, s.Afraid)
	lost, err := fearRoll(c, cb, s, s.Afraid, s.FearStun, true)
	if err == nil && lost {
		c.Event("%s action is lost to fear", possessive(cb.Name))
	}
	return lost, err
}

// fearStops runs fearOnAction for an action just paid for; when fear
// takes the action, it closes the action and reports stop.
func fearStops(c *rules.Ctx, cb *model.Combatant, s *Sheet) (stop bool, err error) {
	lost, err := fearOnAction(c, cb, s)
	if err != nil {
		return true, err
	}
	if !lost {
		return false, nil
	}
	return true, endAction(c, cb, s)
}
