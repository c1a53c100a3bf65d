package sst

import (
	"fmt"
	"slices"
	"strings"

	"fray/model"
	"fray/rules"
	"fray/rules/dice"
)

// rollFaces rolls n plain d6 and logs them with their sum.
func rollFaces(c *rules.Ctx, who, why string, n int) ([]int, error) {
	faces := make([]int, n)
	sum := 0
	for i := range faces {
		f, err := c.Dice.Face(6, who, why)
		if err != nil {
			return nil, err
		}
		faces[i] = f
		sum += f
	}
	c.Dice.Emit(dice.Roll{Who: who, Why: why, Expr: fmt.Sprintf("%dd6", n), Faces: faces, Total: sum})
	return faces, nil
}

func neckGroin(e *model.Encounter) bool { return e.Options["neckgroin"] == "on" }

// injury is one roll on the injury table; loc or effect set skip that roll.
type injury struct {
	plus   int    // +1 for a Killing Blow or Massive damage
	loc    string // location given by the GM
	shift  string // location the attacker shifts to
	effect int    // effect roll given by the GM
}

// injure rolls on the injury table and applies the effect.
func injure(c *rules.Ctx, cb *model.Combatant, s *Sheet, plus int, h Hit) error {
	if h.NoRoll {
		return nil
	}
	return rollInjury(c, cb, s, injury{plus: plus, shift: h.Shift})
}

func rollInjury(c *rules.Ctx, cb *model.Combatant, s *Sheet, in injury) error {
	loc := in.loc
	if loc == "" {
		faces, err := rollFaces(c, cb.Name, "injury location", 4)
		if err != nil {
			return err
		}
		var shifts int
		loc, shifts = locationsOf(c.E).Roll(faces)
		switch {
		case in.shift != "" && in.shift != loc:
			d := ShiftDistance(loc, in.shift, neckGroin(c.E))
			if d < 0 || d > shifts {
				c.Event("the location roll (%s) allows %s: %s cannot become %s", loc, rules.Plural(shifts, "shift"), loc, in.shift)
			} else {
				c.Event("the attacker shifts the injury from %s to %s", loc, in.shift)
				loc = in.shift
			}
		case shifts > 0:
			c.Event("injury location %s: the attacker may shift it %s (undo and repeat with shift=LOCATION)", loc, rules.Plural(shifts, "area"))
		}
	}
	roll := in.effect
	if roll == 0 {
		faces, err := rollFaces(c, cb.Name, "injury effect", 1)
		if err != nil {
			return err
		}
		roll = faces[0] + in.plus
	}
	eff := InjuryEffect(loc, roll)
	c.Event("%s injury: %s, effect %d → %s", possessive(cb.Name), loc, roll, eff)
	return applyEffect(c, cb, s, loc, eff)
}

// injuryLabels begin the conditions applyEffect marks for an injury; Harm
// tells them from other conditions by these. Keep the two in step.
var injuryLabels = []string{"sight or sound:", "fracture (", "balance:", "puncture:", "broken ",
	"foot:", "hand (", "severed ", "maimed:"}

// applyEffect carries out one injury effect: rank losses, burned dice,
// bleeders, rolls that may put the victim out, and a condition naming
// any lasting penalty.
func applyEffect(c *rules.Ctx, cb *model.Combatant, s *Sheet, loc, eff string) error {
	active := cb.Status == model.Active
	mark := func(label string) { cb.SetCond(label, 0); c.Event("%s: %s", cb.Name, label) }
	burnDice := func(k int) {
		s.Burn += k
		c.Event("%s burns %d action %s until healed (burn %d)", cb.Name, k, plural(k, "die", "dice"), s.Burn)
		burn(c, cb, s, k)
	}
	rollOrOut := func(n int, what string) error {
		if !active {
			return nil
		}
		ok, err := check(c, cb, s, n, what)
		if err == nil && !ok && cb.Status == model.Active {
			outOfAction(c, cb, s, eff)
		}
		return err
	}
	why := eff + " (" + loc + ")"
	switch eff {
	case eStun:
		if active && !s.Stateless && !cb.HasCond(Stun) {
			takeState(c, cb, s, Stun)
		}
		burnDice(1)
	case eUncon:
		burnDice(1)
		return rollOrOut(s.Mind-2, "MIND roll at −2d against unconsciousness")
	case eSenses:
		mark("sight or sound: −1d to rolls using it")
		loseRanks(c, cb, s, Mental, 1, why)
	case eFracture:
		mark("fracture (" + loc + "): −2d using it")
	case eBalance:
		mark("balance: DEX roll to move, −2d to cast")
		loseRanks(c, cb, s, Mental, 1, why)
		burnDice(2)
	case eBleeder:
		if slices.Contains(s.Bleed, loc) {
			c.Event("%s already bleeds from the %s", cb.Name, loc)
		} else {
			s.Bleed = append(s.Bleed, loc)
			c.Event("%s bleeds from the %s: a BODY roll each round or lose a Physical rank", cb.Name, loc)
		}
	case eKill:
		if active {
			c.Event("%s puts its action dice away", cb.Name)
			s.Dice = nil
		}
		loseRanks(c, cb, s, Mental, 2, why)
		return rollOrOut(s.Body-2, "BODY roll at −2d against a mortal wound")
	case eFlesh:
		loseRanks(c, cb, s, Physical, 1, why)
	case eParalyse:
		return rollOrOut(s.Body, "BODY roll against paralysis")
	case eWind:
		loseRanks(c, cb, s, Mental, 1, why)
		burnDice(2)
	case ePuncture:
		mark("puncture: −1d to all rolls")
		loseRanks(c, cb, s, Physical, 1, why)
		burnDice(1)
	case eBroken:
		mark("broken " + loc)
		loseRanks(c, cb, s, Physical, 1, why)
	case eFoot:
		mark("foot: slowed, DEX roll to move, −2d to movement")
		burnDice(1)
	case eHand:
		mark("hand (" + loc + ") disabled")
		burnDice(1)
	case eSever:
		mark("severed " + loc + ": −2d to all rolls")
		loseRanks(c, cb, s, Physical, 2, why)
		burnDice(2)
	case eMaim:
		mark("maimed: −1d to all rolls")
		loseRanks(c, cb, s, Mental, 1, why)
		burnDice(1)
	}
	return nil
}

