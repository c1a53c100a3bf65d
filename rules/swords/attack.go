package swords

import (
	"fmt"
	"strings"

	"fray/model"
	"fray/rules"
)

const attackUsage = "attack ATTACKER TARGET [harm|small|disarm|dodge|dive] [skill=striking|archery|grappling] [range=N] [augment=N] [assist=NAME,…] [defskill=defense|grappling|riding] [mod=±N] [atk=N def=N dmg=N end=N]"

// attackWords are the plain words attack understands.
var attackWords = []string{"harm", "small", "disarm", "dodge", "dive"}

// attackHelp says in a line what each of attack's options does (the
// form's hint line, the reference's option table).
var attackHelp = map[string]string{
	"harm":      "a grab that also hurts: 2d6 + Str damage",
	"small":     "a grab with a small weapon's damage (dagger, blackjack)",
	"disarm":    "at the thing in its hand: knocked or wrenched away, no harm",
	"dodge":     "too big to block: the target must dodge (not from a saddle)",
	"dive":      "a rider dodges by diving from the saddle, landing prone",
	"skill=":    "attacker's skill (Archery for bows, else Striking)",
	"range=":    "the range's challenge level, added to the Defense roll",
	"augment=":  "extra actions spent on the blow: +2 damage each",
	"assist=":   "friends who block for the target; the best Defense counts",
	"defskill=": "the target's roll: Defense, Grappling vs a grab, Riding −4",
	"mod=":      "a bonus or penalty to the attacker's skill roll",
	"atk=":      "the attack total as rolled at the table, not rolled here",
	"def=":      "the Defense total as rolled at the table",
	"dmg=":      "the damage total as rolled at the table",
	"end=":      "the endurance total as rolled at the table",
}

type attackOpts struct {
	skill, defskill string
	skillGiven      bool // skill= was typed
	defGiven        bool // defskill= was typed
	rng, augment    int
	mod             int
	harm, small     bool // a grab that does damage; with a small weapon's
	disarm          bool // at the object in the target's hand
	dodge, dive     bool // the target must dodge; it dives from the saddle
	atk, def        *int
	dmg, end        *int
	assist          []string

	attacker, target *model.Combatant
	a, t             *Sheet
}

func parseAttack(c *rules.Ctx, args []string) (*attackOpts, error) {
	v := verb("attack")
	plain, kvs := rules.SplitKV(args)
	if len(plain) < 2 {
		return nil, rules.Usagef(v, "attack takes an attacker and a target")
	}
	o := &attackOpts{defskill: "defense"}
	for _, w := range plain[2:] {
		switch strings.ToLower(w) {
		case "harm":
			o.harm = true
		case "small":
			o.harm, o.small = true, true
		case "disarm":
			o.disarm = true
		case "dodge":
			o.dodge = true
		case "dive":
			o.dive = true
		default:
			return nil, rules.Usagef(v, "unknown option %q", w)
		}
	}
	var nums []rules.KV
	for _, kv := range kvs {
		switch kv.Key {
		case "skill":
			o.skillGiven = true
			o.skill = strings.ToLower(kv.Value)
			if o.skill != "striking" && o.skill != "archery" && o.skill != "grappling" {
				return nil, rules.Usagef(v, "skill= takes striking, archery or grappling, not %q", kv.Value)
			}
		case "defskill":
			o.defGiven = true
			o.defskill = strings.ToLower(kv.Value)
			if o.defskill != "defense" && o.defskill != "grappling" && o.defskill != "riding" {
				return nil, rules.Usagef(v, "defskill= takes defense, grappling or riding, not %q", kv.Value)
			}
		case "assist":
			for _, n := range strings.Split(kv.Value, ",") {
				if n = strings.TrimSpace(n); n != "" {
					o.assist = append(o.assist, n)
				}
			}
		default:
			nums = append(nums, kv)
		}
	}
	m, err := kvInts(v, nums, "range", "augment", "mod", "atk", "def", "dmg", "end")
	if err != nil {
		return nil, err
	}
	o.rng, o.augment, o.mod = intOr(m, "range"), intOr(m, "augment"), intOr(m, "mod")
	o.atk, o.def, o.dmg, o.end = m["atk"], m["def"], m["dmg"], m["end"]
	if o.rng < 0 {
		return nil, rules.Usagef(v, "range= is a challenge level, 0 or more, not %d", o.rng)
	}
	if o.augment < 0 || o.augment > 20 {
		return nil, rules.Usagef(v, "augment= takes 0–20 extra actions, not %d", o.augment)
	}
	if o.attacker, o.a, err = person(c, plain[0], rules.Attack); err != nil {
		return nil, err
	}
	if o.target, err = c.Find(plain[1]); err != nil {
		return nil, err
	}
	if o.t, err = ownSheet(o.target); err != nil {
		return nil, err
	}
	switch {
	case o.t.IsArmy():
		return nil, fmt.Errorf("%s is an army: armies fight with battle", o.target.Name)
	case o.attacker == o.target:
		return nil, rules.Usagef(v, "%s cannot attack itself", o.attacker.Name)
	case o.target.Status == model.Dead:
		return nil, fmt.Errorf("%s is already dead", o.target.Name)
	}
	if err := o.closeCombat(c); err != nil {
		return nil, err
	}
	if o.skill == "" {
		o.skill = o.a.AttackSkill()
	}
	grab := o.skill == "grappling"
	if o.defskill == "grappling" && !grab {
		return nil, rules.Usagef(v, "only a grab (skill=grappling) can be resisted with grappling")
	}
	if o.harm && !grab {
		return nil, rules.Usagef(v, "harm is for a grab: strikes always do damage")
	}
	if grab && !o.harm && (o.augment > 0 || o.dmg != nil) {
		return nil, rules.Usagef(v, "a grab does no damage unless it says harm")
	}
	if o.disarm {
		switch {
		case o.augment > 0 || o.dmg != nil || o.end != nil:
			return nil, rules.Usagef(v, "a disarm does no damage")
		case o.t.InHand() == Unarmed:
			return nil, fmt.Errorf("%s has nothing in hand to lose", o.target.Name)
		}
	}
	return o, o.saddle(v)
}

