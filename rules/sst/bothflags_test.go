package sst_test

import "testing"

// Options that cannot go together are refused, not settled by which the
// code reads last: a clear both rolled and bought with a 1, ground both
// rough and difficult, a Pool action paid with more than its one die.
// Nothing changes.
func TestOptionsThatExcludeEachOther(t *testing.T) {
	tr := newTracker(t, "add V pc=yes phys=5 ment=5 body=2 dice=6,5,4,1 dodge=3", "add W dice=6", "next")
	for _, c := range []struct{ line, want string }{
		{"clear V roll one", "a roll or one, not both"},
		{"drive V rough difficult", "rough or difficult, not both"},
		{"pool V dice=6,5", "paid with one die"},
	} {
		n := tr.E.Log.Len()
		fails(t, tr, c.line, c.want)
		if tr.E.Log.Len() != n {
			t.Errorf("%s changed the fight", c.line)
		}
	}
}