// bleed makes each bleeder's BODY roll at the start of a round; a failure
// costs a Physical rank.
func bleed(c *rules.Ctx, cb *model.Combatant, s *Sheet) error {
	for _, loc := range s.Bleed {
		if !able(cb) {
			return nil
		}
		ok, err := check(c, cb, s, s.Body-bleedPenalty(loc), "BODY roll against bleeding ("+loc+")")
		if err != nil {
			return err
		}
		if !ok {
			loseRanks(c, cb, s, Physical, 1, "bleeding from the "+loc)
		}
	}
	return nil
}

func runInjury(v rules.Verb) func(*rules.Ctx, []string) error {
	return func(c *rules.Ctx, words []string) error {
		a := parseArgs(words)
		cb, s, err := a.who(c, v)
		if err != nil {
			return err
		}
		var in injury
		if a.flag("kb") {
			in.plus = 1
		}
		for _, k := range []struct {
			key string
			p   *string
		}{{"loc", &in.loc}, {"shift", &in.shift}} {
			if w := a.text(k.key); w != "" {
				if *k.p, err = ParseLocation(w); err != nil {
					return err
				}
			}
		}
		if _, given := a.kv["effect"]; given {
			if in.effect, err = a.num("effect", 0); err != nil {
				return err
			}
			if in.effect < 1 || in.effect > 7 {
				return rules.Usagef(v, "effect is 1 to 7, the rows of the table")
			}
		}
		if in.loc != "" && in.shift != "" {
			return rules.Usagef(v, "shift= moves a rolled location: with loc= the location is %s already", in.loc)
		}
		if len(a.plain) > 0 {
			return rules.Usagef(v, "unexpected %q", a.plain[0])
		}
		if err := a.done(v); err != nil {
			return err
		}
		return rollInjury(c, cb, s, in)
	}
}

// injuryMarks begin the labels of the lasting marks injury effects leave
// (see applyEffect).
var injuryMarks = []string{"sight or sound", "fracture", "balance", "puncture", "broken", "foot", "hand", "severed", "maimed"}

// isInjuryMark reports whether a condition is a lasting injury mark (or
// any condition taking dice from all rolls).
func isInjuryMark(label string) bool {
	label = strings.ToLower(label)
	if allRolls.MatchString(label) {
		return true
	}
	for _, p := range injuryMarks {
		if strings.HasPrefix(label, p) {
			return true
		}
	}
	return false
}

// healInjuries removes a combatant's lasting injury marks, or those whose
// label holds the text given, and with them their penalties.
func healInjuries(c *rules.Ctx, cb *model.Combatant, which string) error {
	var gone []string
	for _, k := range slices.Clone(cb.Conds) {
		if isInjuryMark(k.Label) && strings.Contains(strings.ToLower(k.Label), which) {
			cb.DropCond(k.Label)
			gone = append(gone, k.Label)
		}
	}
	if len(gone) == 0 {
		if which != "" {
			return fmt.Errorf("%s has no injury matching %q", cb.Name, which)
		}
		return fmt.Errorf("%s has no lasting injury", cb.Name)
	}
	c.Event("%s injuries heal: %s", possessive(cb.Name), strings.Join(gone, "; "))
	return nil
}

// plural picks the singular or plural word for n.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