// closeCombat applies the rule of close combat to an attack between two
// locked in it: Grappling is all that matters, for attack and defence.
func (o *attackOpts) closeCombat(c *rules.Ctx) error {
	if !o.attacker.EngagedWith(o.target.ID) {
		return nil
	}
	if o.skill != "grappling" || (o.defGiven && o.defskill != "grappling") {
		if err := c.Refuse("%s and %s are locked in close combat: only Grappling serves (skill=grappling, control, escape, slam)", o.attacker.Name, o.target.Name); err != nil {
			return err
		}
	}
	if !o.defGiven && o.skill == "grappling" {
		o.defskill = "grappling"
	}
	return nil
}

// missile reports whether the attack is a shot or a throw: what a target
// can block only with a shield.
func (o *attackOpts) missile() bool {
	return o.skill == "archery" || (o.skill == "striking" && o.a.InHand() == Thrown)
}

// saddle checks the words about a mounted target's defence.
func (o *attackOpts) saddle(v rules.Verb) error {
	switch {
	case o.dive && o.defskill == "riding":
		return rules.Usagef(v, "a rider uses dive or defskill=riding, not both")
	case (o.dive || o.defskill == "riding") && !o.t.Mounted:
		return rules.Usagef(v, "%s is not mounted: dive and defskill=riding are for a rider", o.target.Name)
	}
	return nil
}

// cannotDodge says why a mounted target gets no Defense roll, or "": in
// the saddle it cannot dodge, so only a block serves — any melee blow it
// may block, a missile only with a shield — unless it dives out of the
// saddle or uses Riding instead.
func (o *attackOpts) cannotDodge() string {
	if !o.t.Mounted || o.dive || o.defskill != "defense" {
		return ""
	}
	switch {
	case o.dodge:
		return o.target.Name + " cannot dodge in the saddle"
	case o.missile() && !o.t.Shield:
		return o.target.Name + " cannot dodge in the saddle and has no shield to block the missile"
	}
	return ""
}

// massBonus is the Grappling bonus of the heavier of two combatants.
func massBonus(me, them *Sheet) int {
	if me.Mass > them.Mass && them.Mass > 0 {
		return Doublings(me.Mass, them.Mass)
	}
	return 0
}

func runAttack(c *rules.Ctx, args []string) error {
	o, err := parseAttack(c, args)
	if err != nil {
		return err
	}
	an, tn := o.attacker.Name, o.target.Name
	grab := o.skill == "grappling"

	pen := spend(c.E, o.attacker, 1+o.augment, 0)
	if o.augment > 0 {
		c.Event("%s augments %s: +%d damage, skill rolls %s this round", an, rules.Plural(o.augment, "time"), 2*o.augment, signed(pen))
	}
	var at total
	at.Add("Dex", o.a.Dex)
	sk, _ := o.a.Skill(o.skill)
	at.Add(titled(o.skill), sk)
	if grab {
		at.Add("mass", massBonus(o.a, o.t))
	}
	at.Add("mod", o.mod)
	atk, atkText, err := skillRoll(c, an, o.skill+" at "+tn, at, pen, o.atk)
	if err != nil {
		return err
	}
	c.Event("%s: %s %s", an, titled(o.skill), atkText)

	dfn, who, err := defenses(c, o)
	if err != nil {
		return err
	}
	head := fmt.Sprintf("%d against Defense %d", atk, dfn)
	if who == "" {
		head = fmt.Sprintf("%d against no Defense", atk)
	}
	if o.rng > 0 {
		head += fmt.Sprintf(" + range %d = %d", o.rng, dfn+o.rng)
	}
	if who != "" && who != tn {
		head += " (" + who + "'s block)"
	}
	c.Struck(o.attacker, o.target, atk > dfn+o.rng)
	if atk <= dfn+o.rng {
		c.Event("%s misses %s: %s", an, tn, head)
		switch {
		case !grab || o.disarm:
		case who == tn && o.defskill == "grappling":
			c.Event("%s resists the grab with Grappling: close combat begins", tn)
			return lockIn(c, o.attacker, o.target)
		case who != "" && !o.attacker.EngagedWith(o.target.ID):
			c.Event("%s wards %s off: melee combat goes on", who, an)
		}
		return nil
	}
	c.Event("%s hits %s: %s", an, tn, head)
	if o.disarm {
		disarm(c, o)
		return nil
	}
	if grab {
		if err := holdFast(c, o.attacker, o.target); err != nil {
			return err
		}
		c.Event("%s is grappled by %s", tn, an)
		if !o.harm {
			return nil
		}
	}
	return strike(c, o)
}

