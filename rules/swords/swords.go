// Package swords is the 2d6 SWORDS rule system: skill rolls on 2d6,
// attacks against Defense rolls, damage against an endurance roll, Stamina
// hits and the Health level of the largest single hit, several actions a
// round at a running penalty, and army battles in tactical mode.
//
// Where the source is silent, this package decides so:
//   - A skill roll is 2d6 + Dexterity + the skill − the action penalty
//     (the damage rules call damage a skill roll on Strength "rather than
//     Dexterity and skill"); a tactics roll is 2d6 + Intelligence + Tactics.
//   - Initiative is 2d6 + Dexterity, rolled once per combat (or entered)
//     and kept from round to round; ties go to the higher Dexterity, then
//     to whoever was added first.
//   - The action penalty looks forward: each action after the first in a
//     round gives −2 to every skill roll made from then on in that round,
//     the roll of the action itself included (an attack with two Augments
//     is rolled at −4; a Defense after it at −6). Rolls already made are
//     not changed. The counts start afresh at each new round; they live in
//     Encounter.Turn, so undo and saves keep them.
//   - Every Defense roll (one's own or an assisted block for a friend) is
//     an action. A combatant who has taken an action this round and no
//     Defense yet cannot defend any more this round: the attack is then
//     compared with the range challenge alone. Having defended once, it may
//     defend again later in the round. The tracker counts only the actions
//     it is told of: attack (one, plus its Augments), Defense rolls,
//     `defend` and `action`. Riding, `skill` and battle rolls are not
//     actions; battle rolls take no action penalty either.
//   - An assisted block: each named friend and the target roll Defense and
//     the best roll counts. A rider cannot dodge: it blocks a melee blow
//     as anyone, a missile only with a shield; otherwise it gets no
//     Defense unless it rolls Riding instead (−4) or dives out of the
//     saddle (prone).
//   - A grab (skill=grappling) that hits holds the target fast in close
//     combat (close combat is the shared model's engaged pair) and does
//     damage only when the attack says harm: base Strength, or a small
//     weapon's with small. Resisted with Grappling (defskill=grappling) it
//     still starts close combat. Between two in close combat only
//     Grappling serves; one held fast may only escape or take control.
//     The heavier side gets the mass bonus on every Grappling roll; a
//     mass of 0 means unknown (no bonus).
//   - A challenge (range, `skill … vs=N`, the Riding roll against the
//     damage before endurance) must be beaten: an equal roll fails. A
//     rider who fails, falls or dies leaves the saddle (mounted=no).
//   - Thrown weapons use Striking, bows and mechanical weapons Archery.
//     Entered totals (atk= def= dmg= end=) replace the whole roll,
//     penalties and Augments included.
//   - Stamina 0 makes a combatant fall (status unconscious); Health Dead
//     makes it dead. `set` and `add` do the same for stamina= and
//     largest= entered by hand (an army at 0 hits is routed), unless the
//     command sets status= too; healing with `set NAME stamina=…
//     largest=…` brings back one its harm had put down.
//   - Armies are combatants with kind=army: 100 hits (the Stamina track),
//     a size, a quality adjustment to power, and a general (another
//     combatant whose Intelligence + Tactics count) plus optional
//     tacticians; an army without a general uses its own int and tactics.
//     Power is worked out per battle from the two sizes. `battle` resolves
//     one round both ways at once, so both armies may be routed together;
//     a routed army is incapacitated. The same two armies fight one battle
//     a round (recorded in Encounter.Turn); a second needs `again`.
package swords

import (
	"fmt"

	"fray/model"
	"fray/rules"
	"fray/rules/dice"
)

// System is the swords rule system. It implements rules.System,
// rules.Delayer and rules.Refresher.
type System struct {
	order rules.InitOrder
}

var (
	_ rules.System      = (*System)(nil)
	_ rules.Delayer     = (*System)(nil)
	_ rules.Refresher   = (*System)(nil)
	_ rules.TurnAdopter = (*System)(nil)
)

