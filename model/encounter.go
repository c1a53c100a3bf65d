package model

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"sync"
)

// Encounter is one fight: the system it uses, its combatants, turn state,
// dice state and log.
type Encounter struct {
	System  string
	Options map[string]string
	Title   string

	Round   int // 0 until combat starts
	Current int // ID of the combatant whose turn it is; 0 for none
	Phase   string
	Count   int               // a countdown value for systems that have one
	Turn    map[string]string // further turn state a system keeps
	Ended   bool              // the fight is over: the order stands still
	Clock   Clock             // how long the fight and the turn have run

	Combatants []*Combatant // in the order they were added
	Order      []int        // IDs in acting order, kept by the system
	NextID     int

	RNG   uint64 // state of the seeded dice generator
	Queue []int  // die faces queued by the `dice` command

	// The log: Archive's entries, when a long log was read from a file
	// (nil otherwise), then Log's. Only Log grows; LogLen, LogEntry and
	// WholeLog read the whole of it.
	Archive LogArchive
	Log     Log
}

// New returns an empty encounter for a system.
func New(system string, seed uint64) *Encounter {
	return &Encounter{System: system, Options: map[string]string{}, Turn: map[string]string{}, NextID: 1, RNG: seed}
}

// cloneApart is how many combatants each half of a copy made on two cores
// has at least (Clone); a variable for the tests.
var cloneApart = 256

// Clone returns a deep copy of everything but the log, whose blocks it
// shares: its log is sealed (Log.Sealed), so what either adds never
// reaches the other's entries, and the copy's first entry copies at most
// a block. A nil
// map or slice stays nil and an empty one stays empty, so a restored copy
// is indistinguishable from the original.
func (e *Encounter) Clone() *Encounter { return e.clone(false) }

// Freeze is Clone for a copy nobody will change (undo's frozen state):
// each combatant's copy takes its profile, which e's combatant then
// borrows (Combatant.Freeze) rather than a copy of each profile.
func (e *Encounter) Freeze() *Encounter { return e.clone(true) }

func (e *Encounter) clone(frozen bool) *Encounter {
	n := *e
	n.Log = e.Log.Sealed()
	n.Options = maps.Clone(e.Options)
	n.Turn = maps.Clone(e.Turn)
	if e.Combatants != nil {
		// One block for all the copies: a snapshot is taken before every
		// command, and one allocation beats one per combatant.
		n.Combatants = make([]*Combatant, len(e.Combatants))
		block := make([]Combatant, len(e.Combatants))
		var profiles []Profile // a frozen copy takes the profiles it may lend
		if !frozen {
			profiles = make([]Profile, len(e.Combatants))
		}
		copies := func(from, to int) {
			for i := from; i < to; i++ {
				if frozen {
					e.Combatants[i].freezeInto(&block[i])
				} else {
					e.Combatants[i].cloneInto(&block[i], &profiles[i])
				}
				n.Combatants[i] = &block[i]
			}
		}
		// A big fight's copy (a tracker's first, on the way to the first
		// frame) is made in two halves, one on another core.
		var other sync.WaitGroup
		mine := len(e.Combatants)
		if mine >= 2*cloneApart {
			mine /= 2
			other.Add(1)
			go func() { defer other.Done(); copies(mine, len(e.Combatants)) }()
		}
		copies(0, mine)
		other.Wait()
	}
	n.Order = slices.Clone(e.Order)
	n.Queue = slices.Clone(e.Queue)
	return &n
}

// ByID returns the combatant with this ID, or nil. Combatants are kept in
// the order they were added and IDs only grow, so the slice is sorted by ID
// and a binary search finds it (at once while no one has left, the IDs
// then having no gaps); views call this for every visible row.
// Add and the save loader are the only places IDs are given out.
func (e *Encounter) ByID(id int) *Combatant {
	if i := IndexOf(e.Combatants, id); i >= 0 {
		return e.Combatants[i]
	}
	return nil
}

