package sst_test

import "testing"

// heal's track is optional, as its usage says: heal NAME N takes back N
// Physical ranks. A count given to bleed or burn, which end everything at
// once, is refused rather than dropped.
func TestHealCountAlone(t *testing.T) {
	tr := newTracker(t, "add V pc=yes phys=5 ment=5 lphys=3 lment=2")
	run(t, tr, "heal V 2")
	wantGet(t, tr, "V", "lphys", "1")
	run(t, tr, "heal V ment 2")
	wantGet(t, tr, "V", "lment", "0")
	fails(t, tr, "heal V bleed 2", "bleed takes no count")
	fails(t, tr, "heal V 0", "heal a track by a number of ranks")
}
