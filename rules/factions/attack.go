package factions

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"fray/model"
	"fray/rules"
	"fray/rules/dice"
)

// attackUsage lists the flags and the key=VALUE options from the same
// lists the parser reads. dodge and counter work both ways: alone (the
// target dodges, or counters) or naming who does (dodge=A,B counter=C).
var attackUsage = "attack ATTACKER TARGET… " + rules.FlagGroups(attackFlags, 6) + " [" + strings.Join(attackKeys, " ") + "]"

// attackFlags are the plain words attack understands; any other word is
// a target's name.
var attackFlags = []string{"unseen", "far", "moving", "hit", "holdback", "cover", "pierce", "unaware",
	"dodge", "counter", "opportunity", "free", "deathblow", "grapple", "shove", "disarm", "accepted"}

// attackKeys are the key=VALUE options attack understands.
var attackKeys = []string{"with=WEAPON", "dodge=NAMES", "counter=NAME", "cwith=WEAPON", "guard=ALLY", "hide=NAME", "dist=N", "spread=N,N…", "stunt=TEXT"}

// attackHelp says in a line what each of attack's options does (the
// form's hint line, the reference's option table).
var attackHelp = map[string]string{
	"unseen":      "target not seen: melee needs a WIT save, ranged refused",
	"far":         "past half the weapon's range: needs a WIT save to hit",
	"moving":      "a ranged attack while moving: needs a WIT save to hit",
	"hit":         "skip the WIT save to hit: it hits",
	"holdback":    "the attacker holds back: impaired damage (option impaired)",
	"cover":       "the target is in cover: +1 armour, never above 3",
	"pierce":      "the attack goes through cover",
	"unaware":     "the target is unaware: no reactions",
	"dodge":       "target reacts with an AGI save: a pass makes it miss",
	"counter":     "target strikes back; the one who'd suffer more is hit first",
	"opportunity": "an opportunity attack: a reaction, out of turn",
	"free":        "no action spent",
	"deathblow":   "kill an incapacitated target nearby (same zone)",
	"grapple":     "grab instead of damage: the target's STR save resists",
	"shove":       "push instead of damage: the target's STR save resists",
	"disarm":      "knock the weapon away: the target's STR save resists",
	"accepted":    "the target takes the stunt= effect and cannot react",
	"with=":       "the weapon, by name (the sheet's first; unarmed: d4)",
	"dodge=":      "which of several targets dodge (an AGI save each)",
	"counter=":    "which of several targets counters",
	"cwith=":      "counter's weapon, or grapple, shove or disarm",
	"guard=":      "an ally who steps in and takes the attack",
	"hide=":       "the target hides behind this one, who takes the attack",
	"dist=":       "zones between the two (else read from their zones)",
	"spread=":     "a big attacker's melee dice split among smaller foes, N each",
	"stunt=":      "an effect offered in place of damage (see accepted)",
}

// attack is one attack as typed, then as resolved.
type attack struct {
	a       *model.Combatant
	as      *Sheet
	w       Weapon
	targets []*model.Combatant
	flag    map[string]bool
	kv      map[string]string
	mode    string // grapple, shove or disarm; "" for damage
	ranged  bool
	far     bool
	dodgers []*model.Combatant
	counter *model.Combatant
	hide    *model.Combatant // the original target hides behind this one
	guard   *model.Combatant // this one guards the original target

	blastRoll int                      // a blast's damage roll, made once for all its targets
	blastHow  string                   // how blastRoll came about
	riding    bool                     // the attacker rides a mount or vehicle: impaired
	spread    []int                    // dice each target takes of a larger attacker's melee attack
	raw       map[*model.Combatant]int // damage before armour, per target
}

func (at *attack) has(f string) bool { return at.flag[f] }

func runAttack(c *rules.Ctx, args []string) error {
	at, err := parseAttack(c, args)
	if err != nil {
		return err
	}
	if err := at.check(c); err != nil {
		return err
	}
	if err := at.spendTurn(c); err != nil {
		return err
	}
	at.grip(c)
	if at.w != Unarmed && at.mode == "" {
		used(at.a, at.w.Name)
	}
	if done := at.stunt(c); done {
		return nil
	}
	surprised := at.has("unaware") || at.as.Concealed || Ambush(c.E)
	if err := at.plan(c, surprised); err != nil {
		return err
	}
	defer at.reveal(c)
	hit, err := at.toHit(c)
	if err != nil {
		return err
	}
	if !hit {
		for _, t := range at.targets {
			c.Struck(at.a, t, false)
		}
		return nil
	}
	at.commit(c)
	return at.resolve(c)
}

