// Package factions is the faction-alternating activation system: the
// sides of a fight take turns activating one character each or passing,
// characters react out of turn at the cost of their own turn, attacks hit
// automatically unless the circumstances call for a WIT save, damage is a
// weapon die less armour, and groups or lone fighters that take a beating
// in a round check morale at its end.
//
// Where the source is silent, this package decides so:
//   - A faction is a Side; combatants with no side form one faction
//     together. A fight needs two factions or more, which take their turns
//     in the order they first appear in the encounter, starting from the
//     faction picked to go first.
//   - The faction holding the initiative picks who goes first at the start
//     of every round (`first SIDE`, or simply `activate NAME`); `pass` at
//     that moment means it goes first itself and passes. Without an
//     `initiative SIDE` the holder is drawn with one die when combat
//     starts, and the draw is logged.
//   - `activate` and `pass` end an activation still open, so a GM types one
//     command per faction turn. `next` ends an open activation; on a
//     faction with nobody ready it passes for it (and for any following
//     faction in the same plight, stopping at the end of the round);
//     otherwise it says what the faction must choose.
//   - A character that reacts or is activated has used its turn for the
//     round. Surrendered and retreated characters are never ready; a
//     grabbed one may be activated only to break free.
//   - The ambush round is round 1 when anyone starts concealed: only those
//     characters are ready in it, and nobody can react to any attack made
//     then. An attack by a concealed character is never reacted to either,
//     and attacking reveals the attacker.
//   - Incapacitation comes at 0 health (or whenever the GM sets the status).
//     An attack on a nearby incapacitated target is a death blow; a grabber
//     that is incapacitated lets go.
//   - Impaired damage is a setting (option impaired): roll twice and keep
//     the lower (default), halve the roll, or roll a d4.
//   - Halving for size rounds up (3 halved is 2). Dice doubled for size
//     double every die of the expression. A blast rolls its damage once
//     for all its targets (each takes off its own armour); a missed ranged
//     blast rolls a d8 for the neighbouring zone it lands in, and the GM
//     resolves it on whoever stands there.
//   - Reactions are typed with the attack they answer and spent only if
//     the attack hits (they are chosen after the save to hit). A character
//     grabbed, out of the fight or without its turn cannot react.
//   - Morale: a side that started with two or more characters is a group,
//     one that started with a single character fights alone. Starting
//     numbers are counted when combat starts; a late arrival adds to its
//     side's. Each member able to fight makes its own WIT save. A failure
//     marks the character surrendered, or retreated (option rout). With
//     option morale=manual the round's end only lists who must check and
//     the `morale` command rolls.
//   - A surrendered character that takes damage fights again.
//   - `prev` does not step turns back: undo does that exactly.
package factions

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"fray/model"
	"fray/rules"
)

// System is the factions rule system; it implements rules.System.
type System struct{}

var _ rules.System = (*System)(nil)

// New returns the factions system.
func New() rules.System { return &System{} }

// ID implements rules.System.
func (*System) ID() string { return "factions" }

// Name implements rules.System.
func (*System) Name() string { return "Faction turns" }

// NewSheet implements rules.System.
func (*System) NewSheet() model.Sheet { return NewSheet() }

// Options implements rules.System.
func (*System) Options() []rules.Option {
	return []rules.Option{
		{Key: "impaired", Default: "lower", Values: []string{"lower", "half", "d4"}, Help: "impaired damage: roll twice keep the lower, halve the roll, or a d4"},
		{Key: "morale", Default: "auto", Values: []string{"auto", "manual"}, Help: "at the end of a round roll the morale saves at once, or only list who must check"},
		{Key: "rout", Default: "surrender", Values: []string{"surrender", "retreat"}, Help: "what a failed morale save marks"},
	}
}

