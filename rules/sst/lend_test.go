package sst_test

import (
	"testing"

	"fray/model"
)

// The rolls of the other side of a hold or a knockdown change that side's
// sheet (its Effort or +1 is used up): these take the other's sheet for
// changing, which undo then restores. Under model.CheckLending a sheet
// changed without OwnSheet fails the command.

// TestOtherSideSpendsEffort: the held one's break is met by the holder's
// BODY roll, and a knockdown by the foe's roll to stay up; each spends
// that side's Effort.
func TestOtherSideSpendsEffort(t *testing.T) {
	for _, tc := range []struct {
		who   string
		setup []string
		line  []string
	}{
		{"Roland", []string{"add Roland pc=yes side=heroes dice=6,6,6,5,5,1", "add Gob side=goblins armour=1 dice=4,3,3,3,3",
			"next", "close Roland Gob", "dice 5 5 2 2", "attack Roland Gob hold", "one Roland effort", "next"},
			[]string{"dice 5 6 2 2  5 1 1 1 1", "hold Gob break cost=3"}},
		{"Ogre", []string{"add Roland pc=yes side=heroes body=4 dice=6,6,6,5,5,4", "add Ogre side=goblins size=3 body=4 dice=4,1",
			"next", "close Roland Ogre", "one Ogre effort"},
			[]string{"dice 6 6 6 5  5 2 2 2 2", "knockdown Roland Ogre"}},
	} {
		tr := newTracker(t, tc.setup...)
		if !sheet(t, tr, tc.who).Effort {
			t.Fatalf("setup: %s has no Effort waiting", tc.who)
		}
		from := tr.E.Log.Len()
		run(t, tr, tc.line...)
		hasEvent(t, tr, from, tc.who+"'s Effort adds a die")
		if sheet(t, tr, tc.who).Effort {
			t.Errorf("%s: %s's Effort is still waiting", tc.line[1], tc.who)
		}
		run(t, tr, "undo")
		if !sheet(t, tr, tc.who).Effort {
			t.Errorf("%s: undo did not give %s's Effort back", tc.line[1], tc.who)
		}
	}
}

// TestFoeDropsHeavyWeaponInClose: the one closed with drops its heavy
// weapon too, a change to its sheet.
func TestFoeDropsHeavyWeaponInClose(t *testing.T) {
	tr := newTracker(t, "add Roland pc=yes side=heroes weapon=light dice=6,5,4,3", "add Gob side=goblins weapon=heavy dice=5,4,4", "next")
	from := tr.E.Log.Len()
	run(t, tr, "close Roland Gob")
	hasEvent(t, tr, from, "Gob drops the heavy weapon: it cannot be used InClose (dropped=heavy; set Gob weapon=heavy to take it up)")
	wantGet(t, tr, "Gob", "weapon", "fists")
	run(t, tr, "undo")
	wantGet(t, tr, "Gob", "weapon", "heavy")
	wantGet(t, tr, "Gob", "dropped", "")
}

// TestBleederBleedsAtRefresh: at the refresh a bleeder rolls BODY against
// its bleeding, and a failure costs it a Physical rank: a change to its
// sheet before every pool is rolled anew, which undo takes back.
func TestBleederBleedsAtRefresh(t *testing.T) {
	tr := newTracker(t, `add V phys=5 ment=5 body=2 bleed="right leg" dice=6,5`, "add W dice=6", "next", "refresh", "pass V")
	before := sheet(t, tr, "V").Clone()
	from := tr.E.Log.Len()
	run(t, tr, "dice 1 2", "pass W")
	hasEvent(t, tr, from, "V fails the BODY roll against bleeding (right leg)")
	hasEvent(t, tr, from, "V loses a Physical rank (bleeding from the right leg): Physical 4 of 5 left")
	run(t, tr, "undo")
	if !model.SheetsEqual(before, sheet(t, tr, "V")) {
		t.Error("undo did not give V's sheet back as it was")
	}
}
