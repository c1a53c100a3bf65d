package osr

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"fray/model"
	"fray/rules"
	"fray/rules/dice"
)

// attackFlags are the plain words attack takes after the two names, and
// attackKeys its key=VALUE options; the usage, the help and the parser
// all read these lists, so they cannot disagree.
var (
	attackFlags = []string{"behind", "invisible", "missile", "melee", "two", "parry", "subdual", "unarmed", "free", "long", "flank", "fend", "passing", "assassinate"}
	attackKeys  = []string{"attackers=N", "cover=N", "with=WEAPON", "magic=N", "dmg=DICE", "mod=±N", "dmod=±N", "mb=±N", "rank=N"}
)

// attackHelp says in a line what each of attack's options does (the
// form's hint line, the reference's option table).
var attackHelp = map[string]string{
	"behind":      "from behind: +2 to hit (and past a shield wall's shields)",
	"invisible":   "the target is unseen but located: −4 to hit",
	"missile":     "count the weapon as a missile: DEX to hit, not STR",
	"melee":       "count the weapon as hand to hand: STR to hit, not DEX",
	"two":         "two weapons: two attacks, each at −3",
	"parry":       "off hand parries: one attack at −1, +1 AC this round",
	"subdual":     "half the damage is subdual (knocks out), half is real",
	"unarmed":     "bare hands: 1d2 + STR; over half its HP left, or a 20, stuns",
	"free":        "a free attack the rules give: uses no turn or attack",
	"long":        "past short range: a thrown weapon adds no STR to damage",
	"flank":       "from the side: a shield wall member has no shield",
	"fend":        "reach weapon at a foe closing in: a hit keeps it off",
	"passing":     "free attack on a foe passing by; a hit pushes it a hex",
	"assassinate": "helpless or unaware victim: damage to CON unless it saves",
	"attackers=":  "how many attack the target: +1 to hit per one past the 1st",
	"cover=":      "the target's cover: −1 to −4 to hit",
	"with=":       "which of the sheet's weapons, by name (the first if unset)",
	"magic=":      "the weapon's magic bonus to hit, in place of the sheet's",
	"dmg=":        "damage dice to roll instead of the weapon's, e.g. 1d8+1",
	"mod=":        "another bonus or penalty to hit",
	"dmod=":       "a bonus or penalty to the damage",
	"mb=":         "a bonus or penalty to the Mighty Blows roll on a 20",
	"rank=":       "melee from rank N of a formation: spear from 2, pike 3",
}

var (
	attackUsage   = "attack ATTACKER TARGET [" + strings.Join(attackFlags, "|") + "] [" + strings.Join(attackKeys, " ") + "]"
	attackOptions = strings.Join(attackFlags, " ") + " " + strings.Join(attackKeys, " ")
	attackVerb    = rules.Verb{Name: "attack", Usage: attackUsage}
)

type attackOpts struct {
	attacker, target                  string
	behind, invisible, missile, melee bool
	two, parry, subdual, unarmed      bool
	free, long, flank, fend, assassin bool
	passing                           bool
	attackers, cover, mod, dmod, mb   int
	rank                              int // 0: not given
	magic                             int
	hasMagic                          bool
	with, dmg                         string
}

