package factions

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fray/model"
	"fray/rules"
)

// Phases of a round, kept in Encounter.Phase.
const (
	PhaseChoose = "choose" // the initiative holder picks who goes first
	PhaseTurn   = "turn"   // a faction is to choose or has a character acting
)

// Keys of Encounter.Turn.
const (
	keyInit    = "initiative" // side holding the initiative
	keyActive  = "active"     // side to choose, or whose character acts
	keyPasses  = "passes"     // consecutive passes
	keyAmbush  = "ambush"     // IDs of the ambushers, in an ambush round
	keyMorale  = "morale"     // IDs due a morale check (manual mode)
	prefStart  = "start:"     // side → numbers when combat started
	prefRound  = "round:"     // side → numbers when this round started
	deviateDie = 8
)

// Kinds of a character's turn state (model.TurnVal). Files before format
// 4 kept them as keys of Encounter.Turn: AdoptTurn moves them.
const (
	kindUse    = "use"          // what its turn used (Usage)
	kindReact  = "react"        // the reaction it spent its turn on
	kindParty  = "party"        // whose activation it took its turn in (mounts, vehicles)
	kindHealth = "round_health" // its health at this round's start, or on joining it
)

func itoa(n int) string { return strconv.Itoa(n) }

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }

func startKey(side string) string { return prefStart + side }
func roundKey(side string) string { return prefRound + side }

// The health each character had when the round started (or when it
// joined during the round) is what a lone fighter's morale compares its
// health with at the round's end.

// noteHealth notes cb's health as its health at the round's start, if it
// has a sheet.
func noteHealth(cb *model.Combatant) {
	if sh, ok := cb.Sheet().(*Sheet); ok {
		cb.SetTurn(kindHealth, itoa(sh.Health))
	}
}

// roundHealth returns the health cb had when the round started or when
// it joined it (0 if it was not noted).
func roundHealth(cb *model.Combatant) int { return atoi(cb.TurnText(kindHealth)) }

var _ rules.TurnAdopter = (*System)(nil)

// AdoptTurn implements rules.TurnAdopter: files before format 4 kept a
// character's turn state as keys of Encounter.Turn, "use:ID", "react:ID",
// "party:ID", "gear:ID", and its health at the round's start as "hp:ID" or, later,
// as one list "health" = "ID:health,…".
func (*System) AdoptTurn(e *model.Encounter) {
	for _, k := range []string{kindUse, kindReact, kindParty, kindGear} {
		rules.AdoptTurnKey(e, k, k)
	}
	rules.AdoptTurnKey(e, "hp", kindHealth)
	list, ok := e.Turn["health"]
	if !ok {
		return
	}
	delete(e.Turn, "health")
	for s := list; s != ""; {
		var f string
		f, s, _ = strings.Cut(s, ",")
		k, v, _ := strings.Cut(f, ":")
		if n, err := strconv.Atoi(k); err == nil {
			if cb := e.ByID(n); cb != nil {
				cb.SetTurn(kindHealth, v)
			}
		}
	}
}

// idList reads and writes a comma-separated list of IDs.
func idList(s string) []int {
	var out []int
	for _, p := range strings.Split(s, ",") {
		if n, err := strconv.Atoi(p); err == nil {
			out = append(out, n)
		}
	}
	return out
}

func idText(ids []int) string {
	ps := make([]string, len(ids))
	for i, id := range ids {
		ps[i] = itoa(id)
	}
	return strings.Join(ps, ",")
}

func inList(s string, id int) bool {
	for _, x := range idList(s) {
		if x == id {
			return true
		}
	}
	return false
}

// Active returns the faction to choose (or whose character acts) and
// whether combat has reached that point.
func Active(e *model.Encounter) (string, bool) {
	side, ok := e.Turn[keyActive]
	return side, ok && e.Round > 0 && e.Phase == PhaseTurn
}

