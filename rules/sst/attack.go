package sst

import (
	"fmt"
	"strings"

	"fray/model"
	"fray/rules"
)

const attackUsage = "attack ATTACKER TARGET… [dodge|block|parry|missile|strip|plus|free|riposte|mental|magic|rank|hold|allout|double|bane|rear] [special=RESULT,… cost=N dice=FACES roll=N sl=±N mod=±N cover=KIND weapon=WEIGHT shift=LOCATION]"

// attackHelp says in a line what each of attack's options does (the
// form's hint line, the reference's option table).
var attackHelp = map[string]string{
	"dodge":    "target dodges: a die; each success takes an attack die",
	"block":    "target blocks: a die; a success lets its shield armour count",
	"parry":    "target parries: each success turns a miss into a 1",
	"missile":  "a fired missile: the target's dodge counts one success less",
	"strip":    "spend successes equal to the block's to break it",
	"plus":     "spend a 1 to lift a die just short of success",
	"free":     "no dice paid: an opportunity attack",
	"riposte":  "after a parry: the target's exposures only, no dice paid",
	"mental":   "harm the Mental track: Shock, Panicked, Crushed",
	"magic":    "a magical blow: the State it gives is Doubt",
	"rank":     "lose a rank instead of taking a State",
	"hold":     "wrestle a foe InClose: successes put on a hold, no damage",
	"allout":   "cost of two: both pools in one roll; no defence till next",
	"double":   "cost of two: two rolls, one or two targets; only Dodge",
	"bane":     "a special event: drops a rank-9 track to 8 first",
	"rear":     "from behind: a chariot gives its crew no cover",
	"special=": "extra successes buy these (stun, disarm…), not damage",
	"cost=":    "pips the attack costs (4 unless set)",
	"dice=":    "the faces of the dice that pay for it (dice=6,3)",
	"roll=":    "attack dice to roll instead of the sheet's",
	"sl=":      "Superiority Level up or down: each step up needs one less",
	"mod=":     "attack dice added or taken away",
	"cover=":   "the target's cover: hard-light…soft-heavy, −1 to −3 dice",
	"weapon=":  "weapon weight for this blow, light…massive: hits per success",
	"shift=":   "injury location to shift to, if the roll's triple allows",
}

// successNumber is the lowest face that succeeds at a Superiority Level:
// 5 at the standard level, one lower per step up, between 2 and 6.
func successNumber(sl int) int { return min(6, max(2, 5-sl)) }

// attackOpts is what an attack command asked for.
type attackOpts struct {
	dodge, block, parry, missile, strip, plus, free, riposte bool
	hold                                                     bool     // a hold, not damage
	holdClass                                                string   // the damage of a hold's class (hold NAME damage)
	allout, double                                           bool     // special tactics: all-out attack, double strike
	rear                                                     bool     // from behind: a chariot gives its crew no cover
	special                                                  []string // special results to buy with extra successes
	hit                                                      Hit
	roll, sl, mod                                            int
	cover, weapon                                            string
}

