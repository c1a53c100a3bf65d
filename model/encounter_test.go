package model

import (
	"errors"
	"reflect"
	"slices"
	"strconv"
	"testing"
	"time"
)

// numSheet is a one-field sheet for tests: n, a whole number.
type numSheet struct{ n []int }

func (s *numSheet) Clone() Sheet   { return &numSheet{n: slices.Clone(s.n)} }
func (s *numSheet) Keys() []string { return []string{"n"} }
func (s *numSheet) Get(k string) (string, bool) {
	if k != "n" || len(s.n) == 0 {
		return "", false
	}
	return strconv.Itoa(s.n[0]), true
}
func (s *numSheet) Set(k, v string) error {
	x, err := strconv.Atoi(v)
	if err != nil || k != "n" {
		return errors.New("bad")
	}
	s.n = []int{x}
	return nil
}

func withNames(t *testing.T, names ...string) *Encounter {
	t.Helper()
	e := New("test", 7)
	for _, n := range names {
		if err := e.Add(&Combatant{Profile: (&Profile{Name: n}).WithSheet(&numSheet{n: []int{1}})}); err != nil {
			t.Fatal(err)
		}
	}
	return e
}

func TestFind(t *testing.T) {
	e := withNames(t, "Alan", "Alana", "Brother Marcus", "Bruce", "Élodie")
	for _, tc := range []struct{ q, want string }{
		{"alan", "Alan"}, {"ALAN", "Alan"}, {" alan ", "Alan"}, {"alana", "Alana"}, {"alan", "Alan"},
		{"bro", "Brother Marcus"}, {"brother m", "Brother Marcus"}, {"bru", "Bruce"}, {"élo", "Élodie"}, {"ÉLODIE", "Élodie"},
	} {
		c, err := e.Find(tc.q)
		if err != nil || c.Name != tc.want {
			t.Errorf("Find(%q) = %v, %v; want %s", tc.q, c, err, tc.want)
		}
	}
	_, err := e.Find("br")
	var amb *AmbiguousError
	if !errors.As(err, &amb) || !slices.Equal(amb.Matches, []string{"Brother Marcus", "Bruce"}) || amb.Query != "br" {
		t.Errorf("Find(br): %v", err)
	}
	for _, q := range []string{"", "  ", "zed", "alanx"} {
		var nf *NotFoundError
		if _, err := e.Find(q); !errors.As(err, &nf) {
			t.Errorf("Find(%q): %v, want NotFoundError", q, err)
		}
	}
}

func TestAdd(t *testing.T) {
	e := withNames(t, "Alan")
	for _, n := range []string{"alan", "ALAN", " Alan ", "", "   "} {
		if err := e.Add(&Combatant{Profile: &Profile{Name: n}}); err == nil {
			t.Errorf("Add(%q): no error", n)
		}
	}
	// Names that lower-case alike but do not fold alike stay apart.
	u := withNames(t, "İvo", "ivo")
	for _, c := range u.Combatants {
		if got, err := u.Find(c.Name); got != c {
			t.Errorf("Find(%q) = %v, %v", c.Name, got, err)
		}
	}
	if len(e.Combatants) != 1 || e.NextID != 2 || len(e.Order) != 1 {
		t.Fatalf("refused adds changed the encounter: %+v", e)
	}
	c := &Combatant{Profile: &Profile{Name: "  Bruce\t"}}
	if err := e.Add(c); err != nil {
		t.Fatal(err)
	}
	if c.ID != 2 || c.Name != "Bruce" || !slices.Equal(e.Order, []int{1, 2}) {
		t.Fatalf("added %+v, order %v", c, e.Order)
	}
	if got, _ := e.Find("bruce"); got != c {
		t.Fatal("Find does not see the new combatant")
	}
}

func TestRemove(t *testing.T) {
	e := withNames(t, "A", "B", "C")
	e.Current = 2
	e.Remove(2)
	if e.Current != 0 || e.ByID(2) != nil || !slices.Equal(e.Order, []int{1, 3}) || len(e.Combatants) != 2 {
		t.Fatalf("after Remove(current): current %d order %v", e.Current, e.Order)
	}
	e.Current = 1
	e.Remove(3)
	e.Remove(42)
	if e.Current != 1 || !slices.Equal(e.Order, []int{1}) {
		t.Fatalf("after Remove(other): current %d order %v", e.Current, e.Order)
	}
	if e.OrderIndex(1) != 0 || e.OrderIndex(3) != -1 {
		t.Fatal("OrderIndex")
	}
}

func TestCloneIsDeep(t *testing.T) {
	t.Run("one core", func(t *testing.T) { cloneIsDeep(t, "A", "B") })
	// A copy made in two halves, the second on another core (cloneApart).
	defer func(n int) { cloneApart = n }(cloneApart)
	cloneApart = 1
	t.Run("two halves", func(t *testing.T) { cloneIsDeep(t, "A", "B", "C", "D", "E") })
}

