// Package arm5 is the Ars Magica 5th edition rule system with the Lords of
// Men combat options: Initiative order with delays, Attack against Defense
// with stress dice and botches, wounds and Bruises by Size, fatigue, combat
// groups, and the Action Priority roll for interruptions.
//
// Where the rules leave a choice to the table, this package decides so:
//   - Wound, Bruise and fatigue penalties apply to Attack, Defense and
//     Evasion, not to Initiative or Soak.
//   - Exertion and a charge on foot spend their fatigue level after the
//     Attack is rolled, so the new level's penalty counts from the next roll.
//   - An attacked combatant who cannot act (unconscious, incapacitated)
//     defends as if helpless.
//   - A Bruise recovery roll improves a Bruise that has not yet left its
//     residual wound before one that has.
//   - Harm verbs set the status the harm calls for, and so does `set` (or
//     `add`) of a wound, Bruise or fatigue count, unless the same command
//     gives status= itself.
//   - A combat group's hit deals the vanguard's Damage Total once for each
//     member able to fight; a trained group's bonus counts the Combat
//     Abilities of those members other than the vanguard. Exertion and a
//     charge spend the vanguard's fatigue. A group splits as soon as its
//     vanguard or leader cannot act (unconscious counts, too) or leaves.
//   - A combat group acts as one on its vanguard's Initiative: while the
//     vanguard can act, the other members take no turns of their own
//     (next passes them by), except one that stood aside from the group's
//     attack this round. Delaying the vanguard holds the group's action;
//     another member cannot delay apart from it. A group holding a foe
//     engaged rolls its own Attack Total, bonus included, against the
//     foe's disengage.
//   - A delayed action taken with act makes its owner the one acting; as
//     soon as that action is spent (or at next) the turn goes back to the
//     combatant it broke into, or moves on if that one had already taken
//     its action.
//   - A rider on a horse combatant counts as mounted without the mounted
//     word: the mounted bonus applies and a charge tires the horse.
//   - The source lists combat botch effects from mildest to gravest; fray
//     offers the mildest third for one zero, the middle for two, the
//     gravest for three or more.
//   - Lords of Men: a melee attack on a prone target gets +6; a Fast-Cast
//     speed that equals its Ease Factor is fast enough; the pin needs an
//     Attack Advantage of 3 unless need= says otherwise; a horse without a
//     combatant of its own counts as Size 2; a second failed Discipline
//     check leaves a trained group "broken" (a disordered untrained one).
//   - Defenders: defending is the defender's action and lasts until just
//     before its next turn, under the plain rule as with interceptors; the
//     plain rule bars missiles too. With interceptors, each defender in
//     acting order rolls its own priority contest against the attacker,
//     and an intercepted attacker turns on the defender unless the attack
//     says waste. A foe the charge attacked stays unbarred until one of the
//     two disengages.
//   - Mounted: Evasion in the saddle takes no mounted bonus besides Ride;
//     a gallop's fatigue test is rolled as the rider's turn ends; the
//     gait's Dex + Ride roll comes at the start of an extended action and
//     at each round it goes on; only an arbalest's spanning resumes where
//     it stopped.
package arm5

import (
	"fmt"
	"strings"

	"fray/model"
	"fray/rules"
)

// System is the arm5 rule system. It implements rules.System and
// rules.Delayer.
type System struct {
	order rules.InitOrder
}

var (
	_ rules.System      = (*System)(nil)
	_ rules.Delayer     = (*System)(nil)
	_ rules.Refresher   = (*System)(nil)
	_ rules.TurnAdopter = (*System)(nil)
)

// New returns the arm5 system.
func New() rules.System {
	return &System{order: rules.InitOrder{Before: byQuickness, Spent: spent, PassBy: passedBy}}
}

// spent reports whether a combatant has taken its action this turn.
func spent(e *model.Encounter, cb *model.Combatant) bool { return getN(e, kDid, cb.ID) > 0 }

