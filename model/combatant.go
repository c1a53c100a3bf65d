package model

import (
	"fmt"
	"slices"
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
// when that did not change. A Combatant always has a Profile; each one
// the rules change (in the tracker's working encounter) has a Profile of
// its own.
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
	// lent says the sheet may be shared with another profile: a working
	// profile's, lent by the frozen state (Lend), which OwnSheet copies
	// before a change; a frozen profile's, which it may lend. A deep copy
	// (Clone) owns its sheet.
	lent  bool
	Conds []Condition
	sheet Sheet
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
	c.Strikes = Strikes{Attacks: t.Attacks, Hits: t.Hits, Dealt: t.Dealt, Taken: t.Taken}
}

// NewCombatant returns a combatant with an empty profile, for the
// caller to fill.
func NewCombatant() *Combatant { return &Combatant{Profile: new(Profile)} }

// Clone returns a deep copy of the combatant.
func (c *Combatant) Clone() *Combatant {
	n := new(Combatant)
	c.cloneInto(n, nil)
	return n
}

// Sheet returns the combatant's sheet for reading: code that changes it
// takes it with OwnSheet. In the tracker's working encounter the sheet
// may be lent by the frozen state that undo and the saver keep (Lend), so
// a change made through Sheet would reach them: the systems whose sheets
// are lent (Lendable) write only through OwnSheet, and their tests run
// with CheckLending, which catches a change made any other way.
func (p *Profile) Sheet() Sheet { return p.sheet }

// OwnSheet returns the combatant's sheet for changing: a sheet lent by
// the frozen state is copied first, and the copy is the profile's own
// from then on.
func (p *Profile) OwnSheet() Sheet {
	if p.lent {
		if CheckLending {
			checkOwned(p)
		}
		p.sheet, p.lent = p.sheet.Clone(), false
	}
	return p.sheet
}

// SetSheet gives the profile a sheet of its own.
func (p *Profile) SetSheet(s Sheet) { p.sheet, p.lent = s, false }

// WithSheet is SetSheet for a profile being built: it returns p.
func (p *Profile) WithSheet(s Sheet) *Profile {
	p.SetSheet(s)
	return p
}

// Lendable is a sheet whose system changes it only through OwnSheet, so
// that the tracker may lend it: the working encounter and the frozen
// state then hold one sheet until a command changes it, rather than a
// copy each, and the tracker compares a lent sheet by its pointer. It is
// implemented by pointer types (*Sheet), which compare by ==.
type Lendable interface {
	Lendable()
}

// CheckLending makes Lend give the working profile a copy of the frozen
// sheet rather than the sheet itself, so that a change made through Sheet
// instead of OwnSheet lands in the copy, where Escaped finds it, rather
// than in the frozen state; OwnSheet then panics on a copy so changed
// (lentFrom). Tests set it; it costs what lending saves.
var CheckLending bool

// lendable reports whether the tracker may lend s (Lendable).
func lendable(s Sheet) bool {
	_, ok := s.(Lendable)
	return ok
}

// Lent reports whether the profile's sheet is lent by the frozen state.
func (p *Profile) Lent() bool { return p.lent }

// Lend makes the working profile p hold the frozen profile f's sheet
// until OwnSheet copies it, if the sheet is Lendable (under CheckLending,
// a copy marked as lent), and reports whether it did; else it changes
// nothing. Its caller knows the two sheets hold the same values, or wants
// p to hold f's.
func (p *Profile) Lend(f *Profile) bool {
	if !lendable(f.sheet) {
		return false
	}
	p.sheet, p.lent = f.sheet, true
	if CheckLending {
		p.sheet = f.sheet.Clone()
		noteLent(p, f.sheet)
	}
	return true
}

// Escaped reports whether the working profile p, whose sheet the frozen
// f lends, holds a sheet that differs from f's: a change made without
// OwnSheet, which undo would miss. Only CheckLending can tell (the sheet
// is otherwise f's own); false when p's sheet is not lent.
func (p *Profile) Escaped(f *Profile) bool {
	return p.lent && CheckLending && !SheetsEqual(p.sheet, f.sheet)
}