func runAttack(v rules.Verb) func(*rules.Ctx, []string) error {
	return func(c *rules.Ctx, words []string) error {
		a := parseArgs(words)
		var o attackOpts
		for _, f := range []struct {
			name string
			p    *bool
		}{{"dodge", &o.dodge}, {"block", &o.block}, {"parry", &o.parry}, {"missile", &o.missile}, {"strip", &o.strip},
			{"plus", &o.plus}, {"free", &o.free}, {"riposte", &o.riposte}, {"magic", &o.hit.Magic}, {"rank", &o.hit.Rank},
			{"hold", &o.hold}, {allout, &o.allout}, {double, &o.double}, {"bane", &o.hit.Bane}, {"rear", &o.rear}} {
			*f.p = a.flag(f.name)
		}
		if a.flag("mental") {
			o.hit.Track = Mental
		}
		var err error
		n, err := a.num("cost", 4)
		if err != nil {
			return err
		}
		faces, err := a.faces("dice")
		if err != nil {
			return err
		}
		if o.roll, err = a.num("roll", -1); err != nil {
			return err
		}
		if o.sl, err = a.num("sl", 0); err != nil {
			return err
		}
		if o.mod, err = a.num("mod", 0); err != nil {
			return err
		}
		o.cover = strings.ToLower(a.text("cover"))
		if o.cover != "" && o.cover != "none" && coverDice[o.cover] == 0 {
			return rules.Usagef(v, "cover is %s", strings.Join(coverNames(), ", "))
		}
		o.weapon = strings.ToLower(a.text("weapon"))
		if o.weapon != "" && weightCodes[o.weapon] == "" {
			return rules.Usagef(v, "weapon is %s", strings.Join(weightNames(), ", "))
		}
		if sp := a.text("special"); sp != "" {
			if o.special, err = parseSpecials(v, sp); err != nil {
				return err
			}
		}
		if sh := a.text("shift"); sh != "" {
			if o.hit.Shift, err = ParseLocation(sh); err != nil {
				return err
			}
		}
		if err := a.done(v); err != nil {
			return err
		}
		atk, as, err := a.who(c, v)
		if err != nil {
			return err
		}
		if len(a.plain) == 0 {
			return rules.Usagef(v, "name a target")
		}
		var targets []*model.Combatant
		for _, w := range a.plain {
			t, err := c.Find(w)
			if err != nil {
				return err
			}
			if t == atk {
				return fmt.Errorf("%s cannot attack itself", atk.Name)
			}
			for _, o := range targets {
				if o == t {
					return fmt.Errorf("%s is named twice: a group strikes separate targets", t.Name)
				}
			}
			targets = append(targets, t)
		}
		g := GroupOf(as.Group)
		if as.Chariot != "" {
			g.Attacks = max(g.Attacks, as.chariotTargets())
		}
		switch {
		case o.allout && o.double:
			return rules.Usagef(v, "an attack is all out or a double strike, not both")
		case (o.allout || o.double) && (o.free || o.riposte || o.hold):
			return rules.Usagef(v, "an all-out attack or a double strike is an action of its own: not free, a riposte or a hold")
		case (o.allout || o.double) && g.Attacks > 1:
			return fmt.Errorf("%s is a %s: its attacks are its own (one action strikes %d targets)", atk.Name, g.Name, g.Attacks)
		case o.double && len(targets) > 2:
			return fmt.Errorf("a double strike is two attacks: one target or two")
		case o.allout && len(targets) > 1:
			return fmt.Errorf("an all-out attack is one attack: one target")
		case !o.double && len(targets) > g.Attacks:
			return fmt.Errorf("%s strikes at most %s with one action", atk.Name, rules.Plural(g.Attacks, "target"))
		}
		what := "an attack"
		switch {
		case o.allout:
			n, what = 2*n, "an all-out attack"
		case o.double:
			n, what = 2*n, "a double strike"
			if len(targets) == 1 {
				targets = append(targets, targets[0])
			}
		}
		if o.riposte && len(targets) > 1 {
			return fmt.Errorf("a riposte strikes one attacker")
		}
		if o.hold {
			if len(targets) > 1 || !o.melee() {
				return rules.Usagef(v, "a hold grips one foe, hand to hand")
			}
			if err := canHold(c, atk, targets[0]); err != nil {
				return err
			}
		}
		if o.free || o.riposte {
			if err := holdFor(c, atk, actHold); err != nil {
				return err
			}
			if !able(atk) {
				return fmt.Errorf("%s is %s and cannot attack", atk.Name, atk.Status)
			}
			if st := States(atk); len(st) > 0 || atk.HasCond(Crushed) {
				return fmt.Errorf("%s must clear its State before it can attack", atk.Name)
			}
		} else {
			if err := beginAction(c, atk, as, actOther); err != nil {
				return err
			}
			used, err := pay(atk, as, n, faces)
			if err != nil {
				return err
			}
			c.Event("%s spends %s on %s (cost %d): dice left %s", atk.Name, facesText(used), what, n, orNone(facesText(as.Dice)))
			if stop, err := fearStops(c, atk, as); stop {
				return err
			}
		}
		for _, t := range targets {
			if o.melee() {
				if err := meleeReach(c, atk, as, t, o.weight(as), o.free); err != nil {
					return err
				}
			}
			if err := strike(c, atk, as, t, o); err != nil {
				return err
			}
		}
		if o.free || o.riposte {
			return nil
		}
		takeStance(c, atk, as, o)
		return endAction(c, atk, as)
	}
}

// melee reports whether the attack is made hand to hand: not a missile,
// a spell or a mental attack.
func (o attackOpts) melee() bool { return !o.missile && !o.hit.Magic && o.hit.Track != Mental }

// weight is the weapon weight the attack strikes with.
func (o attackOpts) weight(as *Sheet) string {
	if o.weapon != "" {
		return o.weapon
	}
	return as.Weapon
}

