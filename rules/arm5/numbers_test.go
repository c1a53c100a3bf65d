package arm5_test

import (
	"fmt"
	"testing"

	"fray/rules/arm5"
	"fray/rules/dice"
)

func TestStressDie(t *testing.T) {
	cases := []struct {
		queue   []int
		botch   int
		total   int
		botches int
		faces   []int
	}{
		{[]int{5}, 1, 5, 0, []int{5}},
		{[]int{9}, 1, 9, 0, []int{9}},
		{[]int{1, 4}, 1, 8, 0, []int{1, 4}},
		{[]int{1, 1, 4}, 1, 16, 0, []int{1, 1, 4}},
		{[]int{1, 0}, 1, 20, 0, []int{1, 10}}, // a zero on a re-roll counts 10
		{[]int{0, 3}, 1, 0, 0, []int{0, 3}},   // zero, botch die not zero: plain 0
		{[]int{0, 0}, 1, 0, 1, []int{0, 0}},
		{[]int{0, 0, 5, 0}, 3, 0, 2, []int{0, 0, 5, 0}},
		{[]int{0, 7}, 0, 0, 0, []int{0}}, // cannot botch: no botch dice rolled
	}
	for _, c := range cases {
		t.Run(fmt.Sprint(c.queue, c.botch), func(t *testing.T) {
			var st uint64 = 1
			q := append([]int(nil), c.queue...)
			r, err := dice.New(&st, &q, nil).Stress("x", "test", c.botch)
			if err != nil {
				t.Fatal(err)
			}
			if r.Total != c.total || r.Botches != c.botches || r.Botched != (c.botches > 0) || fmt.Sprint(r.Faces) != fmt.Sprint(c.faces) {
				t.Errorf("got total %d botches %d faces %v; want %d %d %v", r.Total, r.Botches, r.Faces, c.total, c.botches, c.faces)
			}
		})
	}
}

func TestBurdenAndEncumbrance(t *testing.T) {
	burden := map[int]int{0: 0, 1: 1, 2: 1, 3: 2, 5: 2, 6: 3, 10: 4, 14: 4, 15: 5, 21: 6, 28: 7, 36: 8, 45: 9, 54: 9, 55: 10}
	for load, want := range burden {
		if got := arm5.Burden(load); got != want {
			t.Errorf("Burden(%d) = %d, want %d", load, got, want)
		}
	}
	enc := []struct{ load, str, want int }{
		{6, 1, 2}, {6, 3, 0}, {6, 0, 3}, {6, -2, 3}, {10, 2, 2}, {0, 0, 0},
	}
	for _, c := range enc {
		if got := arm5.Encumbrance(c.load, c.str); got != c.want {
			t.Errorf("Encumbrance(load %d, Str %d) = %d, want %d", c.load, c.str, got, c.want)
		}
	}
}

func TestWoundBands(t *testing.T) {
	cases := []struct{ excess, size, want int }{
		{0, 0, 0}, {-3, 0, 0},
		{1, 0, arm5.Light}, {5, 0, arm5.Light}, {6, 0, arm5.Medium}, {10, 0, arm5.Medium},
		{11, 0, arm5.Heavy}, {15, 0, arm5.Heavy}, {16, 0, arm5.Incap}, {20, 0, arm5.Incap},
		{21, 0, arm5.Fatal}, {100, 0, arm5.Fatal},
		{4, -1, arm5.Light}, {5, -1, arm5.Medium}, {8, -1, arm5.Medium}, {9, -1, arm5.Heavy},
		{16, -1, arm5.Incap}, {17, -1, arm5.Fatal},
		{7, 2, arm5.Light}, {8, 2, arm5.Medium}, {14, 2, arm5.Medium}, {15, 2, arm5.Heavy},
		{28, 2, arm5.Incap}, {29, 2, arm5.Fatal},
		{1, -10, arm5.Light}, {5, -10, arm5.Fatal}, // bands at least 1 wide
	}
	for _, c := range cases {
		if got := arm5.WoundLevel(c.excess, c.size); got != c.want {
			t.Errorf("WoundLevel(%d, Size %d) = %d, want %d", c.excess, c.size, got, c.want)
		}
	}
}

func TestPenalties(t *testing.T) {
	for lvl, want := range []int{0, 0, -1, -3, -5} {
		if got := arm5.FatiguePenalty(lvl); got != want {
			t.Errorf("fatigue %s penalty %d, want %d", arm5.FatigueName(lvl), got, want)
		}
	}
	s := &arm5.Sheet{Sta: 2, Prot: 4}
	if s.Soak() != 6 {
		t.Errorf("Soak %d, want 6", s.Soak())
	}
	s.Wounds[arm5.Light] = 2
	s.Wounds[arm5.Medium] = 1
	s.Bruises[arm5.Heavy] = 1
	s.Fatigue = 2
	if got := s.Penalty(); got != -2-3-5-1 {
		t.Errorf("penalty %d, want -11", got)
	}
	if s.Soak() != 6 {
		t.Error("penalties changed Soak")
	}
}

func TestSheetText(t *testing.T) {
	s := &arm5.Sheet{}
	for k, v := range map[string]string{"qik": "+2", "fatigue": "Weary", "bladed": "yes", "weapon": "Sword, Long"} {
		if err := s.Set(k, v); err != nil {
			t.Fatal(err)
		}
	}
	if s.Qik != 2 || s.Fatigue != 2 || !s.Bladed || s.WAtk != 4 || s.WDam != 6 {
		t.Errorf("sheet after sets: %+v", s)
	}
	if v, _ := s.Get("fatigue"); v != "weary" {
		t.Errorf("fatigue reads %q", v)
	}
	before := *s
	for _, kv := range [][2]string{{"qik", "x"}, {"fatigue", "9"}, {"light", "-1"}, {"bladed", "maybe"}, {"nosuch", "1"}, {"init", "3"}} {
		if err := s.Set(kv[0], kv[1]); err == nil {
			t.Errorf("set %s=%s: no error", kv[0], kv[1])
		}
	}
	if *s != before {
		t.Error("a failed Set changed the sheet")
	}
	c := s.Clone().(*arm5.Sheet)
	c.Wounds[1] = 9
	if s.Wounds[1] == 9 {
		t.Error("Clone shares wound counts")
	}
	// Every key round-trips through Get and Set.
	n := &arm5.Sheet{}
	for _, k := range s.Keys() {
		v, ok := s.Get(k)
		if !ok {
			t.Fatalf("Get(%q) missing", k)
		}
		if err := n.Set(k, v); err != nil {
			t.Fatalf("Set(%q, %q): %v", k, v, err)
		}
	}
	if *n != *s {
		t.Errorf("round trip: %+v != %+v", n, s)
	}
}
