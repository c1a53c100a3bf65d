package sst

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fray/model"
	"fray/rules"
	"fray/rules/dice"
)

// Turn state kept in the encounter: Phase is "" while dice are spent and
// phaseRefresh while everyone takes a last option; Turn["caller"] holds
// the ID of whoever called that refresh, and Turn["given"] the ID and dice
// of whoever was last given the turn, so that next can tell it has not
// acted since. During the last options a combatant's Acted flag says it
// has had its option.
const (
	phaseRefresh = "refresh"
	callerKey    = "caller"
	givenKey     = "given"
	surprised    = "surprised"
)

// rollDice rolls n d6 and logs them with their successes at success
// number sn. No dice is no roll.
func rollDice(c *rules.Ctx, who, why string, n, sn int) ([]int, error) {
	if n <= 0 {
		c.Event("%s: %s with no dice", who, why)
		return nil, nil
	}
	faces := make([]int, n)
	for i := range faces {
		f, err := c.Dice.Face(6, who, why)
		if err != nil {
			return nil, err
		}
		faces[i] = f
	}
	s := successes(faces, sn)
	// The log keeps the faces as rolled: a +1 or a parry that changes
	// them later says so in an event of its own.
	c.Dice.Emit(dice.Roll{Who: who, Why: why, Expr: fmt.Sprintf("%dd6, %d+ succeeds", n, sn), Faces: slices.Clone(faces), Total: s,
		Special: fmt.Sprintf("%s, %s", rules.Plural(s, "success"), rules.Plural(count(faces, 1), "one"))})
	return faces, nil
}

// successes counts faces at or above the success number.
func successes(faces []int, sn int) int {
	n := 0
	for _, f := range faces {
		if f >= sn {
			n++
		}
	}
	return n
}

func count(faces []int, v int) int {
	n := 0
	for _, f := range faces {
		if f == v {
			n++
		}
	}
	return n
}

// PoolSize is the number of action dice a combatant rolls before extras:
// its AD, its group's dice and a carried die. A minor NPC with fixed faces
// rolls only its group's dice and a carried die.
func PoolSize(s *Sheet) int {
	n := GroupOf(s.Group).Dice
	if len(s.Fixed) == 0 {
		n += s.AD
	}
	if s.Carry > 0 {
		n++
	}
	return n
}

// rollPool gives a combatant its action dice for the round: fixed faces
// for a minor NPC, else n d6 (n from PoolSize when n < 0) with one extra
// die, rolled once, for each 6; fewer than one die is one die set to 3.
// A minor NPC rolls its group's dice and a carried die beside its fixed
// faces, where a 6 adds nothing. Burned dice then turn to 1s.
func rollPool(c *rules.Ctx, cb *model.Combatant, s *Sheet, n int) error {
	if len(s.Fixed) > 0 && n < 0 {
		if err := fixedPool(c, cb, s); err != nil {
			return err
		}
		burn(c, cb, s, s.Burn)
		return nil
	}
	if n < 0 {
		n = PoolSize(s)
	}
	s.Carry = 0
	if n < 1 {
		s.Dice = []int{3}
		c.Event("%s has fewer than one action die: one die set to 3", cb.Name)
		burn(c, cb, s, s.Burn)
		return nil
	}
	faces := make([]int, 0, n+2)
	for i := 0; i < n; i++ {
		f, err := c.Dice.Face(6, cb.Name, "action dice")
		if err != nil {
			return err
		}
		faces = append(faces, f)
	}
	extra := count(faces, 6)
	for i := 0; i < extra; i++ {
		f, err := c.Dice.Face(6, cb.Name, "extra action die")
		if err != nil {
			return err
		}
		faces = append(faces, f)
	}
	// The total is a count of dice, not of pips: the line says so.
	r := dice.Roll{Who: cb.Name, Why: "action dice", Expr: fmt.Sprintf("%dd6", n), Faces: append([]int(nil), faces...), Total: len(faces),
		Special: rules.Plural(len(faces), "die")}
	switch {
	case extra == 1:
		r.Special += ": 1 more for a 6"
	case extra > 1:
		r.Special += fmt.Sprintf(": %d more for 6s", extra)
	}
	c.Dice.Emit(r)
	sortFaces(faces)
	s.Dice = faces
	burn(c, cb, s, s.Burn)
	return nil
}