func parseAttack(args []string) (attackOpts, error) {
	var o attackOpts
	plain, kvs := rules.SplitKV(args)
	if len(plain) < 2 {
		return o, rules.Usagef(attackVerb, "attack takes an attacker and a target")
	}
	o.attacker, o.target = plain[0], plain[1]
	for _, f := range plain[2:] {
		p := o.flag(strings.ToLower(f))
		if p == nil {
			return o, rules.Usagef(attackVerb, "unknown option %q (options: %s)", f, attackOptions)
		}
		*p = true
	}
	for _, kv := range kvs {
		if !slices.ContainsFunc(attackKeys, func(k string) bool { return strings.HasPrefix(k, kv.Key+"=") }) {
			return o, rules.Usagef(attackVerb, "unknown option %q (options: %s)", kv.Key, attackOptions)
		}
		var p *int
		switch kv.Key {
		case "with":
			o.with = kv.Value
			continue
		case "dmg":
			if !isDamage(kv.Value) {
				return o, fmt.Errorf("dmg takes damage dice such as 1d6+1, not %q", kv.Value)
			}
			o.dmg = kv.Value
			continue
		case "attackers":
			p = &o.attackers
		case "cover":
			p = &o.cover
		case "mod":
			p = &o.mod
		case "dmod":
			p = &o.dmod
		case "mb":
			p = &o.mb
		case "rank":
			p = &o.rank
		case "magic":
			p, o.hasMagic = &o.magic, true
		default:
			return o, rules.Usagef(attackVerb, "unknown option %q (options: %s)", kv.Key, attackOptions)
		}
		n, err := rules.Int(kv.Key, kv.Value)
		if err != nil {
			return o, err
		}
		*p = n
	}
	if o.cover < 0 {
		o.cover = -o.cover
	}
	switch {
	case o.cover > 4:
		return o, errors.New("cover is worth −1 to −4: give cover=1 … cover=4")
	case o.attackers < 0 || o.attackers > 20:
		return o, errors.New("attackers counts those attacking the target, 1 to 20")
	case o.two && o.parry:
		return o, errors.New("two weapons either attack twice (two) or parry with the off hand (parry), not both")
	case o.missile && o.melee:
		return o, errors.New("an attack is missile or melee, not both")
	case o.behind && o.flank:
		return o, errors.New("an attack comes from behind or from the flank, not both")
	case o.passing && o.fend:
		return o, errors.New("passing is the free attack on one moving through, fend a spear's against one coming on: one or the other")
	case o.rank < 0 || (o.rank == 0 && slices.ContainsFunc(kvs, func(kv rules.KV) bool { return kv.Key == "rank" })):
		return o, fmt.Errorf("rank is 1 (the front) to 3 (a pike's reach), not %d", o.rank)
	}
	o.free = o.free || o.passing // the free attack of one passing through
	return o, nil
}

// flag returns the field a flag of attackFlags sets, or nil for a word
// that is no flag.
func (o *attackOpts) flag(name string) *bool {
	if !slices.Contains(attackFlags, name) {
		return nil
	}
	switch name {
	case "behind":
		return &o.behind
	case "invisible":
		return &o.invisible
	case "missile":
		return &o.missile
	case "melee":
		return &o.melee
	case "two":
		return &o.two
	case "parry":
		return &o.parry
	case "subdual":
		return &o.subdual
	case "unarmed":
		return &o.unarmed
	case "free":
		return &o.free
	case "long":
		return &o.long
	case "flank":
		return &o.flank
	case "fend":
		return &o.fend
	case "passing":
		return &o.passing
	case "assassinate":
		return &o.assassin
	}
	return nil
}

func runAttack(c *rules.Ctx, args []string) error {
	o, err := parseAttack(args)
	if err != nil {
		return err
	}
	a, err := c.Find(o.attacker)
	if err != nil {
		return err
	}
	t, err := c.Find(o.target)
	if err != nil {
		return err
	}
	if a == t {
		return errors.New("a combatant cannot attack itself")
	}
	if t.Status == model.Dead {
		return fmt.Errorf("%s is already dead", t.Name)
	}
	ash, err := sheetOf(a)
	if err != nil {
		return err
	}
	tsh, err := ownSheet(t)
	if err != nil {
		return err
	}
	w, err := weaponFor(ash, o)
	if err != nil {
		return fmt.Errorf("%s: %w", a.Name, err)
	}
	if err := mayAttack(c, a, w, o.free); err != nil {
		return err
	}
	if err := checkRank(c, a, t, w, o.rank); err != nil {
		return err
	}
	if err := meleeBarred(c, a, t, w); err != nil {
		return err
	}
	if o.fend {
		if err := checkFend(c, a, t, w); err != nil {
			return err
		}
	}
	if err := arrowHurts(c, a, "fights"); err != nil {
		return err
	}
	if a.DropCond(condDefensive) {
		c.Event("%s attacks, so no longer fights defensively", a.Name)
	}
	pen := 0
	if o.parry {
		pen = -1
		a.SetCond(condParrying, roundEnd(c.E))
		c.Event("%s parries with the off-hand weapon: +1 AC this round", a.Name)
	}
	n := 1
	if o.two {
		n, pen = 2, -3
	}
	for i := 0; i < n && t.Status != model.Dead; i++ {
		if err := strike(c, a, t, ash, tsh, w, o, pen); err != nil {
			return err
		}
	}
	return nil
}