// Holder returns the faction holding the initiative, if set.
func Holder(e *model.Encounter) (string, bool) {
	side, ok := e.Turn[keyInit]
	return side, ok
}

// Passes returns the pass streak and the number of factions.
func Passes(e *model.Encounter) (int, int) {
	return atoi(e.Turn[keyPasses]), len(Factions(e))
}

// Ambush reports whether this round is the ambush round.
func Ambush(e *model.Encounter) bool { return e.Turn[keyAmbush] != "" }

// Ready reports whether a character may still be activated this round.
// It builds no message: the order view asks it of every character on
// every change.
func Ready(e *model.Encounter, cb *model.Combatant) bool {
	return unready(e, cb) == isReady
}

// why a character may not be activated now (readyErr says it in words).
type notReady int

const (
	isReady notReady = iota
	cannotAct
	surrendered
	retreated
	hasActed
	notConcealed
	tookTurnWith
	carries
)

func unready(e *model.Encounter, cb *model.Combatant) notReady {
	r := readyIn(e)
	return r.why(cb)
}

// readiness is Ready for many characters at once: what every answer
// reads of the fight's turn state (the ambush round's list, whether
// anyone rides) is looked up once, not once a character, as the order
// view asks of every character on every press of a key.
type readiness struct {
	e         *model.Encounter
	ambush    bool
	ambushers []int
	mounts    bool
	riders    *riderIndex // who carries whom, built once scanScans questions are asked
	scans     int         // questions of who carries whom answered by a scan
}

// scanScans is how many questions of who carries whom a readiness
// answers by a scan of the fight before it indexes the riders: a scan
// allocates nothing and costs about what building the index does (each
// reads every character's sheet), so one Ready asks without an index,
// and a second question builds it.
const scanScans = 1

func readyIn(e *model.Encounter) readiness {
	r := readiness{e: e, mounts: e.Turn[keyMounts] != ""}
	if s := e.Turn[keyAmbush]; s != "" {
		r.ambush, r.ambushers = true, idList(s)
	}
	return r
}

// why is unready.
func (r *readiness) why(cb *model.Combatant) notReady {
	sh, _ := cb.Sheet().(*Sheet)
	switch {
	case !cb.Status.CanAct():
		return cannotAct
	case sh != nil && sh.Surrendered:
		return surrendered
	case sh != nil && sh.Retreated:
		return retreated
	case cb.Acted:
		return hasActed
	case r.ambush && !slices.Contains(r.ambushers, cb.ID):
		return notConcealed
	case r.mounts && cb.TurnText(kindParty) != "":
		return tookTurnWith
	case r.mounts && r.carries(cb):
		return carries
	}
	return isReady
}

// carries reports whether cb carries anyone: len(ridersOf(r.e, cb)) > 0,
// with the riders indexed once for every character asked.
func (r *readiness) carries(cb *model.Combatant) bool {
	if !r.mounts {
		return false
	}
	if r.riders == nil {
		// The first few questions (one Ready, activate) scan as ridersOf
		// would, and allocate nothing; so does every question in a fight
		// too big to index (a million).
		if r.scans < scanScans || !indexable(r.e.Combatants) {
			r.scans++
			return slices.ContainsFunc(r.e.Combatants, func(o *model.Combatant) bool { return rides(o, cb) })
		}
		x := newRiderIndex(r.e.Combatants)
		r.riders = &x
	}
	return r.riders.carries(cb)
}

// ready is Ready.
func (r *readiness) ready(cb *model.Combatant) bool { return r.why(cb) == isReady }

