package sst

import (
	"fmt"
	"strconv"

	"fray/model"
	"fray/rules"
)

// Track is one of the two rank tracks.
type Track int

// The rank tracks.
const (
	Physical Track = iota
	Mental
)

func (t Track) String() string {
	if t == Mental {
		return "Mental"
	}
	return "Physical"
}

func (t Track) other() Track { return 1 - t }

// crossover returns the cross-over setting: every Nth rank lost on one
// track costs one on the other.
func crossover(e *model.Encounter) int {
	switch v := e.Options["crossover"]; v {
	case "", "2":
		return 2 // unset, most often: no parse, no error made for each row
	default:
		if n, err := strconv.Atoi(v); err == nil && n >= 2 && n <= 4 {
			return n
		}
	}
	return 2
}

// Rank is a track's real rank: the sheet's rank plus a group's.
func (s *Sheet) Rank(t Track) int {
	var phys, ment int
	if g := groupOf(s.Group); g != nil {
		phys, ment = g.Phys, g.Ment
	}
	if t == Mental {
		return s.Ment + ment
	}
	return s.Phys + phys
}

// Total is the Total Rank that sets the damage thresholds: real plus bonus
// ranks. Lost ranks do not lower it.
func (s *Sheet) Total(t Track) int {
	if t == Mental {
		return s.Rank(t) + s.BMent
	}
	return s.Rank(t) + s.BPhys
}

// direct returns the ranks marked lost on a track by damage to it.
func (s *Sheet) direct(t Track) int {
	if t == Mental {
		return s.LMent
	}
	return s.LPhys
}

func (s *Sheet) addDirect(t Track, n int) {
	if t == Mental {
		s.LMent = max(0, s.LMent+n)
	} else {
		s.LPhys = max(0, s.LPhys+n)
	}
}

// Cross returns the ranks a track has lost by cross-over: one for every
// n ranks lost directly on the other track. It is derived, so it never
// cascades and heals with its cause.
func (s *Sheet) Cross(t Track, n int) int {
	if s.LevelNine(t) {
		return 0
	}
	return s.direct(t.other()) / n
}

// LevelNine reports whether a track is at level 9: a special creature's
// own rank (a group's extra ranks do not make one), which damage cannot
// knock down without a special event.
func (s *Sheet) LevelNine(t Track) bool {
	if t == Mental {
		return s.Ment >= 9
	}
	return s.Phys >= 9
}

// Lost is every rank marked lost on a track.
func (s *Sheet) Lost(t Track, n int) int { return s.direct(t) + s.Cross(t, n) }

// Left is a track's rank minus its losses; Heroic combatants go negative.
func (s *Sheet) Left(t Track, n int) int { return s.Rank(t) - s.Lost(t, n) }

// Floor is the rank at which a combatant is Out of Action: 0, or −3 for
// the Heroic.
func (s *Sheet) Floor() int {
	if s.IsHeroic() {
		return -3
	}
	return 0
}

// Beaten reports whether losses have brought either track to the floor.
func (s *Sheet) Beaten(n int) bool {
	for _, t := range []Track{Physical, Mental} {
		if s.Lost(t, n) > 0 && s.Left(t, n) <= s.Floor() {
			return true
		}
	}
	return false
}

// loseRanks marks n ranks lost on a track, logs it with any cross-over,
// and puts the combatant Out of Action when a track reaches the floor.
// A track at rank 9 holds.
func loseRanks(c *rules.Ctx, cb *model.Combatant, s *Sheet, t Track, k int, why string) {
	if k <= 0 {
		return
	}
	if s.LevelNine(t) {
		c.Event("%s holds at %s rank 9 (%s)", cb.Name, t, why)
		return
	}
	n := crossover(c.E)
	crossBefore := s.Cross(t.other(), n)
	s.addDirect(t, k)
	word := "a " + t.String() + " rank" // "loses a Physical rank", as the cross-over line says it
	if k > 1 {
		word = fmt.Sprintf("%d %s ranks", k, t)
	}
	c.Event("%s loses %s (%s): %s", cb.Name, word, why, rankText(s, t, n))
	if x := s.Cross(t.other(), n) - crossBefore; x > 0 {
		c.Event("%s loses %s by cross-over: %s", cb.Name, rules.Plural(x, t.other().String()+" rank"), rankText(s, t.other(), n))
	}
	if s.Beaten(n) && cb.Status == model.Active {
		outOfAction(c, cb, s, "ranks spent")
	}
}

