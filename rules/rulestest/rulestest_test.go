package rulestest

import "testing"

type fld struct {
	key string
	num *int
	lo  int
}

func TestFieldTableAgrees(t *testing.T) {
	var a, b int
	all := []fld{{"a", &a, 0}, {"b", &b, 1}}
	one := func(k string) (fld, bool) {
		for _, f := range all {
			if f.key == k {
				return f, true
			}
		}
		return fld{}, false
	}
	FieldTable(t, all, func(f fld) string { return f.key }, one)
}

func TestSameValueSpotsADifference(t *testing.T) {
	var a, b int
	x, y := fld{"a", &a, 0}, fld{"a", &b, 0}
	got := sameFields(t, x, y)
	if got {
		t.Fatal("two fields pointing at different ints compared equal")
	}
	if !sameFields(t, x, x) {
		t.Fatal("a field differs from itself")
	}
}
