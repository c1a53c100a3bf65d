package arm5

import (
	"fmt"
	"strconv"
	"strings"

	"fray/model"
	"fray/rules"
)

const disengageUsage = "disengage NAME [OTHER] [reckless] [mod=N]"

// Engagement lives in the shared position model (model.Combatant.Engaged,
// set with the core engage verb); arm5 adds who attacked whom, the fights
// a defended charge picked and the failed tries to disengage.

// disengageAll ends every engagement of cb, and with it any fight a
// defended charge picked with cb or cb picked as a charge.
func disengageAll(e *model.Encounter, cb *model.Combatant) {
	for _, o := range e.DisengageAll(cb) {
		dropID(e, kFought, o.ID, cb.ID)
	}
	tdel(e, kFought, cb.ID)
	tdel(e, kDis, cb.ID)
}

// engagedWith lists those engaged with cb still in the encounter.
func engagedWith(e *model.Encounter, cb *model.Combatant) []*model.Combatant {
	return e.Foes(cb)
}

// noteAttack records an attack for engagement: the attacker is among
// those who attacked the target since its last turn and, with the
// engagement option, the two are engaged; a group's members who fought
// have acted. A delayed disengage streak ends.
func noteAttack(c *rules.Ctx, o *attackOpts) error {
	addID(c.E, kAtk, o.target.ID, o.attacker.ID)
	chargeFights(c, o.attacker, o.target)
	if o.atkGroup != nil && !o.free && c.E.Round > 0 {
		o.atkGroup.actedWith(c.E)
	}
	if on(c, optEngagement) && !o.flags["missile"] && !o.attacker.EngagedWith(o.target.ID) {
		if err := rules.EngagePair(c, o.attacker, o.target); err != nil {
			return err
		}
	}
	if !o.flags["missile"] {
		for _, r := range []*model.Combatant{o.attacker, o.target} {
			if m, ok := getMount(c.E, r.ID); ok && m.untrained {
				if h := c.E.ByID(m.horse); h != nil && !h.HasCond(kPanic) {
					h.SetCond(kPanic, 0)
					c.Event("%s is not trained for battle and panics in the melee (control %s)", h.Name, r.Name)
				}
			}
		}
	}
	return nil
}

func inList(list []int, id int) bool {
	for _, n := range list {
		if n == id {
			return true
		}
	}
	return false
}

// downed reports whether an opponent no longer holds anyone engaged:
// out of the fight or knocked prone.
func downed(cb *model.Combatant) bool { return !cb.Status.CanAct() || cb.HasCond(kProne) }

// autoDisengage frees a combatant whose engaged opponents are all down, as
// its turn begins.
func autoDisengage(c *rules.Ctx, cb *model.Combatant) {
	foes := engagedWith(c.E, cb)
	if len(foes) == 0 {
		return
	}
	for _, o := range foes {
		if !downed(o) {
			return
		}
	}
	disengageAll(c.E, cb)
	c.Event("%s is no longer engaged: every opponent is down or prone (%s)", cb.Name, names(foes))
}

func runDisengage(c *rules.Ctx, args []string) error {
	v := verb("disengage")
	plain, kvs := rules.SplitKV(args)
	if len(plain) < 1 || len(plain) > 2 {
		return rules.Usagef(v, "disengage takes a name and optionally reckless")
	}
	if !on(c, optEngagement) {
		// No rules for leaving a fight: the GM's record, as everywhere.
		core, _ := rules.CoreVerb("disengage")
		return core.Run(c, args)
	}
	reckless := len(plain) == 2
	if reckless && !strings.EqualFold(plain[1], "reckless") {
		if _, err := c.Find(plain[1]); err == nil {
			return rules.Usagef(v, "with the engagement option a combatant leaves all its engagements at once, against all who attacked it (the rules have no leaving one foe): disengage %s, or option engagement off to end one engagement", plain[0])
		}
		return rules.Usagef(v, "unknown word %q", plain[1])
	}
	mod := 0
	for _, kv := range kvs {
		if kv.Key != "mod" {
			return rules.Usagef(v, "unknown option %s= (only mod=N)", kv.Key)
		}
		n, err := rules.Int("mod", kv.Value)
		if err != nil {
			return err
		}
		mod = n
	}
	cb, sh, err := findSheet(c, plain[0])
	if err != nil {
		return err
	}
	if !cb.Status.CanAct() {
		return fmt.Errorf("%s cannot act (%s)", cb.Name, cb.Status)
	}
	foes := engagedWith(c.E, cb)
	if len(foes) == 0 {
		return fmt.Errorf("%s is not engaged: free to move", cb.Name)
	}
	// Disengaging is no action of its own but comes with a move, which is.
	if err := mayTakeAction(c, cb, "move away"); err != nil {
		return err
	}
	setN(c.E, kDid, cb.ID, 1)
	allDown := true
	for _, o := range foes {
		allDown = allDown && downed(o)
	}
	attackers := holders(c.E, cb)
	switch {
	case allDown:
		disengageAll(c.E, cb)
		c.Event("%s disengages freely: every opponent is down or prone", cb.Name)
		return nil
	case reckless:
		return recklessly(c, cb, foes)
	case len(attackers) == 0:
		disengageAll(c.E, cb)
		c.Event("%s disengages freely: nobody has attacked since the last turn", cb.Name)
		return nil
	}
	fails := 0
	if f := strings.Fields(tget(c.E, kDis, cb.ID)); len(f) == 2 {
		n, _ := strconv.Atoi(f[0])
		r, _ := strconv.Atoi(f[1])
		if r >= c.E.Round-1 {
			fails = n
		}
	}
	var dt total
	dt.Add("Qik", sh.Qik)
	dt.Add(abilityLabel(sh), sh.Ability)
	dt.Add("weapon", sh.WDfn)
	dt.Add("shield", sh.SDfn)
	if exertingDfn(c.E, cb) {
		dt.Add("exertion", sh.Ability)
	}
	dt.Add("tries", 3*fails)
	dt.Add("grappled", condPenalty(cb))
	dt.Add("mod", mod)
	dt.Add("penalties", sh.Penalty())
	dfn := 0
	if on(c, optDiceless) {
		dt.Die("diceless", 6)
		dfn = dt.Sum()
		c.Event("%s: disengage Defense %s", cb.Name, dt)
	} else {
		r, err := c.Dice.Stress(cb.Name, "disengage", 1+sh.Botch)
		if err != nil {
			return err
		}
		dt.Die("stress", r.Total)
		if r.Botched {
			c.Event("%s: disengage %s", cb.Name, botched("Defense", r.Botches))
		} else {
			dfn = dt.Sum()
			c.Event("%s: disengage Defense %s", cb.Name, dt)
		}
	}
	best, who := 0, ""
	for _, o := range attackers {
		n, err := freeAttackTotal(c, o, cb, "keeps "+cb.Name+" engaged")
		if err != nil {
			return err
		}
		if who == "" || n > best {
			best, who = n, o.Name
			if g := groupOf(c.E, o.ID); g != nil && g.Vanguard == o.ID {
				who = g.Name
			}
		}
	}
	if dfn >= best {
		disengageAll(c.E, cb)
		c.Event("%s disengages: Defense %s vs %s's Attack %s", cb.Name, num(dfn), who, num(best))
		return nil
	}
	tset(c.E, kDis, cb.ID, fmt.Sprintf("%d %d", fails+1, c.E.Round))
	c.Event("%s fails to disengage: Defense %s vs %s's Attack %s; stays engaged (next try +%d)", cb.Name, num(dfn), who, num(best), 3*(fails+1))
	return nil
}