// rankText is "2 of 3 left" (with bonus ranks noted).
func rankText(s *Sheet, t Track, n int) string {
	return fmt.Sprintf("%s %s of %d left", t, num(s.Left(t, n)), s.Rank(t))
}

// outOfAction takes a combatant out: no dice, no pools.
func outOfAction(c *rules.Ctx, cb *model.Combatant, s *Sheet, why string) {
	cb.Status = model.Incapacitated
	s.Dice, s.Carry = nil, 0
	dropPools(c, cb, s, true)
	c.Event("%s is Out of Action (%s)", cb.Name, why)
}

// killed marks a combatant Killed in Action.
func killed(c *rules.Ctx, cb *model.Combatant, s *Sheet, why string) {
	cb.Status = model.Dead
	s.Dice, s.Carry = nil, 0
	dropPools(c, cb, s, false)
	c.Event("%s is Killed in Action (%s)", cb.Name, why)
}

// dropPools loses the defence pools and, with all set, the action pool.
func dropPools(c *rules.Ctx, cb *model.Combatant, s *Sheet, all bool) {
	if s.DPool > 0 || s.BPool > 0 {
		c.Event("%s loses its defence pools", cb.Name)
	}
	s.DPool, s.BPool = 0, 0
	if all && s.Cast != "" {
		c.Event("%s loses its %s pool (%d dice)", cb.Name, s.Cast, s.APool)
		s.Cast, s.APool = "", 0
	}
}

// States by track, and the marks of a mental defeat.
const (
	Stun     = "stun"
	Shock    = "shock"
	Doubt    = "doubt"
	Panicked = "panicked"
	Crushed  = "crushed"
)

var stateNames = []string{Stun, Shock, Doubt}

// States lists the States a combatant is in.
func States(cb *model.Combatant) []string {
	var out []string
	for _, st := range stateNames {
		if cb.HasCond(st) {
			out = append(out, st)
		}
	}
	return out
}

// takeState puts a combatant in a State: it loses every pool.
func takeState(c *rules.Ctx, cb *model.Combatant, s *Sheet, state string) {
	cb.SetCond(state, 0)
	c.Event("%s takes a State: %s", cb.Name, state)
	dropPools(c, cb, s, true)
}

// Hit is one blow's damage and how it lands.
type Hit struct {
	Damage  int
	Track   Track
	Magic   bool   // a magical attack: the State is Doubt
	Massive bool   // a Massive weapon: Killed in Action
	Rank    bool   // take a rank loss rather than a State
	Extra   int    // damage added by special results
	Bane    bool   // a special event (a bane weapon) that can drop a level-9 track to 8
	Shift   string // injury location the attacker shifts to
	NoRoll  bool   // skip the injury roll
}