func parseAttack(c *rules.Ctx, args []string) (*attack, error) {
	plain, kvs := rules.SplitKV(args)
	if len(plain) < 2 {
		return nil, rules.Usagef(verb("attack"), "attack takes an attacker and at least one target")
	}
	a, as, err := find(c, plain[0])
	if err != nil {
		return nil, err
	}
	at := &attack{a: a, as: as, flag: map[string]bool{}, kv: map[string]string{}}
	for _, w := range plain[1:] {
		if lw := strings.ToLower(w); slices.Contains(attackFlags, lw) {
			at.flag[lw] = true
			continue
		}
		t, err := c.Find(w)
		if err != nil {
			return nil, err
		}
		if _, err := sheetOf(t); err != nil {
			return nil, err
		}
		if !slices.Contains(at.targets, t) {
			at.targets = append(at.targets, t)
		}
	}
	for _, kv := range kvs {
		if !slices.ContainsFunc(attackKeys, func(k string) bool { return strings.HasPrefix(k, kv.Key+"=") }) {
			return nil, rules.Usagef(verb("attack"), "unknown option %s=", kv.Key)
		}
		at.kv[kv.Key] = kv.Value
	}
	if len(at.targets) == 0 {
		return nil, rules.Usagef(verb("attack"), "name at least one target")
	}
	if v, ok := at.kv["spread"]; ok {
		for _, w := range strings.Split(v, ",") {
			n, err := rules.Int("spread", strings.TrimSpace(w))
			if err != nil {
				return nil, err
			}
			if n < 1 {
				return nil, errors.New("spread gives each target 1 die or more")
			}
			at.spread = append(at.spread, n)
		}
		if len(at.spread) != len(at.targets) {
			return nil, fmt.Errorf("spread takes one number per target, in order (%d targets)", len(at.targets))
		}
	}
	if at.has("accepted") {
		if _, ok := at.kv["stunt"]; !ok {
			return nil, rules.Usagef(verb("attack"), "accepted goes with stunt=TEXT")
		}
		for _, r := range []string{"dodge", "counter", "guard", "hide"} {
			_, kv := at.kv[r]
			if at.has(r) || kv {
				return nil, errors.New("a stunt accepted cannot be reacted to")
			}
		}
	}
	for _, m := range []string{"grapple", "shove", "disarm"} {
		if at.has(m) {
			if at.mode != "" {
				return nil, errors.New("one non-lethal attack at a time: grapple, shove or disarm")
			}
			at.mode = m
		}
	}
	if at.w, err = as.Weapon(at.kv["with"]); err != nil {
		return nil, err
	}
	if at.mode != "" {
		at.w = Weapon{Name: at.mode}
	}
	at.ranged = at.w.Range > 0
	at.riding = carrierOf(c.E, a) != nil
	return at, nil
}

