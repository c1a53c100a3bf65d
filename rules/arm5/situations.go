package arm5

import (
	"fmt"
	"strings"

	"fray/model"
	"fray/rules"
)

// situation holds an attack's quick battlefield modifiers.
type situation struct {
	cover           int // 1–4: a quarter, half, three quarters, nearly all
	conceal         int // the target's concealment, 1 light … 4 total
	aconceal        int // the attacker's, for a melee attack it lands unseen
	narrow, dnarrow int // a big weapon in a cramped space: −1 to −3
	high            bool
}

// concealment bonuses by level: melee Attack and Defense.
var (
	concealNames = []string{"none", "light", "medium", "heavy", "total"}
	concealAtk   = []int{0, 1, 3, 6, 9}
	concealDfn   = []int{0, 3, 6, 9, 9}
)

func textKey(k string) bool {
	switch k {
	case "conceal", "aconceal", "maneuver":
		return true
	}
	return false
}

func parseConceal(v string) (int, bool) {
	for i, n := range concealNames {
		if strings.EqualFold(v, n) || v == fmt.Sprint(i) {
			return i, true
		}
	}
	return 0, false
}

// parseSituation reads one key=value of the situation modifiers or a
// maneuver.
func (o *attackOpts) parseSituation(v rules.Verb, kv rules.KV) error {
	switch kv.Key {
	case "conceal", "aconceal":
		n, ok := parseConceal(kv.Value)
		if !ok {
			return rules.Usagef(v, "%s= takes light, medium, heavy or total, not %q", kv.Key, kv.Value)
		}
		if kv.Key == "conceal" {
			o.sit.conceal = n
		} else {
			o.sit.aconceal = n
		}
		return nil
	case "maneuver":
		m, ok := lookupManeuver(kv.Value)
		if !ok {
			return rules.Usagef(v, "unknown maneuver %q (%s)", kv.Value, maneuverNames())
		}
		o.maneuver = m.name
		if o.need == 0 { // need= may come before maneuver=
			o.need = m.need
		}
		return nil
	}
	n, err := rules.Int(kv.Key, kv.Value)
	if err != nil {
		return err
	}
	switch kv.Key {
	case "cover":
		if n < 0 || n > 4 {
			return rules.Usagef(v, "cover= is 1 (a quarter, +3) to 4 (nearly total, +12), not %d", n)
		}
		o.sit.cover = n
	case "narrow", "dnarrow":
		if n < 0 || n > 3 {
			return rules.Usagef(v, "%s= is a penalty of 1 to 3, not %d", kv.Key, n)
		}
		if kv.Key == "narrow" {
			o.sit.narrow = n
		} else {
			o.sit.dnarrow = n
		}
	case "need":
		if n < 1 || n > 100 {
			return rules.Usagef(v, "need= is the Attack Advantage a maneuver needs, 1 or more, not %d", n)
		}
		o.need = n
	default:
		return rules.Usagef(v, "unknown option %s=", kv.Key)
	}
	return nil
}

// condPenalty is the −6 a grappled combatant suffers on attacks and most
// reactions.
func condPenalty(cb *model.Combatant) int {
	if cb.HasCond(kGrap) {
		return -6
	}
	return 0
}