// CloneSharing is Clone for a copy nobody will change (undo's): it
// shares with old, another such copy, each part the two hold equal (the
// whole profile, or its sheet, conditions, engagements), so that a
// command that changed only a combatant's initiative copies the small
// record, not its profile. A sheet that changed is not copied: the copy
// takes c's, and c, a working combatant, borrows it back (Lend), so that
// it copies it only when reached again.
func (c *Combatant) CloneSharing(old *Combatant) *Combatant {
	n := *c
	n.Profile = old.Profile
	if c.Profile.Equal(old.Profile) {
		return &n
	}
	p := *c.Profile
	o := old.Profile
	p.Conds, p.Engaged, p.sheet, p.TurnState = o.Conds, o.Engaged, o.sheet, o.TurnState
	if !SameSlice(c.Conds, o.Conds) {
		p.Conds = slices.Clone(c.Conds)
	}
	if !SameSlice(c.TurnState, o.TurnState) {
		p.TurnState = slices.Clone(c.TurnState)
	}
	if !SameSlice(c.Engaged, o.Engaged) {
		p.Engaged = slices.Clone(c.Engaged)
	}
	if !SheetsEqual(c.sheet, o.sheet) {
		p.sheet = c.sheet
		if !c.Profile.Lend(&p) && c.sheet != nil {
			p.sheet = c.sheet.Clone()
		}
	}
	p.lent = lendable(p.sheet)
	n.Profile = &p
	return &n
}

// Freeze returns a copy of the working combatant c that nobody will
// change (undo's), taking c's sheet rather than copying it: c borrows it
// back (Lend) and copies it only when reached again.
func (c *Combatant) Freeze() *Combatant {
	n := new(Combatant)
	c.freezeInto(n, new(Profile))
	return n
}

// freezeInto is Freeze into n and p (one block for many).
func (c *Combatant) freezeInto(n *Combatant, p *Profile) {
	*n = *c
	p.copyOf(c.Profile)
	if !c.Profile.Lend(p) && c.sheet != nil {
		p.sheet = c.sheet.Clone()
	}
	p.lent = lendable(p.sheet)
	n.Profile = p
}

// Borrow makes the working combatant w a copy of the frozen f, in place
// (whoever holds w sees the change), borrowing f's sheet (Lend) rather
// than copying it.
func (w *Combatant) Borrow(f *Combatant) {
	p := new(Profile)
	*w = *f
	p.copyOf(f.Profile)
	p.lent = false
	if !p.Lend(f.Profile) && f.sheet != nil {
		p.sheet = f.sheet.Clone()
	}
	w.Profile = p
}

// cloneInto makes n a deep copy of c, its profile in p when p is not nil
// (one block for many), else in a new one.
func (c *Combatant) cloneInto(n *Combatant, p *Profile) {
	*n = *c
	if c.Profile == nil {
		return
	}
	if p == nil {
		p = new(Profile)
	}
	p.copyOf(c.Profile)
	p.lent = false // the copy's sheet is its own
	if c.sheet != nil {
		p.sheet = c.sheet.Clone()
	}
	n.Profile = p
}

// copyOf makes p a copy of o whose conditions, engagements and turn state
// are its own; the sheet is still o's, for the caller to lend or copy.
func (p *Profile) copyOf(o *Profile) {
	*p = *o
	p.Conds = slices.Clone(o.Conds)
	p.Engaged = slices.Clone(o.Engaged)
	p.TurnState = slices.Clone(o.TurnState)
}

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
			c.Conds[i] = Condition{Label: k.Label, Expires: expires}
			return
		}
	}
	c.Conds = append(c.Conds, Condition{Label: label, Expires: expires})
}

// PutCond adds a condition, or replaces the one with the same label
// (ignoring case), duration and all.
func (c *Combatant) PutCond(k Condition) {
	for i, o := range c.Conds {
		if strings.EqualFold(o.Label, k.Label) {
			c.Conds[i] = k
			return
		}
	}
	c.Conds = append(c.Conds, k)
}

// DropCond removes a condition; it reports whether one was there.
func (c *Combatant) DropCond(label string) bool {
	for i, k := range c.Conds {
		if strings.EqualFold(k.Label, label) {
			c.Conds = append(c.Conds[:i:i], c.Conds[i+1:]...)
			return true
		}
	}
	return false
}
