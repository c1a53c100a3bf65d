package sst_test

import "testing"

// The rolls of the other side of a hold or a knockdown change that side's
// sheet (its Effort or +1 is used up): these take the other's sheet for
// changing, which undo then restores. Under model.CheckLending a sheet
// changed without OwnSheet fails the command.

// TestHeldBreakUsesHolderEffort: the held one's break is met by the
// holder's BODY roll, which spends the holder's Effort.
func TestHeldBreakUsesHolderEffort(t *testing.T) {
	tr := newTracker(t, "add Roland pc=yes side=heroes dice=6,6,6,5,5,1", "add Gob side=goblins armour=1 dice=4,3,3,3,3",
		"next", "close Roland Gob", "dice 5 5 2 2", "attack Roland Gob hold", "one Roland effort", "next")
	if !sheet(t, tr, "Roland").Effort {
		t.Fatal("setup: Roland has no Effort waiting")
	}
	from := tr.E.Log.Len()
	run(t, tr, "dice 5 6 2 2  5 1 1 1 1", "hold Gob break cost=3")
	hasEvent(t, tr, from, "Roland's Effort adds a die")
	if sheet(t, tr, "Roland").Effort {
		t.Error("Roland's Effort is still waiting")
	}
	run(t, tr, "undo")
	if !sheet(t, tr, "Roland").Effort {
		t.Error("undo did not give Roland's Effort back")
	}
}

// TestKnockdownUsesFoeEffort: the foe's BODY roll to stay up spends its
// Effort.
func TestKnockdownUsesFoeEffort(t *testing.T) {
	tr := newTracker(t, "add Roland pc=yes side=heroes body=4 dice=6,6,6,5,5,4", "add Ogre side=goblins size=3 body=4 dice=4,1",
		"next", "close Roland Ogre", "one Ogre effort")
	from := tr.E.Log.Len()
	run(t, tr, "dice 6 6 6 5  5 2 2 2 2", "knockdown Roland Ogre")
	hasEvent(t, tr, from, "Ogre's Effort adds a die")
	if sheet(t, tr, "Ogre").Effort {
		t.Error("the ogre's Effort is still waiting")
	}
	run(t, tr, "undo")
	if !sheet(t, tr, "Ogre").Effort {
		t.Error("undo did not give the ogre's Effort back")
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