// fixedPool gives a minor NPC its fixed faces, and rolls beside them its
// group's extra dice and a carried die.
func fixedPool(c *rules.Ctx, cb *model.Combatant, s *Sheet) error {
	g := GroupOf(s.Group)
	n := PoolSize(s)
	var what []string
	switch {
	case g.Dice == 1:
		what = append(what, "1 "+g.Name+" die")
	case g.Dice > 1:
		what = append(what, fmt.Sprintf("%d %s dice", g.Dice, g.Name))
	}
	if s.Carry > 0 {
		what = append(what, "its carried die")
	}
	s.Carry = 0
	s.Dice = append([]int(nil), s.Fixed...)
	sortFaces(s.Dice)
	fixed := facesText(s.Dice)
	if n <= 0 {
		c.Event("%s takes fixed action dice: %s", cb.Name, fixed)
		return nil
	}
	why := strings.Join(what, " and ")
	faces := make([]int, n)
	for i := range faces {
		f, err := c.Dice.Face(6, cb.Name, why)
		if err != nil {
			return err
		}
		faces[i] = f
	}
	// The total counts dice, as an action-dice roll's does: the line says so.
	c.Dice.Emit(dice.Roll{Who: cb.Name, Why: why, Expr: fmt.Sprintf("%dd6", n), Faces: faces, Total: n, Special: rules.Plural(n, "die")})
	s.Dice = append(s.Dice, faces...)
	sortFaces(s.Dice)
	c.Event("%s takes fixed action dice %s and rolls %s: %s", cb.Name, fixed, why, facesText(s.Dice))
	return nil
}

// burn turns up to k held dice, lowest first, into 1s.
func burn(c *rules.Ctx, cb *model.Combatant, s *Sheet, k int) {
	done := 0
	for i := len(s.Dice) - 1; i >= 0 && done < k; i-- {
		if s.Dice[i] > 1 {
			s.Dice[i] = 1
			done++
		}
	}
	if done > 0 {
		sortFaces(s.Dice)
		c.Event("%s: %s burned to 1s by wounds: %s", cb.Name, rules.Plural(done, "die"), facesText(s.Dice))
	}
}

// able reports whether a combatant takes part in the countdown at all.
func able(cb *model.Combatant) bool { return cb.Status == model.Active }

// before orders the countdown: those who can act, then those with a
// sheet, more dice first, then players before NPCs; equal ones keep the
// order they were added in. The order is countdownKey's, said once.
func before(a, b *model.Combatant) bool { return countdownKey(a) < countdownKey(b) }

// sortOrder sorts the countdown. Most often it is sorted already (each
// command places the one it changed): that is found in one pass that
// reads each combatant once (countdownKey), where model's check asks
// before twice a pair.
func sortOrder(e *model.Encounter) {
	if !countdownSorted(e) {
		e.SortOrder(before)
	}
}

// countdownKey is the countdown's order (before) as a number: a lower
// key comes first, equal keys are equal in the countdown.
func countdownKey(cb *model.Combatant) uint64 {
	var k uint64
	if !able(cb) {
		k |= 1 << 63
	}
	s, _ := cb.Sheet().(*Sheet)
	if s == nil {
		return k | 1<<62
	}
	k |= uint64(1<<60-min(len(s.Dice), 1<<60-1)) << 1 // more dice first
	if !s.PC {
		k |= 1
	}
	return k
}

// countdownSorted reports whether e.Order holds every combatant (as many
// IDs as combatants, each found) in the countdown's order, equal ones by
// ID: when SortOrder would leave it as it is.
func countdownSorted(e *model.Encounter) bool {
	if len(e.Order) != len(e.Combatants) {
		return false
	}
	var prevKey uint64
	prevID := 0
	for i, id := range e.Order {
		cb := e.ByID(id)
		if cb == nil {
			return false
		}
		k := countdownKey(cb)
		if i > 0 && (k < prevKey || (k == prevKey && cb.ID <= prevID)) {
			return false
		}
		prevKey, prevID = k, cb.ID
	}
	return true
}

// place puts cb, the only one whose dice or state changed, in its place:
// what sortOrder would do, at O(log n) comparisons.
func place(e *model.Encounter, cb *model.Combatant) { e.Place(cb.ID, before) }

// candidate reports whether a combatant can take the next turn while dice
// are spent: able, not holding, with a die that can pay for an action.
func candidate(cb *model.Combatant) bool {
	s, ok := cb.Sheet().(*Sheet)
	return ok && able(cb) && !cb.Delaying && s.Usable()
}

// pending reports whether a combatant still has its last option to take.
func pending(cb *model.Combatant) bool {
	s, ok := cb.Sheet().(*Sheet)
	return ok && able(cb) && !cb.Acted && len(s.Dice) > 0
}

func first(e *model.Encounter, ok func(*model.Combatant) bool) *model.Combatant {
	for _, id := range e.Order {
		if cb := e.ByID(id); cb != nil && ok(cb) {
			return cb
		}
	}
	return nil
}

func turnTo(c *rules.Ctx, cb *model.Combatant, what string) {
	c.E.Current = cb.ID
	c.E.Turn[givenKey] = givenMark(cb)
	s, _ := sheetOf(cb)
	c.Event("%s %s (dice %s)", possessive(cb.Name), what, orNone(facesText(s.Dice)))
}

// givenMark is a combatant's ID and the dice it holds: while it stays the
// same, the combatant has not acted.
func givenMark(cb *model.Combatant) string {
	s, _ := cb.Sheet().(*Sheet)
	if s == nil {
		return strconv.Itoa(cb.ID)
	}
	return strconv.Itoa(cb.ID) + " " + facesText(s.Dice)
}

