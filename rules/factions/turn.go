package factions

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"fray/model"
	"fray/rules"
	"fray/rules/dice"
)

// Usage is what a character's turn has used so far.
type Usage struct {
	Zones  int
	Halves int // half zones: getting on or off a mount or vehicle
	Sprint bool
	Main   int
	Bonus  int
}

// halves is the movement used, in half zones.
func (u Usage) halves() int { return 2*u.Zones + u.Halves }

// UsageOf reads what a character's turn has used this round.
func UsageOf(cb *model.Combatant) Usage {
	var u Usage
	for _, f := range strings.Fields(cb.TurnText(kindUse)) {
		k, v, _ := strings.Cut(f, "=")
		switch k {
		case "zones":
			u.Zones = atoi(v)
		case "halves":
			u.Halves = atoi(v)
		case "sprint":
			u.Sprint = true
		case "main":
			u.Main = atoi(v)
		case "bonus":
			u.Bonus = atoi(v)
		}
	}
	return u
}

func setUsage(cb *model.Combatant, u Usage) {
	s := fmt.Sprintf("zones=%d main=%d bonus=%d", u.Zones, u.Main, u.Bonus)
	if u.Halves > 0 {
		s += fmt.Sprintf(" halves=%d", u.Halves)
	}
	if u.Sprint {
		s += " sprint"
	}
	cb.SetTurn(kindUse, s)
}

// String describes a turn's use: "1 zone, main, bonus".
func (u Usage) String() string {
	var ps []string
	if h := u.halves(); h > 0 {
		z := moved(u) + " zone"
		if h != 2 {
			z += "s"
		}
		if u.Sprint {
			z += " sprinting"
		}
		ps = append(ps, z)
	}
	if u.Main > 0 {
		ps = append(ps, "main")
	}
	for i := 0; i < u.Bonus; i++ {
		ps = append(ps, "bonus")
	}
	if len(ps) == 0 {
		return "nothing yet"
	}
	return strings.Join(ps, ", ")
}

// speeds returns the zones a turn allows: full, and half (once an action
// is taken).
func speeds(sh *Sheet, sprint bool) (full, half int) {
	full = sh.Speed
	if sprint {
		full *= 2
	}
	return full, full / 2
}

var _ rules.Turns = (*System)(nil)

// MayAct implements rules.Turns. Before combat anyone able; then the
// character whose activation is open, or one its faction may activate
// now (the faction to choose, or the next one once the open activation
// ends; at the start of a round, anyone: the holder picks who goes
// first). An attack also needs the main action unspent. A reaction
// (OutOfTurn) needs the reactor's turn unspent.
func (*System) MayAct(e *model.Encounter, cb *model.Combatant, kind rules.ActKind) error {
	return mayAct(&fightFacts{e: e}, cb, kind)
}

var _ rules.TurnsAsker = (*System)(nil)

// Asker implements rules.TurnsAsker: MayAct with the facts of the fight
// it needs worked out once for every combatant asked.
func (*System) Asker(e *model.Encounter) func(*model.Combatant, rules.ActKind) error {
	f := &fightFacts{e: e}
	return func(cb *model.Combatant, kind rules.ActKind) error { return mayAct(f, cb, kind) }
}

var _ rules.TurnsTeller = (*System)(nil)

// Teller implements rules.TurnsTeller: MayAct's yes or no. Once the
// fight is on, a character may take its turn or an action only while its
// activation is open, with the one whose activation it is, or when its
// faction may activate it: most of a big fight is none of these (acted,
// or of another faction), and is told no before MayAct would write out
// why.
func (*System) Teller(e *model.Encounter) func(*model.Combatant, rules.ActKind) bool {
	f := &fightFacts{e: e}
	return func(cb *model.Combatant, kind rules.ActKind) bool {
		if kind != rules.OutOfTurn && e.Round > 0 && !mayTakeTurn(f, cb) {
			return false
		}
		return mayAct(f, cb, kind) == nil
	}
}

// mayTakeTurn is what mayAct needs, once the fight is on, of a character
// it lets act on its turn: its activation open, one with it, or ready in
// the faction that may activate one now (any faction while the first is
// chosen).
func mayTakeTurn(f *fightFacts, cb *model.Combatant) bool {
	e := f.e
	if Acting(e) == cb || f.withActing(cb) {
		return true
	}
	return (e.Phase == PhaseChoose || cb.Side == f.choosing()) && f.readiness().ready(cb)
}

// fightFacts are what who-may-act asks of the whole fight, each worked
// out the first time an answer needs it: one MayAct costs what it
// always did, and many asked together scan the fight once.
type fightFacts struct {
	e *model.Encounter

	hidden   int8   // before the fight: 1 someone able stands concealed, -1 nobody, 0 not yet asked
	chooser  string // the faction that may activate someone now
	chooseOK bool
	ready    *readiness
	acting   *model.Combatant // Acting(e), and its carrier, once actingOK
	carrier  *model.Combatant
	actingOK bool
}