// strike resolves one attack roll against one target.
func strike(c *rules.Ctx, atk *model.Combatant, as *Sheet, t *model.Combatant, o attackOpts) error {
	ts, err := ownSheet(t)
	if err != nil {
		return err
	}
	if ts.Rank(o.hit.Track) == 0 && able(t) && !o.hold {
		// Level 0: any damage squashes them; nobody rolls for it.
		c.Struck(atk, t, true)
		c.Event("%s (rank 0) is defeated: no roll", t.Name)
		outOfAction(c, t, ts, "rank 0")
		return nil
	}
	// The attack pool.
	n := as.Attack
	if o.roll >= 0 {
		n = o.roll
	}
	var why []string
	holder, _ := HeldBy(c.E, t)
	if holder != nil {
		why = append(why, "held: no defence")
	}
	if o.riposte {
		n = 0
	}
	if o.allout {
		n *= 2
	}
	n += takeEffort(c, atk, as) + o.mod
	if w, _ := WoundDice(atk); w > 0 {
		n -= w
		why = append(why, fmt.Sprintf("wounds −%dd", w))
	}
	cov := o.cover
	if cov == "" {
		cov = ts.Cover
	}
	if d := coverDice[cov]; d > 0 {
		n -= d
		why = append(why, fmt.Sprintf("cover %s −%d", cov, d))
	} else if car := chariotOf(c.E, t); car != nil && !o.rear && !car.HasCond(overturned) {
		n--
		why = append(why, "chariot cover −1")
	}
	if o.melee() {
		if d, how := advantage(c.E, atk, t); d > 0 {
			n += d
			why = append(why, how)
		}
	}
	if ts.Exposed > 0 {
		n = max(n, 0) + ts.Exposed
		why = append(why, fmt.Sprintf("+%s picked up", rules.Plural(ts.Exposed, "exposure")))
		ts.Exposed = 0
	}
	n = max(n, 0)
	defending := able(t) && !t.HasCond(Crushed) && holder == nil
	if holder != nil && (o.dodge || o.block || o.parry) {
		return fmt.Errorf("%s is held by %s: it has no defence but to break the hold", t.Name, holder.Name)
	}
	if err := stanceForbids(t, ts, o); err != nil {
		return err
	}
	// Declared defences cost the defender a full die.
	parried := 0
	if defending {
		if parried, err = declare(c, t, ts, o); err != nil {
			return err
		}
	}
	// Dodge: each success in the pool takes away an attack die.
	if defending && ts.DPool > 0 {
		eff := ts.DPool
		if o.missile {
			eff--
		}
		gone := min(eff, n)
		if left := eff - n; left > 0 {
			as.Exposed += left
			c.Event("%s dodge outnumbers the attack: %s on %s", possessive(t.Name), rules.Plural(left, "exposure"), atk.Name)
		}
		n -= gone
		ts.DPool--
		why = append(why, fmt.Sprintf("dodge −%d (pool now %d)", gone, ts.DPool))
	}
	sl := o.sl
	if ts.Fumbled {
		sl++
		why = append(why, "+1 SL: target fumbled")
	}
	if o.melee() && closeSL(atk, t, o.weight(as)) > 0 {
		sl++
		why = append(why, "+1 SL: light weapon InClose")
	}
	sn := successNumber(sl)
	note := ""
	if len(why) > 0 {
		note = " (" + strings.Join(why, ", ") + ")"
	}
	c.Event("%s attacks %s with %d dice, success on %d+%s", atk.Name, t.Name, n, sn, note)
	faces, err := rollDice(c, atk.Name, "attack on "+t.Name, n, sn)
	if err != nil {
		return err
	}
	if err := lift(c, atk, as, faces, sn, o.plus); err != nil {
		return err
	}
	// The fumble is judged on the roll; a parry comes after it (the
	// source's order), and every 1 it makes is an exposure.
	s, ones := successes(faces, sn), count(faces, 1)
	switch {
	case ones > s:
		as.Fumbled = true
		c.Event("%s fumbles (%s, %s): +1 SL against it until its next action", atk.Name, rules.Plural(ones, "one"), rules.Plural(s, "success"))
	case ones > 0:
		as.Exposed += ones
		c.Event("%s is exposed: %s left beside it", atk.Name, rules.Plural(ones, "exposure"))
	}
	if parried > 0 {
		conv := 0
		for i, f := range faces {
			if conv < parried && f > 1 && f < sn {
				faces[i] = 1
				conv++
			}
		}
		if conv > 0 {
			as.Exposed += conv
			c.Event("%s parry turns %s into 1s (%s): %s on %s", possessive(t.Name), rules.Plural(conv, "miss"), facesText(faces), rules.Plural(conv, "more exposure"), atk.Name)
		}
	}
	s = block(c, atk, as, t, ts, s, o.strip)
	if o.hold {
		// A grip is no blow: armour does not stop it.
		c.Struck(atk, t, false)
		if s < 1 {
			c.Event("%s fails to get a hold on %s", atk.Name, t.Name)
			return nil
		}
		setHold(c.E, atk, t, firstClass)
		c.Event("%s holds %s: a %s hold", atk.Name, t.Name, firstClass)
		return nil
	}
	if ts.Armour > 0 && s > 0 {
		c.Event("%s armour %d cancels successes: %d → %d", possessive(t.Name), ts.Armour, s, max(0, s-ts.Armour))
		s = max(0, s-ts.Armour)
	}
	weight, what := o.weight(as), "weapon"
	if o.holdClass != "" {
		weight, what = o.holdClass, "hold"
	}
	c.Struck(atk, t, s >= 1)
	if s < 1 {
		c.Event("%s misses %s", atk.Name, t.Name)
		return nil
	}
	h := o.hit
	s = buySpecials(c, atk, t, ts, o.special, s, &h)
	h.Damage = Hits(weight, s) + h.Extra
	h.Massive = Massive(weight)
	switch {
	case h.Massive:
		c.Event("%s hits %s with a Massive weapon", atk.Name, t.Name)
	case h.Extra > 0:
		c.Event("%s hits %s: %s, %s %s (%s) → %d damage, +%d special = %d", atk.Name, t.Name, rules.Plural(s, "success"), weight, what, weightCodes[weight], h.Damage-h.Extra, h.Extra, h.Damage)
	default:
		c.Event("%s hits %s: %s, %s %s (%s) → %d damage", atk.Name, t.Name, rules.Plural(s, "success"), weight, what, weightCodes[weight], h.Damage)
	}
	return harm(c, t, h)
}

