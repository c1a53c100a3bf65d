package osr

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fray/model"
	"fray/rules"
)

// Position rules of the round, on the shared model (a zone per combatant,
// engaged pairs): closing into combat, retreating, fending off with a
// spear or polearm, and shield walls. Their marks live in the combatant's
// turn state:
//
//	closing   IDs it closed with this round (no melee between them)
//	fended    IDs that fended it off this round (it cannot reach them)
//	retreat   the AC it gave up retreating this round (2 or 4)
//	wall      the members of its shield wall in line, comma-separated

// idsOf reads a comma-separated list of IDs kept as a mark of cb.
func idsOf(kind string, cb *model.Combatant) []int {
	var out []int
	for _, w := range strings.Split(cb.TurnText(kind), ",") {
		if n, err := strconv.Atoi(w); err == nil {
			out = append(out, n)
		}
	}
	return out
}

func setIDs(kind string, cb *model.Combatant, ids []int) {
	ws := make([]string, len(ids))
	for i, n := range ids {
		ws[i] = strconv.Itoa(n)
	}
	setTurn(kind, cb, strings.Join(ws, ","))
}

func addIDTo(kind string, cb *model.Combatant, id int) {
	if ids := idsOf(kind, cb); !slices.Contains(ids, id) {
		setIDs(kind, cb, append(ids, id))
	}
}

func hasID(kind string, cb *model.Combatant, id int) bool {
	return slices.Contains(idsOf(kind, cb), id)
}

func runClose(c *rules.Ctx, args []string) error {
	if len(args) != 2 {
		return rules.Usagef(rules.Verb{Usage: "close NAME FOE"}, "close takes the one closing in and its foe")
	}
	a, err := c.Find(args[0])
	if err != nil {
		return err
	}
	b, err := c.Find(args[1])
	if err != nil {
		return err
	}
	if a == b {
		return errors.New("a combatant cannot close with itself")
	}
	if a.EngagedWith(b.ID) {
		return fmt.Errorf("%s and %s are already engaged", a.Name, b.Name)
	}
	if err := c.MayAct(a, rules.OnTurn); err != nil {
		return err
	}
	if hasID("fended", a, b.ID) {
		if err := c.Refuse("%s was fended off by %s this round", a.Name, b.Name); err != nil {
			return err
		}
	}
	if err := markMoved(c, a); err != nil {
		return err
	}
	if err := rules.EngagePair(c, a, b); err != nil {
		return err
	}
	addIDTo("closing", a, b.ID)
	c.Event("%s closes with %s: neither gets a melee attack on the other this round (missiles and spells still)", a.Name, b.Name)
	return arrowHurts(c, a, "moves")
}

// meleeBarred refuses a melee attack the round's closing or fending rules
// out, and a pike's blow at arm's reach.
func meleeBarred(c *rules.Ctx, a, t *model.Combatant, w Weapon) error {
	switch {
	case w.Missile:
		return nil
	case hasID("closing", a, t.ID):
		return c.Refuse("%s closed with %s this round: no melee between them until the next round", a.Name, t.Name)
	case hasID("closing", t, a.ID):
		return c.Refuse("%s closed with %s this round: no melee between them until the next round", t.Name, a.Name)
	case hasID("fended", a, t.ID):
		return c.Refuse("%s was fended off by %s this round and cannot reach %s", a.Name, t.Name, t.Name)
	case w.Pike && a.EngagedWith(t.ID):
		return c.Refuse("%s %s is of no use at arm's reach: with= another weapon", possessive(a.Name), w.Name)
	}
	return nil
}

// checkFend checks a fend: a spear or polearm against a foe not yet at
// arm's reach.
func checkFend(c *rules.Ctx, a, t *model.Combatant, w Weapon) error {
	if !w.Reach {
		return fmt.Errorf("fend needs a spear or polearm (a weapon marked reach), not %s", w.Name)
	}
	if a.EngagedWith(t.ID) {
		return c.Refuse("%s is already at arm's reach: fend needs a foe still coming on", t.Name)
	}
	return nil
}

// checkRank checks a melee attack from a rank behind the first (rank=N):
// a spear or polearm reaches from the second, a pike from the third,
// nothing from further back; one engaged with its target is at arm's
// reach, in no rank behind.
func checkRank(c *rules.Ctx, a, t *model.Combatant, w Weapon, rank int) error {
	switch {
	case rank == 0:
		return nil
	case w.Missile:
		return errors.New("rank= is for melee attacks: a missile shoots over the ranks")
	case rank >= 2 && a.EngagedWith(t.ID):
		return c.Refuse("%s is engaged with %s: at arm's reach, not in the %s rank", a.Name, t.Name, ordinal(rank))
	case rank == 2 && !w.Reach:
		return c.Refuse("from the second rank only a spear or polearm reaches (%s is neither)", w.Name)
	case rank == 3 && !w.Pike:
		return c.Refuse("from the third rank only a pike reaches (%s is not one)", w.Name)
	case rank > 3:
		return c.Refuse("no weapon reaches from the %s rank", ordinal(rank))
	}
	return nil
}