// check refuses attacks the rules do not allow, before anything changes.
func (at *attack) check(c *rules.Ctx) error {
	a, as := at.a, at.as
	if !a.Status.CanAct() {
		return fmt.Errorf("%s cannot attack (%s)", a.Name, a.Status)
	}
	if as.Out() {
		return fmt.Errorf("%s is out of the fight (surrendered or retreated): set %s surrendered=no first", a.Name, rules.Quote(a.Name))
	}
	if err := notGrabbed(a, as); err != nil {
		return err
	}
	single := len(at.targets) == 1
	t := at.targets[0]
	ts, _ := sheetOf(t)
	if at.spread != nil {
		if err := at.checkSpread(); err != nil {
			return err
		}
	}
	switch {
	case !single && !at.w.Blast && at.spread == nil:
		return fmt.Errorf("only a blast attack hits several targets, or a larger attacker's melee attack shared out with spread= (%s is neither)", at.w.Name)
	case at.w.Blast && !at.ranged && slices.Contains(at.targets, a):
		return errors.New("a melee blast never hits the attacker")
	case !at.w.Blast && t == a:
		return fmt.Errorf("%s cannot attack itself", a.Name)
	case at.mode != "" && !single:
		return fmt.Errorf("%s targets one nearby character", at.mode)
	case at.mode != "" && ts.Size > as.Size:
		return fmt.Errorf("%s is larger than %s and cannot be disarmed, shoved or grabbed by it", t.Name, a.Name)
	}
	for _, x := range at.targets {
		if x.Status == model.Dead {
			return fmt.Errorf("%s is already dead", x.Name)
		}
	}
	if at.has("deathblow") && (!single || t.Status != model.Incapacitated) {
		return fmt.Errorf("a death blow needs one incapacitated target (%s is %s)", t.Name, t.Status)
	}
	if err := at.checkRange(c, t, ts); err != nil {
		return err
	}
	if at.ranged && at.has("unseen") {
		return errors.New("a ranged attack cannot target a character that is not visible")
	}
	if at.ranged && at.far && at.has("moving") {
		return errors.New("a ranged attack made while moving cannot reach beyond half range")
	}
	return nil
}

// checkRange measures the distance to the target: dist=N as typed, else
// the zones both stand in (numbered zones: their difference; two named
// ones: apart, by how much unknown). Melee reaches nearby targets only
// (range 1 for a massive attacker); a ranged weapon's range is halved per
// size the target is smaller and doubled per size it is larger (not for
// blasts); a death blow needs the target nearby. With no distance known
// nothing is refused: the GM has not said where anyone stands.
func (at *attack) checkRange(c *rules.Ctx, t *model.Combatant, ts *Sheet) error {
	at.far = at.has("far")
	d, known := model.Distance(at.a, t)
	away := zonesAway(t.Name, d)
	if v, ok := at.kv["dist"]; ok {
		n, err := rules.Int("dist", v)
		if err != nil {
			return err
		}
		d, known, away = n, true, zonesAway(t.Name, n)
	} else if same, zoned := model.SameZone(at.a, t); zoned && !same && !known {
		d, known, away = 1, true, fmt.Sprintf("%s is in %s, not %s", t.Name, rules.ZoneText(t.Zone), rules.ZoneText(at.a.Zone))
		if at.ranged {
			known = false // how far, nobody said
		}
	}
	if !known {
		return nil
	}
	if at.has("deathblow") && d > 0 {
		if err := c.Refuse("a death blow needs %s nearby (%s)", t.Name, strings.TrimPrefix(away, t.Name+" is ")); err != nil {
			return err
		}
	}
	if !at.ranged {
		reach := 0
		if at.as.Size >= Massive {
			reach = 1
		}
		switch {
		case d > reach && reach > 0:
			return c.Refuse("%s is a melee attack: it reaches up to %d zone away (%s)", at.w.Name, reach, away)
		case d > reach:
			return c.Refuse("%s is a melee attack: it reaches nearby targets only (%s)", at.w.Name, away)
		}
		return nil
	}
	r := at.w.Range
	if !at.w.Blast {
		r = scale(r, ts.Size-at.as.Size)
	}
	if d > r {
		return c.Refuse("out of range: %s reaches %d zones against this target, not %d", at.w.Name, r, d)
	}
	at.far = at.far || 2*d > r
	return nil
}

// zonesAway says how far a target is: "Ida is 2 zones away".
func zonesAway(name string, d int) string {
	if d == 1 {
		return name + " is 1 zone away"
	}
	return fmt.Sprintf("%s is %d zones away", name, d)
}

