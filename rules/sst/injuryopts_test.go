package sst_test

import "testing"

// injury's options are refused where they would be quietly dropped: an
// effect off the table (it reads 1 to 7), and a shift of a location the
// GM named rather than rolled. Nothing changes.
func TestInjuryOptionsOffTheTable(t *testing.T) {
	tr := newTracker(t, "add V pc=yes phys=5 ment=5 body=2 dice=6,5,4,3", "add W dice=6", "next")
	for _, c := range []struct{ line, want string }{
		{"injury V loc=chest effect=8", "effect is 1 to 7"},
		{"injury V loc=chest effect=12", "effect is 1 to 7"},
		{"injury V loc=chest effect=0", "effect is 1 to 7"},
		{"injury V loc=chest shift=head", "shift= moves a rolled location"},
	} {
		n := tr.E.Log.Len()
		fails(t, tr, c.line, c.want)
		if tr.E.Log.Len() != n || len(comb(t, tr, "V").Conds) != 0 {
			t.Errorf("%s changed the fight", c.line)
		}
	}
	run(t, tr, "injury V loc=chest effect=7")
}