// IndexOf returns the place in cs, a list of combatants in the order they
// were added (as Encounter.Combatants), of the one with this ID, or -1.
func IndexOf(cs []*Combatant, id int) int {
	if len(cs) > 0 {
		// Until someone leaves, IDs run without gaps: look there first.
		if i := id - cs[0].ID; i >= 0 && i < len(cs) && cs[i].ID == id {
			return i
		}
	}
	lo, hi := 0, len(cs)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if cs[m].ID < id {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(cs) && cs[lo].ID == id {
		return lo
	}
	return -1
}

// NotFoundError says no combatant matches a name.
type NotFoundError struct{ Query string }

func (e *NotFoundError) Error() string {
	return fmt.Sprintf("no combatant called %q", e.Query)
}

// AmbiguousError says a name prefix matches more than one combatant.
type AmbiguousError struct {
	Query   string
	Matches []string
}

func (e *AmbiguousError) Error() string {
	return fmt.Sprintf("%q matches %s: type more of the name", e.Query, strings.Join(e.Matches, ", "))
}

// Find looks a combatant up by name: an exact match (ignoring case) wins,
// otherwise the name must be a prefix of exactly one combatant's name.
func (e *Encounter) Find(name string) (*Combatant, error) {
	query := strings.TrimSpace(name)
	q := strings.ToLower(query)
	if q == "" {
		return nil, &NotFoundError{Query: name}
	}
	var matches []*Combatant
	for _, c := range e.Combatants {
		// Exact means the same fold Add uses to refuse a duplicate, so
		// every combatant is found by its own name.
		n := trimmed(c.Name)
		if sameName(n, query) {
			return c, nil
		}
		if lowerPrefix(n, q) {
			matches = append(matches, c)
		}
	}
	switch len(matches) {
	case 0:
		return nil, &NotFoundError{Query: name}
	case 1:
		return matches[0], nil
	}
	names := make([]string, len(matches))
	for i, c := range matches {
		names[i] = c.Name
	}
	return nil, &AmbiguousError{Query: name, Matches: names}
}

// Add appends a combatant, giving it the next ID. Spaces around the name
// are dropped (Find could not match them); the name must be new.
func (e *Encounter) Add(c *Combatant) error {
	name := strings.TrimSpace(c.Name)
	if name == "" {
		return fmt.Errorf("a combatant needs a name")
	}
	for _, o := range e.Combatants {
		if sameName(trimmed(o.Name), name) {
			return fmt.Errorf("there is already a combatant called %q", o.Name)
		}
	}
	p := c.OwnProfile()
	p.Name = name
	p.ID = e.NextID
	e.NextID++
	e.Combatants = append(e.Combatants, c)
	e.Order = append(e.Order, c.ID)
	return nil
}

// Remove deletes a combatant by ID, ending its engagements. If it was the
// current one, the turn passes to nobody; the caller's turn engine
// decides what comes next.
func (e *Encounter) Remove(id int) {
	for i, c := range e.Combatants {
		if c.ID == id {
			e.DisengageAll(c)
			e.Combatants = append(e.Combatants[:i:i], e.Combatants[i+1:]...)
			break
		}
	}
	for i, o := range e.Order {
		if o == id {
			e.Order = append(e.Order[:i:i], e.Order[i+1:]...)
			break
		}
	}
	if e.Current == id {
		e.Current = 0
	}
}

// SortOrder rebuilds Order from all combatants using less, a stable sort
// so equal keys keep the order in which they were added.
func (e *Encounter) SortOrder(less func(a, b *Combatant) bool) {
	if e.moveOne(less) {
		return
	}
	// On a list lent by sortLists: osr sorts all of a big fight twice a
	// round, and a copy of the list each time is 8 KB at 1000.
	p := sortLists.Get().(*[]*Combatant)
	cs := append((*p)[:0], e.Combatants...)
	slices.SortStableFunc(cs, func(a, b *Combatant) int {
		switch {
		case less(a, b):
			return -1
		case less(b, a):
			return 1
		}
		return 0
	})
	e.Order = e.Order[:0]
	for _, c := range cs {
		e.Order = append(e.Order, c.ID)
	}
	clear(cs)
	*p = cs[:0]
	sortLists.Put(p)
}

// sortLists lends SortOrder a list to sort, kept empty between uses.
var sortLists = sync.Pool{New: func() any { return new([]*Combatant) }}

// moveOne is SortOrder's quick path for the commonest cases: Order
// already sorted (one pass finds it), or sorted but for one entry (a
// combatant just added, which Add puts last, or one whose score a command
// changed), which is then moved to its place instead of sorting it all.
// The order is SortOrder's: by less, then as added (IDs grow as
// combatants are added). It reports false, changing nothing, when Order
// is in neither shape.
func (e *Encounter) moveOne(less func(a, b *Combatant) bool) bool {
	n := len(e.Order)
	if n < 2 || n != len(e.Combatants) {
		return false
	}
	before := func(a, b *Combatant) bool { return less(a, b) || (!less(b, a) && a.ID < b.ID) }
	// d is the first place the order goes wrong: Order[d] should not come
	// before Order[d+1]. Either of the two may be the one out of place.
	d := -1
	prev := e.ByID(e.Order[0])
	for i := 1; i < n && d < 0; i++ {
		c := e.ByID(e.Order[i])
		if prev == nil || c == nil {
			return false
		}
		if !before(prev, c) {
			d = i - 1
		}
		prev = c
	}
	if d < 0 {
		return true // sorted as it is
	}
	for _, k := range [2]int{d + 1, d} {
		if e.sortedWithout(k, max(0, d-1), before) {
			e.moveTo(k, before)
			return true
		}
	}
	return false
}

// sortedWithout reports whether Order from entry from on is sorted once
// entry k is left out.
func (e *Encounter) sortedWithout(k, from int, before func(a, b *Combatant) bool) bool {
	var prev *Combatant
	for i := from; i < len(e.Order); i++ {
		if i == k {
			continue
		}
		c := e.ByID(e.Order[i])
		if c == nil || (prev != nil && !before(prev, c)) {
			return false
		}
		prev = c
	}
	return true
}

// moveTo moves entry k of Order to its place among the others, which are
// sorted.
func (e *Encounter) moveTo(k int, before func(a, b *Combatant) bool) {
	id := e.Order[k]
	x := e.ByID(id)
	o := append(e.Order[:k], e.Order[k+1:]...)
	at := sort.Search(len(o), func(i int) bool { return before(x, e.ByID(o[i])) })
	o = o[:len(o)+1]
	copy(o[at+1:], o[at:])
	o[at] = id
	e.Order = o
}

// OrderIndex returns the position of an ID in Order, or -1.
func (e *Encounter) OrderIndex(id int) int {
	for i, o := range e.Order {
		if o == id {
			return i
		}
	}
	return -1
}

// Append adds an entry to the log, numbering it and stamping the round.
// The log grows by a block at a time (Log), never copying what it holds.
func (e *Encounter) Append(en Entry) {
	en.Seq = e.LogLen() + 1
	en.Round = e.Round
	e.Log.Add(en)
}

// Event logs a plain sentence.
func (e *Encounter) Event(format string, args ...any) {
	e.Append(Entry{Kind: KindEvent, Text: fmt.Sprintf(format, args...)})
}

// StartRound sets the round number and ends every condition that expires
// at its start, logging each.
func (e *Encounter) StartRound(n int) {
	e.Round = n
	for _, c := range e.Combatants {
		if !slices.ContainsFunc(c.Conds, func(k Condition) bool { return k.Expires > 0 && k.Expires <= n }) {
			continue
		}
		p := c.OwnProfile()
		kept := p.Conds[:0]
		for _, k := range p.Conds {
			if k.Expires > 0 && k.Expires <= n {
				e.Event("%s is no longer %s", p.Name, k.Label)
				continue
			}
			kept = append(kept, k)
		}
		p.Conds = kept
	}
}