// checkSpread checks dice shared among several smaller targets: a melee
// attack of one kind of die, by an attacker larger than each target,
// giving no more than it has. Against a target of size s its dice count
// doubles for each size the attacker is larger, so the dice are counted
// in tiny-sized ones: n dice are worth n×2^size(attacker), and a die
// against a target of size s costs 2^s.
func (at *attack) checkSpread() error {
	if at.ranged || at.w.Blast || at.mode != "" {
		return fmt.Errorf("spread shares a melee attack's dice (%s is not one)", at.w.Name)
	}
	expr, err := dice.Parse(at.w.Damage)
	if err != nil {
		return err
	}
	n, kinds := 0, 0
	for _, t := range expr.Terms {
		if t.Sides > 0 {
			n += t.Count
			kinds++
		}
	}
	if kinds != 1 {
		return fmt.Errorf("spread shares the dice of a weapon with one kind of die (%s)", at.w.Damage)
	}
	budget, cost := n<<at.as.Size, 0
	for i, t := range at.targets {
		ts, _ := sheetOf(t)
		if ts.Size >= at.as.Size {
			return fmt.Errorf("only a larger attacker shares its dice among smaller targets (%s is not smaller than %s)", t.Name, at.a.Name)
		}
		cost += at.spread[i] << ts.Size
	}
	if cost > budget {
		t0, _ := sheetOf(at.targets[0])
		return fmt.Errorf("the %s has %d dice against a %s target: %s asks for more", at.w.Name, budget>>t0.Size, SizeName(t0.Size), at.kv["spread"])
	}
	return nil
}

// stunt settles an attack stunt: the attacker offers another effect for
// damage; accepted, it takes and nothing else happens (no reaction);
// refused, the attack goes on. It reports whether the attack is over.
func (at *attack) stunt(c *rules.Ctx) bool {
	text, ok := at.kv["stunt"]
	if !ok {
		return false
	}
	t := at.targets[0]
	c.Event("%s offers a stunt instead of damage: %s", at.a.Name, text)
	if !at.has("accepted") {
		c.Event("%s refuses the stunt: the attack goes on", t.Name)
		return false
	}
	c.Event("%s accepts: no damage, no reaction", t.Name)
	if label := strings.ToLower(strings.TrimSpace(text)); label != "" {
		t.SetCond(label, 0)
	}
	at.reveal(c)
	return true
}

// grip lets go of the one the attacker holds when the attack is no
// other than the source allows a grabber: a one-handed weapon or
// unarmed, or disarming the one it holds. A larger grabber keeps hold
// unless it takes up a great weapon.
func (at *attack) grip(c *rules.Ctx) {
	keeps := !at.w.Great
	switch at.mode {
	case "grapple", "shove":
		keeps = false
	case "disarm":
		if ts, _ := sheetOf(at.targets[0]); ts == nil || !strings.EqualFold(ts.GrabbedBy, at.a.Name) {
			keeps = false
		}
	}
	if !keeps {
		letGo(c, at.a, at.w.Great)
	}
}

// letGo frees everyone cb holds, as it turns to another action; a larger
// grabber needs one hand only and keeps hold, unless it needs both
// (force).
func letGo(c *rules.Ctx, cb *model.Combatant, force bool) {
	gs, ok := cb.Sheet().(*Sheet)
	if !ok {
		return
	}
	for _, o := range c.E.Combatants {
		os, ok := o.Sheet().(*Sheet)
		if !ok || os.GrabbedBy == "" || !strings.EqualFold(os.GrabbedBy, cb.Name) {
			continue
		}
		if gs.Size > os.Size && !force {
			continue
		}
		o.OwnSheet().(*Sheet).GrabbedBy = ""
		c.Event("%s is free: %s let go to act", o.Name, cb.Name)
	}
}

// scale doubles n per step up and halves it (rounding up) per step down.
func scale(n, steps int) int {
	for ; steps > 0; steps-- {
		n *= 2
	}
	for ; steps < 0; steps++ {
		n = (n + 1) / 2
	}
	return n
}

// spendTurn books the attack: an opportunity attack is a reaction, a
// free attack or one before combat costs nothing, any other is the
// attacker's main action (activating it if its faction is to choose).
func (at *attack) spendTurn(c *rules.Ctx) error {
	switch {
	case at.has("opportunity"):
		if err := c.Allow(canReact(c.E, at.a)); err != nil {
			return err
		}
		react(at.a, "opportunity attack")
		c.Event("%s makes an opportunity attack", at.a.Name)
		return nil
	case at.has("free"):
		return nil
	case c.E.Round == 0:
		return c.MayAct(at.a, rules.Attack) // nothing to spend yet
	}
	if in, err := turnOf(c, at.a); err != nil || !in {
		return err
	}
	return spend(c, at.a, at.as, true)
}

