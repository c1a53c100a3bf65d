package osr

import (
	"fmt"
	"strings"

	"fray/model"
	"fray/rules"
)

const declareUsage = "declare NAME spell [level=N] [TEXT…] | declare NAME scroll LEVEL [TEXT…] | declare NAME charge|none"

func runDeclare(c *rules.Ctx, args []string) error {
	v := rules.Verb{Usage: declareUsage}
	if len(args) < 2 {
		return rules.Usagef(v, "declare takes a name and spell, charge or none")
	}
	e := c.E
	if e.Round > 0 && e.Phase != phaseDeclare && e.Phase != phaseSurprise {
		return fmt.Errorf("declarations come before initiative: round %d's are past, round %d's come after the held actions", e.Round, e.Round+1)
	}
	cb, err := c.Find(args[0])
	if err != nil {
		return err
	}
	text := strings.Join(args[2:], " ")
	switch kind := strings.ToLower(args[1]); kind {
	case "spell", "scroll":
		if b := blockedBy(cb); b != "" && b != condStunned {
			return fmt.Errorf("%s cannot act (%s)", cb.Name, b)
		}
		sh, err := sheetOf(cb)
		if err != nil {
			return err
		}
		level, words := 1, args[2:]
		if kind == "scroll" {
			if len(words) == 0 {
				return rules.Usagef(v, "a scroll needs its spell level: declare NAME scroll LEVEL [TEXT…]")
			}
			if level, err = rules.Int("the spell level", words[0]); err != nil {
				return err
			}
			if level < 1 || level > 20 {
				return fmt.Errorf("a spell level is 1 to 20, not %d", level)
			}
			words = words[1:]
		} else if level, words, err = parseLevel(words); err != nil {
			return err
		}
		if err := mayCast(c, cb, sh, level); err != nil {
			return err
		}
		text = strings.Join(words, " ")
		setTurn("scroll", cb, "")
		if kind == "scroll" {
			setTurn("scroll", cb, fmt.Sprintf("%d %d", level, level))
		}
		cb.SetCond(condSpell, 0)
		if text != "" {
			cb.SetTurn("declared", text)
		} else {
			cb.DropTurn("declared")
		}
		if kind == "scroll" {
			c.Event("%s begins reading a scroll: %s, %s to read (lost if %s is hit before it is read)", cb.Name, declared(cb), rules.Plural(level, "round"), cb.Name)
		} else {
			c.Event("%s declares a spell: %s (lost if %s is hit before casting)", cb.Name, declared(cb), cb.Name)
		}
	case "charge":
		cb.SetCond(condCharging, 0)
		c.Event("%s declares a charge: no DEX or BCB to AC this round", cb.Name)
	case "none":
		a, b := cb.DropCond(condSpell), cb.DropCond(condCharging)
		cb.DropTurn("declared")
		setTurn("scroll", cb, "")
		if !a && !b {
			return fmt.Errorf("%s has declared nothing", cb.Name)
		}
		c.Event("%s takes the declaration back", cb.Name)
	default:
		return rules.Usagef(v, "declare spell, charge or none, not %q", args[1])
	}
	return nil
}

func runSplit(c *rules.Ctx, args []string) error {
	v := rules.Verb{Usage: "split NAME OFF DEF"}
	if len(args) != 3 {
		return rules.Usagef(v, "split takes a name, the BCB to attack and the BCB to AC")
	}
	cb, sh, err := findSheet(c, args[0])
	if err != nil {
		return err
	}
	off, err := rules.Int("the attack part", args[1])
	if err != nil {
		return err
	}
	def, err := rules.Int("the AC part", args[2])
	if err != nil {
		return err
	}
	if off < 0 || def < 0 || off+def > sh.BCB {
		return fmt.Errorf("%s BCB is %s: the two parts must be 0 or more and add up to at most that", possessive(cb.Name), signed(sh.BCB))
	}
	sh.Off, sh.Def, sh.HasSplit = off, def, true
	if def < sh.BCB && cb.DropCond(condDefensive) {
		c.Event("%s no longer fights defensively", cb.Name)
	}
	c.Event("%s splits BCB %s: %s to attack, %s to AC", cb.Name, signed(sh.BCB), signed(off), signed(def))
	return nil
}

func runDefend(c *rules.Ctx, args []string) error {
	if len(args) != 1 {
		return rules.Usagef(rules.Verb{Usage: "defend NAME"}, "defend takes one name")
	}
	cb, sh, err := findSheet(c, args[0])
	if err != nil {
		return err
	}
	cb.SetCond(condDefensive, roundEnd(c.E))
	c.Event("%s fights defensively: BCB %s and +2 to AC, no attack this round", cb.Name, signed(sh.BCB))
	return nil
}

// moraleVerb marks a combatant as fled or surrendered: the GM's morale
// call. The countdown skips it; uncond takes the mark away.
func moraleVerb(label, verb string) func(*rules.Ctx, []string) error {
	return func(c *rules.Ctx, args []string) error {
		if len(args) != 1 {
			return rules.Usagef(rules.Verb{Usage: label + " NAME"}, "takes one name")
		}
		cb, err := c.Find(args[0])
		if err != nil {
			return err
		}
		if cb.Status == model.Dead {
			return fmt.Errorf("%s is dead", cb.Name)
		}
		cb.SetCond(label, 0)
		rules.ClearDelay(c.E, cb)
		c.Event("%s %s: out of the countdown (uncond %s %s undoes the mark)", cb.Name, verb, rules.Quote(cb.Name), rules.Quote(label))
		if c.E.Current == cb.ID {
			if as := actors(c.E); as.n > 0 {
				c.E.Current = as.first().ID
			}
		}
		return nil
	}
}