// Verbs implements rules.System.
func (s *System) Verbs() []rules.Verb {
	return []rules.Verb{
		{Name: "initiative", Usage: "initiative SIDE", Summary: "give a faction the initiative: it picks who goes first each round", Run: runInitiative},
		{Name: "first", Usage: "first SIDE", Summary: "the initiative holder picks the faction that goes first this round", Run: runFirst},
		{Name: "activate", Usage: "activate NAME", Summary: "the faction to choose takes a turn with this character", Run: runActivate},
		{Name: "pass", Usage: "pass", Summary: "the faction to choose passes (all pass in a row: the round ends)", Run: runPass},
		{Name: "move", Usage: moveUsage, Summary: "move to a zone this turn: numbered zones cost their difference, others zones=N or 1 (2 at full speed, 4 sprinting; half once acting)", Run: runMove, OptionHelp: moveHelp},
		{Name: "main", Usage: "main NAME [WHAT…]", Summary: "spend the turn's main action", Run: runMain},
		{Name: "bonus", Usage: "bonus NAME [WHAT…]", Summary: "spend a bonus action", Run: runBonus},
		{Name: "attack", Usage: attackUsage, Summary: "resolve an attack with its reactions", Run: runAttack, OptionHelp: attackHelp},
		{Name: "damage", Usage: "damage NAME N [direct]", Summary: "N damage less armour (none with direct)", Run: runDamage, Targets: 1,
			OptionHelp: map[string]string{"direct": "armour does not count: all N damage lands"}},
		{Name: "heal", Usage: "heal NAME N", Summary: "give back N health, up to the maximum", Run: runHeal, Targets: 1},
		{Name: "breakfree", Usage: "breakfree NAME [helper=ALLY]", Summary: "a STR save to escape a grab (the turn, or an ally's main action)", Run: runBreakFree, OptionHelp: breakFreeHelp},
		{Name: "surrender", Usage: "surrender NAME", Summary: "spend the turn surrendering", Run: runSurrender},
		{Name: "mount", Usage: mountUsage, Summary: "get on a mount or into a vehicle: half a zone of movement (AGI save or a d4 fall if it is moving)", Run: runMount},
		{Name: "dismount", Usage: dismountUsage, Summary: "get off a mount or out of a vehicle: half a zone of movement (AGI save or a d4 fall if it is moving)", Run: runDismount},
		{Name: "chase", Usage: chaseUsage, Summary: "a long chase: the fleeing make a group AGI save, who passes gets away (faster: all do; slower: none)", Run: runChase, OptionHelp: chaseHelp},
		{Name: "gear", Usage: "gear", Summary: "list the weapons, shields and armour used this fight, for the durability rolls after it", Run: runGear},
		{Name: "morale", Usage: "morale [SIDE|NAME…] [pass|fail]", Summary: "roll (or take) morale WIT saves: those due, or those named", Run: runMorale, OptionHelp: moraleHelp},
	}
}

// Added implements rules.System: a late arrival adds to its side's
// starting numbers.
func (*System) Added(c *rules.Ctx, cb *model.Combatant) error {
	if c.E.Round > 0 {
		k := startKey(cb.Side)
		c.E.Turn[k] = itoa(atoi(c.E.Turn[k]) + 1)
		c.E.Turn[roundKey(cb.Side)] = itoa(atoi(c.E.Turn[roundKey(cb.Side)]) + 1)
		noteHealth(cb)
		c.Event("%s joins %s", cb.Name, factionName(cb.Side))
	}
	return nil
}

var errNoInit = errors.New("factions has no initiative scores: `initiative SIDE` gives a faction the initiative")

// RollInit implements rules.System; factions have no initiative scores.
func (*System) RollInit(*rules.Ctx, *model.Combatant) error { return errNoInit }

// SetInit implements rules.System; factions have no initiative scores.
func (*System) SetInit(*rules.Ctx, *model.Combatant, int) error { return errNoInit }

// Unused implements rules.Unused: factions have no initiative scores to
// enter and step no turn back, so help and the screen leave out init and
// prev.
func (*System) Unused() []string { return []string{"init", "prev"} }

// Prev implements rules.System: turns are not stepped back, undo is exact.
func (*System) Prev(*rules.Ctx) error {
	return errors.New("factions cannot step a turn back: undo takes back the last command exactly")
}

// sheetOf returns the combatant's sheet for reading. The tracker lends
// factions' sheets (Lendable): what changes one takes it with ownSheet (or
// find), and the tests (model.CheckLending) catch a change made any other
// way.
func sheetOf(cb *model.Combatant) (*Sheet, error) {
	if s, ok := cb.Sheet().(*Sheet); ok && s != nil {
		return s, nil
	}
	return nil, fmt.Errorf("%s has no factions sheet", cb.Name)
}

// ownSheet returns the combatant's sheet for changing (model's OwnSheet).
func ownSheet(cb *model.Combatant) (*Sheet, error) {
	if _, err := sheetOf(cb); err != nil {
		return nil, err
	}
	return cb.OwnSheet().(*Sheet), nil
}

// Lendable implements model.Lendable: factions changes a sheet only
// through ownSheet.
func (*Sheet) Lendable() {}