// byQuickness breaks Initiative ties by higher Quickness, then by the
// logged tie roll.
func byQuickness(a, b *model.Combatant) bool {
	qa, qb := qik(a), qik(b)
	if qa != qb {
		return qa > qb
	}
	return a.Tie > b.Tie
}

func qik(cb *model.Combatant) int {
	if s, ok := cb.Sheet().(*Sheet); ok {
		return s.Qik
	}
	return 0
}

// ID implements rules.System.
func (*System) ID() string { return "arm5" }

// Name implements rules.System.
func (*System) Name() string { return "Ars Magica 5 (Lords of Men)" }

// NewSheet implements rules.System.
func (*System) NewSheet() model.Sheet { return &Sheet{} }

// Added implements rules.System: during combat a newcomer with no
// Initiative given on the same add line is rolled and put in its place.
func (s *System) Added(c *rules.Ctx, cb *model.Combatant) error {
	if c.E.Round == 0 || cb.HasInit {
		return nil
	}
	if err := s.RollInit(c, cb); err != nil {
		return err
	}
	c.Event("%s enters the order at place %d", cb.Name, c.E.OrderIndex(cb.ID)+1)
	return nil
}

// RollInit implements rules.System: Quickness + weapon (and shield) Init −
// Encumbrance + a stress die that cannot botch.
func (s *System) RollInit(c *rules.Ctx, cb *model.Combatant) error {
	sh, err := sheetOf(cb)
	if err != nil {
		return err
	}
	r, err := c.Dice.Stress(cb.Name, "initiative", 0)
	if err != nil {
		return err
	}
	var t total
	t.Add("Qik", sh.Qik)
	t.Add("weapon", sh.WInit)
	t.Add("shield", sh.SInit)
	t.Add("Enc", -sh.Enc())
	t.Die("stress", r.Total)
	c.Event("%s: Initiative %s", cb.Name, t)
	return s.setInit(c, cb, t.Sum())
}

// SetInit implements rules.System.
func (s *System) SetInit(c *rules.Ctx, cb *model.Combatant, score int) error {
	c.Event("%s: Initiative %s", cb.Name, num(score))
	return s.setInit(c, cb, score)
}

func (s *System) setInit(c *rules.Ctx, cb *model.Combatant, score int) error {
	cb.Init, cb.HasInit = score, true
	cb.SetTie(0)
	others, err := breakTies(c, cb)
	if err != nil {
		return err
	}
	if others {
		s.order.Sort(c.E) // tie rolls moved others too
	} else {
		s.order.Place(c.E, cb)
	}
	s.order.Placed(c, cb)
	return nil
}

// breakTies rolls a simple die for each combatant tied with cb on both
// Initiative and Quickness who has no tie roll yet, and rolls again any
// new roll that matches one already in the group. It reports whether it
// rolled for anyone but cb.
func breakTies(c *rules.Ctx, cb *model.Combatant) (others bool, err error) {
	var group, fresh []*model.Combatant
	for _, o := range c.E.Combatants {
		if o.HasInit && o.Init == cb.Init && qik(o) == qik(cb) {
			group = append(group, o)
			if o.Tie == 0 {
				fresh = append(fresh, o)
			}
		}
	}
	if len(group) < 2 {
		return false, nil
	}
	names := make([]string, 0, 7)
	for _, o := range group {
		if len(names) == 6 {
			names = append(names, fmt.Sprintf("and %d more", len(group)-6))
			break
		}
		names = append(names, o.Name)
	}
	c.Event("tie at Initiative %s and Quickness %s: %s roll to break it", num(cb.Init), num(qik(cb)), strings.Join(names, ", "))
	// A d10 can tell at most ten apart: past that, one roll each and the
	// order of adding settles what the die cannot.
	retries := 20
	if len(group) > 10 {
		retries = 0
	}
	for _, o := range fresh {
		others = others || o != cb
		for tries := 0; ; tries++ {
			r, err := c.Dice.Simple(o.Name, "initiative tie")
			if err != nil {
				return false, err
			}
			o.SetTie(r.Total)
			if tries >= retries || !tieTaken(group, o) {
				break
			}
		}
	}
	return others, nil
}

