package model

import (
	"fmt"
	"sort"
	"strings"
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

	Combatants []*Combatant // in the order they were added
	Order      []int        // IDs in acting order, kept by the system
	NextID     int

	RNG   uint64 // state of the seeded dice generator
	Queue []int  // die faces queued by the `dice` command

	Log []Entry
}

// New returns an empty encounter for a system.
func New(system string, seed uint64) *Encounter {
	return &Encounter{System: system, Options: map[string]string{}, Turn: map[string]string{}, NextID: 1, RNG: seed}
}

// Clone returns a deep copy of everything but the log, which the caller
// shares: the log only ever grows, and undo truncates it by length.
func (e *Encounter) Clone() *Encounter {
	n := *e
	n.Options = cloneMap(e.Options)
	n.Turn = cloneMap(e.Turn)
	n.Combatants = make([]*Combatant, len(e.Combatants))
	for i, c := range e.Combatants {
		n.Combatants[i] = c.Clone()
	}
	n.Order = append([]int(nil), e.Order...)
	n.Queue = append([]int(nil), e.Queue...)
	return &n
}

func cloneMap(m map[string]string) map[string]string {
	n := make(map[string]string, len(m))
	for k, v := range m {
		n[k] = v
	}
	return n
}

// ByID returns the combatant with this ID, or nil.
func (e *Encounter) ByID(id int) *Combatant {
	for _, c := range e.Combatants {
		if c.ID == id {
			return c
		}
	}
	return nil
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
	q := strings.ToLower(strings.TrimSpace(name))
	if q == "" {
		return nil, &NotFoundError{Query: name}
	}
	var matches []*Combatant
	for _, c := range e.Combatants {
		n := strings.ToLower(c.Name)
		if n == q {
			return c, nil
		}
		if strings.HasPrefix(n, q) {
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

// Add appends a combatant, giving it the next ID. The name must be new.
func (e *Encounter) Add(c *Combatant) error {
	if strings.TrimSpace(c.Name) == "" {
		return fmt.Errorf("a combatant needs a name")
	}
	for _, o := range e.Combatants {
		if strings.EqualFold(o.Name, c.Name) {
			return fmt.Errorf("there is already a combatant called %q", o.Name)
		}
	}
	c.ID = e.NextID
	e.NextID++
	e.Combatants = append(e.Combatants, c)
	e.Order = append(e.Order, c.ID)
	return nil
}

// Remove deletes a combatant by ID. If it was the current one, the turn
// passes to nobody; the caller's turn engine decides what comes next.
func (e *Encounter) Remove(id int) {
	for i, c := range e.Combatants {
		if c.ID == id {
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
	cs := append([]*Combatant(nil), e.Combatants...)
	sort.SliceStable(cs, func(i, j int) bool { return less(cs[i], cs[j]) })
	e.Order = e.Order[:0]
	for _, c := range cs {
		e.Order = append(e.Order, c.ID)
	}
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
func (e *Encounter) Append(en Entry) {
	en.Seq = len(e.Log) + 1
	en.Round = e.Round
	e.Log = append(e.Log, en)
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
		kept := c.Conds[:0]
		for _, k := range c.Conds {
			if k.Expires > 0 && k.Expires <= n {
				e.Event("%s is no longer %s", c.Name, k.Label)
				continue
			}
			kept = append(kept, k)
		}
		c.Conds = kept
	}
}