func readyErr(e *model.Encounter, cb *model.Combatant) error {
	switch unready(e, cb) {
	case cannotAct:
		return fmt.Errorf("%s cannot act (%s)", cb.Name, cb.Status)
	case surrendered:
		return fmt.Errorf("%s has surrendered (set %s surrendered=no to fight on)", cb.Name, rules.Quote(cb.Name))
	case retreated:
		return fmt.Errorf("%s has retreated", cb.Name)
	case hasActed:
		if r := cb.TurnText(kindReact); r != "" {
			return fmt.Errorf("%s has already used its turn this round (reacted: %s)", cb.Name, r)
		}
		return fmt.Errorf("%s has already taken its turn this round", cb.Name)
	case notConcealed:
		return fmt.Errorf("%s was not concealed: only the ambushers act in the ambush round", cb.Name)
	case tookTurnWith:
		return fmt.Errorf("%s took its turn with %s this round (it may still react)", cb.Name, cb.TurnText(kindParty))
	case carries:
		return carriedErr(e, cb)
	}
	return nil
}

// ReadyIn lists the characters of a side still ready this round.
func ReadyIn(e *model.Encounter, side string) []*model.Combatant {
	var out []*model.Combatant
	r := readyIn(e)
	for _, cb := range e.Combatants {
		if cb.Side == side && r.ready(cb) {
			out = append(out, cb)
		}
	}
	return out
}

// anyReady reports whether a character of a side is still ready this
// round; it stops at the first.
func anyReady(e *model.Encounter, side string) bool {
	r := readyIn(e)
	return slices.ContainsFunc(e.Combatants, func(cb *model.Combatant) bool {
		return cb.Side == side && r.ready(cb)
	})
}

// Acting returns the character whose activation is open, or nil. A
// Current that is not an activated member of the active faction (the core
// remove hands the marker on by position) counts as no activation.
func Acting(e *model.Encounter) *model.Combatant {
	cb := e.ByID(e.Current)
	if cb == nil || e.Round == 0 || e.Phase != PhaseTurn || !cb.Acted || cb.Side != e.Turn[keyActive] {
		return nil
	}
	return cb
}

// nextFaction is the faction after side in the turn cycle.
func nextFaction(e *model.Encounter, side string) string { return nextIn(Factions(e), side) }

// nextIn is the faction after side in fs, Factions(e).
func nextIn(fs []string, side string) string {
	if len(fs) == 0 {
		return side
	}
	for i, f := range fs {
		if f == side {
			return fs[(i+1)%len(fs)]
		}
	}
	return fs[0]
}

// Next implements rules.System. It starts combat in round 0; it ends an
// open activation and hands over; it passes for a faction with nobody
// ready; otherwise it says what the faction to choose must do.
func (*System) Next(c *rules.Ctx) error {
	e := c.E
	if e.Round == 0 {
		return start(c)
	}
	if len(Factions(e)) == 0 {
		return errors.New("nobody is left in the fight")
	}
	if e.Phase == PhaseChoose {
		h := e.Turn[keyInit]
		return fmt.Errorf("%s, holding the initiative, must pick who goes first: first SIDE, or activate NAME (pass: go first and pass)", factionName(h))
	}
	if Acting(e) != nil {
		handOver(c)
		return nil
	}
	side := e.Turn[keyActive]
	if ready := ReadyIn(e, side); len(ready) > 0 {
		return fmt.Errorf("%s to choose: activate one of %s, or pass", factionName(side), names(ready))
	}
	round := e.Round
	for e.Round == round {
		if anyReady(e, e.Turn[keyActive]) {
			return nil
		}
		if err := doPass(c, true); err != nil {
			return err
		}
	}
	return nil
}

