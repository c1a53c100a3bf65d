package model

import (
	"slices"
	"testing"
)

func TestEngage(t *testing.T) {
	e := withNames(t, "A", "B", "C")
	a, b, c := e.Combatants[0], e.Combatants[1], e.Combatants[2]
	if !e.Engage(a, c) || !e.Engage(a, b) || e.Engage(b, a) || e.Engage(a, a) {
		t.Fatal("Engage reports")
	}
	if !slices.Equal(a.Engaged, []int{2, 3}) || !slices.Equal(b.Engaged, []int{1}) || !slices.Equal(c.Engaged, []int{1}) {
		t.Fatalf("engaged %v %v %v", a.Engaged, b.Engaged, c.Engaged)
	}
	snap := e.Clone()
	if !e.Disengage(b, a) || e.Disengage(b, a) {
		t.Fatal("Disengage reports")
	}
	if !slices.Equal(a.Engaged, []int{3}) || b.Engaged != nil {
		t.Fatalf("after disengage %v %v", a.Engaged, b.Engaged)
	}
	if !slices.Equal(snap.Combatants[0].Engaged, []int{2, 3}) || !snap.ByID(2).EngagedWith(1) {
		t.Fatal("a clone shares engagements with the original")
	}
	e.Remove(3)
	if a.Engaged != nil {
		t.Fatalf("a removed combatant is still engaged: %v", a.Engaged)
	}
	e.Engage(a, b)
	if fs := e.DisengageAll(a); len(fs) != 1 || fs[0] != b || b.EngagedWith(1) || len(e.Foes(a)) != 0 {
		t.Fatal("DisengageAll")
	}
}

func TestDistance(t *testing.T) {
	z := func(s string) *Combatant { return &Combatant{Profile: &Profile{Zone: s}} }
	for _, tc := range []struct {
		a, b        string
		same, known bool
		d           int
		dk          bool
	}{
		{"", "", false, false, 0, false},
		{"2", "", false, false, 0, false},
		{"2", "2", true, true, 0, true},
		{"2", "5", false, true, 3, true},
		{"7", "5", false, true, 2, true},
		{"Bar", "bar", true, true, 0, true},
		{"bar", "stairs", false, true, 0, false},
		{"bar", "3", false, true, 0, false},
	} {
		same, known := SameZone(z(tc.a), z(tc.b))
		d, dk := Distance(z(tc.a), z(tc.b))
		if same != tc.same || known != tc.known || d != tc.d || dk != tc.dk {
			t.Errorf("%q %q: same %v %v, distance %d %v", tc.a, tc.b, same, known, d, dk)
		}
	}
}
