package sst

import (
	"fmt"
	"slices"
	"strings"

	"fray/model"
	"fray/rules"
)

// Special tactics and special results.
//
// An all-out attack puts both attacks' dice in one roll, at the cost of
// two attacks, and leaves the attacker with no defence until its next
// action; a double strike is two attacks one after the other, at the
// same cost, after which only Dodge serves until the next action. The
// stance lives on the sheet until the combatant's next action.
//
// Special results: successes beyond the one a hit needs may each buy one
// of the source's special results (attack … special=WORD,…) instead of
// counting for damage. The source names them but not their workings:
// fray's readings are in specialResults.

const (
	allout = "allout"
	double = "double"
)

var stanceNames = []string{"none", allout, double}

// specialResult is one thing an extra success buys, with what it does to
// the target.
type specialResult struct {
	word, text string
	apply      func(c *rules.Ctx, atk, t *model.Combatant, ts *Sheet, h *Hit)
}

// specialResults are the source's special results, in its order, with
// fray's reading of each.
var specialResults = []specialResult{
	{"damage", "+2 damage", func(c *rules.Ctx, atk, t *model.Combatant, ts *Sheet, h *Hit) { h.Extra += 2 }},
	{"disarm", "the target's weapon falls", func(c *rules.Ctx, atk, t *model.Combatant, ts *Sheet, h *Hit) {
		if ts.Weapon == fists || ts.Weapon == "" {
			c.Event("%s has no weapon to lose", t.Name)
			return
		}
		ts.Dropped, ts.Weapon = ts.Weapon, fists
		c.Event("%s is disarmed: the %s weapon falls (dropped=%s)", t.Name, ts.Dropped, ts.Dropped)
	}},
	{"die", "the target loses its best action die", func(c *rules.Ctx, atk, t *model.Combatant, ts *Sheet, h *Hit) {
		if len(ts.Dice) == 0 {
			c.Event("%s holds no action die to lose", t.Name)
			return
		}
		f := ts.Dice[0]
		ts.Dice = ts.Dice[1:]
		c.Event("%s loses an action die: a %d (dice %s)", t.Name, f, orNone(facesText(ts.Dice)))
		place(c.E, t)
	}},
	{"stun", "a Stun", func(c *rules.Ctx, atk, t *model.Combatant, ts *Sheet, h *Hit) {
		switch {
		case ts.Stateless:
			c.Event("%s is stateless: no Stun", t.Name)
		case t.HasCond(Stun):
			c.Event("%s is stunned already", t.Name)
		default:
			takeState(c, t, ts, Stun)
		}
	}},
	{"break", "the target's weapon breaks", func(c *rules.Ctx, atk, t *model.Combatant, ts *Sheet, h *Hit) {
		if ts.Weapon == fists || ts.Weapon == "" {
			c.Event("%s has no weapon to break", t.Name)
			return
		}
		c.Event("%s's %s weapon breaks", t.Name, ts.Weapon)
		ts.Weapon = fists
	}},
	{"expose", "an exposure on the target", func(c *rules.Ctx, atk, t *model.Combatant, ts *Sheet, h *Hit) {
		ts.Exposed++
		c.Event("%s is exposed to the next attack: %s", t.Name, rules.Plural(ts.Exposed, "exposure"))
	}},
	{"armour", "a point of armour off (a location laid bare)", func(c *rules.Ctx, atk, t *model.Combatant, ts *Sheet, h *Hit) {
		if ts.Armour == 0 {
			c.Event("%s has no armour to lose", t.Name)
			return
		}
		ts.Armour--
		c.Event("%s's armour loses a point: %d → %d", t.Name, ts.Armour+1, ts.Armour)
	}},
	{"away", "the target moved out of contact", func(c *rules.Ctx, atk, t *model.Combatant, ts *Sheet, h *Hit) {
		if !atk.EngagedWith(t.ID) {
			c.Event("%s is not InContact with %s", t.Name, atk.Name)
			return
		}
		setClose(atk, t, false)
		c.E.Disengage(atk, t)
		c.Event("%s and %s are no longer InContact", atk.Name, t.Name)
	}},
	{"draw", "the target drawn into contact (against a reach weapon)", func(c *rules.Ctx, atk, t *model.Combatant, ts *Sheet, h *Hit) {
		if atk.EngagedWith(t.ID) {
			c.Event("%s is InContact already", t.Name)
			return
		}
		if err := rules.EngagePair(c, t, atk); err == nil {
			c.Event("%s is drawn into contact", t.Name)
		}
	}},
	{"knockdown", "the target knocked prone", func(c *rules.Ctx, atk, t *model.Combatant, ts *Sheet, h *Hit) {
		t.SetCond(prone, 0)
		c.Event("%s is knocked prone", t.Name)
	}},
	{"hamstring", "the target hamstrung (slowed: the GM's call)", func(c *rules.Ctx, atk, t *model.Combatant, ts *Sheet, h *Hit) {
		t.SetCond("hamstrung", 0)
		c.Event("%s is hamstrung", t.Name)
	}},
	{"pool", "a die off the target's defence pool", func(c *rules.Ctx, atk, t *model.Combatant, ts *Sheet, h *Hit) {
		switch {
		case ts.DPool > 0:
			ts.DPool--
			c.Event("%s's dodge pool loses a die: %d", t.Name, ts.DPool)
		case ts.BPool > 0:
			ts.BPool--
			c.Event("%s's block pool loses a die: %d", t.Name, ts.BPool)
		default:
			c.Event("%s holds no defence pool", t.Name)
		}
	}},
}

