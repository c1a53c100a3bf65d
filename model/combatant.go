package model

import (
	"fmt"
	"strings"
	"time"
)

// Status is how able a combatant is to act.
type Status int8

// The statuses every system shares. Systems with finer states (dying,
// routed, surrendered) record them as conditions and map them to these for
// the turn order's skip logic.
const (
	Active Status = iota
	Unconscious
	Incapacitated
	Dead
)

var statusNames = []string{"active", "unconscious", "incapacitated", "dead"}

// String returns the status as written in saves and on screen.
func (s Status) String() string {
	if s < 0 || int(s) >= len(statusNames) {
		return fmt.Sprintf("status(%d)", int(s))
	}
	return statusNames[s]
}

// CanAct reports whether a combatant with this status takes turns.
func (s Status) CanAct() bool { return s == Active }

// ParseStatus reads a status name.
func ParseStatus(s string) (Status, error) {
	for i, n := range statusNames {
		if strings.EqualFold(s, n) {
			return Status(i), nil
		}
	}
	return Active, fmt.Errorf("unknown status %q (want one of %s)", s, strings.Join(statusNames, ", "))
}

// Condition is a labelled state on a combatant (prone, grappled, stunned…).
// Expires is the round at whose start the condition ends; 0 means it lasts
// until removed (or until the turn Until names).
//
// Until ties the end to a turn instead: "start" ends the condition as the
// next turn of combatant Who (an ID) begins, "end" as Who's next turn
// ends. Armed records that Who's next turn has begun, so that an "end"
// condition given during Who's own turn outlasts that turn.
type Condition struct {
	Label   string
	Expires int
	Until   string
	Who     int
	Armed   bool
}

// Until values of a Condition.
const (
	UntilStart = "start"
	UntilEnd   = "end"
)

// Lasting reports whether the condition ends only when removed: no round
// and no turn ends it.
func (k Condition) Lasting() bool { return k.Expires == 0 && k.Until == "" }

// Sheet is a system's record of one combatant: the numbers its rules use.
// Every field is readable and writable as text so that one generic `set`
// command, the save file and the TUI can handle every system alike.
type Sheet interface {
	// Clone returns a deep copy.
	Clone() Sheet
	// Keys lists the settable fields in display and save order.
	Keys() []string
	// Get returns a field's value as text.
	Get(key string) (string, bool)
	// Set parses and stores a field; it changes nothing on error.
	Set(key, value string) error
}

// KeysSharer is a Sheet whose keys are those of every sheet of its
// system: SharedKeys returns them as Keys does, but without a copy, for
// loops over a thousand sheets (the encoder's); callers never change it.
type KeysSharer interface {
	SharedKeys() []string
}

// SheetKeys returns a sheet's keys, shared when it shares them
// (KeysSharer): they must not be changed.
func SheetKeys(s Sheet) []string {
	if k, ok := s.(KeysSharer); ok {
		return k.SharedKeys()
	}
	return s.Keys()
}

// IndexedSheet is a Sheet that also sets a field by its place in Keys:
// the loader resolves each key of a file once (a fight's sheets have the
// same keys, in the same order) and then sets every sheet's fields by
// index. SetIndex(i, v) does exactly what Set(k, v) does for a key k that
// FieldIndex gives i for, errors included.
type IndexedSheet interface {
	Sheet
	// FieldIndex returns the place in Keys of the field key names, as Set
	// reads key; false for a key Set refuses as unknown.
	FieldIndex(key string) (int, bool)
	SetIndex(i int, value string) error
}

// SetByName is an IndexedSheet's Set: the field key names, set by its
// place, so that Set and the loader's SetIndex cannot drift apart. sys is
// the system's id, for the message naming the fields of an unknown key.
func SetByName(s IndexedSheet, sys, key, value string) error {
	i, ok := s.FieldIndex(key)
	if !ok {
		return fmt.Errorf("unknown field %q (%s fields: %s)", strings.ToLower(strings.TrimSpace(key)), sys, strings.Join(s.Keys(), " "))
	}
	return s.SetIndex(i, value)
}

// KeyPlaces maps a sheet's keys to their places in Keys, for FieldIndex.
type KeyPlaces map[string]int

// NewKeyPlaces maps each of keys to its place.
func NewKeyPlaces(keys []string) KeyPlaces {
	m := make(KeyPlaces, len(keys))
	for i, k := range keys {
		m[k] = i
	}
	return m
}

// Find returns the place of key, written in any case.
func (m KeyPlaces) Find(key string) (int, bool) {
	i, ok := m[strings.ToLower(key)]
	return i, ok
}

// Combatant is one participant in an encounter.
//
// It is two records: the fields a round changes (initiative, the
// round's marks, status, the turns and time it has taken) kept in the
// Combatant itself, and the rest (who it is, its sheet, conditions,
// place, the rest of its tally) in its Profile, whose fields read as the
// Combatant's own (cb.Name). Undo keeps a copy of every combatant a
// command changes, and the saver reads those copies on another
// goroutine, so they are never changed in place; a new round in osr
// changes every combatant three times, so the copy a change makes is
// small (32 bytes; 224 when it was one record) and shares the profile
// when that did not change. A Combatant always has a Profile. In the
// tracker's working encounter the profile is lent by the frozen state
// until a command changes it (OwnProfile), so that the two hold one
// profile per combatant, not two.
type Combatant struct {
	Init int // initiative total (or the system's ordering score)
	// TurnTime and Turns are the tally's counts a turn changes: the time
	// its turns took and the turns begun (see Tally).
	TurnTime time.Duration
	Turns    int32
	Status   Status
	HasInit  bool
	Delaying bool
	Acted    bool // has taken its action this round (systems that track it)
	*Profile
}