// stillUp refuses to hand the turn again to the combatant who has it
// and has not acted since it was given.
func stillUp(c *rules.Ctx) error {
	sortOrder(c.E)
	cb := first(c.E, candidate)
	if cb == nil || cb.ID != c.E.Current || c.E.Turn[givenKey] != givenMark(cb) {
		return nil
	}
	s, _ := sheetOf(cb)
	return fmt.Errorf("%s still holds the most dice (%s): spend (spend NAME COST), delay, or pass",
		cb.Name, facesText(s.Dice))
}

// start begins the fight: every combatant not surprised and without dice
// entered by hand rolls its pool.
func start(c *rules.Ctx) error {
	var errs []error
	for _, cb := range c.E.Combatants {
		s, err := ownSheet(cb)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		switch {
		case !able(cb):
		case cb.HasCond(surprised):
			s.Dice = nil
			c.Event("%s is surprised: no action dice this round", cb.Name)
		case len(s.Dice) == 0:
			if err := rollPool(c, cb, s, -1); err != nil {
				return err
			}
		}
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	c.E.Round = 1
	c.Event("Round 1 begins")
	c.E.StartRound(1)
	return pickNext(c)
}

// pickNext gives the turn to whoever holds the most dice now; if nobody
// can pay for an action, the round closes with a refresh.
func pickNext(c *rules.Ctx) error {
	sortOrder(c.E)
	if cb := first(c.E, candidate); cb != nil {
		turnTo(c, cb, "turn")
		return nil
	}
	return callRefresh(c, nil, "nobody else can pay for an action: refresh")
}

// callRefresh starts the last options: everyone but the caller who still
// holds dice acts once more or sets a die aside. The caller (nil: the GM,
// or nobody able to act) has had its turn; why is logged first.
func callRefresh(c *rules.Ctx, caller *model.Combatant, why string) error {
	e := c.E
	e.Phase = phaseRefresh
	delete(e.Turn, callerKey)
	c.Event("%s", why)
	for _, cb := range e.Combatants {
		cb.Acted, cb.Delaying = false, false
	}
	if caller != nil {
		caller.Acted = true
		e.Turn[callerKey] = strconv.Itoa(caller.ID)
	}
	if line := lastOptionLine(e); line != "" {
		e.Append(model.Entry{Kind: model.KindEvent, Text: line})
	}
	return advanceRefresh(c)
}

// lastOptionLine is the refresh's line naming, in order, everyone with a
// last option to take; "" if nobody has. It names everyone at once (a
// thousand names in a big fight, some 20 KB), so it is written once at
// its length: gathered in a list, joined and formatted, it was made
// three times over (74 KB at 1000 combatants).
func lastOptionLine(e *model.Encounter) string {
	const lead, sep = "last option (act, carry a die, or pass) for: ", ", "
	n, size := 0, len(lead)
	for _, id := range e.Order {
		if cb := e.ByID(id); cb != nil && pending(cb) {
			n++
			size += len(cb.Name)
		}
	}
	if n == 0 {
		return ""
	}
	var b strings.Builder
	b.Grow(size + len(sep)*(n-1))
	b.WriteString(lead)
	first := true
	for _, id := range e.Order {
		if cb := e.ByID(id); cb != nil && pending(cb) {
			if !first {
				b.WriteString(sep)
			}
			first = false
			b.WriteString(cb.Name)
		}
	}
	return b.String()
}

// advanceRefresh gives the turn to the next combatant with a last option
// to take, or rolls every pool anew once all have had theirs.
func advanceRefresh(c *rules.Ctx) error {
	sortOrder(c.E)
	if cb := first(c.E, pending); cb != nil {
		turnTo(c, cb, "last option")
		return nil
	}
	return doRefresh(c)
}

// doRefresh ends the round: bleeders bleed, then everyone able rolls a
// new pool, carried dice included.
func doRefresh(c *rules.Ctx) error {
	e := c.E
	n := e.Round + 1
	e.Round = n
	e.Phase = ""
	delete(e.Turn, callerKey)
	c.Event("Round %d begins: refresh, every pool is rolled anew", n)
	e.StartRound(n)
	for _, cb := range e.Combatants {
		if s, ok := cb.Sheet().(*Sheet); ok && able(cb) && len(s.Bleed) > 0 {
			if err := bleed(c, cb, cb.OwnSheet().(*Sheet)); err != nil {
				return err
			}
		}
	}
	for _, cb := range e.Combatants {
		cb.Acted, cb.Delaying = false, false
		s, ok := cb.OwnSheet().(*Sheet)
		if !ok {
			continue
		}
		if !able(cb) {
			s.Dice, s.Carry = nil, 0
			continue
		}
		if err := rollPool(c, cb, s, -1); err != nil {
			return err
		}
	}
	sortOrder(e)
	if cb := first(e, candidate); cb != nil {
		turnTo(c, cb, "turn")
	} else {
		e.Current = 0
		c.Event("nobody holds a die that can pay for an action")
	}
	return nil
}