// fumble logs a natural 1: an automatic miss, and a free attack for
// every opponent within reach: those engaged with the fumbler, when the
// GM has said who they are.
func fumble(c *rules.Ctx, a *model.Combatant) {
	var foes []*model.Combatant
	for _, o := range c.E.Foes(a) {
		if able(o) {
			foes = append(foes, o)
		}
	}
	if len(foes) == 0 {
		c.Event("%s fumbles (natural 1): an automatic miss, and every opponent within reach of %s gets a free attack", a.Name, a.Name)
		return
	}
	c.Event("%s fumbles (natural 1): an automatic miss; %s %s a free attack (attack NAME %s free)", a.Name, andList(foes), plural(foes, "gets", "get"), rules.Quote(a.Name))
}

// mayAttack checks that a may make this attack now: its time to act and
// an attack left for the weapon (a free attack needs neither), and books
// it.
func mayAttack(c *rules.Ctx, a *model.Combatant, w Weapon, free bool) error {
	if free {
		return c.MayAct(a, rules.OutOfTurn)
	}
	if err := c.MayAct(a, rules.OnTurn); err != nil {
		return err
	}
	if most := attacksAllowed(a, &w); c.E.Round > 0 && getN("did", a) >= most {
		if err := c.Refuse("%s", attackedWhy(a, most)); err != nil {
			return err
		}
	}
	countAttack(c.E, a)
	return nil
}

// weaponFor picks the weapon of an attack: fists when unarmed, dice given
// with dmg=, or the sheet's weapon named by with= (the first by default).
func weaponFor(sh *Sheet, o attackOpts) (Weapon, error) {
	var w Weapon
	switch {
	case o.unarmed:
		w = Weapon{Name: "bare hands", Damage: "1d2"}
	case o.dmg != "":
		w = Weapon{Name: "weapon", Damage: o.dmg}
		if o.with != "" {
			w.Name = o.with
		}
	default:
		var err error
		if w, err = sh.Weapon(o.with); err != nil {
			return w, err
		}
	}
	if o.missile {
		w.Missile = true
	}
	if o.melee {
		w.Missile = false
	}
	if o.hasMagic {
		w.Magic = o.magic
	}
	return w, nil
}

