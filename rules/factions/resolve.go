package factions

import (
	"fmt"
	"slices"
	"strings"

	"fray/model"
	"fray/rules"
	"fray/rules/dice"
)

// resolve settles an attack that hits: death blow, dodges, then damage
// (with a counter compared blow for blow) or the non-lethal effect.
func (at *attack) resolve(c *rules.Ctx) error {
	a := at.a
	if len(at.targets) == 1 && at.mode == "" {
		t := at.targets[0]
		if t.Status == model.Incapacitated && (!at.ranged || at.has("deathblow")) {
			ts, _ := ownSheet(t)
			c.Struck(a, t, true)
			kill(c, a, t, ts)
			return nil
		}
	}
	hit := slices.Clone(at.targets)
	for _, x := range at.dodgers {
		xs, _ := sheetOf(x)
		ok, err := save(c, x, "AGI", xs.Agi, "to dodge")
		if err != nil {
			return err
		}
		if ok {
			c.Event("%s dodges: the attack misses %s", x.Name, x.Name)
			hit = slices.DeleteFunc(hit, func(y *model.Combatant) bool { return y == x })
		} else {
			c.Event("%s fails to dodge", x.Name)
		}
	}
	for _, t := range at.targets {
		c.Struck(a, t, slices.Contains(hit, t))
	}
	cmode := ""
	if at.counter != nil && slices.Contains(hit, at.counter) {
		cmode = nonLethalMode(at.kv["cwith"])
	}
	if at.mode != "" {
		if len(hit) == 0 {
			return nil
		}
		if err := at.nonLethal(c, hit[0], cmode == ""); err != nil {
			return err
		}
		return at.counterNonLethal(c, cmode)
	}
	if at.counter != nil && slices.Contains(hit, at.counter) && cmode == "" {
		landed, err := at.exchange(c, at.counter)
		if err != nil || !landed {
			return err
		}
		hit = slices.DeleteFunc(hit, func(y *model.Combatant) bool { return y == at.counter })
	}
	for _, t := range hit {
		ts, _ := ownSheet(t)
		n, how, err := at.damage(c, a, at.as, at.w, t, ts, at.impaired())
		if err != nil {
			return err
		}
		at.hit(c, t, ts, n, how)
	}
	// A non-lethal counter comes last, when its maker still stands.
	return at.counterNonLethal(c, cmode)
}

// nonLethalMode is the non-lethal attack a counter's cwith= names, or "".
func nonLethalMode(w string) string {
	switch m := strings.ToLower(strings.TrimSpace(w)); m {
	case "grapple", "shove", "disarm":
		return m
	}
	return ""
}

// counterNonLethal settles a non-lethal counter after the attack it
// answers: the counter's maker, if it still stands, grapples, shoves or
// disarms the attacker.
func (at *attack) counterNonLethal(c *rules.Ctx, mode string) error {
	t := at.counter
	if mode == "" || t == nil {
		return nil
	}
	if !t.Status.CanAct() || !at.a.Status.CanAct() {
		c.Event("%s %s never happens", possessive(t.Name), mode)
		return nil
	}
	ts, _ := ownSheet(t)
	c.Event("%s counters with a %s, last", t.Name, mode)
	return applyNonLethal(c, t, ts, at.a, at.as, mode)
}

// hit lands a blow: its harm, then what a heavy blow does to worn gear.
func (at *attack) hit(c *rules.Ctx, t *model.Combatant, ts *Sheet, n int, how string) {
	wearing(t, ts)
	hurt(c, t, ts, n, how)
	heavyBlow(c, t, ts, at.raw[t])
}

func (at *attack) impaired() bool { return at.w.Impaired || at.has("holdback") || at.riding }

// exchange settles an attack and its counter: both roll at once, the one
// who would suffer more is hit first, a tie hits both, and a first blow
// that incapacitates stops the other. It reports whether the attack went
// on (the attacker still stands).
func (at *attack) exchange(c *rules.Ctx, t *model.Combatant) (bool, error) {
	a, as := at.a, at.as
	ts, _ := ownSheet(t)
	cw, err := ts.Weapon(at.kv["cwith"])
	if err != nil {
		return false, err
	}
	toT, howT, err := at.damage(c, a, as, at.w, t, ts, at.impaired())
	if err != nil {
		return false, err
	}
	counter := &attack{a: t, as: ts, w: cw, flag: map[string]bool{}}
	toA, howA, err := counter.damage(c, t, ts, cw, a, as, cw.Impaired)
	if err != nil {
		return false, err
	}
	c.Event("%s counters with %s: %s would suffer %d, %s %d", t.Name, cw.Name, t.Name, toT, a.Name, toA)
	switch {
	case toT > toA:
		c.Event("%s is hit first", t.Name)
		at.hit(c, t, ts, toT, howT)
		if t.Status.CanAct() {
			counter.hit(c, a, as, toA, howA)
		} else {
			c.Event("%s counter never lands", possessive(t.Name))
		}
	case toA > toT:
		c.Event("%s is hit first", a.Name)
		counter.hit(c, a, as, toA, howA)
		if !a.Status.CanAct() {
			c.Event("%s attack never lands", possessive(a.Name))
			return false, nil
		}
		at.hit(c, t, ts, toT, howT)
	default:
		c.Event("both are hit at once")
		at.hit(c, t, ts, toT, howT)
		counter.hit(c, a, as, toA, howA)
	}
	return true, nil
}