// holders lists who may keep cb from moving away: those able to act who
// attacked it since its last turn and are engaged with it in melee (a
// missile attack engages nobody). A group counts once, through its
// vanguard, whichever member it attacked through.
func holders(e *model.Encounter, cb *model.Combatant) []*model.Combatant {
	var out []*model.Combatant
	seen := map[int]bool{}
	for _, id := range ids(e, kAtk, cb.ID) {
		o := e.ByID(id)
		if o == nil || !o.Status.CanAct() || !cb.EngagedWith(id) {
			continue
		}
		if g := groupOf(e, id); g != nil && g.Vanguard != 0 {
			if v := e.ByID(g.Vanguard); v != nil && v.Status.CanAct() {
				o = v
			}
		}
		if !seen[o.ID] {
			seen[o.ID] = true
			out = append(out, o)
		}
	}
	return out
}

// freeAttackTotal rolls an opponent's Attack Total against target as a
// reaction, built as an attack's is (attackTerms): the vanguard of a group
// rolls the group's, with a trained group's bonus when it goes to Attack;
// a mounted foe and one striking at a prone target get their bonuses.
//
// The sheets are taken as an attack's are, for changing (ownSheet), though
// nothing here changes them: an attackOpts holds sheets the attack's rules
// change, and TestNoWriteThroughSheet holds every one to be owned.
func freeAttackTotal(c *rules.Ctx, cb, target *model.Combatant, why string) (int, error) {
	sh, err := ownSheet(cb)
	if err != nil {
		return 0, err
	}
	tsh, err := ownSheet(target)
	if err != nil {
		return 0, err
	}
	g := groupOf(c.E, cb.ID)
	if g != nil && g.Vanguard != cb.ID {
		g = nil
	}
	o := &attackOpts{flags: map[string]bool{}, rangeInc: 1, attacker: cb, target: target,
		atkSheet: sh, targetSheet: tsh, atkGroup: g, free: true}
	r, err := c.Dice.Stress(label(cb, g, false), why, 1+sh.Botch)
	if err != nil {
		return 0, err
	}
	t := o.attackTerms(c)
	t.Die("stress", r.Total)
	name := label(cb, g, true)
	if r.Botched {
		c.Event("%s: %s", name, botched("Attack", r.Botches))
		return 0, nil
	}
	c.Event("%s: Attack %s", name, t)
	return t.Sum(), nil
}

// recklessly walks away: every engaged opponent able to act gets a free
// attack against Defense 0.
func recklessly(c *rules.Ctx, cb *model.Combatant, foes []*model.Combatant) error {
	if !on(c, optReckless) {
		return fmt.Errorf("reckless disengagement is an option: turn it on with `option %s on`", optReckless)
	}
	c.Event("%s turns away recklessly: each engaged opponent gets a free attack against Defense 0", cb.Name)
	for _, o := range foes {
		if downed(o) || cb.Status == model.Dead {
			continue
		}
		opts, err := parseAttack(c, []string{o.Name, cb.Name})
		if err != nil {
			return err
		}
		zero := 0
		opts.fixedDfn, opts.free = &zero, true
		if err := resolveAttack(c, opts); err != nil {
			return err
		}
	}
	disengageAll(c.E, cb)
	c.Event("%s is no longer engaged", cb.Name)
	return nil
}