// defenses rolls the target's Defense (when it may defend) and every
// assisted block, each one an action for its roller, and returns the best
// roll and whose it was ("" when nobody could defend).
func defenses(c *rules.Ctx, o *attackOpts) (int, string, error) {
	best, who := 0, ""
	try := func(cb *model.Combatant, sh *Sheet, skill string, entered *int) error {
		pen := spend(c.E, cb, 1, 1)
		var t total
		rating, _ := sh.Skill(skill)
		t.Add("Dex", sh.Dex)
		t.Add(titled(skill), rating)
		if skill == "grappling" {
			t.Add("mass", massBonus(sh, o.a))
		}
		if skill == "riding" {
			t.Add("in the saddle", -ridingDodge)
		}
		n, text, err := skillRoll(c, cb.Name, skill+" against "+o.attacker.Name, t, pen, entered)
		if err != nil {
			return err
		}
		label := "Defense"
		if cb != o.target {
			label = "assisted block for " + o.target.Name
		} else if skill != "defense" {
			label = titled(skill) + " defense"
		}
		c.Event("%s: %s %s", cb.Name, label, text)
		if who == "" || n > best {
			best, who = n, cb.Name
		}
		return nil
	}
	why := o.cannotDodge()
	if why != "" {
		c.Event("%s: no Defense (defskill=riding rolls Riding instead, dive leaves the saddle)", why)
	}
	if why == "" && able(c, o.target, "defend") {
		if o.dive {
			diveClear(c, o.target, o.t)
		}
		if err := try(o.target, o.t, o.defskill, o.def); err != nil {
			return 0, "", err
		}
	} else if o.def != nil {
		return 0, "", fmt.Errorf("%s cannot defend now, so def= has nothing to replace", o.target.Name)
	}
	for _, name := range o.assist {
		cb, err := c.Find(name)
		if err != nil {
			return 0, "", err
		}
		sh, err := sheetOf(cb)
		if err != nil {
			return 0, "", err
		}
		if cb == o.target || cb == o.attacker || sh.IsArmy() {
			return 0, "", rules.Usagef(verb("attack"), "%s cannot block for %s", cb.Name, o.target.Name)
		}
		if able(c, cb, "block") {
			if err := try(cb, sh, "defense", nil); err != nil {
				return 0, "", err
			}
		}
	}
	return best, who, nil
}

// ridingDodge is the penalty of Riding used instead of a dodge in the
// saddle: the source asks for "a substantial penalty"; fray takes 4 (the
// GM adjusts with def=).
const ridingDodge = 4

// diveClear: a rider dodges by diving out of the saddle, and lands prone.
func diveClear(c *rules.Ctx, cb *model.Combatant, sh *Sheet) {
	sh.Mounted = false
	cb.SetCond("prone", 0)
	c.Event("%s dives out of the saddle to dodge", cb.Name)
}

// able reports whether a combatant may make a Defense roll now, logging
// why not.
func able(c *rules.Ctx, cb *model.Combatant, doing string) bool {
	if !cb.Status.CanAct() {
		c.Event("%s cannot %s (%s)", cb.Name, doing, cb.Status)
		return false
	}
	if !RoundTally(c.E, cb.ID).CanDefend() {
		c.Event("%s has acted this round without defending: no chance to %s", cb.Name, doing)
		return false
	}
	return true
}

// strike rolls damage against the target's endurance, applies it, and
// makes a mounted target keep its seat.
func strike(c *rules.Ctx, o *attackOpts) error {
	an, tn := o.attacker.Name, o.target.Name
	var dt total
	if o.dmg != nil {
		dt.Add("damage (entered)", *o.dmg)
	} else {
		r, err := roll2d6(c, an, "damage to "+tn)
		if err != nil {
			return err
		}
		dt.Die("2d6", r)
		o.a.damageTerms(&dt, o.skill == "grappling" && !o.small)
		dt.Add("augment", 2*o.augment)
	}
	dmg := dt.Sum()
	c.Event("%s: damage %s", an, dt)
	net, err := endure(c, o.target, o.t, dmg, o.end)
	if err != nil {
		return err
	}
	applyHit(c, o.target, o.t, net)
	return keepSeat(c, o.target, o.t, dmg)
}
