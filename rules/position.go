package rules

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"unicode"

	"fray/model"
)

// Position.
//
// An optional zone per combatant and engaged pairs, kept in the model
// (model.Combatant.Zone and Engaged); systems read them where their rules
// speak of nearness, contact or engagement. With none set, nothing is
// refused for want of them: a rule that needs a position and finds none
// behaves as if the GM had not said, exactly as before positions existed.
//
// Three core verbs set them: `move NAME ZONE` (the combatant moves: an
// action, so who may act applies), `engage A B` and `disengage A [B]`
// (the GM's record of who is locked in close combat; never refused). The
// GM places someone without it counting as a move with `set NAME
// zone=ZONE`. A system with rules of its own for these overrides the verb
// and builds on MoveTo, EngagePair and the model's helpers.

const moveUsage = "move NAME ZONE"

// zoneNone is the word that forgets a zone.
const zoneNone = "none"

// ParseZone checks a zone as typed: a number or a short name; "none" (or
// "-" or "") forgets the zone and gives "".
func ParseZone(s string) (string, error) {
	z := strings.TrimSpace(s)
	if z == "" || z == "-" || strings.EqualFold(z, zoneNone) {
		return "", nil
	}
	switch {
	case len([]rune(z)) > 40:
		return "", fmt.Errorf("a zone name is at most 40 characters, not %d", len([]rune(z)))
	case strings.ContainsRune(z, '='):
		return "", fmt.Errorf("a zone cannot contain = (%q)", z)
	case strings.ContainsFunc(z, func(r rune) bool { return unicode.IsControl(r) }):
		return "", fmt.Errorf("a zone cannot contain control characters")
	}
	return z, nil
}

// ZoneText writes a zone for the log: "zone 3", "the bar", "no zone".
func ZoneText(z string) string {
	switch {
	case z == "":
		return "no zone"
	case strings.IndexFunc(z, func(r rune) bool { return r < '0' || r > '9' }) < 0:
		return "zone " + z
	}
	return z
}

// MoveTo puts cb in zone z and logs it. Leaving for another zone ends
// its engagements with those not there; a foe still able to fight holds
// it, so that is a Refusal (disengage first, or force) unless held is
// false, for a system that settled the engagement by its own rules.
func MoveTo(c *Ctx, cb *model.Combatant, z string, held bool) error {
	if strings.EqualFold(cb.Zone, z) && z != "" {
		return fmt.Errorf("%s is already in %s", cb.Name, ZoneText(z))
	}
	left := Leaving(c.E, cb, z)
	if held {
		var holders []string
		for _, o := range left {
			if o.Status.CanAct() {
				holders = append(holders, o.Name)
			}
		}
		if len(holders) > 0 {
			if err := c.Refuse("%s is engaged with %s: disengage first", cb.Name, strings.Join(holders, ", ")); err != nil {
				return err
			}
		}
	}
	from := cb.Zone
	place(c.E, cb, z)
	if z == "" {
		c.Event("%s: zone forgotten (was %s)", cb.Name, ZoneText(from))
	} else if from == "" {
		c.Event("%s moves to %s", cb.Name, ZoneText(z))
	} else {
		c.Event("%s moves from %s to %s", cb.Name, ZoneText(from), ZoneText(z))
	}
	for _, o := range left {
		c.Event("%s and %s are no longer engaged", cb.Name, o.Name)
	}
	return nil
}

// Leaving lists those cb leaves behind by going to zone z: from a known
// zone, every foe engaged with it that is not in z. One placed for the
// first time (it had no zone) leaves nobody: it was wherever its foes
// are.
func Leaving(e *model.Encounter, cb *model.Combatant, z string) []*model.Combatant {
	if cb.Zone == "" || strings.EqualFold(cb.Zone, z) {
		return nil
	}
	var out []*model.Combatant
	for _, o := range e.Foes(cb) {
		if same, _ := model.SameZone(o, &model.Combatant{Profile: &model.Profile{Zone: z}}); !same {
			out = append(out, o)
		}
	}
	return out
}

// place puts cb in zone z, ending the engagements it leaves behind; foes
// still engaged with it and without a zone of their own are there too.
func place(e *model.Encounter, cb *model.Combatant, z string) {
	for _, o := range Leaving(e, cb, z) {
		e.Disengage(cb, o)
	}
	if cb.Zone != z {
		cb.OwnProfile().Zone = z
	}
	if z == "" {
		return
	}
	for _, o := range e.Foes(cb) {
		if o.Zone == "" {
			o.OwnProfile().Zone = z
		}
	}
}

// EngagePair engages a and b and logs it. Engaged combatants stand
// together: one without a zone, or in another zone, joins the other's
// (a, the one closing in, moves to b).
func EngagePair(c *Ctx, a, b *model.Combatant) error {
	if a == b {
		return errors.New("a combatant cannot engage itself")
	}
	if !c.E.Engage(a, b) {
		return fmt.Errorf("%s and %s are already engaged", a.Name, b.Name)
	}
	switch same, _ := model.SameZone(a, b); {
	case same:
	case b.Zone != "":
		a.OwnProfile().Zone = b.Zone
	case a.Zone != "":
		b.OwnProfile().Zone = a.Zone
	}
	if a.Zone != "" {
		c.Event("%s and %s are engaged (%s)", a.Name, b.Name, ZoneText(a.Zone))
	} else {
		c.Event("%s and %s are engaged", a.Name, b.Name)
	}
	return nil
}