// withActing is withActing(f.e, cb), the one acting and its carrier
// found once for every character asked.
func (f *fightFacts) withActing(cb *model.Combatant) bool {
	if !f.actingOK {
		f.actingOK = true
		if f.e.Turn[keyMounts] != "" {
			if f.acting = Acting(f.e); f.acting != nil {
				f.carrier = carrierOf(f.e, f.acting)
			}
		}
	}
	return f.acting != nil && inParty(f.acting, f.carrier, cb)
}

// readiness is readyIn(e), worked out once.
func (f *fightFacts) readiness() *readiness {
	if f.ready == nil {
		r := readyIn(f.e)
		f.ready = &r
	}
	return f.ready
}

// concealed reports whether anyone able stands concealed.
func (f *fightFacts) concealed() bool {
	if f.hidden == 0 {
		f.hidden = -1
		for _, o := range f.e.Combatants {
			if os, ok := o.Sheet().(*Sheet); ok && os.Concealed && o.Status.CanAct() {
				f.hidden = 1
				break
			}
		}
	}
	return f.hidden > 0
}

// choosing is the faction that may activate one of its own now: the one
// to choose, or the next once the open activation ends.
func (f *fightFacts) choosing() string {
	if !f.chooseOK {
		f.chooser, f.chooseOK = f.e.Turn[keyActive], true
		if Acting(f.e) != nil {
			f.chooser = nextFaction(f.e, f.chooser)
		}
	}
	return f.chooser
}

func mayAct(f *fightFacts, cb *model.Combatant, kind rules.ActKind) error {
	e := f.e
	sh, _ := cb.Sheet().(*Sheet)
	switch {
	case !cb.Status.CanAct():
		return rules.Refusef("%s is %s", cb.Name, cb.Status)
	case sh != nil && sh.Surrendered:
		return rules.Refusef("%s has surrendered (set %s surrendered=no to fight on)", cb.Name, rules.Quote(cb.Name))
	case sh != nil && sh.Retreated:
		return rules.Refusef("%s has retreated", cb.Name)
	case kind == rules.OutOfTurn:
		return canReact(e, cb)
	case e.Round == 0:
		return ambushFirst(f, cb, sh)
	case galloped(e, cb) != "":
		return rules.Refusef("%s moved at full speed: %s can take no action nor react this turn", galloped(e, cb), cb.Name)
	case withActing(e, cb):
		if cb.Acted {
			if sh != nil && kind == rules.Attack {
				if err := canSpend(cb, sh, true); err != nil {
					return rules.Refusef("%s", err)
				}
			}
		}
		return nil
	case Acting(e) == cb:
		if kind == rules.Attack && sh != nil {
			if err := canSpend(cb, sh, true); err != nil {
				return rules.Refusef("%s", err)
			}
		}
		return nil
	}
	return activatable(f, cb)
}

// ambushFirst is who may act before the fight: anyone able, but while
// anyone able stands concealed the opening is the ambushers' alone (their
// bonus round comes first).
func ambushFirst(f *fightFacts, cb *model.Combatant, sh *Sheet) error {
	if (sh != nil && sh.Concealed) || !f.concealed() {
		return nil
	}
	return rules.Refusef("%s is not concealed: the fight opens with the ambush round of those who are (next starts it)", cb.Name)
}

// activatable says why cb cannot be activated now, or nil.
func activatable(f *fightFacts, cb *model.Combatant) error {
	e := f.e
	if err := readyErr(e, cb); err != nil {
		return rules.Refusef("%s", err)
	}
	if e.Phase == PhaseChoose {
		return nil
	}
	if side := f.choosing(); cb.Side != side {
		return rules.Refusef("%s is of %s, but %s are to choose (activate one of theirs, or pass)",
			cb.Name, factionName(cb.Side), factionName(side))
	}
	return nil
}

// turnOf makes sure cb is the character taking its turn, activating it if
// its faction is to choose (or is next after the open activation). When
// a forced command lets an out-of-turn character act, nobody is activated
// and it reports false: the action then spends nothing.
func turnOf(c *rules.Ctx, cb *model.Combatant) (bool, error) {
	e := c.E
	if err := needCombat(e); err != nil {
		return false, err
	}
	err := (&System{}).MayAct(e, cb, rules.OnTurn)
	if err == nil && Acting(e) == cb {
		return true, nil
	}
	if err == nil && withActing(e, cb) {
		// A carrier or fellow rider acting in the open activation: its
		// turn is spent, nobody new is activated.
		cb.Acted = true
		return true, nil
	}
	if err != nil {
		cur := "nobody is acting"
		if x := Acting(e); x != nil {
			cur = "it is " + possessive(x.Name) + " turn"
		}
		if r, ok := err.(*rules.Refusal); ok && Acting(e) != cb {
			err = rules.Refusef("%s cannot act now (%s): %s", cb.Name, cur, r.Reason)
		}
		return false, c.Allow(err)
	}
	return true, activate(c, cb)
}