// start begins combat: starting numbers, the initiative, round 1.
func start(c *rules.Ctx) error {
	e := c.E
	fs := Factions(e)
	if len(fs) < 2 {
		return errors.New("a fight needs two factions or more: give combatants a side (set NAME side=…)")
	}
	for _, f := range fs {
		e.Turn[startKey(f)] = itoa(countFighting(e, f))
	}
	if h, ok := e.Turn[keyInit]; !ok || !contains(fs, h) {
		r, err := die(c, len(fs), "GM", "who holds the initiative")
		if err != nil {
			return err
		}
		e.Turn[keyInit] = fs[r-1]
		c.Event("the initiative goes to %s (drawn at random)", factionName(fs[r-1]))
	}
	var ambush []int
	var who []*model.Combatant
	for _, cb := range e.Combatants {
		if sh, ok := cb.Sheet().(*Sheet); ok && sh.Concealed && Ready(e, cb) {
			ambush = append(ambush, cb.ID)
			who = append(who, cb)
		}
	}
	beginRound(c, 1)
	if len(ambush) > 0 {
		e.Turn[keyAmbush] = idText(ambush)
		c.Event("Ambush: %s act alone this round, and their targets cannot react", names(who))
	}
	return nil
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// beginRound starts round n: per-round state is cleared and the numbers
// morale will compare against are taken.
func beginRound(c *rules.Ctx, n int) {
	e := c.E
	e.Round = n
	c.Event("Round %d begins", n)
	e.StartRound(n)
	for k := range e.Turn {
		if strings.HasPrefix(k, prefRound) {
			delete(e.Turn, k)
		}
	}
	delete(e.Turn, keyAmbush)
	for _, f := range Factions(e) {
		e.Turn[roundKey(f)] = itoa(countFighting(e, f))
	}
	for _, cb := range e.Combatants {
		cb.Acted = false
		cb.DropTurn(kindUse)
		cb.DropTurn(kindReact)
		cb.DropTurn(kindParty)
		noteHealth(cb)
	}
	e.Phase = PhaseChoose
	e.Current = 0
	e.Turn[keyPasses] = "0"
	e.Turn[keyActive] = e.Turn[keyInit]
}

// endRound closes a round with the morale checks and starts the next.
func endRound(c *rules.Ctx) error {
	c.Event("Round %d ends: every faction passed in a row", c.E.Round)
	if err := endOfRoundMorale(c); err != nil {
		return err
	}
	beginRound(c, c.E.Round+1)
	return nil
}

// handOver ends the open activation: the next faction is to choose.
func handOver(c *rules.Ctx) {
	e := c.E
	if cur := Acting(e); cur != nil {
		c.Event("%s turn ends", possessive(cur.Name))
	}
	e.Current = 0
	e.Turn[keyActive] = nextFaction(e, e.Turn[keyActive])
	c.Event("%s to choose", factionName(e.Turn[keyActive]))
}

// doPass makes the faction to choose pass, ending the round when every
// faction has passed in a row.
func doPass(c *rules.Ctx, forced bool) error {
	e := c.E
	side := e.Turn[keyActive]
	n := atoi(e.Turn[keyPasses]) + 1
	e.Turn[keyPasses] = itoa(n)
	fs := Factions(e)
	total := len(fs)
	if forced {
		c.Event("%s must pass: nobody ready (passes %d/%d)", factionName(side), n, total)
	} else {
		c.Event("%s: pass (passes %d/%d)", factionName(side), n, total)
	}
	if n >= total {
		return endRound(c)
	}
	e.Turn[keyActive] = nextIn(fs, side)
	c.Event("%s to choose", factionName(e.Turn[keyActive]))
	return nil
}

func needCombat(e *model.Encounter) error {
	if e.Round == 0 {
		return errors.New("combat has not started: next starts it")
	}
	return nil
}

// Remove implements rules.Remover. A character who leaves while its
// activation is open ends it, and the next faction is to choose, worked
// out while the character still counts, so the cycle keeps its order
// even when it was the last of its faction. Nobody else's turn opens.
func (*System) Remove(c *rules.Ctx, cb *model.Combatant) error {
	e := c.E
	if Acting(e) == cb {
		handOver(c)
	}
	side, turn := Active(e)
	next := nextFaction(e, side)
	e.Remove(cb.ID)
	if turn && side == cb.Side && len(members(e, side)) == 0 && next != side {
		// The faction to choose has nobody left: the next one chooses.
		e.Turn[keyActive] = next
		c.Event("%s to choose", factionName(next))
	}
	return nil
}