// enforce applies the rules of the options that are on, and the
// conditions, before an attack is rolled: an action (or a fast action for a
// ready missile), nothing during an extended action, no attack by a
// disarmed or routed side or from a panicked horse.
func (o *attackOpts) enforce(c *rules.Ctx) error {
	cb, sh := o.attacker, o.atkSheet
	if o.atkGroup != nil {
		if err := o.atkGroup.canAttack(); err != nil {
			return err
		}
	}
	if cb.HasCond(kDisarm) && !strings.EqualFold(sh.AbilityName, "Brawl") {
		return fmt.Errorf("%s is disarmed: uncond %s disarmed once the weapon is back, or fight with Brawl (set %s weapon=unarmed abilityname=Brawl)", cb.Name, cb.Name, cb.Name)
	}
	if cb.HasCond(kPinned) {
		return fmt.Errorf("%s is pinned and helpless", cb.Name)
	}
	if h := horseOf(c.E, cb.ID); h != nil && h.HasCond(kPanic) && !o.flags["charge"] {
		return fmt.Errorf("%s's horse %s is panicked: the rider can only try to control it (control %s)", cb.Name, h.Name, cb.Name)
	}
	missile := o.flags["missile"] || isReadyMissile(sh.Weapon)
	if o.flags["fast"] {
		if !on(c, optFast) || !on(c, optReady) {
			return fmt.Errorf("shooting as a fast action needs the %s and %s options on", optFast, optReady)
		}
		if !isReadyMissile(sh.Weapon) || !cb.HasCond(kReady) {
			return fmt.Errorf("%s has no ready bow or crossbow to shoot as a fast action", cb.Name)
		}
		if err := takeFast(c, cb, "shoots the ready "+sh.Weapon); err != nil {
			return err
		}
	} else if err := spendAction(c, cb, "attack"); err != nil {
		return err
	}
	if on(c, optNoMissiles) && missile {
		var foes []*model.Combatant
		for _, f := range engagedWith(c.E, cb) {
			if !downed(f) {
				foes = append(foes, f)
			}
		}
		if len(foes) > 0 {
			return fmt.Errorf("%s is engaged in melee with %s: no missiles (%s option); disengage first", cb.Name, names(foes), optNoMissiles)
		}
	}
	if on(c, optReady) && isCrossbow(sh.Weapon) && missile && !cb.HasCond(kReady) {
		return fmt.Errorf("%s's %s is not spanned: extended %s span", cb.Name, sh.Weapon, cb.Name)
	}
	if cb.DropCond(kReady) && missile {
		c.Event("%s shoots the ready %s", cb.Name, sh.Weapon)
	}
	return nil
}

// attackSituation adds the situation's terms to an Attack Total.
func (o *attackOpts) attackSituation(c *rules.Ctx, at *total) {
	missile := o.flags["missile"]
	if !o.flags["mounted"] && !missile && mountedBonusOK(c.E, o.attacker) {
		at.Add("mounted", min(o.atkSheet.Ride, 3))
	}
	if missile {
		if g := gaitOf(c.E, o.attacker.ID); g > 0 {
			at.Add("gait", gaits[g].missile)
		}
	} else {
		at.Add("concealed", concealAtk[o.sit.aconceal])
		if o.target.HasCond(kProne) && !o.target.HasCond(kMount) {
			at.Add("prone target", 6)
		}
	}
	if o.flags["high"] {
		at.Add("higher ground", 1)
	}
	at.Add("narrow", -o.sit.narrow)
	at.Add("grappled", condPenalty(o.attacker))
}

// defenseSituation adds the situation's terms to a Defense or Evasion
// Total: the better of cover and concealment, higher ground, cramped
// quarters, grappling, and the mounted bonus.
func (o *attackOpts) defenseSituation(c *rules.Ctx, dt *total) {
	cov, con := 3*o.sit.cover, concealDfn[o.sit.conceal]
	switch {
	case cov > 0 && cov >= con:
		dt.Add("cover", cov)
	case con > 0:
		dt.Add("concealed", con)
	}
	if o.flags["dhigh"] {
		dt.Add("higher ground", 1)
	}
	dt.Add("narrow", -o.sit.dnarrow)
	dt.Add("grappled", condPenalty(o.target))
	if mountedBonusOK(c.E, o.target) && !o.flags["evade"] {
		dt.Add("mounted", min(o.targetSheet.Ride, 3))
	}
	if g := gaitOf(c.E, o.target.ID); g > 0 && on(c, optHorseDfn) && (o.flags["missile"] || o.flags["evade"]) {
		dt.Add("gait", gaits[g].defense)
	}
}