// New returns the swords system.
func New() rules.System {
	return &System{order: rules.InitOrder{Before: byDex, PassBy: rules.PassBand}}
}

// byDex breaks Initiative ties by higher Dexterity; the stable sort then
// keeps the order of adding.
func byDex(a, b *model.Combatant) bool { return dex(a) > dex(b) }

func dex(cb *model.Combatant) int {
	if s, ok := cb.Sheet().(*Sheet); ok && s != nil {
		return s.Dex
	}
	return 0
}

// ID implements rules.System.
func (*System) ID() string { return "swords" }

// Name implements rules.System.
func (*System) Name() string { return "2d6 SWORDS" }

// NewSheet implements rules.System.
func (*System) NewSheet() model.Sheet { return newSheet() }

// Options implements rules.System: swords has none.
func (*System) Options() []rules.Option { return nil }

// Verbs implements rules.System.
func (s *System) Verbs() []rules.Verb {
	return []rules.Verb{
		{Name: "attack", Usage: attackUsage, Summary: "skill roll against Defense (+ range), then damage against endurance", Run: runAttack, Targets: 2, OptionHelp: attackHelp},
		{Name: "damage", Usage: "damage NAME N [endure]", Summary: "one hit of N points past endurance (endure: N is the damage, roll endurance)", Run: runDamage, Targets: 1,
			OptionHelp: map[string]string{"endure": "N is the blow's damage: the target rolls endurance first"}},
		{Name: "heal", Usage: healUsage, Summary: "the GM gives back Stamina (all: and clears the largest hit); no roll, the rules have none", Run: runHeal, Targets: 1},
		{Name: "defend", Usage: "defend NAME [def=N] [mod=±N]", Summary: "roll Defense outside an attack; counts as an action", Run: runDefend, OptionHelp: defendHelp},
		{Name: "action", Usage: "action NAME [WHAT…]", Summary: "count an action (move, draw, cast…): −2 to later rolls this round", Run: runAction},
		{Name: "skill", Usage: "skill NAME SKILL [vs=N] [mod=±N]", Summary: "a skill roll with the current action penalty (riding, tactics, …)", Run: runSkill, OptionHelp: skillHelp},
		{Name: "area", Usage: areaUsage, Summary: "an attack on a place: beat the range; each one caught may dive clear (Defense against 5 a yard), the rest endure the damage", Run: runArea, OptionHelp: areaHelp},
		{Name: "escape", Usage: escapeUsage, Summary: "in close combat: Grappling against Grappling to get free; melee resumes", Run: runEscape, OptionHelp: contestHelp},
		{Name: "control", Usage: controlUsage, Summary: "in close combat: Grappling against Grappling to hold the foe", Run: runControl, OptionHelp: contestHelp},
		{Name: "slam", Usage: slamUsage, Summary: "slam a foe one holds into the floor or a wall: 2d6 + Str + 1–8 (+0–4 a corner) against endurance", Run: runSlam, OptionHelp: slamHelp},
		{Name: "pickup", Usage: pickupUsage, Summary: "a disarmed combatant takes its weapon up again (an action)", Run: runPickup},
		{Name: "battle", Usage: battleUsage, Summary: "one round of army combat: each side deals its best leader's 2d6 + Int + Tactics, plus its power", Run: runBattle,
			OptionHelp: map[string]string{
				"again": "a second battle of the two armies this round",
				"pick=": "leaders whose roll counts for their army, not the best",
			}},
	}
}

// Added implements rules.System: a newcomer during combat with no
// Initiative given is rolled into the order.
func (s *System) Added(c *rules.Ctx, cb *model.Combatant) error {
	if c.E.Round == 0 || cb.HasInit {
		return nil
	}
	if m := rules.Bandmate(c.E, cb); m != nil {
		cb.Init, cb.HasInit = m.Init, true
		cb.SetTie(m.Tie)
		s.order.Place(c.E, cb)
		s.order.Placed(c, cb)
		return nil
	}
	if err := s.RollInit(c, cb); err != nil {
		return err
	}
	c.Event("%s enters the order at place %d", cb.Name, c.E.OrderIndex(cb.ID)+1)
	return nil
}