// find looks a combatant up and returns its sheet too, taken for
// changing.
func find(c *rules.Ctx, name string) (*model.Combatant, *Sheet, error) {
	cb, err := c.Find(name)
	if err != nil {
		return nil, nil, err
	}
	sh, err := ownSheet(cb)
	return cb, sh, err
}

// factionName is how a side is written in the log.
func factionName(side string) string {
	if side == "" {
		return "(no side)"
	}
	return side
}

// Factions lists the sides of the encounter in the order they first
// appear.
// A fight has a few sides, and the turn key asks this four or five
// times a press: the sides met so far are searched in the list, not a
// map (a map lookup a character was a tenth of a press at 1000), until
// a fight has so many that a map is quicker.
func Factions(e *model.Encounter) []string {
	var out []string
	var seen map[string]bool
	last := ""
	for _, cb := range e.Combatants {
		side := cb.Side
		if len(out) > 0 && side == last {
			continue
		}
		last = side
		switch {
		case seen != nil:
			if seen[side] {
				continue
			}
			seen[side] = true
		case slices.Contains(out, side):
			continue
		case len(out) == manySides:
			seen = make(map[string]bool, 2*manySides)
			for _, s := range out {
				seen[s] = true
			}
			seen[side] = true
		}
		out = append(out, side)
	}
	return out
}

// manySides is how many sides Factions searches in its list.
const manySides = 16

// findFaction looks a side up by case-insensitive unique prefix.
func findFaction(e *model.Encounter, name string) (string, error) {
	fs := Factions(e)
	q := strings.ToLower(strings.TrimSpace(name))
	var hits []string
	for _, f := range fs {
		if strings.ToLower(f) == q {
			return f, nil
		}
		if q != "" && strings.HasPrefix(strings.ToLower(f), q) {
			hits = append(hits, f)
		}
	}
	if len(hits) == 1 {
		return hits[0], nil
	}
	names := make([]string, len(fs))
	for i, f := range fs {
		names[i] = factionName(f)
	}
	if len(hits) > 1 {
		return "", fmt.Errorf("%q matches several factions: type more (%s)", name, strings.Join(names, ", "))
	}
	return "", fmt.Errorf("no faction %q (factions: %s)", name, strings.Join(names, ", "))
}

// members lists the combatants of one side.
func members(e *model.Encounter, side string) []*model.Combatant {
	var out []*model.Combatant
	for _, cb := range e.Combatants {
		if cb.Side == side {
			out = append(out, cb)
		}
	}
	return out
}

// fighting reports whether a character still counts for its side's
// numbers: able to act and neither surrendered nor retreated.
func fighting(cb *model.Combatant) bool {
	sh, ok := cb.Sheet().(*Sheet)
	return cb.Status.CanAct() && (!ok || !sh.Out())
}

// countFighting counts a side's members fighting (fighting), without
// listing them: a side's round start and end count it, at 1000
// combatants an 8 KB list each time.
func countFighting(e *model.Encounter, side string) int {
	n := 0
	for _, cb := range e.Combatants {
		if cb.Side == side && fighting(cb) {
			n++
		}
	}
	return n
}

// soleMember returns a side's one member, nil if it has none or more.
func soleMember(e *model.Encounter, side string) *model.Combatant {
	var one *model.Combatant
	for _, cb := range e.Combatants {
		if cb.Side == side {
			if one != nil {
				return nil
			}
			one = cb
		}
	}
	return one
}

// andNames writes names as "A", "A and B", "A, B and C".
func andNames(cbs []*model.Combatant) string {
	n := names(cbs)
	if i := strings.LastIndex(n, ", "); i >= 0 {
		n = n[:i] + " and " + n[i+2:]
	}
	return n
}

func names(cbs []*model.Combatant) string {
	ns := make([]string, len(cbs))
	for i, cb := range cbs {
		ns[i] = cb.Name
	}
	return strings.Join(ns, ", ")
}

// possessive is rules.Possessive, short for the many log lines using it.
func possessive(name string) string { return rules.Possessive(name) }

// Lacks implements rules.Unready: a combatant with no health at all is
// taken out by its first hit.
var _ rules.Unready = (*System)(nil)

func (*System) Lacks(cb *model.Combatant) (what, key string) {
	if sh, err := sheetOf(cb); err == nil && sh.MaxHealth <= 0 && sh.Health <= 0 {
		return "health", "health"
	}
	return "", ""
}
