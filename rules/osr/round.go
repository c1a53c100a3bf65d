package osr

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"fray/model"
	"fray/rules"
)

// The phases of a round, kept in Encounter.Phase.
const (
	phaseSurprise = "surprise"
	phaseDeclare  = "declare"
	phaseCount    = "count"
	phaseHeld     = "held"
)

// Condition labels the system sets and reads.
const (
	condStunned     = "stunned"
	condKO          = "knocked out"
	condDying       = "dying"
	condFled        = "fled"
	condSurrendered = "surrendered"
	condSurprised   = "surprised"
	condSpell       = "spell declared"
	condCharging    = "charging"
	condSpellLost   = "spell lost"
	condDefensive   = "defensive"
	condParrying    = "parrying"
	condFlesh       = "flesh wound"
	condHurt        = "hurt"
	condMangled     = "mangled"
	condStumbled    = "stumbled"
	condRetreating  = "retreating"
	condWall        = "shield wall"
	condArrow       = "missile in the wound"
	condScroll      = "reading a scroll"
)

// blockers are the conditions that keep a combatant from acting.
var blockers = []string{condStunned, condKO, condDying, condFled, condSurrendered}

// blockedBy names what keeps a combatant from acting, or "".
func blockedBy(cb *model.Combatant) string {
	if !cb.Status.CanAct() {
		return cb.Status.String()
	}
	if len(cb.Conds) == 0 {
		return "" // most, asked for every row at every turn
	}
	for _, b := range blockers {
		if cb.HasCond(b) {
			return b
		}
	}
	return ""
}

func able(cb *model.Combatant) bool { return blockedBy(cb) == "" }

// segments is how many surprise segments a combatant is still surprised for.
func segments(cb *model.Combatant) int {
	if !cb.HasCond(condSurprised) {
		return 0
	}
	if n, err := strconv.Atoi(cb.TurnText("surprised")); err == nil && n > 0 {
		return n
	}
	return 1
}

func maxSegments(e *model.Encounter) int {
	m := 0
	for _, cb := range e.Combatants {
		m = max(m, segments(cb))
	}
	return m
}

// actorsShown is how many of those acting at one step a line of the log
// names ("Ara, Bo, Gob and 5 more").
const actorsShown = 4

// stepActors is who acts at the present step of the round: the first
// few in order, and how many in all. A horde's count has hundreds, and
// the log names a few, so the rest are counted, not listed.
type stepActors struct {
	few [actorsShown]*model.Combatant
	n   int
}

func actors(e *model.Encounter) stepActors {
	var as stepActors
	for _, id := range e.Order {
		if cb := e.ByID(id); cb != nil && acting(e, cb) {
			if as.n < actorsShown {
				as.few[as.n] = cb
			}
			as.n++
		}
	}
	return as
}

// first is the first to act, or nil when nobody does.
func (as *stepActors) first() *model.Combatant { return as.few[0] }

// verb is one if one acts, else many.
func (as *stepActors) verb(one, many string) string {
	if as.n == 1 {
		return one
	}
	return many
}

// names names them as a sentence does: "Ara and Gob", "Ara, Bo, Gob and
// 5 more".
func (as *stepActors) names() string {
	n := min(as.n, actorsShown)
	if as.n > actorsShown {
		n = actorsShown - 1
	}
	ns := make([]string, n)
	for i := range ns {
		ns[i] = as.few[i].Name
	}
	return rules.NameList(ns, as.n)
}

// actedAll marks those who act at the present step as having acted.
// (Whether one acts depends on nothing of another's, so marking as it
// goes marks those actors would list.)
func actedAll(e *model.Encounter) {
	for _, id := range e.Order {
		if cb := e.ByID(id); cb != nil && acting(e, cb) {
			cb.Acted = true
		}
	}
}

// acting reports whether a combatant acts at the present step.
func acting(e *model.Encounter, cb *model.Combatant) bool {
	return able(cb) && actingNow(e, cb)
}

// actingNow is acting for one known to be able.
func actingNow(e *model.Encounter, cb *model.Combatant) bool {
	if e.Round == 0 {
		return false
	}
	switch e.Phase {
	case phaseSurprise:
		return segments(cb) < e.Count
	case phaseCount:
		return cb.HasInit && cb.Init == e.Count && !cb.Acted && !cb.Delaying
	case phaseHeld:
		return cb.Delaying
	}
	return false
}