// damage rolls a weapon's damage against one target: dice doubled per
// size the attacker is larger, the roll halved per size it is smaller
// (neither for blasts), impaired as the option says, less armour.
func (at *attack) damage(c *rules.Ctx, a *model.Combatant, as *Sheet, w Weapon, t *model.Combatant, ts *Sheet, impaired bool) (int, string, error) {
	if w.Blast && at.blastHow != "" {
		// One roll serves every target of a blast; armour differs.
		arm := ts.ArmourAgainst(at.has("cover"), at.has("pierce"))
		if at.raw == nil {
			at.raw = map[*model.Combatant]int{}
		}
		at.raw[t] = at.blastRoll
		return max(0, at.blastRoll-arm), at.blastHow + fmt.Sprintf(" − armour %d", arm), nil
	}
	expr, err := dice.Parse(w.Damage)
	if err != nil {
		return 0, "", err
	}
	diff := as.Size - ts.Size
	if w.Blast {
		diff = 0
	}
	if k := at.spreadFor(t); k > 0 {
		// Shared out: the target takes the dice it was given.
		diff = 0
		for i := range expr.Terms {
			if expr.Terms[i].Sides > 0 {
				expr.Terms[i].Count = k
			}
		}
		expr.Text = scaledText(expr)
	}
	if diff > 0 {
		for i := range expr.Terms {
			expr.Terms[i].Count = min(dice.MaxDice, expr.Terms[i].Count<<diff)
		}
		expr.Text = scaledText(expr)
	}
	why := "damage to " + t.Name
	var parts []string
	fragile := false
	roll := func(e dice.Expr, why string) (int, error) {
		r, err := c.Dice.Roll(a.Name, why, e)
		fragile = fragile || (w.Fragile() && slices.Contains(r.Faces, 1))
		return r.Total, err
	}
	var n int
	if w.Blast {
		why = "blast damage"
	}
	if impaired {
		switch c.Option("impaired") {
		case "half":
			if n, err = roll(expr, why+", impaired"); err != nil {
				return 0, "", err
			}
			n = (n + 1) / 2
			parts = append(parts, fmt.Sprintf("%s halved, impaired, %d", expr.Text, n))
		case "d4":
			d4, _ := dice.Parse("d4")
			if n, err = roll(d4, why+", impaired"); err != nil {
				return 0, "", err
			}
			parts = append(parts, fmt.Sprintf("impaired d4 %d", n))
		default:
			x, err := roll(expr, why+", impaired 1 of 2")
			if err != nil {
				return 0, "", err
			}
			y, err := roll(expr, why+", impaired 2 of 2")
			if err != nil {
				return 0, "", err
			}
			n = min(x, y)
			parts = append(parts, fmt.Sprintf("%s impaired, lower of %d and %d", expr.Text, x, y))
		}
	} else {
		if n, err = roll(expr, why); err != nil {
			return 0, "", err
		}
		parts = append(parts, fmt.Sprintf("%s %d", expr.Text, n))
	}
	if diff < 0 {
		n = scale(n, diff)
		parts = append(parts, fmt.Sprintf("halved for size → %d", n))
	}
	if w.Blast {
		at.blastRoll, at.blastHow = n, strings.Join(parts, ", ")
	}
	if fragile {
		breakWeapon(c, a, as, w)
	}
	if at.raw == nil {
		at.raw = map[*model.Combatant]int{}
	}
	at.raw[t] = n
	arm := ts.ArmourAgainst(at.has("cover"), at.has("pierce"))
	out := max(0, n-arm)
	return out, strings.Join(parts, ", ") + fmt.Sprintf(" − armour %d", arm), nil
}

// spreadFor is the number of dice a target takes of a shared-out
// attack, or 0.
func (at *attack) spreadFor(t *model.Combatant) int {
	for i, x := range at.targets {
		if x == t && i < len(at.spread) {
			return at.spread[i]
		}
	}
	return 0
}