// MoveArgs reads the words of `move NAME ZONE`: the combatant and the
// zone ("" to forget it), for a system's own move verb.
func MoveArgs(c *Ctx, args []string) (*model.Combatant, string, error) {
	if len(args) != 2 {
		return nil, "", Usagef(verbNamed("move"), "move takes a name and a zone (quote names with spaces)")
	}
	cb, err := c.Find(args[0])
	if err != nil {
		return nil, "", err
	}
	z, err := ParseZone(args[1])
	return cb, z, err
}

func runMove(c *Ctx, args []string) error { return Move(c, args, nil, nil) }

// Move runs `move NAME ZONE` for a system with rules of its own about
// moving: the words, who may act, before (the system's check, which may
// refuse; it gets the zone the combatant goes to), the move itself
// (MoveTo, held by engaged foes), then after (what the move sets off: an
// interception, a wound that hurts). before and after may be nil.
func Move(c *Ctx, args []string, before func(cb *model.Combatant, z string) error, after func(cb *model.Combatant) error) error {
	cb, z, err := MoveArgs(c, args)
	if err != nil {
		return err
	}
	if err := c.MayAct(cb, OnTurn); err != nil {
		return err
	}
	if before != nil {
		if err := before(cb, z); err != nil {
			return err
		}
	}
	if err := MoveTo(c, cb, z, true); err != nil {
		return err
	}
	if after != nil {
		return after(cb)
	}
	return nil
}

func runEngage(c *Ctx, args []string) error {
	if len(args) != 2 {
		return Usagef(verbNamed("engage"), "engage takes two names")
	}
	a, err := c.Find(args[0])
	if err != nil {
		return err
	}
	b, err := c.Find(args[1])
	if err != nil {
		return err
	}
	return EngagePair(c, a, b)
}

func runDisengage(c *Ctx, args []string) error {
	if len(args) < 1 || len(args) > 2 {
		return Usagef(verbNamed("disengage"), "disengage takes a name and optionally the one it leaves")
	}
	a, err := c.Find(args[0])
	if err != nil {
		return err
	}
	if len(args) == 2 {
		b, err := c.Find(args[1])
		if err != nil {
			return err
		}
		if !c.E.Disengage(a, b) {
			return fmt.Errorf("%s and %s are not engaged", a.Name, b.Name)
		}
		c.Event("%s and %s are no longer engaged", a.Name, b.Name)
		return nil
	}
	foes := c.E.DisengageAll(a)
	if len(foes) == 0 {
		return fmt.Errorf("%s is not engaged", a.Name)
	}
	ns := make([]string, len(foes))
	for i, o := range foes {
		ns[i] = o.Name
	}
	c.Event("%s is no longer engaged (with %s)", a.Name, strings.Join(ns, ", "))
	return nil
}

// PositionMarks are the compact marks of a combatant's position for its
// order row (OrderRow.Marks), after the system's own: "@3" or "@bar" for
// its zone (ZoneMark), "×Gob" per engaged foe ("×3" when there are more
// than two). A system with its own words for engagement (swords: "close
// combat with") uses ZoneMark and its own.
func PositionMarks(e *model.Encounter, cb *model.Combatant) []string {
	out := ZoneMark(cb)
	switch n := len(cb.Engaged); {
	case n == 0:
		return out
	case n > 2:
		return append(out, fmt.Sprintf("×%d", n))
	}
	return EngagedMarks(out, e.Foes(cb))
}

// EngagedMarks appends to out the marks of the foes a combatant is
// engaged with, as every system's order shows them: "×Gob" each, or
// "×3" for more than two.
func EngagedMarks(out []string, foes []*model.Combatant) []string {
	if len(foes) > 2 {
		return append(out, fmt.Sprintf("×%d", len(foes)))
	}
	for _, o := range foes {
		out = append(out, "×"+o.Name)
	}
	return out
}

// ZoneMark is the mark of a combatant's zone ("@3"), or none.
func ZoneMark(cb *model.Combatant) []string {
	if w := ZoneWord(cb); w != "" {
		return []string{w}
	}
	return nil
}

// ZoneWord is ZoneMark's one mark, or "" for a combatant in no zone.
// The marks are kept once made: an order view asks for one a row, every
// time the fight changes, and a fight has few zones.
func ZoneWord(cb *model.Combatant) string {
	if cb.Zone == "" {
		return ""
	}
	zoneWords.RLock()
	w, ok := zoneWords.m[cb.Zone]
	zoneWords.RUnlock()
	if ok {
		return w
	}
	w = "@" + cb.Zone
	zoneWords.Lock()
	if zoneWords.m == nil || len(zoneWords.m) >= maxZoneWords {
		zoneWords.m = map[string]string{} // a server's fights come and go: start again
	}
	zoneWords.m[cb.Zone] = w
	zoneWords.Unlock()
	return w
}

// ZoneWords is ZoneWord for the rows of one view: the marks of the last
// few zones met are kept here, so most rows take theirs without the
// lock and map ZoneWord reads (at 1000 rows, 3% of sst's turn key). The
// zero value is ready.
type ZoneWords struct {
	zone, word [4]string
	next       int // the entry the next zone met takes
}

// Of is ZoneWord(cb).
func (z *ZoneWords) Of(cb *model.Combatant) string {
	if cb.Zone == "" {
		return ""
	}
	for i, zone := range z.zone {
		if zone == cb.Zone && z.word[i] != "" {
			return z.word[i]
		}
	}
	w := ZoneWord(cb)
	z.zone[z.next], z.word[z.next] = cb.Zone, w
	z.next = (z.next + 1) % len(z.zone)
	return w
}

// zoneWords are the zone marks made so far, by zone (see ZoneWord); the
// order views of several fights may be built at once, so it is locked.
var zoneWords struct {
	sync.RWMutex
	m map[string]string
}

const maxZoneWords = 256