// harm applies one blow to a combatant. It logs every step.
func harm(c *rules.Ctx, cb *model.Combatant, h Hit) error {
	s, err := ownSheet(cb)
	if err != nil {
		return err
	}
	switch {
	case cb.Status == model.Dead:
		c.Event("%s is already Killed in Action", cb.Name)
		return nil
	case h.Damage < 1 && !h.Massive:
		c.Event("%s takes no damage", cb.Name)
		return nil
	case cb.Status != model.Active:
		if h.Track == Mental {
			c.Event("%s is already out of the fight", cb.Name)
			return nil
		}
		return bodyOrDie(c, cb, s, 0, "hit while Out of Action")
	}
	if s.LevelNine(h.Track) {
		if !h.Bane {
			c.Event("%s holds at %s rank 9: %d damage does nothing without a bane", cb.Name, h.Track, h.Damage)
			return nil
		}
		if h.Track == Mental {
			s.Ment = 8
		} else {
			s.Phys = 8
		}
		c.Event("%s is knocked off %s rank 9 by a bane: now 8", cb.Name, h.Track)
	}
	R := s.Total(h.Track)
	d := h.Damage
	if h.Track == Mental {
		return mentalHarm(c, cb, s, h, R)
	}
	switch {
	case s.Rank(Physical) == 0:
		c.Event("%s (rank 0) is swept aside by %d damage", cb.Name, d)
		outOfAction(c, cb, s, "rank 0")
	case h.Massive:
		c.Event("%d damage against Total Rank %d from a Massive weapon", d, R)
		killed(c, cb, s, "massive weapon")
		return injure(c, cb, s, 1, h)
	case d > 3*R:
		c.Event("%d damage against Total Rank %d: over three times the rank", d, R)
		killed(c, cb, s, "over three times the rank")
		return injure(c, cb, s, 1, h)
	case d > 2*R:
		c.Event("%d damage against Total Rank %d: a Killing Blow", d, R)
		loseRanks(c, cb, s, Physical, 1, "killing blow")
		if cb.Status == model.Active {
			outOfAction(c, cb, s, "killing blow")
		}
		return injure(c, cb, s, 1, h)
	case d > R:
		c.Event("%d damage against Total Rank %d: Trauma", d, R)
		dropPools(c, cb, s, false)
		loseRanks(c, cb, s, Physical, 1, "trauma")
		return injure(c, cb, s, 0, h)
	default:
		state := Stun
		if h.Magic {
			state = Doubt
		}
		stateOrRank(c, cb, s, h, state, d, R)
	}
	return nil
}

// stateOrRank takes a State if the combatant may and is not in it already,
// else a rank.
func stateOrRank(c *rules.Ctx, cb *model.Combatant, s *Sheet, h Hit, state string, d, R int) {
	why := fmt.Sprintf("%d damage against Total Rank %d", d, R)
	if !s.Stateless && !h.Rank && !cb.HasCond(state) {
		c.Event("%s: %s", cb.Name, why)
		takeState(c, cb, s, state)
		return
	}
	loseRanks(c, cb, s, h.Track, 1, why)
}

func mentalHarm(c *rules.Ctx, cb *model.Combatant, s *Sheet, h Hit, R int) error {
	d := h.Damage
	state := Shock
	if h.Magic {
		state = Doubt
	}
	switch {
	case s.Rank(Mental) == 0:
		c.Event("%s (mental rank 0) breaks at once", cb.Name)
		outOfAction(c, cb, s, "broken")
	case d > 2*R:
		c.Event("%d mental damage against Total Rank %d: Crushed", d, R)
		cb.SetCond(Crushed, 0)
		dropPools(c, cb, s, true)
		loseRanks(c, cb, s, Mental, 1, "crushed")
	case d > R:
		c.Event("%d mental damage against Total Rank %d: Panicked", d, R)
		cb.SetCond(Panicked, 0)
		dropPools(c, cb, s, false)
		loseRanks(c, cb, s, Mental, 1, "panicked")
	default:
		stateOrRank(c, cb, s, h, state, d, R)
	}
	return nil
}

// bodyOrDie rolls BODY (less pen dice): a success keeps the combatant
// alive, none kills it.
func bodyOrDie(c *rules.Ctx, cb *model.Combatant, s *Sheet, pen int, why string) error {
	ok, err := check(c, cb, s, s.Body-pen, "BODY roll ("+why+")")
	if err != nil || ok {
		return err
	}
	killed(c, cb, s, "failed the BODY roll")
	return nil
}

// num writes a number with a real minus sign.
func num(n int) string { return rules.Signed(n) }