// scaledText writes an expression whose dice were multiplied.
func scaledText(e dice.Expr) string {
	var b strings.Builder
	for i, t := range e.Terms {
		switch {
		case t.Sign < 0:
			b.WriteString("-")
		case i > 0:
			b.WriteString("+")
		}
		if t.Sides == 0 {
			fmt.Fprintf(&b, "%d", t.Const)
		} else {
			fmt.Fprintf(&b, "%dd%d", t.Count, t.Sides)
		}
	}
	return b.String()
}

// nonLethal settles a disarm, shove or grapple: a damaging counter lands
// first (counterFirst), then the target makes a STR save (none if it is
// smaller than the attacker) or suffers the effect.
func (at *attack) nonLethal(c *rules.Ctx, t *model.Combatant, counterFirst bool) error {
	a, as := at.a, at.as
	ts, _ := ownSheet(t)
	if at.counter == t && counterFirst {
		cw, err := ts.Weapon(at.kv["cwith"])
		if err != nil {
			return err
		}
		counter := &attack{a: t, as: ts, w: cw, flag: map[string]bool{}}
		n, how, err := counter.damage(c, t, ts, cw, a, as, cw.Impaired)
		if err != nil {
			return err
		}
		c.Event("%s counters with %s first", t.Name, cw.Name)
		counter.hit(c, a, as, n, how)
		if !a.Status.CanAct() {
			c.Event("%s %s never happens", possessive(a.Name), at.mode)
			return nil
		}
	}
	return applyNonLethal(c, a, as, t, ts, at.mode)
}

// applyNonLethal is a's disarm, shove or grapple against t: t's STR save
// (none if smaller than a) or the effect.
func applyNonLethal(c *rules.Ctx, a *model.Combatant, as *Sheet, t *model.Combatant, ts *Sheet, mode string) error {
	diff := as.Size - ts.Size
	if diff > 0 {
		c.Event("%s is smaller than %s and cannot resist with STR", t.Name, a.Name)
	} else {
		ok, err := save(c, t, "STR", ts.Str, "against "+mode)
		if err != nil {
			return err
		}
		if ok {
			c.Event("%s resists the %s", t.Name, mode)
			return nil
		}
		c.Event("%s fails to resist the %s", t.Name, mode)
	}
	switch mode {
	case "grapple":
		ts.GrabbedBy = a.Name
		c.Event("%s grabs %s: %s can only try to break free", a.Name, t.Name, t.Name)
	case "disarm":
		c.Event("%s drops a weapon of %s choosing (edit %s weapons)", t.Name, possessive(a.Name), possessive(t.Name))
	case "shove":
		if diff <= 0 {
			c.Event("%s shoves %s half a zone", a.Name, t.Name)
			return nil
		}
		c.Event("%s shoves %s %s", a.Name, t.Name, rules.Plural(1<<(diff-1), "zone"))
		d, err := die(c, 4, a.Name, "shove damage to "+t.Name)
		if err != nil {
			return err
		}
		hurt(c, t, ts, d, fmt.Sprintf("d4 %d, direct", d))
	}
	return nil
}

// toHit makes the WIT save the circumstances call for; a ranged blast
// that misses goes astray to a neighbouring zone.
func (at *attack) toHit(c *rules.Ctx) (bool, error) {
	need := (!at.ranged && at.has("unseen")) || (at.ranged && (at.far || at.has("moving")))
	if at.w.Blast && !at.ranged {
		need = false // a melee blast cannot miss
	}
	if !need || at.has("hit") {
		return true, nil
	}
	ok, err := at.save(c)
	if err != nil || ok {
		return ok, err
	}
	c.Event("%s misses with %s", at.a.Name, at.w.Name)
	if at.w.Blast {
		z, err := die(c, deviateDie, "GM", "where the blast goes astray")
		if err != nil {
			return false, err
		}
		c.Event("the blast lands in neighbouring zone %d of %d: resolve it on whoever stands there (attack … hit free)", z, deviateDie)
	}
	return false, nil
}

func (at *attack) save(c *rules.Ctx) (bool, error) {
	ok, err := save(c, at.a, "WIT", at.as.Wit, "to hit")
	if err == nil {
		c.Event("%s %s the WIT save to hit", at.a.Name, passFail(ok))
	}
	return ok, err
}

// reveal uncovers a concealed attacker.
func (at *attack) reveal(c *rules.Ctx) {
	if at.as.Concealed {
		at.as.Concealed = false
		c.Event("%s is revealed by the attack", at.a.Name)
	}
}
