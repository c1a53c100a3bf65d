package model

import (
	"strings"
	"testing"
	"time"

	"fray/model/modeltest"
)

// eqSheet is a sheet without an Equal method: SheetsEqual falls back to
// reflect.DeepEqual for it.
type eqSheet struct {
	N    int
	List []string
}

func (s *eqSheet) Clone() Sheet {
	n := *s
	n.List = append([]string(nil), s.List...)
	if s.List != nil && n.List == nil {
		n.List = []string{}
	}
	return &n
}
func (s *eqSheet) Keys() []string            { return nil }
func (s *eqSheet) Get(string) (string, bool) { return "", false }
func (s *eqSheet) Set(string, string) error  { return nil }

func fullCombatant() *Combatant {
	c := &Combatant{Init: 4, HasInit: true, Status: Unconscious, Profile: (&Profile{Tie: 1, Hidden: true, ID: 3, Name: "Alan", Side: "red", Note: "n", Zone: "2"}).WithSheet(&eqSheet{N: 1, List: []string{"a"}})}
	modeltest.Fill(c)
	return c
}

// TestCombatantEqualAndClone: Equal sees a change in any field of a
// combatant (so undo never misses one) and Clone shares nothing with the
// original. A field added to Combatant is checked without changing this
// test; if it fails, add the field to Equal (equal.go) and, if it holds a
// slice or map, to cloneInto.
func TestCombatantEqualAndClone(t *testing.T) {
	c := fullCombatant()
	fails := modeltest.Check(c, func(v any) any { return v.(*Combatant).Clone() },
		func(a, b any) bool { return a.(*Combatant).Equal(b.(*Combatant)) })
	for _, f := range fails {
		t.Error("Combatant: " + f + " (undo compares with Combatant.Equal in model/equal.go and copies with cloneInto: add the field there)")
	}
	// A change inside the sheet counts, through SheetsEqual.
	d := c.Clone()
	d.Sheet().(*eqSheet).List[0] = "b"
	if c.Equal(d) {
		t.Error("Equal misses a change inside the sheet")
	}
}

// TestSameState: SameState sees a change in any field of an encounter
// but its combatants and log, and Clone shares none of them.
func TestSameState(t *testing.T) {
	e := New("test", 7)
	e.Title, e.Round, e.Current, e.Phase, e.Count, e.NextID = "t", 2, 1, "p", 3, 4
	e.Clock = Clock{Fight: time.Second, Turn: time.Second, Mark: time.Now()}
	modeltest.Fill(e)
	e.Combatants, e.Log = nil, Log{}
	clone := func(v any) any { return v.(*Encounter).Clone() }
	same := func(a, b any) bool { return a.(*Encounter).SameState(b.(*Encounter)) }
	for _, v := range modeltest.Variants(e, clone) {
		if strings.HasPrefix(v.Path, "Combatants") || strings.HasPrefix(v.Path, "Log") {
			continue
		}
		if same(e, v.V) {
			t.Errorf("SameState misses a change of %s (add it to Encounter.SameState in model/equal.go, which undo compares with)", v.Path)
		}
	}
	if !same(e, e.Clone()) {
		t.Error("a clone is not in the same state")
	}
}

func TestSheetsEqual(t *testing.T) {
	a, b := &eqSheet{N: 1}, &eqSheet{N: 1}
	if !SheetsEqual(a, b) || SheetsEqual(a, &eqSheet{N: 2}) || SheetsEqual(a, nil) || !SheetsEqual(nil, nil) {
		t.Error("SheetsEqual by DeepEqual")
	}
	if SheetsEqual(&eqSheet{List: []string{}}, &eqSheet{}) {
		t.Error("an empty slice and a nil one must differ")
	}
}