func plural(cs []*model.Combatant, one, many string) string {
	if len(cs) == 1 {
		return one
	}
	return many
}

func names(cs []*model.Combatant) string {
	ns := make([]string, len(cs))
	for i, cb := range cs {
		ns[i] = cb.Name
	}
	return strings.Join(ns, ", ")
}

// Next implements rules.System: one step of the round. From before combat
// it begins round 1; through the surprise segments; from the declare phase
// it rolls initiative and goes to the highest count; down the counts that
// have someone to act; to the held actions; then to the next round.
func (s *System) Next(c *rules.Ctx) error {
	e := c.E
	if len(e.Combatants) == 0 {
		return errors.New("nobody is in the fight yet: add combatants first")
	}
	alive := false
	for _, cb := range e.Combatants {
		alive = alive || cb.Status.CanAct()
	}
	if !alive {
		return errors.New("nobody can act: every combatant is out of the fight (heal someone or set status=active)")
	}
	switch {
	case e.Round == 0:
		return s.beginRound(c, 1)
	case e.Phase == phaseSurprise:
		return s.enterSegment(c, e.Count+1)
	case e.Phase == phaseCount:
		actedAll(e)
		return s.toCount(c, e.Count)
	case e.Phase == phaseHeld:
		actedAll(e)
		return s.endRound(c)
	}
	return s.startCountdown(c)
}

// beginRound starts round n: per-round marks are cleared, then the
// surprise segments if anyone is surprised, else the declare phase.
func (s *System) beginRound(c *rules.Ctx, n int) error {
	e := c.E
	e.Round = n
	c.Event("Round %d begins", n)
	e.StartRound(n)
	for _, cb := range e.Combatants {
		cb.Acted, cb.HasInit, cb.Init = false, false, 0
		cb.SetTie(0)
		rules.ClearDelay(e, cb)
	}
	sortOrder(e)
	e.Count, e.Current = 0, 0
	if maxSegments(e) > 0 {
		e.Phase = phaseSurprise
		return s.enterSegment(c, 1)
	}
	return s.declarePhase(c)
}

func (s *System) declarePhase(c *rules.Ctx) error {
	e := c.E
	e.Phase, e.Count, e.Current = phaseDeclare, 0, 0
	clearRound(e)
	c.Event("Round %d: declare spells and charges; next rolls initiative", e.Round)
	return nil
}

// enterSegment goes to the first surprise segment from k on in which
// someone acts; past the last, surprise ends and the declare phase begins.
func (s *System) enterSegment(c *rules.Ctx, k int) error {
	e := c.E
	for m := maxSegments(e); k <= m; k++ {
		e.Count = k
		clearRound(e) // each segment is a full round of its own
		if as := actors(e); as.n > 0 {
			e.Current = as.first().ID
			c.Event("Surprise segment %d: %s %s freely", k, as.names(), as.verb("acts", "act"))
			return nil
		}
		c.Event("Surprise segment %d: nobody can act", k)
	}
	for _, cb := range e.Combatants {
		if cb.DropCond(condSurprised) {
			c.Event("%s is no longer surprised", cb.Name)
		}
		cb.DropTurn("surprised")
	}
	return s.declarePhase(c)
}

// startCountdown rolls initiative for everyone able to act who has none
// yet this round and goes to the highest count.
func (s *System) startCountdown(c *rules.Ctx) error {
	var line initLine
	line.grow(c.E)
	for _, cb := range c.E.Combatants {
		if !cb.HasInit && cb.Status.CanAct() {
			if err := s.rollInit(c, cb, &line); err != nil {
				return err
			}
		}
	}
	line.log(c)
	sortOrder(c.E) // once for the whole round, not once per roll
	return s.toCount(c, int(^uint(0)>>1))
}

// initLine is the log's line of a round's initiative rolls: "Initiative:
// Brannoc d10 [5], Sister Ilse d6 [1], …", in the order of the fight.
type initLine struct {
	b strings.Builder
}