// ordinal writes 2 as "second" (and 11 as "11th").
func ordinal(n int) string {
	if words := []string{"", "first", "second", "third", "fourth", "fifth"}; n > 0 && n < len(words) {
		return words[n]
	}
	return strconv.Itoa(n) + "th"
}

// pushDirs are the hexes away from the attacker a d6 sends one fended off
// while moving through, as the attacker sees them.
var pushDirs = [...]string{"back and to %s left", "straight away from %s", "back and to %s right"}

// pushedOff fends off one that tried to move through the attacker's
// hexes: into the next hex, a d6 choosing which of the three away from the
// attacker (1–2, 3–4, 5–6), and it cannot reach the attacker this round.
func pushedOff(c *rules.Ctx, a, t *model.Combatant) error {
	f, err := rollDie(c, t.Name, "the hex it is fended into", 6)
	if err != nil {
		return err
	}
	addIDTo("fended", t, a.ID)
	c.Event("%s is fended off into the next hex, away from %s: d6 %d → %s", t.Name, a.Name, f, fmt.Sprintf(pushDirs[(f-1)/2], possessive(a.Name)))
	return nil
}

// fendOff keeps a foe hit by a fend off for the round.
func fendOff(c *rules.Ctx, a, t *model.Combatant) {
	addIDTo("fended", t, a.ID)
	if t.HasCond(condCharging) {
		c.Event("%s is fended off: it cannot reach %s this round, and its charge is stopped", t.Name, a.Name)
		return
	}
	c.Event("%s is fended off: it cannot reach %s this round", t.Name, a.Name)
}

const retreatUsage = "retreat NAME slow|half|run [mod=±N] [to=ZONE]"

// runRetreat backs a combatant away from the foes engaged with it: at a
// third of its speed freely; at two thirds with −2 AC and a DEX roll (a
// d20 at or under the DEX score) against stumbling, when the foes get a
// free attack and it must get up next round; faster, −4 AC and a free
// attack for each foe, unanswered.
func runRetreat(c *rules.Ctx, args []string) error {
	v := rules.Verb{Usage: retreatUsage}
	plain, kvs := rules.SplitKV(args)
	if len(plain) != 2 {
		return rules.Usagef(v, "retreat takes a name and slow, half or run")
	}
	cb, sh, err := findSheet(c, plain[0])
	if err != nil {
		return err
	}
	pace := strings.ToLower(plain[1])
	if pace != "slow" && pace != "half" && pace != "run" {
		return rules.Usagef(v, "the pace is slow (a third of the speed), half (two thirds) or run, not %q", plain[1])
	}
	mod, zone, moving := 0, "", false
	for _, kv := range kvs {
		switch kv.Key {
		case "mod":
			if mod, err = rules.Int("mod", kv.Value); err != nil {
				return err
			}
		case "to":
			if zone, err = rules.ParseZone(kv.Value); err != nil {
				return err
			}
			moving = true
		default:
			return rules.Usagef(v, "unknown option %s=", kv.Key)
		}
	}
	if err := c.MayAct(cb, rules.OnTurn); err != nil {
		return err
	}
	if getN("moved", cb) > 0 {
		if err := c.Refuse("%s has already moved this round", cb.Name); err != nil {
			return err
		}
	}
	if err := markMoved(c, cb); err != nil {
		return err
	}
	foes := c.E.Foes(cb)
	who := names(foes)
	if who == "" {
		who = "its foe"
	}
	free := func() string {
		if len(foes) == 0 {
			return "the foe gets a free attack (attack NAME " + rules.Quote(cb.Name) + " free)"
		}
		var ps []string
		for _, o := range foes {
			if able(o) {
				ps = append(ps, fmt.Sprintf("%s gets a free attack (attack %s %s free)", o.Name, rules.Quote(o.Name), rules.Quote(cb.Name)))
			}
		}
		return strings.Join(ps, "; ")
	}
	clear := true
	switch pace {
	case "slow":
		c.Event("%s backs away from %s at a third of its speed: no penalty", cb.Name, who)
	case "half":
		giveUpAC(c.E, cb, 2)
		c.Event("%s retreats from %s at two thirds of its speed: −2 AC this round", cb.Name, who)
		f, err := rollDie(c, cb.Name, "DEX roll against stumbling", 20)
		if err != nil {
			return err
		}
		score := sh.Dex + mod
		var t sum
		t.Die("d20", f)
		verdict := "keeps its feet"
		if f > score {
			verdict, clear = "stumbles", false
		}
		c.Event("%s DEX roll: %s against DEX %d → %s", cb.Name, t, score, verdict)
		if !clear {
			cb.SetCond(condStumbled, roundEnd(c.E)+1)
			c.Event("%s stumbles: %s, and %s must spend a half move next round to get up", cb.Name, free(), cb.Name)
		}
	case "run":
		giveUpAC(c.E, cb, 4)
		c.Event("%s turns and runs from %s: −4 AC this round; %s, which %s may not answer", cb.Name, who, free(), cb.Name)
	}
	if clear {
		c.E.DisengageAll(cb)
	}
	if moving && !clear {
		c.Event("%s stays where it stands", cb.Name) // down, and still engaged
		moving = false
	}
	if moving {
		if err := rules.MoveTo(c, cb, zone, false); err != nil {
			return err
		}
	}
	return arrowHurts(c, cb, "moves")
}

