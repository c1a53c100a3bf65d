package osr

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"fray/model"
	"fray/rules"
)

// Spells beyond the plain declaration: scrolls, which take a round per
// spell level to read; armour, which keeps magic-users from casting and
// fighter-mages to magical armour of a quality fit for the spell; and
// wands, set off by a word on the user's count.
//
// Their marks, in the combatant's turn state:
//
//	scroll   rounds of reading left (this one included) and in all: "1 3"
//	hitat    the step of the round in which it was last hit
//	wand     the step in which it used a wand, and 1 when a charge went

// armourFor is the magical armour quality a fighter-mage needs for a
// spell level: +1 for levels 1–3, +2 for 4–6, +3 for 7–9, +4 for 10–12
// (and on by threes beyond, where the source's table stops).
func armourFor(level int) int { return (max(level, 1) + 2) / 3 }

// mayCast refuses a spell the caster's armour forbids.
func mayCast(c *rules.Ctx, cb *model.Combatant, sh *Sheet, level int) error {
	switch sh.Caster {
	case "mu":
		if sh.Armour != "" {
			return c.Refuse("%s wears armour: a magic-user casts in none (magical bracers count as none)", cb.Name)
		}
	case "fm":
		if sh.Armour == "" {
			return nil
		}
		if sh.Armour == "plain" {
			return c.Refuse("%s wears plain armour: a fighter-mage casts only in magical armour", cb.Name)
		}
		q, _ := strconv.Atoi(sh.Armour)
		if need := armourFor(level); q < need {
			return c.Refuse("a level %d spell needs magical armour of +%d or better (%s wears +%d)", level, need, cb.Name, q)
		}
	}
	return nil
}

// scrollLeft returns the rounds of reading left and in all, if reading.
func scrollLeft(cb *model.Combatant) (left, total int, ok bool) {
	f := strings.Fields(cb.TurnText("scroll"))
	if len(f) != 2 {
		return 0, 0, false
	}
	l, err1 := strconv.Atoi(f[0])
	t, err2 := strconv.Atoi(f[1])
	return l, t, err1 == nil && err2 == nil
}

// reading describes the scroll a combatant is reading, or "".
func reading(cb *model.Combatant) string {
	_, total, ok := scrollLeft(cb)
	if !ok || !cb.HasCond(condSpell) {
		return ""
	}
	return fmt.Sprintf("%s, %d rounds in all", declared(cb), total)
}

// castsNow is the declared spell going off at its caster's count; a scroll
// still being read takes one more round instead.
func castsNow(c *rules.Ctx, cb *model.Combatant) {
	if left, total, ok := scrollLeft(cb); ok && left > 1 {
		setTurn("scroll", cb, fmt.Sprintf("%d %d", left-1, total))
		more := "1 more round"
		if left > 2 {
			more = fmt.Sprintf("%d more rounds", left-1)
		}
		c.Event("%s reads on (%s): %s after this one", cb.Name, declared(cb), more)
		return
	}
	setTurn("scroll", cb, "")
	c.Event("%s casts the declared spell (%s)", cb.Name, declared(cb))
}

// parseLevel takes a spell's level=N from among the words, wherever it
// stands (declare Odo spell level=3 web, or web level=3), and returns the
// level (1 without one) and the other words.
func parseLevel(words []string) (int, []string, error) {
	level, rest := 1, make([]string, 0, len(words))
	seen := false
	for _, w := range words {
		if len(w) < len("level=") || !strings.EqualFold(w[:len("level=")], "level=") {
			rest = append(rest, w)
			continue
		}
		if seen {
			return 0, nil, errors.New("level= is given twice")
		}
		seen = true
		n, err := rules.Int("the spell level", w[len("level="):])
		if err != nil {
			return 0, nil, err
		}
		if n < 1 || n > 20 {
			return 0, nil, fmt.Errorf("a spell level is 1 to 20, not %d", n)
		}
		level = n
	}
	return level, rest, nil
}

// markHit records that a combatant was hit at the present step.
func markHit(c *rules.Ctx, cb *model.Combatant) {
	if c.E.Round > 0 {
		setTurn("hitat", cb, step(c.E))
	}
}

// charges reads a sheet's wand charges: the count, and whether counted.
func charges(sh *Sheet) (int, bool) {
	n, err := strconv.Atoi(sh.Charges)
	return n, err == nil
}

func chargesText(sh *Sheet) string {
	if n, ok := charges(sh); ok {
		return fmt.Sprintf(" (%d charges left)", n)
	}
	return ""
}

func leftText(sh *Sheet) string {
	if n, ok := charges(sh); ok {
		return fmt.Sprintf(" (%d left)", n)
	}
	return ""
}

const wandUsage = "wand NAME [TEXT…]"

// runWand sets off a wand on its user's count: no declaration, and only a
// hit at that same count (simultaneous) keeps it from going off, when no
// charge is used.
func runWand(c *rules.Ctx, args []string) error {
	if len(args) < 1 {
		return rules.Usagef(rules.Verb{Usage: wandUsage}, "wand takes the user's name")
	}
	cb, sh, err := findSheet(c, args[0])
	if err != nil {
		return err
	}
	if n, ok := charges(sh); ok && n == 0 {
		return fmt.Errorf("%s wand has no charges left", possessive(cb.Name))
	}
	if err := c.MayAct(cb, rules.OnTurn); err != nil {
		return err
	}
	if c.E.Round > 0 && (cb.TurnText("wand") != "" || getN("did", cb) >= attacksAllowed(cb, nil)) {
		if err := c.Refuse("%s has already acted this round", cb.Name); err != nil {
			return err
		}
	}
	countAttack(c.E, cb)
	what := strings.Join(args[1:], " ")
	if what != "" {
		what = ": " + what
	}
	if c.E.Round > 0 && cb.TurnText("hitat") == step(c.E) {
		setTurn("wand", cb, step(c.E)+" 0")
		c.Event("%s was hit at this count: the wand is not activated, and no charge is used%s", cb.Name, leftText(sh))
		return nil
	}
	used := "0"
	if n, ok := charges(sh); ok {
		sh.Charges = strconv.Itoa(n - 1)
		used = "1"
	}
	if c.E.Round > 0 {
		setTurn("wand", cb, step(c.E)+" "+used)
	}
	c.Event("%s uses a wand%s%s", cb.Name, what, chargesText(sh))
	return nil
}

// interruptWand undoes a wand set off at the present step by the
// combatant now hit: simultaneous, the hit stops it.
func interruptWand(c *rules.Ctx, cb *model.Combatant) {
	markHit(c, cb)
	w := cb.TurnText("wand")
	st := step(c.E)
	if c.E.Round == 0 || !strings.HasPrefix(w, st+" ") {
		return
	}
	sh, err := ownSheet(cb)
	if err != nil {
		return
	}
	if strings.HasSuffix(w, " 1") {
		if n, ok := charges(sh); ok {
			sh.Charges = strconv.Itoa(n + 1)
		}
	}
	setTurn("wand", cb, st+" 0")
	c.Event("%s was hit at the count the wand went off: it is not activated after all, and no charge is used%s", cb.Name, leftText(sh))
}
