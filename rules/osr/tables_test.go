package osr_test

import (
	"testing"

	"fray/rules/osr"
)

func TestInitDieTable(t *testing.T) {
	for _, tc := range []struct{ dex, sides int }{
		{30, 20}, {25, 20}, {24, 12}, {21, 12}, {20, 10}, {18, 10}, {17, 8}, {15, 8},
		{14, 6}, {9, 6}, {8, 4}, {6, 4}, {5, 3}, {4, 3}, {3, 2}, {0, 2},
	} {
		if got := osr.InitDie(tc.dex); got != tc.sides {
			t.Errorf("InitDie(%d) = d%d, want d%d", tc.dex, got, tc.sides)
		}
	}
}

func TestMightyBlowsTable(t *testing.T) {
	type want struct {
		name                        string
		flesh                       bool
		stun                        int
		saveOut, out, saveDie, dead bool
		mangled                     bool
		con                         int
	}
	bands := []struct {
		lo, hi int
		w      want
	}{
		{1, 6, want{name: "flesh wound", flesh: true, con: 1}},
		{7, 14, want{name: "painful blow", flesh: true, stun: 3, con: 2}},
		{15, 17, want{name: "crushing blow", flesh: true, stun: 6, saveOut: true, con: 4}},
		{18, 19, want{name: "incapacitating strike", out: true, saveDie: true, con: 8}},
		{20, 20, want{name: "deadly blow", dead: true, con: osr.ConAll}},
		{21, 30, want{name: "mangled", dead: true, mangled: true, con: osr.ConAll}},
	}
	for _, b := range bands {
		for n := b.lo; n <= b.hi; n++ {
			got, ok := osr.MightyBlow(n)
			g := want{got.Name, got.Flesh, got.Stun, got.SaveOrOut, got.Out, got.SaveOrDie, got.Dead, got.Mangled, got.Con}
			if !ok || g != b.w {
				t.Errorf("MightyBlow(%d) = %+v %v, want %+v", n, g, ok, b.w)
			}
		}
	}
	for _, n := range []int{0, -1, -12} {
		if _, ok := osr.MightyBlow(n); ok {
			t.Errorf("MightyBlow(%d) is not negated", n)
		}
	}
}

func TestSaveLowering(t *testing.T) {
	for _, tc := range []struct{ total, target, low int }{
		{17, 10, 7}, // the source's example: 19 becomes 12
		{10, 10, 1}, // a bare success still lowers by 1
		{11, 10, 1},
		{12, 10, 2},
		{9, 10, 0},
		{30, 10, 20},
	} {
		if got := osr.SaveLowering(tc.total, tc.target); got != tc.low {
			t.Errorf("SaveLowering(%d, %d) = %d, want %d", tc.total, tc.target, got, tc.low)
		}
	}
	if b, _ := osr.MightyBlow(19 - osr.SaveLowering(17, 10)); b.Name != "painful blow" {
		t.Errorf("19 lowered by a 17 against 10: %s", b.Name)
	}
}

func TestDeathBands(t *testing.T) {
	for _, tc := range []struct {
		hp   int
		band osr.Band
	}{
		{5, osr.Standing}, {1, osr.Standing}, {0, osr.SaveOrDrop}, {-5, osr.SaveOrDrop},
		{-6, osr.DownSave}, {-10, osr.DownSave}, {-11, osr.Slain}, {-40, osr.Slain},
	} {
		if got := osr.DeathBand(tc.hp); got != tc.band {
			t.Errorf("DeathBand(%d) = %d, want %d", tc.hp, got, tc.band)
		}
	}
}