// declare pays for and rolls the defences the target declared and does
// not already hold a pool for.
func declare(c *rules.Ctx, t *model.Combatant, ts *Sheet, o attackOpts) (parried int, err error) {
	roll := func(name string, dice int) (int, error) {
		if dice < 1 {
			return 0, fmt.Errorf("%s has no %s skill (set %s %s=N)", t.Name, name, rules.Quote(t.Name), name)
		}
		if st := States(t); len(st) > 0 {
			return 0, fmt.Errorf("%s is in a State (%s) and cannot %s", t.Name, st[0], name)
		}
		face, err := payOne(t, ts, 0)
		if err != nil {
			return 0, fmt.Errorf("%s cannot %s: %w", t.Name, name, err)
		}
		c.Event("%s spends a %d to %s", t.Name, face, name)
		faces, err := poolRoll(c, t, ts, dice, 5, name)
		if err != nil {
			return 0, err
		}
		return successes(faces, 5), nil
	}
	if o.dodge && ts.DPool == 0 {
		s, err := roll("dodge", ts.Dodge)
		if err != nil {
			return 0, err
		}
		ts.DPool = s
		c.Event("%s dodge pool: %d", possessive(t.Name), s)
	}
	if o.block && ts.BPool == 0 {
		s, err := roll("block", ts.Block)
		if err != nil {
			return 0, err
		}
		if s > 0 {
			ts.BPool = s + ts.Shield
			c.Event("%s block works: pool %d (%s + shield %d)", possessive(t.Name), ts.BPool, rules.Plural(s, "success"), ts.Shield)
		} else {
			c.Event("%s block fails", possessive(t.Name))
		}
	}
	if o.parry {
		return roll("parry", ts.Parry)
	}
	return 0, nil
}

// block applies the target's block pool to s successes and returns what
// gets through. Successes up to the pool meet the shield: they lose its
// armour and the rest of the pool becomes exposures on the attacker; more
// successes than the pool ignore the shield. With strip the attacker
// spends successes equal to the rolled part of the pool to break it.
func block(c *rules.Ctx, atk *model.Combatant, as *Sheet, t *model.Combatant, ts *Sheet, s int, strip bool) int {
	if ts.BPool == 0 || !able(t) {
		return s
	}
	rolled := max(1, ts.BPool-ts.Shield)
	switch {
	case strip && s >= rolled:
		c.Event("%s spends %s to break %s block", atk.Name, rules.Plural(rolled, "success"), possessive(t.Name))
		ts.BPool = 0
		return s - rolled
	case s <= ts.BPool:
		if x := ts.BPool - s; x > 0 {
			as.Exposed += x
			c.Event("%s block leaves %s on %s", possessive(t.Name), rules.Plural(x, "exposure"), atk.Name)
		}
		ts.BPool--
		c.Event("%s shield holds: %s − shield %d (block pool now %d)", possessive(t.Name), rules.Plural(s, "success"), ts.Shield, ts.BPool)
		return max(0, s-ts.Shield)
	}
	ts.BPool--
	c.Event("%s beat %s block pool: the shield is ignored (block pool now %d)", rules.Plural(s, "success"), possessive(t.Name), ts.BPool)
	return s
}
