// Package osr is the old-school d20 rule system: surprise segments, spells
// and charges declared before initiative, initiative dice by DEX rolled
// every round, a countdown from the highest roll to 1 in which everyone on
// one count acts together, held actions last, the Base Combat Bonus split
// between attack and AC, natural 20s on the Mighty Blows table, fumbles,
// subdual and unarmed blows, and death saves for monsters at 0 HP.
//
// The round lives in the encounter: Phase is "surprise", "declare",
// "count" or "held"; Count is the surprise segment or the count; Current is
// the first of those acting now (every one of them is shown as current);
// Acted marks who has had the count; Delaying marks a held action; each
// combatant's turn state keeps "surprised" (segments) and "declared" (the
// spell's text), among the marks turns.go lists.
//
// Where the source is silent, or leaves it to the table, this package
// decides so:
//   - The sheet takes the DEX score (for the initiative die) and the STR
//     and DEX modifiers as entered; the source gives no modifier table.
//     ac is the full Armour Class, DEX included.
//   - Surprise segments open the round they fall in ("Round 1 · surprise
//     segment 1"); in segment k everyone surprised for fewer than k
//     segments acts, together. Conditions do not tick during segments.
//   - A die face of 1 or 2 on the surprise die means surprised for that
//     many segments, whatever the die.
//   - Declarations are allowed before combat, during surprise and in the
//     declare phase; they end with the round.
//   - With the side option, the first of a side to roll rolls a d10 for all
//     of it; `init NAME N` sets the whole side.
//   - The BCB split is kept from round to round until changed; `defend`
//     gives all of it to AC with the +2 for the round, and attacking ends
//     that. A caster with a spell pending and a charger add no BCB to AC;
//     a charger also loses the DEX modifier.
//   - The Mighty Blows save lowers the result by the margin (total −
//     target), at least 1: the source's example (17 against 10 lowers 19 to
//     12) fixes the scale. A natural 20 on that save negates the blow; a
//     natural 1 fails any save.
//   - Damage is at least 1 on a hit; a subdual blow puts the odd point into
//     subdual damage; `damage` with subdual splits the same way.
//   - Stunned for N rounds means the rest of this round and N more; an
//     unarmed stun lasts 1 round, an unarmed natural 20 stuns instead of
//     rolling on the Mighty Blows table.
//   - A hit disrupts a pending spell whenever its caster has not yet acted
//     and is not acting at the current count (equal counts are
//     simultaneous); damage entered with `damage` disrupts it too.
//   - A monster already unconscious in the 0 to −5 band makes no new save
//     there; every further blow into −6 to −10 calls for one.
//   - Healing above 0 HP ends dying and wakes the unconscious; out of the
//     fight (Incapacitated) waits for the GM's `set NAME status=active`.
package osr

import (
	"fmt"
	"strings"

	"fray/model"
	"fray/rules"
)

// System is the osr rule system. It implements rules.System and
// rules.Delayer (holding an action).
type System struct{}

var (
	_ rules.System  = (*System)(nil)
	_ rules.Delayer = (*System)(nil)
)

// New returns the osr system.
func New() rules.System { return &System{} }

// ID implements rules.System.
func (*System) ID() string { return "osr" }

// Name implements rules.System.
func (*System) Name() string { return "Old-school d20" }

// NewSheet implements rules.System.
func (*System) NewSheet() model.Sheet { return NewSheet() }

// Options implements rules.System.
func (*System) Options() []rules.Option {
	return []rules.Option{
		{Key: "initiative", Default: "dex", Values: []string{"dex", "side"},
			Help: "dex: each rolls the die its DEX gives; side: one d10 per side"},
	}
}