func tieTaken(group []*model.Combatant, cb *model.Combatant) bool {
	for _, o := range group {
		if o != cb && o.Tie == cb.Tie {
			return true
		}
	}
	return false
}

// Prev implements rules.System.
func (s *System) Prev(c *rules.Ctx) error { return s.order.Prev(c) }

// Delay implements rules.Delayer.
// An extended action cannot be delayed.
func (s *System) Delay(c *rules.Ctx, cb *model.Combatant) error {
	if err := notBusy(c, cb, "delay"); err != nil {
		return err
	}
	if g := followsGroup(c.E, cb); g != nil {
		return fmt.Errorf("%s acts with the group %s on its vanguard's turn: delay %s to hold the group's action", cb.Name, g.Name, c.E.ByID(g.Vanguard).Name)
	}
	pass, err := s.order.Hold(c, cb)
	if err != nil || !pass {
		return err
	}
	return s.pass(c)
}

// Act implements rules.Delayer. It notes who else still holds an action.
func (s *System) Act(c *rules.Ctx, cb *model.Combatant) error {
	if err := s.order.Act(c, cb); err != nil {
		return err
	}
	if rest := s.Delayed(c.E); len(rest) > 0 {
		names := make([]string, len(rest))
		for i, o := range rest {
			names[i] = fmt.Sprintf("%s (%s)", o.Name, num(o.Init))
		}
		c.Event("still delaying: %s", strings.Join(names, ", "))
	}
	return nil
}

// Delayed lists the combatants holding a delayed action in the order in
// which they may respond: highest Initiative first.
func (s *System) Delayed(e *model.Encounter) []*model.Combatant { return s.order.Delayed(e) }

// sheetOf returns the combatant's sheet for reading. The tracker lends
// arm5's sheets (Lendable): what changes one takes it with ownSheet (or
// findSheet), and the tests (model.CheckLending) catch a change made any
// other way.
func sheetOf(cb *model.Combatant) (*Sheet, error) {
	if s, ok := cb.Sheet().(*Sheet); ok && s != nil {
		return s, nil
	}
	return nil, fmt.Errorf("%s has no arm5 sheet", cb.Name)
}

// ownSheet returns the combatant's sheet for changing (model's OwnSheet).
func ownSheet(cb *model.Combatant) (*Sheet, error) {
	if _, err := sheetOf(cb); err != nil {
		return nil, err
	}
	return cb.OwnSheet().(*Sheet), nil
}

// Lendable implements model.Lendable: arm5 changes a sheet only through
// ownSheet.
func (*Sheet) Lendable() {}

// findSheet finds a combatant by name with its arm5 sheet, taken for
// changing, for the many verbs that work on one combatant's numbers.
func findSheet(c *rules.Ctx, name string) (*model.Combatant, *Sheet, error) {
	cb, err := c.Find(name)
	if err != nil {
		return nil, nil, err
	}
	sh, err := ownSheet(cb)
	return cb, sh, err
}

// signed writes a number with its sign: +2, 0, −3.
func signed(n int) string {
	switch {
	case n > 0:
		return fmt.Sprintf("+%d", n)
	case n < 0:
		return fmt.Sprintf("%s%d", minus, -n)
	}
	return "0"
}

// num writes a number as the log and sheet show it: a true minus sign for
// a negative (−3), no sign otherwise.
func num(n int) string { return rules.Signed(n) }

// minus is the sign used in log and sheet text.
const minus = rules.Minus

// total is the shared term-by-term sum of the log (rules.Total).
type total = rules.Total

// part is one labelled term handed to a roll helper.
type part struct {
	label string
	n     int
}