// grow makes room for everyone's roll at once (at 1000 combatants the
// line is some 18 KB), as near the line's length as can be known before
// the dice: each who rolls (a band once, by its name) with their die and
// as many digits as its sides, so a face below 10 on a d10 or d12 is the
// only byte to spare. The log keeps the line as built: a reserve for the
// widest die ("d12 [12]") left it a size or two too big every round.
func (l *initLine) grow(e *model.Encounter) { l.b.Grow(lineRoom(e)) }

// lineRoom is the room grow makes.
func lineRoom(e *model.Encounter) int {
	n := len("Initiative: ") - len(", ")
	var bands map[string]bool
	for _, cb := range e.Combatants {
		if cb.HasInit || !cb.Status.CanAct() {
			continue
		}
		who := cb.Name
		if cb.Band != "" {
			if bands[cb.Band] {
				continue // one die for the band
			}
			if bands == nil {
				bands = map[string]bool{}
			}
			bands[cb.Band], who = true, cb.Band
		}
		sides := 0
		if sh, err := sheetOf(cb); err == nil {
			sides = sh.InitSides()
		}
		n += len(", ") + len(who) + len(" ") + len(die(sides)) + len(" []") + digits(sides)
	}
	return max(n, 0)
}

// digits is how many digits n (0 or more) takes.
func digits(n int) int {
	d := 1
	for ; n >= 10; n /= 10 {
		d++
	}
	return d
}

func (l *initLine) add(who string, sides, face int) {
	if l.b.Len() == 0 {
		l.b.WriteString("Initiative: ")
	} else {
		l.b.WriteString(", ")
	}
	l.b.WriteString(who)
	l.b.WriteByte(' ')
	l.b.WriteString(die(sides))
	l.b.WriteString(" [")
	l.b.WriteString(strconv.Itoa(face))
	l.b.WriteByte(']')
}

// log writes the line, if anyone rolled.
func (l *initLine) log(c *rules.Ctx) {
	if l.b.Len() > 0 {
		c.E.Append(model.Entry{Kind: model.KindEvent, Text: l.b.String()})
	}
}

// toCount goes to the highest count below `above` at which someone acts,
// noting those whose count passes while they cannot act; after count 1
// come the held actions, then the next round.
func (s *System) toCount(c *rules.Ctx, above int) error {
	e := c.E
	next := 0
	for _, cb := range e.Combatants {
		if cb.HasInit && cb.Init < above && cb.Init > next && !cb.Acted && !cb.Delaying && able(cb) {
			next = cb.Init
		}
	}
	for _, id := range e.Order {
		cb := e.ByID(id)
		if cb != nil && cb.HasInit && cb.Init < above && cb.Init >= max(next, 1) && !cb.Acted && !cb.Delaying && !able(cb) {
			cb.Acted = true
			c.Event("%s count %d passes (%s)", possessive(cb.Name), cb.Init, blockedBy(cb))
		}
	}
	if next > 0 {
		e.Phase, e.Count = phaseCount, next
		as := actors(e)
		e.Current = as.first().ID
		if as.n > 1 {
			c.Event("Count %d: %s act together", next, as.names())
		} else {
			c.Event("Count %d: %s acts", next, as.first().Name)
		}
		for _, id := range e.Order {
			if cb := e.ByID(id); cb != nil && cb.HasCond(condSpell) && acting(e, cb) {
				castsNow(c, cb)
			}
		}
		return nil
	}
	e.Phase, e.Count = phaseHeld, 0
	if as := actors(e); as.n > 0 {
		e.Current = as.first().ID
		c.Event("Held actions: %s %s", as.names(), as.verb("acts", "act together"))
		return nil
	}
	return s.endRound(c)
}

// endRound ends the round's declarations and begins the next round.
func (s *System) endRound(c *rules.Ctx) error {
	e := c.E
	for _, cb := range e.Combatants {
		cb.DropCond(condCharging)
		cb.DropCond(condSpellLost)
		if _, _, ok := scrollLeft(cb); ok && cb.HasCond(condSpell) {
			continue // a scroll still being read stays declared
		}
		cb.DropCond(condSpell)
		cb.DropTurn("declared")
	}
	return s.beginRound(c, e.Round+1)
}