// Verbs implements rules.System.
func (s *System) Verbs() []rules.Verb {
	return []rules.Verb{
		{Name: "attack", Usage: attackUsage, Summary: "d20 + bonuses against AC; damage, Mighty Blows on a 20, a fumble on a 1", Run: runAttack, Targets: 2, OptionHelp: attackHelp},
		{Name: "damage", Usage: "damage NAME N [subdual]", Summary: "take N hit points (subdual: half of them as subdual damage)", Run: runDamage, Targets: 1,
			OptionHelp: map[string]string{"subdual": "half of it is subdual damage, which knocks out"}},
		{Name: "heal", Usage: "heal NAME N [subdual]", Summary: "give back N hit points (or remove N subdual damage)", Run: runHeal, Targets: 1,
			OptionHelp: map[string]string{"subdual": "take N off the subdual damage instead of healing hit points"}},
		{Name: "save", Usage: "save NAME [±MOD]", Summary: "roll a saving throw: d20 + MOD against the sheet's save", Run: runSave, Targets: 1},
		{Name: "surprise", Usage: surpriseUsage, Summary: "roll surprise dice, or mark a side or combatant surprised for N segments", Run: runSurprise,
			OptionHelp: map[string]string{"mod=": "+N (or −N) to each one's surprise die; 2 or less: surprised"}},
		{Name: "declare", Usage: declareUsage, Summary: "declare a spell, a scroll (a round a level to read) or a charge before initiative; none takes it back", Run: runDeclare,
			OptionHelp: map[string]string{"level=": "the spell's level (else 1), for a fighter-mage's armour"}},
		{Name: "wand", Usage: wandUsage, Summary: "set off a wand on the user's count (only a hit at that same count stops it)", Run: runWand},
		{Name: "hold", Usage: "hold NAME", Summary: "hold the action: act after count 1 (same as delay)", Run: s.runHold},
		{Name: "split", Usage: "split NAME OFF DEF", Summary: "split the BCB between attack and AC (OFF + DEF ≤ BCB)", Run: runSplit},
		{Name: "defend", Usage: "defend NAME", Summary: "all BCB to AC and +2 AC this round, no attack", Run: runDefend},
		{Name: "move", Usage: "move NAME ZONE", Summary: "the combatant moves to a zone (a bow then shoots once this round)", Run: runMove},
		{Name: "close", Usage: "close NAME FOE", Summary: "close into combat: move up to the foe and engage it; no melee between the two this round", Run: runClose},
		{Name: "retreat", Usage: retreatUsage, Summary: "back away from the foes engaged with it: slow (a third of the speed), half (−2 AC, DEX roll or stumble), run (−4 AC, free attacks)", Run: runRetreat,
			OptionHelp: map[string]string{
				"mod=": "+N (or −N) to DEX for half pace's roll against stumbling",
				"to=":  "the zone it falls back to (not reached if it stumbles)",
			}},
		{Name: "wall", Usage: wallUsage, Summary: "form a shield wall of the fighters in line (flanks +1 AC, centre +2, no DEX bonus, frontal attacks only), or break it", Run: runWall},
		{Name: "extract", Usage: extractUsage, Summary: "draw a missile out of a wound: a full round; normal damage unless the one drawing it saves", Run: runExtract,
			OptionHelp: map[string]string{
				"by=":  "who draws it out and saves (the wounded one unless given)",
				"mod=": "+N (or −N) to that save; a failed one tears the wound",
			}},
		{Name: "flee", Usage: "flee NAME", Summary: "morale: the combatant flees (skipped from now on)", Run: moraleVerb("fled", "flees")},
		{Name: "surrender", Usage: "surrender NAME", Summary: "morale: the combatant surrenders (skipped from now on)", Run: moraleVerb("surrendered", "surrenders")},
	}
}

// Added implements rules.System: a combatant joining during the countdown
// rolls its initiative; if its count has passed, it acts next round.
func (s *System) Added(c *rules.Ctx, cb *model.Combatant) error {
	e := c.E
	if e.Round == 0 || (e.Phase != phaseCount && e.Phase != phaseHeld) || !cb.Status.CanAct() {
		return nil
	}
	if !cb.HasInit {
		if err := s.RollInit(c, cb); err != nil {
			return err
		}
	}
	if e.Phase == phaseHeld || cb.Init > e.Count {
		cb.Acted = true
		c.Event("%s count has passed: %s acts from next round", possessive(cb.Name), cb.Name)
	}
	return nil
}

func sideMode(c *rules.Ctx) bool { return c.Option("initiative") == "side" }

// sameSide reports whether two combatants roll initiative together in side
// mode: equal non-empty sides (ignoring case).
func sameSide(a, b *model.Combatant) bool {
	return a == b || (a.Side != "" && strings.EqualFold(a.Side, b.Side))
}

// RollInit implements rules.System: the DEX die (or the sheet's own), or
// with the side option one d10 for the whole side.
func (s *System) RollInit(c *rules.Ctx, cb *model.Combatant) error {
	had := rolled(c.E)
	if err := s.rollInit(c, cb, nil); err != nil {
		return err
	}
	placeOrder(c, cb)
	return s.placed(c, had)
}

// rollInit rolls without re-sorting the order, so a new round can roll
// everyone and sort once. With a round's line (line not nil) a combatant's
// or band's own die is written there ("Odo d8 [3]") instead of a roll
// entry of its own: every combatant rolls each round, and one line a round
// reads better than a thousand, and costs a thousandth as much to keep.
func (s *System) rollInit(c *rules.Ctx, cb *model.Combatant, line *initLine) error {
	if sideMode(c) {
		for _, o := range c.E.Combatants {
			if o != cb && o.HasInit && sameSide(o, cb) {
				c.Event("%s acts with %s at %d", cb.Name, sideName(cb), o.Init)
				setInit(cb, o.Init)
				return nil
			}
		}
		r, err := rollDie(c, sideName(cb), "initiative", 10)
		if err != nil {
			return err
		}
		s.setSide(c, cb, r)
		return nil
	}
	if m := rules.Bandmate(c.E, cb); m != nil {
		c.Event("%s acts with %s at %d", cb.Name, cb.Band, m.Init)
		setInit(cb, m.Init)
		return nil
	}
	sh, err := sheetOf(cb)
	if err != nil {
		return err
	}
	who := cb.Name
	if cb.Band != "" {
		who = cb.Band // one die for the band, by this member's DEX
	}
	var r int
	if line != nil {
		r, err = c.Dice.Face(sh.InitSides(), who, "initiative")
	} else {
		// The roll's line says what it set: "Odo, initiative: d8 [3] = 3".
		r, err = rollDie(c, who, "initiative", sh.InitSides())
	}
	if err != nil {
		return err
	}
	if line != nil {
		line.add(who, sh.InitSides(), r)
	}
	setInit(cb, r)
	rules.ShareInit(c.E, cb)
	return nil
}