// plan checks the reactions typed with the attack; nothing is spent
// until the attack is known to hit (commit).
func (at *attack) plan(c *rules.Ctx, surprised bool) error {
	_, dodge := at.flag["dodge"]
	_, counter := at.flag["counter"]
	dodgeNames, dn := at.kv["dodge"]
	counterName, cn := at.kv["counter"]
	guard, gn := at.kv["guard"]
	hide, hn := at.kv["hide"]
	if !(dodge || counter || dn || cn || gn || hn) {
		return nil
	}
	if surprised {
		return errors.New("no reaction: the target is taken by surprise (unaware, a concealed attacker or the ambush round)")
	}
	single := len(at.targets) == 1
	t0 := at.targets[0]
	switch {
	case (gn || hn) && !single:
		return errors.New("guard and hide answer an attack on one target")
	case gn && hn:
		return errors.New("either guard or hide, not both")
	case gn && (dodge || counter || dn || cn):
		return errors.New("a guard has spent its reaction and cannot dodge or counter")
	}
	if hn {
		h, hs, err := find(c, hide)
		if err != nil {
			return err
		}
		if err := c.Allow(canReact(c.E, t0)); err != nil {
			return err
		}
		if h == t0 || h == at.a || (h.Side != t0.Side && !strings.EqualFold(hs.GrabbedBy, t0.Name)) {
			return fmt.Errorf("%s can hide only behind a willing ally or an enemy it holds grabbed", t0.Name)
		}
		at.hide = h
	}
	if gn {
		g, _, err := find(c, guard)
		if err != nil {
			return err
		}
		if g == t0 || g == at.a {
			return fmt.Errorf("%s cannot guard here", g.Name)
		}
		if err := c.Allow(canReact(c.E, g)); err != nil {
			return err
		}
		at.guard = g
	}
	// The one who reacts is the target once a hide or guard is settled.
	final := slices.Clone(at.targets)
	if at.hide != nil {
		final[0] = at.hide
	} else if at.guard != nil {
		final[0] = at.guard
	}
	pick := func(what, list string, typed bool) ([]*model.Combatant, error) {
		if !typed {
			if !single {
				return nil, fmt.Errorf("name who reacts: %s=NAME", what)
			}
			return final[:1], nil
		}
		var out []*model.Combatant
		for _, n := range strings.Split(list, ",") {
			x, err := c.Find(n)
			if err != nil {
				return nil, err
			}
			if !slices.Contains(final, x) {
				return nil, fmt.Errorf("%s is not a target of this attack and cannot %s it", x.Name, what)
			}
			out = append(out, x)
		}
		return out, nil
	}
	var err error
	if dodge || dn {
		if at.dodgers, err = pick("dodge", dodgeNames, dn); err != nil {
			return err
		}
	}
	if counter || cn {
		cs, err := pick("counter", counterName, cn)
		if err != nil {
			return err
		}
		if len(cs) != 1 {
			return errors.New("only one target can counter an attack")
		}
		if slices.Contains(at.dodgers, cs[0]) {
			return fmt.Errorf("%s reacts once to an attack: dodge or counter, not both", cs[0].Name)
		}
		at.counter = cs[0]
	}
	for _, x := range append(slices.Clone(at.dodgers), at.counter) {
		if x == nil {
			continue
		}
		if err := c.Allow(canReact(c.E, x)); err != nil {
			return err
		}
	}
	return nil
}

// commit spends the reactions of an attack that hits and swaps in the
// new target of a hide or guard.
func (at *attack) commit(c *rules.Ctx) {
	t0 := at.targets[0]
	if h := at.hide; h != nil {
		react(t0, "hide behind "+h.Name)
		c.Event("%s hides behind %s: %s is the new target (they swap places)", t0.Name, h.Name, h.Name)
		at.targets[0] = h
	}
	if g := at.guard; g != nil {
		react(g, "guard "+t0.Name)
		c.Event("%s guards %s and becomes the target", g.Name, t0.Name)
		at.targets[0] = g
	}
	for _, x := range at.dodgers {
		react(x, "dodge")
	}
	if at.counter != nil {
		react(at.counter, "counter")
	}
}