// RollInit implements rules.System: 2d6 + Dexterity.
func (s *System) RollInit(c *rules.Ctx, cb *model.Combatant) error {
	sh, err := sheetOf(cb)
	if err != nil {
		return err
	}
	who := cb.Name
	if cb.Band != "" {
		who = cb.Band // one roll for the band, with this member's Dex
	}
	r, err := roll2d6(c, who, "initiative")
	if err != nil {
		return err
	}
	var t total
	t.Die("2d6", r)
	t.Add("Dex", sh.Dex)
	c.Event("%s: Initiative %s", who, t)
	return s.setInit(c, cb, t.Sum())
}

// SetInit implements rules.System.
func (s *System) SetInit(c *rules.Ctx, cb *model.Combatant, score int) error {
	c.Event("%s: Initiative %d", cb.Name, score)
	return s.setInit(c, cb, score)
}

func (s *System) setInit(c *rules.Ctx, cb *model.Combatant, score int) error {
	cb.Init, cb.HasInit = score, true
	cb.SetTie(0)
	rules.ShareInit(c.E, cb)
	if cb.Band != "" {
		s.order.Sort(c.E) // the whole band moved
	} else {
		s.order.Place(c.E, cb)
	}
	s.order.Placed(c, cb)
	return nil
}

// Group implements rules.Grouper: the copies form a band that shares one
// Initiative and takes one turn, on its first member's place.
func (s *System) Group(c *rules.Ctx, name string, members []*model.Combatant) error {
	rules.FormBand(c, name, members, s.order.Sort)
	return nil
}

// Banded implements rules.Banded.
func (*System) Banded() {}

// Next implements rules.System. A new round forgets last round's actions.
func (s *System) Next(c *rules.Ctx) error {
	if err := s.order.Next(c); err != nil {
		return err
	}
	pruneRounds(c.E)
	return nil
}

// Prev implements rules.System.
func (s *System) Prev(c *rules.Ctx) error { return s.order.Prev(c) }

// Delay implements rules.Delayer.
func (s *System) Delay(c *rules.Ctx, cb *model.Combatant) error { return s.order.Delay(c, cb) }

// Act implements rules.Delayer.
func (s *System) Act(c *rules.Ctx, cb *model.Combatant) error { return s.order.Act(c, cb) }

// sheetOf returns the combatant's sheet for reading. The tracker lends
// swords' sheets (Lendable): what changes one takes it with ownSheet (or
// findSheet), and the tests (model.CheckLending) catch a change made any
// other way.
func sheetOf(cb *model.Combatant) (*Sheet, error) {
	if s, ok := cb.Sheet().(*Sheet); ok && s != nil {
		return s, nil
	}
	return nil, fmt.Errorf("%s has no swords sheet", cb.Name)
}

// ownSheet returns the combatant's sheet for changing (model's OwnSheet).
func ownSheet(cb *model.Combatant) (*Sheet, error) {
	if _, err := sheetOf(cb); err != nil {
		return nil, err
	}
	return cb.OwnSheet().(*Sheet), nil
}

// Lendable implements model.Lendable: swords changes a sheet only through
// ownSheet.
func (*Sheet) Lendable() {}

// twoD6 is the roll behind everything in this system.
var twoD6 = dice.Expr{Text: "2d6", Terms: []dice.Term{{Sign: 1, Count: 2, Sides: 6}}}

func roll2d6(c *rules.Ctx, who, why string) (int, error) {
	r, err := c.Dice.Roll(who, why, twoD6)
	return r.Total, err
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

// minus is the sign used in log and sheet text.
const minus = rules.Minus

// total is the shared term-by-term sum of the log (rules.Total).
type total = rules.Total