// Group implements rules.Grouper: the copies form a band that rolls one
// initiative die a round and acts on its count together.
func (s *System) Group(c *rules.Ctx, name string, members []*model.Combatant) error {
	rules.FormBand(c, name, members, sortOrder)
	return nil
}

// Banded implements rules.Banded.
func (*System) Banded() {}

func sideName(cb *model.Combatant) string {
	if cb.Side == "" {
		return cb.Name
	}
	return "side " + cb.Side
}

// SetInit implements rules.System. The countdown ends at 1, so a score
// must be 1 or more; with the side option it sets the whole side.
func (s *System) SetInit(c *rules.Ctx, cb *model.Combatant, score int) error {
	if score < 1 {
		return fmt.Errorf("the countdown runs down to 1: initiative must be 1 or more, not %d", score)
	}
	had := rolled(c.E)
	if sideMode(c) {
		s.setSide(c, cb, score)
	} else {
		c.Event("%s: initiative %d", cb.Name, score)
		setInit(cb, score)
		rules.ShareInit(c.E, cb)
	}
	placeOrder(c, cb)
	return s.placed(c, had)
}

// setSide gives a whole side one initiative (the side option).
func (s *System) setSide(c *rules.Ctx, cb *model.Combatant, score int) {
	c.Event("%s: initiative %d", sideName(cb), score)
	for _, o := range c.E.Combatants {
		if sameSide(o, cb) {
			setInit(o, score)
		}
	}
}

// setInit stores a score; the caller sorts the order once it is done.
func setInit(cb *model.Combatant, score int) {
	cb.Init, cb.HasInit = score, true
	cb.SetTie(0)
}

// sortOrder lists who acts first first: rolled counts from the highest,
// then held actions, then those without a roll.
func sortOrder(e *model.Encounter) { e.SortOrder(actsBefore) }

// placeOrder puts cb, whose initiative was just set, in its place: its
// place alone when nobody else's score moved with it, else the whole
// order sorted again (a side or a band shares one initiative).
func placeOrder(c *rules.Ctx, cb *model.Combatant) {
	if sideMode(c) || cb.Band != "" {
		sortOrder(c.E)
		return
	}
	c.E.Place(cb.ID, actsBefore)
}

func orderRank(cb *model.Combatant) int {
	switch {
	case cb.Delaying:
		return 1
	case !cb.HasInit:
		return 2
	}
	return 0
}

func actsBefore(a, b *model.Combatant) bool {
	if ra, rb := orderRank(a), orderRank(b); ra != rb {
		return ra < rb
	}
	return a.HasInit && b.HasInit && a.Init > b.Init
}

// sheetOf returns the combatant's sheet for reading. The tracker lends
// osr's sheets (Lendable): what changes one takes it with ownSheet (or
// findSheet), and the tests (model.CheckLending) catch a change made any
// other way.
func sheetOf(cb *model.Combatant) (*Sheet, error) {
	if s, ok := cb.Sheet().(*Sheet); ok && s != nil {
		return s, nil
	}
	return nil, fmt.Errorf("%s has no osr sheet", cb.Name)
}

// ownSheet returns the combatant's sheet for changing (model's OwnSheet).
func ownSheet(cb *model.Combatant) (*Sheet, error) {
	if _, err := sheetOf(cb); err != nil {
		return nil, err
	}
	return cb.OwnSheet().(*Sheet), nil
}

// Lendable implements model.Lendable: osr changes a sheet only through
// ownSheet.
func (*Sheet) Lendable() {}

// rollDie rolls one die and logs it.
func rollDie(c *rules.Ctx, who, why string, sides int) (int, error) {
	f, err := c.Dice.Face(sides, who, why)
	if err != nil {
		return 0, err
	}
	c.Dice.Emit(diceRoll(who, why, sides, f))
	return f, nil
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

const minus = rules.Minus

// num writes a number with a real minus sign.
func num(n int) string { return rules.Signed(n) }

// possessive is rules.Possessive, short for the many log lines using it.
func possessive(name string) string { return rules.Possessive(name) }

// Lacks implements rules.Unready: a combatant with no hit points at all
// falls at its first hit.
var _ rules.Unready = (*System)(nil)

func (*System) Lacks(cb *model.Combatant) (what, key string) {
	if sh, err := sheetOf(cb); err == nil && sh.MaxHP <= 0 && sh.HP <= 0 {
		return "hit points", "hp"
	}
	return "", ""
}