// strike resolves one attack roll and what it does.
func strike(c *rules.Ctx, a, t *model.Combatant, ash, tsh *Sheet, w Weapon, o attackOpts, pen int) error {
	face, err := rollDie(c, a.Name, "attack on "+t.Name, 20)
	if err != nil {
		return err
	}
	var at sum
	at.Die("d20", face)
	off, _ := ash.Split()
	at.Add("BCB", off)
	if w.Missile {
		at.Add("DEX", ash.DexMod)
	} else {
		at.Add("STR", ash.StrMod)
	}
	at.Add("magic", w.Magic)
	if o.behind {
		at.Add("behind", 2)
	}
	if o.attackers > 1 {
		at.Add("attackers", o.attackers-1)
	}
	if o.invisible {
		at.Add("invisible", -4)
	}
	at.Add("cover", -o.cover)
	if o.two {
		at.Add("two weapons", pen)
	} else {
		at.Add("off-hand parry", pen)
	}
	if a.HasCond(condFlesh) {
		at.Add("flesh wound", -2)
	}
	if a.HasCond(condHurt) {
		at.Add("hurt", -2)
	}
	at.Add("mod", o.mod)
	side := ""
	switch {
	case o.behind:
		side = "rear"
	case o.flank:
		side = "flank"
	}
	ac, acWhy := armourFrom(c.E, t, tsh, side)
	c.Event("%s attacks %s with %s: %s against %s", a.Name, t.Name, w.Name, at, acWhy)
	c.Struck(a, t, face == 20 || (face != 1 && at.total() >= ac))
	switch {
	case face == 1:
		fumble(c, a)
		return nil
	case face == 20 && at.total() < ac:
		c.Event("natural 20: a hit whatever the AC, but %d could not reach AC %d: no Mighty Blow", at.total(), ac)
	case face == 20:
		c.Event("natural 20: a critical hit on %s", t.Name)
	case at.total() < ac:
		c.Event("%s misses %s", a.Name, t.Name)
		return nil
	default:
		c.Event("%s hits %s", a.Name, t.Name)
	}
	disruptSpell(c, t)
	interruptWand(c, t)
	if o.fend {
		fendOff(c, a, t)
	}
	expr, err := dice.Parse(w.Damage)
	if err != nil {
		return err
	}
	r, err := c.Dice.Roll(a.Name, "damage to "+t.Name, expr)
	if err != nil {
		return err
	}
	var dm sum
	dm.Die(w.Damage, r.Total)
	if !w.Missile || (w.Thrown && !o.long) {
		dm.Add("STR", ash.StrMod)
	}
	dm.Add("mod", o.dmod)
	dmg := max(1, dm.total())
	switch _, shown := dm.Terms(); {
	case dmg != dm.total():
		c.Event("damage %s, at least %d", dm, dmg)
	case shown > 1: // the die alone is in its roll's line already
		c.Event("damage %s", dm)
	}
	remaining := tsh.HP - tsh.Subdual
	wasStunned := t.HasCond(condStunned)
	real, sub := dmg, 0
	if o.subdual {
		real = dmg / 2
		sub = dmg - real
	}
	if o.assassin {
		if took, err := assassinate(c, t, tsh, dmg); err != nil || took {
			return err
		}
	}
	if err := harm(c, t, tsh, real, sub); err != nil {
		return err
	}
	if o.passing && t.Status != model.Dead {
		if err := pushedOff(c, a, t); err != nil {
			return err
		}
	}
	if face == 20 && w.Missile && !o.unarmed && t.Status != model.Dead {
		lodge(c, t, w)
	}
	if o.unarmed {
		return brawl(c, t, face, dmg, remaining, wasStunned)
	}
	if face == 20 && at.total() >= ac && t.Status != model.Dead {
		return mightyBlow(c, t, tsh, o.mb)
	}
	return nil
}

// brawl applies the stun of an unarmed hit: a target already stunned is
// knocked out for 1d4 rounds; otherwise more damage than half the
// remaining hit points, or a natural 20, stuns for a round.
func brawl(c *rules.Ctx, t *model.Combatant, face, dmg, remaining int, wasStunned bool) error {
	if t.Status != model.Active {
		return nil
	}
	if wasStunned {
		n, err := rollDie(c, t.Name, "rounds knocked out", 4)
		if err != nil {
			return err
		}
		t.SetCond(condKO, roundEnd(c.E)+n)
		c.Event("%s was already stunned: knocked out for %s", t.Name, rules.Plural(n, "round"))
		return nil
	}
	if face == 20 || 2*dmg > remaining {
		stun(c, t, 1)
	}
	return nil
}

// stun stuns a combatant for the rest of this round and n more, keeping a
// longer stun it already has.
func stun(c *rules.Ctx, cb *model.Combatant, n int) {
	until := roundEnd(c.E) + n
	if k, ok := cb.Cond(condStunned); ok && k.Expires >= until {
		c.Event("%s stays stunned (already until round %d)", cb.Name, k.Expires)
		return
	}
	cb.SetCond(condStunned, until)
	c.Event("%s is stunned for the rest of the round and %d more (until round %d begins)", cb.Name, n, until)
}

// disruptSpell loses a declared spell whose caster is hit before casting.
func disruptSpell(c *rules.Ctx, cb *model.Combatant) {
	if !spellPending(c.E, cb) {
		return
	}
	text := declared(cb)
	cb.DropCond(condSpell)
	cb.DropTurn("declared")
	setTurn("scroll", cb, "")
	cb.SetCond(condSpellLost, 0)
	c.Event("%s spell (%s) is lost: hit before it was cast", possessive(cb.Name), text)
}