// specialWords lists the words special= takes.
func specialWords() []string {
	out := make([]string, len(specialResults))
	for i, r := range specialResults {
		out[i] = r.word
	}
	return out
}

// parseSpecials reads special=WORD,WORD….
func parseSpecials(v rules.Verb, value string) ([]string, error) {
	var out []string
	for _, w := range strings.Split(strings.ToLower(value), ",") {
		if w = strings.TrimSpace(w); w == "" {
			continue
		}
		if !slices.Contains(specialWords(), w) {
			return nil, rules.Usagef(v, "special results are %s, not %q", strings.Join(specialWords(), ", "), w)
		}
		out = append(out, w)
	}
	return out, nil
}

// buySpecials spends the successes beyond the first on the special
// results named, in order, while they last; it returns the successes left.
func buySpecials(c *rules.Ctx, atk, t *model.Combatant, ts *Sheet, want []string, s int, h *Hit) int {
	if len(want) == 0 || s < 1 {
		return s
	}
	k := min(len(want), s-1)
	bought, left := want[:k], want[k:]
	if k > 0 {
		c.Event("%s spends %s on special results: %s", atk.Name, rules.Plural(k, "success"), specialText(bought))
	}
	if len(left) > 0 {
		c.Event("no success left for: %s", strings.Join(left, ", "))
	}
	for _, w := range bought {
		for _, r := range specialResults {
			if r.word == w {
				r.apply(c, atk, t, ts, h)
			}
		}
	}
	return s - k
}

// specialText names the results bought, with what damage adds.
func specialText(ws []string) string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w
		if w == "damage" {
			out[i] = "+2 damage"
		}
	}
	return strings.Join(out, ", ")
}

// stanceForbids refuses a defence the target's stance rules out: none
// after an all-out attack, only Dodge after a double strike.
func stanceForbids(t *model.Combatant, ts *Sheet, o attackOpts) error {
	switch {
	case ts.Stance == allout && (o.dodge || o.block || o.parry):
		return fmt.Errorf("%s attacked all out: no defence until its next action", t.Name)
	case ts.Stance == double && (o.block || o.parry):
		return fmt.Errorf("%s struck twice: only Dodge until its next action", t.Name)
	}
	return nil
}

// takeStance sets the stance an all-out attack or a double strike leaves.
func takeStance(c *rules.Ctx, atk *model.Combatant, as *Sheet, o attackOpts) {
	switch {
	case o.allout:
		as.Stance = allout
		dropPools(c, atk, as, false)
		c.Event("%s attacks all out: no defence until its next action", atk.Name)
	case o.double:
		as.Stance = double
		if as.BPool > 0 {
			as.BPool = 0
			c.Event("%s loses its block pool", atk.Name)
		}
		c.Event("%s strikes twice: only Dodge until its next action", atk.Name)
	}
}