// notGrabbed refuses an action to a grabbed character.
func notGrabbed(cb *model.Combatant, sh *Sheet) error {
	if sh.GrabbedBy != "" {
		return fmt.Errorf("%s is grabbed by %s and can only try to break free (breakfree %s)", cb.Name, sh.GrabbedBy, rules.Quote(cb.Name))
	}
	return nil
}

const moveUsage = "move NAME ZONE [zones=N] [sprint]"

// runMove moves a character to a zone, counting the zones against its
// turn: the difference of two numbered zones, else zones=N, else 1 (a
// neighbouring zone). Full speed is the sheet's speed (double sprinting),
// half once it has acted. Nearby enemies left behind may make an
// opportunity attack; one it holds grabbed comes along.
func runMove(c *rules.Ctx, args []string) error {
	plain, kvs := rules.SplitKV(args)
	sprint := len(plain) == 3 && strings.EqualFold(plain[2], "sprint")
	if len(plain) != 2 && !sprint {
		return rules.Usagef(verb("move"), "move takes a name and a zone (and sprint, zones=N)")
	}
	cb, sh, err := find(c, plain[0])
	if err != nil {
		return err
	}
	z, err := rules.ParseZone(plain[1])
	if err != nil {
		return err
	}
	n, given := 1, false
	for _, kv := range kvs {
		if kv.Key != "zones" {
			return rules.Usagef(verb("move"), "unknown option %s= (only zones=N)", kv.Key)
		}
		if n, err = rules.Int("zones", kv.Value); err != nil {
			return err
		}
		if n < 1 {
			return errors.New("move at least 1 zone")
		}
		given = true
	}
	if d, known := model.Distance(cb, &model.Combatant{Profile: &model.Profile{Zone: z}}); known && !given {
		n = d
	}
	if z != "" && strings.EqualFold(z, cb.Zone) {
		return fmt.Errorf("%s is already in %s", cb.Name, rules.ZoneText(z))
	}
	in := c.E.Round > 0
	if in {
		if in, err = turnOf(c, cb); err != nil {
			return err
		}
	}
	if err := notGrabbed(cb, sh); err != nil {
		return err
	}
	u := UsageOf(cb)
	if in {
		u.Sprint = u.Sprint || sprint
		full, half := speeds(sh, u.Sprint)
		limit, why := full, "full speed"
		if u.Main+u.Bonus > 0 {
			limit, why = half, "half speed, having acted"
		}
		if u.halves()+2*n > 2*limit {
			hint := ""
			if !u.Sprint {
				hint = " (add sprint to move faster)"
			}
			if err := c.Refuse("%s may move %s this turn (%s) and has moved %s%s", cb.Name, rules.Plural(limit, "zone"), why, moved(u), hint); err != nil {
				return err
			}
		}
		u.Zones += n
		setUsage(cb, u)
	}
	left := nearbyFoes(c.E, cb)
	if err := rules.MoveTo(c, cb, z, false); err != nil {
		return err
	}
	if in {
		c.Event("%s covers %s (this turn: %s)", cb.Name, rules.Plural(n, "zone"), u)
	}
	for _, o := range c.E.Combatants {
		if os, ok := o.Sheet().(*Sheet); ok && os.GrabbedBy != "" && strings.EqualFold(os.GrabbedBy, cb.Name) {
			o.OwnProfile().Zone = z
			c.Event("%s drags %s along", cb.Name, o.Name)
		}
	}
	carryRiders(c, cb)
	var can []string
	for _, o := range left {
		if same, _ := model.SameZone(o, cb); !same && canReact(c.E, o) == nil {
			can = append(can, o.Name)
		}
	}
	if len(can) > 0 {
		c.Event("%s may make an opportunity attack (attack NAME %s opportunity)", strings.Join(can, ", "), rules.Quote(cb.Name))
	}
	return nil
}

// moved writes the movement used: "2", "1½".
func moved(u Usage) string {
	n := strconv.Itoa(u.halves() / 2)
	if u.halves()%2 == 1 {
		n += "½"
	}
	return n
}

// nearbyFoes lists the enemies in cb's zone (none when it has no zone).
func nearbyFoes(e *model.Encounter, cb *model.Combatant) []*model.Combatant {
	var out []*model.Combatant
	for _, o := range e.Combatants {
		if o.Side == cb.Side {
			continue
		}
		if same, _ := model.SameZone(o, cb); same {
			out = append(out, o)
		}
	}
	return out
}