// Profile is the part of a combatant a round leaves alone: its name,
// side, sheet, conditions and place. See Combatant.
type Profile struct {
	ID   int
	Name string
	Side string
	Note string
	Tie  int // tie-break value, higher acts first; set by the system
	// Hidden keeps the combatant out of the players' view (an ambush not
	// yet sprung); the game master sees it as always.
	Hidden bool
	// shared says the profile is the frozen state's (undo's and the
	// saver's), never changed in place: a working combatant holding it
	// borrows it, and OwnProfile copies it before a change. lent says a
	// working profile's sheet is still the frozen state's, which OwnSheet
	// copies before a change. A deep copy (Clone) is neither.
	shared bool
	lent   bool
	Conds  []Condition
	sheet  Sheet
	// Zone is where the combatant stands, as the GM wrote it: a number
	// (zones in a row, so distance is their difference) or a named area;
	// "" when nobody said. See Encounter.Engage for close combat.
	Zone string
	// Engaged lists, sorted, the IDs of those it is engaged with in close
	// combat. Encounter.Engage and Disengage keep it symmetric.
	Engaged []int
	// Band names the group of combatants it acts with as one, sharing one
	// initiative and one entry in the order (add 6 goblin group), in the
	// systems whose own rules have no groups of their own; "" for none.
	Band string
	// Strikes is the rest of its tally: attacks, hits, harm.
	Strikes Strikes
	// TurnState is what the system keeps of the combatant for the round
	// or turn under way, sorted by kind (see TurnVal); nil for none.
	TurnState []TurnVal
}

// Strikes is the part of a combatant's Tally that attacks and harm
// change.
type Strikes struct {
	Attacks int // attacks made (one per target)
	Hits    int // of those, the ones that did harm
	Dealt   int // harm its attacks did, in steps of the scale
	Taken   int // harm it suffered from anything, in steps
}

// Tally returns what the combatant did and suffered over the fight.
func (c *Combatant) Tally() Tally {
	return Tally{Turns: int(c.Turns), Attacks: c.Strikes.Attacks, Hits: c.Strikes.Hits,
		Dealt: c.Strikes.Dealt, Taken: c.Strikes.Taken, Time: c.TurnTime}
}

// SetTally sets the combatant's tally; t.Turns must be within MaxNumber.
func (c *Combatant) SetTally(t Tally) {
	c.Turns, c.TurnTime = int32(t.Turns), t.Time
	if s := (Strikes{Attacks: t.Attacks, Hits: t.Hits, Dealt: t.Dealt, Taken: t.Taken}); s != c.Strikes {
		c.OwnProfile().Strikes = s
	}
}

// SetTie sets the combatant's tie-break value, taking its profile
// (OwnProfile) only when the value changes: a new round clears everyone's.
func (c *Combatant) SetTie(v int) {
	if c.Tie != v {
		c.OwnProfile().Tie = v
	}
}

// NewCombatant returns a combatant with an empty profile, for the
// caller to fill.
func NewCombatant() *Combatant { return &Combatant{Profile: new(Profile)} }

// Cond returns the condition with this label (case-insensitive), if present.
func (c *Combatant) Cond(label string) (Condition, bool) {
	for _, k := range c.Conds {
		if strings.EqualFold(k.Label, label) {
			return k, true
		}
	}
	return Condition{}, false
}

// HasCond reports whether the combatant has a condition with this label.
func (c *Combatant) HasCond(label string) bool {
	_, ok := c.Cond(label)
	return ok
}

// SetCond adds a condition or replaces the duration of an existing one
// (a round given now replaces a turn it was tied to).
func (c *Combatant) SetCond(label string, expires int) {
	for i, k := range c.Conds {
		if strings.EqualFold(k.Label, label) {
			if n := (Condition{Label: k.Label, Expires: expires}); n != k {
				c.OwnProfile().Conds[i] = n
			}
			return
		}
	}
	p := c.OwnProfile()
	p.Conds = append(p.Conds, Condition{Label: label, Expires: expires})
}

// PutCond adds a condition, or replaces the one with the same label
// (ignoring case), duration and all.
func (c *Combatant) PutCond(k Condition) {
	for i, o := range c.Conds {
		if strings.EqualFold(o.Label, k.Label) {
			if o != k {
				c.OwnProfile().Conds[i] = k
			}
			return
		}
	}
	p := c.OwnProfile()
	p.Conds = append(p.Conds, k)
}

// DropCond removes a condition; it reports whether one was there.
func (c *Combatant) DropCond(label string) bool {
	for i, k := range c.Conds {
		if strings.EqualFold(k.Label, label) {
			p := c.OwnProfile()
			p.Conds = append(p.Conds[:i:i], p.Conds[i+1:]...)
			return true
		}
	}
	return false
}