func cloneIsDeep(t *testing.T, names ...string) {
	e := withNames(t, names...)
	e.Combatants[0].SetCond("prone", 3)
	e.Options["x"] = "1"
	e.Turn["t"] = "2"
	e.Queue = []int{4, 5}
	e.Event("hello")
	want := e.Clone()
	want.Log = LogOf(slices.Clone(e.Log.From(0)))
	wantCopy := e.Clone() // a second copy to compare with after mutating the first
	wantCopy.Log = LogOf(slices.Clone(e.Log.From(0)))

	n := e.Clone()
	n.Combatants[0].Conds[0].Label = "standing"
	n.Combatants[0].SetCond("stunned", 0)
	_ = n.Combatants[1].Sheet().Set("n", "99")
	n.Combatants[1].Name = "Z"
	n.Combatants = append(n.Combatants[:1], &Combatant{Profile: &Profile{Name: "Q"}})
	n.Order[0] = 9
	n.Queue[0] = 9
	n.Options["x"] = "2"
	n.Turn["t"] = "3"
	n.Round = 5
	if !reflect.DeepEqual(e, wantCopy) {
		t.Fatalf("mutating a clone changed the original:\n%+v\n%+v", e, wantCopy)
	}
	// Mutating the original does not change an earlier clone either.
	e.Combatants[0].DropCond("prone")
	_ = e.Combatants[0].Sheet().Set("n", "50")
	if !want.Combatants[0].HasCond("prone") {
		t.Fatal("the clone lost its condition")
	}
	if v, _ := want.Combatants[0].Sheet().Get("n"); v != "1" {
		t.Fatalf("the clone's sheet is %s", v)
	}
	for i, c := range want.Combatants {
		if c.Name != names[i] || c == e.Combatants[i] || c.Profile == e.Combatants[i].Profile {
			t.Fatalf("copy %d is %q, shared %v", i, c.Name, c == e.Combatants[i])
		}
	}
}

func TestCloneKeepsNilAndEmpty(t *testing.T) {
	e := &Encounter{Order: []int{}, Queue: nil}
	c := e.Clone()
	if c.Order == nil || c.Queue != nil || c.Options != nil || c.Turn != nil || c.Combatants != nil {
		t.Fatalf("clone %+v", c)
	}
	if !reflect.DeepEqual(e, c) {
		t.Fatal("a clone of an empty encounter differs from it")
	}
	cb := &Combatant{Profile: &Profile{Name: "A"}}
	if k := cb.Clone(); k.Conds != nil || k.Sheet() != nil {
		t.Fatalf("combatant clone %+v", k)
	}
}

func TestStartRound(t *testing.T) {
	e := withNames(t, "A", "B")
	a, b := e.Combatants[0], e.Combatants[1]
	a.SetCond("stunned", 2)
	a.SetCond("prone", 0)
	a.SetCond("blessed", 3)
	b.SetCond("stunned", 2)
	e.StartRound(1)
	if len(a.Conds) != 3 || len(b.Conds) != 1 || e.Log.Len() != 0 {
		t.Fatalf("round 1 ended conditions: %v %v", a.Conds, b.Conds)
	}
	e.StartRound(2)
	if !slices.Equal(a.Conds, []Condition{{Label: "prone", Expires: 0}, {Label: "blessed", Expires: 3}}) || len(b.Conds) != 0 {
		t.Fatalf("round 2: %v %v", a.Conds, b.Conds)
	}
	var texts []string
	for _, en := range e.Log.All() {
		texts = append(texts, en.Text)
		if en.Round != 2 || en.Kind != KindEvent {
			t.Errorf("expiry entry %+v", en)
		}
	}
	if want := []string{"A is no longer stunned", "B is no longer stunned"}; !slices.Equal(texts, want) {
		t.Fatalf("log %q, want %q", texts, want)
	}
	e.StartRound(5) // a skipped round still ends what expired in between
	if !slices.Equal(a.Conds, []Condition{{Label: "prone", Expires: 0}}) || e.Round != 5 {
		t.Fatalf("round 5: %v", a.Conds)
	}
}

func TestAppendNumbers(t *testing.T) {
	e := New("test", 1)
	e.Round = 3
	e.Append(Entry{Kind: KindCommand, Seq: 99, Round: 99, Text: "next"})
	e.Event("%s acts", "A")
	if e.Log.At(0).Seq != 1 || e.Log.At(0).Round != 3 || e.Log.At(1).Seq != 2 || e.Log.At(1).Text != "A acts" {
		t.Fatalf("log %+v", e.Log.From(0))
	}
}

func TestSortOrderStable(t *testing.T) {
	e := withNames(t, "A", "B", "C", "D")
	for i, v := range []int{5, 9, 5, 9} {
		e.Combatants[i].Init = v
	}
	e.SortOrder(func(a, b *Combatant) bool { return a.Init > b.Init })
	if !slices.Equal(e.Order, []int{2, 4, 1, 3}) {
		t.Fatalf("order %v", e.Order)
	}
}

// A clock nobody keeps is read at its last save; one kept, or standing
// anyway (before the fight, after its end), at the moment asked.
func TestClockReadAt(t *testing.T) {
	mark := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	now := mark.Add(time.Hour)
	running := Clock{Fight: time.Minute, Mark: mark}
	if got := running.ReadAt(now, true); !got.Equal(now) || running.Paused(true) {
		t.Errorf("kept: %v, paused %v", got, running.Paused(true))
	}
	if got := running.ReadAt(now, false); !got.Equal(mark) || !running.Paused(false) {
		t.Errorf("not kept: %v, paused %v", got, running.Paused(false))
	}
	if f, _ := running.At(running.ReadAt(now, false)); f != time.Minute {
		t.Errorf("not kept: fight %v, want the minute saved", f)
	}
	standing := Clock{Fight: time.Minute}
	if got := standing.ReadAt(now, false); !got.Equal(now) || standing.Paused(false) {
		t.Errorf("standing: %v, paused %v", got, standing.Paused(false))
	}
}