// Prev implements rules.System: back one step within the round (a count
// back gives its actors their action again). Before the round's first count
// lies the declare phase; further back than that, undo restores it.
func (s *System) Prev(c *rules.Ctx) error {
	e := c.E
	switch {
	case e.Round == 0:
		return errors.New("combat has not started: next starts it")
	case e.Phase == phaseSurprise:
		for k := e.Count - 1; k >= 1; k-- {
			e.Count = k
			if as := actors(e); as.n > 0 {
				e.Current = as.first().ID
				c.Event("back to surprise segment %d", k)
				return nil
			}
		}
		e.Count = 1
		return errors.New("this is the first surprise segment: undo goes further back")
	case e.Phase == phaseDeclare:
		return fmt.Errorf("this is the start of round %d: undo goes further back", e.Round)
	}
	prev := 0
	for _, cb := range e.Combatants {
		if cb.Acted && cb.HasInit && !cb.Delaying && (e.Phase == phaseHeld || cb.Init > e.Count) && (prev == 0 || cb.Init < prev) {
			prev = cb.Init
		}
	}
	if prev == 0 {
		c.Event("back to the declare phase of round %d (the rolls stay)", e.Round)
		return s.declarePhase(c)
	}
	for _, cb := range e.Combatants {
		if cb.HasInit && cb.Init == prev {
			cb.Acted = false
		}
	}
	e.Phase, e.Count = phaseCount, prev
	if as := actors(e); as.n > 0 {
		e.Current = as.first().ID
	}
	c.Event("back to count %d (round %d)", prev, e.Round)
	return nil
}

// Delay implements rules.Delayer: the combatant holds its action and acts
// after count 1 with the others who hold, or earlier with `act`.
func (s *System) Delay(c *rules.Ctx, cb *model.Combatant) error {
	e := c.E
	switch {
	case e.Round == 0 || e.Phase == phaseSurprise:
		return errors.New("an action can be held once the round's declare phase has come")
	case e.Phase == phaseHeld:
		return errors.New("the held actions are being taken now: act, or next ends the round")
	case blockedBy(cb) != "":
		return fmt.Errorf("%s cannot act (%s), so cannot hold", cb.Name, blockedBy(cb))
	case cb.Delaying:
		return fmt.Errorf("%s already holds: act %s takes the held action", cb.Name, cb.Name)
	case cb.Acted:
		return fmt.Errorf("%s has already acted this round", cb.Name)
	}
	wasActing := acting(e, cb)
	cb.Delaying = true
	sortOrder(e)
	c.Event("%s holds the action", cb.Name)
	if !wasActing {
		return nil
	}
	if as := actors(e); as.n > 0 {
		e.Current = as.first().ID
		return nil
	}
	return s.toCount(c, e.Count)
}

// Act implements rules.Delayer: a held action taken now.
func (s *System) Act(c *rules.Ctx, cb *model.Combatant) error {
	if !cb.Delaying {
		return fmt.Errorf("%s is not holding an action (hold %s first)", cb.Name, cb.Name)
	}
	if b := blockedBy(cb); b != "" {
		return fmt.Errorf("%s cannot act (%s)", cb.Name, b)
	}
	if c.E.Round > 0 && c.E.Phase != phaseHeld {
		// The order of battle puts those who held last, all together.
		if err := c.Refuse("%s holds its action: held actions are taken together after count 1 (next goes on to them)", cb.Name); err != nil {
			return err
		}
	}
	rules.ClearDelay(c.E, cb)
	cb.Acted = true
	setTurn("now", cb, step(c.E))
	sortOrder(c.E)
	c.Event("%s takes the held action now", cb.Name)
	if c.E.Current == cb.ID {
		if as := actors(c.E); as.n > 0 {
			c.E.Current = as.first().ID
		}
	}
	return nil
}

func (s *System) runHold(c *rules.Ctx, args []string) error {
	if len(args) != 1 {
		return rules.Usagef(rules.Verb{Usage: "hold NAME"}, "hold takes one name")
	}
	cb, err := c.Find(args[0])
	if err != nil {
		return err
	}
	return s.Delay(c, cb)
}