// giveUpAC records the AC a retreat costs for the rest of the round.
func giveUpAC(e *model.Encounter, cb *model.Combatant, n int) {
	setTurn("retreat", cb, strconv.Itoa(n))
	cb.SetCond(condRetreating, roundEnd(e))
}

const wallUsage = "wall NAME NAME… | wall break [NAME…]"

// runWall forms a shield wall of the named fighters, in line from one
// flank to the other, or breaks it: `wall break NAME` takes one out (the
// others close ranks), `wall break` every wall.
func runWall(c *rules.Ctx, args []string) error {
	v := rules.Verb{Usage: wallUsage}
	if len(args) == 0 {
		return rules.Usagef(v, "name the fighters in line, or break")
	}
	if strings.EqualFold(args[0], "break") {
		return breakWall(c, args[1:])
	}
	var line []*model.Combatant
	for _, a := range args {
		cb, err := c.Find(a)
		if err != nil {
			return err
		}
		if slices.Contains(line, cb) {
			return fmt.Errorf("%s is in the line twice", cb.Name)
		}
		line = append(line, cb)
	}
	if len(line) < 2 {
		return errors.New("a shield wall takes two fighters or more, shoulder to shoulder")
	}
	for _, cb := range line {
		leaveWall(c, cb)
	}
	formWall(c, line)
	return nil
}

// formWall records a line of fighters as a wall and logs who stands where.
func formWall(c *rules.Ctx, line []*model.Combatant) {
	ids := make([]int, len(line))
	for i, cb := range line {
		ids[i] = cb.ID
	}
	for _, cb := range line {
		setIDs("wall", cb, ids)
		cb.SetCond(condWall, 0)
	}
	flanks := names([]*model.Combatant{line[0], line[len(line)-1]})
	flanks = strings.Replace(flanks, ", ", " and ", 1)
	text := fmt.Sprintf("%s lock shields: %s on the flanks (+1 AC)", andList(line), flanks)
	if len(line) > 2 {
		text += fmt.Sprintf(", %s in the centre (+2 AC)", andList(line[1:len(line)-1]))
	}
	c.Event("%s, no DEX bonus", text)
}

func andList(cs []*model.Combatant) string {
	n := names(cs)
	if i := strings.LastIndex(n, ", "); i >= 0 {
		n = n[:i] + " and " + n[i+2:]
	}
	return n
}

func breakWall(c *rules.Ctx, who []string) error {
	var out []*model.Combatant
	if len(who) == 0 {
		for _, cb := range c.E.Combatants {
			if cb.HasCond(condWall) {
				out = append(out, cb)
			}
		}
		if len(out) == 0 {
			return errors.New("nobody stands in a shield wall")
		}
	}
	for _, w := range who {
		cb, err := c.Find(w)
		if err != nil {
			return err
		}
		if !cb.HasCond(condWall) {
			return fmt.Errorf("%s stands in no shield wall", cb.Name)
		}
		out = append(out, cb)
	}
	for _, cb := range out {
		leaveWall(c, cb)
	}
	return nil
}

// leaveWall takes a fighter out of its wall; the rest close ranks, or
// the wall is gone when one is left.
func leaveWall(c *rules.Ctx, cb *model.Combatant) {
	ids := idsOf("wall", cb)
	if len(ids) == 0 {
		return
	}
	setTurn("wall", cb, "")
	cb.DropCond(condWall)
	c.Event("%s leaves the shield wall", cb.Name)
	var rest []*model.Combatant
	for _, id := range ids {
		if o := c.E.ByID(id); o != nil && o != cb {
			rest = append(rest, o)
		}
	}
	if len(rest) < 2 {
		for _, o := range rest {
			setTurn("wall", o, "")
			o.DropCond(condWall)
			c.Event("%s no longer stands in a shield wall", o.Name)
		}
		return
	}
	formWall(c, rest)
}

// wallPlace is where a fighter stands in its shield wall: "flank",
// "centre", or "" outside one.
func wallPlace(cb *model.Combatant) string {
	ids := idsOf("wall", cb)
	switch i := slices.Index(ids, cb.ID); {
	case len(ids) < 2 || i < 0:
		return ""
	case i == 0 || i == len(ids)-1:
		return "flank"
	}
	return "centre"
}