func runMain(c *rules.Ctx, args []string) error  { return runAction(c, args, true) }
func runBonus(c *rules.Ctx, args []string) error { return runAction(c, args, false) }

func runAction(c *rules.Ctx, args []string, main bool) error {
	name := "bonus"
	if main {
		name = "main"
	}
	if len(args) == 0 {
		return rules.Usagef(verb(name), "%s takes a name", name)
	}
	cb, sh, err := find(c, args[0])
	if err != nil {
		return err
	}
	in, err := turnOf(c, cb)
	if err != nil {
		return err
	}
	if err := notGrabbed(cb, sh); err != nil {
		return err
	}
	if in {
		if err := spend(c, cb, sh, main); err != nil {
			return err
		}
	}
	what := strings.Join(args[1:], " ")
	if what != "" {
		what = ": " + what
	}
	c.Event("%s takes a %s action%s (this turn: %s)", cb.Name, name, what, UsageOf(cb))
	letGo(c, cb, false)
	return nil
}

// canSpend says why the acting character cannot take a main or bonus
// action now: one main action, two actions in all, and no more than half
// speed moved.
func canSpend(cb *model.Combatant, sh *Sheet, main bool) error {
	u := UsageOf(cb)
	_, half := speeds(sh, u.Sprint)
	switch {
	case main && u.Main > 0:
		return fmt.Errorf("%s has already used the main action this turn", cb.Name)
	case u.Main+u.Bonus >= 2:
		return fmt.Errorf("%s has already taken two actions this turn (%s)", cb.Name, u)
	case u.halves() > 2*half:
		return fmt.Errorf("%s moved %s zones, more than half speed: no actions this turn", cb.Name, moved(u))
	}
	return nil
}

// spend uses a main or bonus action of the acting character, within the
// limits of a turn (canSpend; a Refusal the GM may force).
func spend(c *rules.Ctx, cb *model.Combatant, sh *Sheet, main bool) error {
	if err := canSpend(cb, sh, main); err != nil {
		if err := c.Refuse("%s", err); err != nil {
			return err
		}
	}
	u := UsageOf(cb)
	if main {
		u.Main++
	} else {
		u.Bonus++
	}
	setUsage(cb, u)
	return nil
}

// react spends a character's turn on a reaction.
func react(cb *model.Combatant, kind string) {
	cb.Acted = true
	cb.SetTurn(kindReact, kind)
}

// canReact says why a character cannot react now (a Refusal), or nil.
func canReact(e *model.Encounter, cb *model.Combatant) error {
	sh, _ := cb.Sheet().(*Sheet)
	switch {
	case !cb.Status.CanAct():
		return rules.Refusef("%s cannot react (%s)", cb.Name, cb.Status)
	case sh != nil && sh.GrabbedBy != "":
		return rules.Refusef("%s cannot react: grabbed by %s", cb.Name, sh.GrabbedBy)
	case sh != nil && sh.Out():
		return rules.Refusef("%s cannot react: out of the fight (surrendered or retreated)", cb.Name)
	case galloped(e, cb) != "":
		return rules.Refusef("%s cannot react: %s moved at full speed", cb.Name, galloped(e, cb))
	case e.Round > 0 && cb.Acted:
		return rules.Refusef("%s cannot react: this round's turn is already used", cb.Name)
	}
	return nil
}

// die rolls one die and logs it.
func die(c *rules.Ctx, sides int, who, why string) (int, error) {
	r, err := c.Dice.Roll(who, why, dice.Expr{Text: fmt.Sprintf("d%d", sides),
		Terms: []dice.Term{{Sign: 1, Count: 1, Sides: sides}}})
	return r.Total, err
}

// save rolls a d20 against a score: at or under it passes.
func save(c *rules.Ctx, cb *model.Combatant, stat string, score int, why string) (bool, error) {
	r, err := die(c, 20, cb.Name, fmt.Sprintf("%s save (%s %d), %s", stat, stat, score, why))
	if err != nil {
		return false, err
	}
	return r <= score, nil
}

func passFail(ok bool) string {
	if ok {
		return "passes"
	}
	return "fails"
}

func runSurrender(c *rules.Ctx, args []string) error {
	if len(args) != 1 {
		return rules.Usagef(verb("surrender"), "surrender takes one name")
	}
	cb, sh, err := find(c, args[0])
	if err != nil {
		return err
	}
	if c.E.Round > 0 {
		in, err := turnOf(c, cb)
		if err != nil {
			return err
		}
		if in {
			setUsage(cb, Usage{Main: 1, Bonus: 1, Zones: sh.Speed})
		}
	}
	sh.Surrendered = true
	c.Event("%s surrenders: weapons down, hands up", cb.Name)
	letGo(c, cb, true)
	return nil
}
