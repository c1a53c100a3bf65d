package model

import (
	"reflect"
	"testing"
)

// lendSheet is numSheet lent by the tracker (Lendable).
type lendSheet struct{ numSheet }

func (s *lendSheet) Clone() Sheet { return &lendSheet{numSheet: *s.numSheet.Clone().(*numSheet)} }
func (*lendSheet) Lendable()      {}

// lentPair returns a working combatant in e that borrows the profile of
// the frozen f, and a deep copy of f to compare f with later. The
// working one has a condition, turn state and an engagement to change.
func lentPair(t *testing.T) (e *Encounter, w, f, was *Combatant) {
	t.Helper()
	e = New("test", 1)
	for _, n := range []string{"Ann", "Bob", "Cyd"} {
		if err := e.Add(&Combatant{Profile: (&Profile{Name: n}).WithSheet(&lendSheet{numSheet{n: []int{1}}})}); err != nil {
			t.Fatal(err)
		}
	}
	w = e.Combatants[0]
	w.SetCond("prone", 2)
	w.SetTurn("declared", "melee")
	e.Engage(w, e.Combatants[1])
	frozen := e.Freeze()
	f = frozen.Combatants[0]
	if w.Profile != f.Profile || !w.Shared() || !w.Lent() {
		t.Fatal("the working combatant does not borrow the frozen profile")
	}
	return e, w, f, f.Clone()
}

// TestProfileWritersOwnIt: every model method that changes a profile's
// field takes the working combatant's profile first (OwnProfile), so
// that the frozen profile it borrowed is left as it was; a method that
// changes nothing copies nothing. With lending as fray runs it (not
// CheckLending), a write before OwnProfile lands in the frozen profile.
func TestProfileWritersOwnIt(t *testing.T) {
	defer func(was bool) { CheckLending = was }(CheckLending)
	CheckLending = false
	for _, tc := range []struct {
		name   string
		change func(e *Encounter, w *Combatant)
	}{
		{"SetTally", func(_ *Encounter, w *Combatant) { w.SetTally(Tally{Attacks: 2, Hits: 1}) }},
		{"SetTie", func(_ *Encounter, w *Combatant) { w.SetTie(4) }},
		{"SetCond new", func(_ *Encounter, w *Combatant) { w.SetCond("stunned", 3) }},
		{"SetCond again", func(_ *Encounter, w *Combatant) { w.SetCond("PRONE", 5) }},
		{"PutCond new", func(_ *Encounter, w *Combatant) { w.PutCond(Condition{Label: "held", Until: UntilEnd, Who: 2}) }},
		{"PutCond again", func(_ *Encounter, w *Combatant) { w.PutCond(Condition{Label: "prone", Expires: 9}) }},
		{"DropCond", func(_ *Encounter, w *Combatant) { w.DropCond("prone") }},
		{"SetTurn new", func(_ *Encounter, w *Combatant) { w.SetTurn("aim", "1") }},
		{"SetTurn after", func(_ *Encounter, w *Combatant) { w.SetTurn("moved", "1") }},
		{"SetTurn again", func(_ *Encounter, w *Combatant) { w.SetTurn("declared", "missile") }},
		{"DropTurn", func(_ *Encounter, w *Combatant) { w.DropTurn("declared") }},
		{"Disengage", func(e *Encounter, w *Combatant) { e.Disengage(w, e.Combatants[1]) }},
		{"Disengage other", func(e *Encounter, w *Combatant) { e.Disengage(e.Combatants[1], w) }},
		{"DisengageAll", func(e *Encounter, w *Combatant) { e.DisengageAll(w) }},
		{"DisengageAll other", func(e *Encounter, w *Combatant) { e.DisengageAll(e.Combatants[1]) }},
		{"Engage", func(e *Encounter, w *Combatant) { e.Engage(w, e.Combatants[2]) }},
		{"Engage other", func(e *Encounter, w *Combatant) { e.Engage(e.Combatants[2], w) }},
		{"StartRound", func(e *Encounter, _ *Combatant) { e.StartRound(2) }},
		{"Add", func(_ *Encounter, w *Combatant) {
			o := New("test", 1)
			o.NextID = 7
			if err := o.Add(w); err != nil {
				t.Fatal(err)
			}
		}},
		{"OwnSheet", func(_ *Encounter, w *Combatant) { _ = w.OwnSheet().Set("n", "5") }},
		{"SetSheet", func(_ *Encounter, w *Combatant) { w.SetSheet(&lendSheet{numSheet{n: []int{8}}}) }},
	} {
		e, w, f, was := lentPair(t)
		before := w.Clone()
		tc.change(e, w)
		if !reflect.DeepEqual(f.Clone(), was) {
			t.Errorf("%s changed the frozen profile the working combatant borrowed", tc.name)
		}
		if w.Equal(before) {
			t.Errorf("%s changed nothing", tc.name)
		}
		if w.Profile == f.Profile || w.Shared() {
			t.Errorf("%s left the working combatant without a profile of its own", tc.name)
		}
	}
	for _, tc := range []struct {
		name   string
		change func(e *Encounter, w *Combatant)
	}{
		{"SetTally as it is", func(_ *Encounter, w *Combatant) { w.SetTally(w.Tally()) }},
		{"SetTie as it is", func(_ *Encounter, w *Combatant) { w.SetTie(w.Tie) }},
		{"SetCond as it is", func(_ *Encounter, w *Combatant) { w.SetCond("prone", 2) }},
		{"PutCond as it is", func(_ *Encounter, w *Combatant) { w.PutCond(w.Conds[0]) }},
		{"SetTurn as it is", func(_ *Encounter, w *Combatant) { w.SetTurn("declared", "melee") }},
		{"DropCond of none", func(_ *Encounter, w *Combatant) { w.DropCond("asleep") }},
		{"DropTurn of none", func(_ *Encounter, w *Combatant) { w.DropTurn("aim") }},
		{"StartRound expiring nothing", func(e *Encounter, _ *Combatant) { e.StartRound(1) }},
	} {
		e, w, f, _ := lentPair(t)
		tc.change(e, w)
		if w.Profile != f.Profile {
			t.Errorf("%s copied the profile", tc.name)
		}
	}
}

// TestUnlendableProfileIsCopied: a profile whose sheet is not Lendable
// (its system may change it through Sheet) is not lent: the frozen state
// holds a copy, and the working combatant's profile is its own.
func TestUnlendableProfileIsCopied(t *testing.T) {
	e := withNames(t, "Ann")
	w := e.Combatants[0]
	f := e.Freeze().Combatants[0]
	if w.Profile == f.Profile || w.Shared() || w.Lent() || w.Sheet() == f.Sheet() {
		t.Fatal("a profile with a sheet that is not Lendable was lent")
	}
	if p := w.Profile; w.OwnProfile() != p {
		t.Fatal("OwnProfile copied a profile of the combatant's own")
	}
	w.Sheet().(*numSheet).n[0] = 9
	w.Zone = "3"
	if f.Zone != "" || f.Sheet().(*numSheet).n[0] != 1 {
		t.Fatal("a change to the working profile reached the frozen copy")
	}
}
