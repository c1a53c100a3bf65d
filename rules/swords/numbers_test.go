package swords_test

import (
	"testing"

	"fray/rules/swords"
)

func TestHealthTable(t *testing.T) {
	for _, c := range []struct {
		hit  int
		want swords.Health
	}{
		{0, swords.OK}, {4, swords.OK}, {5, swords.Hurt}, {9, swords.Hurt},
		{10, swords.Wounded}, {14, swords.Wounded}, {15, swords.Crippled},
		{19, swords.Crippled}, {20, swords.Dead}, {55, swords.Dead}, {-3, swords.OK},
	} {
		if got := swords.HealthOf(c.hit); got != c.want {
			t.Errorf("HealthOf(%d) = %s, want %s", c.hit, got, c.want)
		}
	}
	if swords.Crippled.String() != "Crippled" || swords.Health(9).String() != "Health(9)" {
		t.Error("health names")
	}
}

// Doublings is the one scale behind army power and the grappling mass
// bonus: +2 per doubling, +1 more once past the geometric halfway point.
func TestDoublings(t *testing.T) {
	for _, c := range []struct{ big, small, want int }{
		{350, 120, 3},  // the source's armies: 2.9 times the size
		{800, 200, 4},  // the gorilla: four times the man
		{2400, 200, 7}, // the giant: twelve times the man
		{200, 800, 4},  // order does not matter
		{100, 100, 0},  // equal
		{141, 100, 0},  // just short of halfway to a doubling
		{142, 100, 1},  // halfway (√2 = 1.414…)
		{200, 100, 2},  // one doubling
		{283, 100, 3},  // past 2√2
		{1000, 1, 19},  // 2^9 = 512, 1000 ≥ 512·√2
		{5, 0, 0},      // an empty side gives no scale
		{0, 0, 0},      // nor two
		{1_000_000, 1, 39},
	} {
		if got := swords.Doublings(c.big, c.small); got != c.want {
			t.Errorf("Doublings(%d, %d) = %d, want %d", c.big, c.small, got, c.want)
		}
	}
}

func TestSheetKeys(t *testing.T) {
	s := &swords.Sheet{}
	*s = *swords.New().NewSheet().(*swords.Sheet)
	if v, _ := s.Get("stamina"); v != "10" {
		t.Fatalf("a new sheet has stamina %q, want the PCs' 10", v)
	}
	for _, kv := range [][2]string{
		{"weapon", "sword"}, {"wdam", "3"}, {"armor", "2"}, {"mounted", "yes"},
		{"maxstamina", "14"}, {"stamina", "9"}, {"largest", "6"}, {"mass", "180"},
	} {
		if err := s.Set(kv[0], kv[1]); err != nil {
			t.Fatalf("set %s=%s: %v", kv[0], kv[1], err)
		}
	}
	if v, _ := s.Get("wkind"); v != "melee" {
		t.Errorf("naming a weapon makes it melee, got %q", v)
	}
	if s.Health() != swords.Hurt || s.Stamina != 9 || !s.Mounted {
		t.Errorf("sheet %+v", s)
	}
	for _, bad := range [][2]string{
		{"wkind", "laser"}, {"stamina", "-1"}, {"str", "x"},
		{"mounted", "maybe"}, {"kind", "dragon"}, {"nosuch", "1"}, {"maxstamina", "0"},
	} {
		if err := s.Set(bad[0], bad[1]); err == nil {
			t.Errorf("set %s=%s accepted", bad[0], bad[1])
		}
	}
	if s.Stamina != 9 {
		t.Error("a failed set changed the sheet")
	}
	// A full track follows a new maximum; kind=army gives 100 hits.
	a := swords.New().NewSheet()
	if err := a.Set("kind", "army"); err != nil {
		t.Fatal(err)
	}
	if v, _ := a.Get("stamina"); v != "100" {
		t.Errorf("an army has %s hits, want 100", v)
	}
	// Every key reads back what it was set to, so saves round-trip.
	b := a.Clone()
	for _, k := range s.Keys() {
		v, ok := s.Get(k)
		if !ok {
			t.Fatalf("key %s not readable", k)
		}
		if err := b.Set(k, v); err != nil {
			t.Fatalf("set %s=%q back: %v", k, v, err)
		}
	}
	for _, k := range s.Keys() {
		v1, _ := s.Get(k)
		v2, _ := b.Get(k)
		if v1 != v2 {
			t.Errorf("%s: %q after round trip, want %q", k, v2, v1)
		}
	}
}
