package osr_test

import (
	"testing"

	"fray/rules"
)

// Ara (DEX 16, d8) and Gob (DEX 10, d6): Ara acts at count 5, Gob at 3.
func countdown(t *testing.T, extra ...string) *rules.Tracker {
	t.Helper()
	tr := newTracker(t, append([]string{addAra, addGob, addGrub}, extra...)...)
	run(t, tr, "next", "dice 5 3 3", "next")
	return tr
}

func TestWhoMayActInTheCountdown(t *testing.T) {
	tr := countdown(t)
	// Not Gob's count yet; Ara's attack is hers.
	fails(t, tr, "attack Gob Ara", "Gob acts at count 3 (now count 5)")
	run(t, tr, "dice 2", "attack Ara Gob")
	// Twice on its own turn: one attack a round.
	fails(t, tr, "attack Ara Gob", "Ara has already attacked this round")
	// The GM may push it through; the log says so.
	from := tr.E.Log.Len()
	run(t, tr, "dice 2", "force attack Ara Gob")
	hasEvent(t, tr, from, "forced: Ara has already attacked this round")
	// A free attack the rules grant is out of turn.
	run(t, tr, "dice 2", "attack Gob Ara free")
	// Gob and Grub act together at count 3; Ara has acted.
	run(t, tr, "next")
	fails(t, tr, "attack Ara Gob", "Ara has already acted this round")
	run(t, tr, "dice 2", "attack Gob Ara", "dice 2", "attack Grub Ara")
	run(t, tr, "set Grub status=dead")
	fails(t, tr, "attack Grub Ara", "Grub is dead")
	// The bookkeeping is never refused.
	run(t, tr, "damage Ara 1", "heal Ara 1", "cond Ara blessed 2", "note fine", "set Ara hp=9", "save Ara")
}

func TestWhoMayActDeclareHeldAndSurprise(t *testing.T) {
	tr := newTracker(t, addAra, addGob, "next")
	fails(t, tr, "attack Ara Gob", "round 1: declare spells and charges first")
	run(t, tr, "hold Gob", "dice 5", "next")
	fails(t, tr, "attack Gob Ara", "Gob holds its action: it acts with the held actions after count 1")
	run(t, tr, "force act Gob", "dice 2", "attack Gob Ara")
	fails(t, tr, "attack Gob Ara", "already attacked")
	run(t, tr, "next", "next") // past count 5 and the held step: round 2
	tr = newTracker(t, addAra, addGob, "surprise Gob 1", "next")
	fails(t, tr, "attack Gob Ara", "Gob is surprised")
	run(t, tr, "dice 2", "attack Ara Gob")
	fails(t, tr, "attack Ara Gob", "already attacked")
}

// A monster may have several attacks a round (attacks=N), and each
// surprise segment is a full round of its own.
func TestAttacksARound(t *testing.T) {
	tr := newTracker(t, addAra, addGob, "set Gob attacks=3", "surprise Ara 2", "next")
	for i := 0; i < 3; i++ {
		run(t, tr, "dice 2", "attack Gob Ara")
	}
	fails(t, tr, "attack Gob Ara", "Gob has already made its 3 attacks this round")
	run(t, tr, "next", "dice 2", "attack Gob Ara")
}

// Bows (not crossbows) shoot twice a round, only for an archer who does
// not move.
func TestBowShootsTwiceStandingStill(t *testing.T) {
	tr := countdown(t, `set Ara weapons="sword 1d8, bow 1d6 bow, crossbow 1d6 missile"`)
	run(t, tr, "dice 2", "attack Ara Gob with=bow", "dice 2", "attack Ara Gob with=bow")
	fails(t, tr, "attack Ara Gob with=bow", "Ara has already made its 2 attacks this round")
	fails(t, tr, "move Ara 3", "Ara shot twice standing still this round: no moving as well")
	tr = countdown(t, `set Ara weapons="sword 1d8, bow 1d6 bow, crossbow 1d6 missile"`)
	run(t, tr, "dice 2", "attack Ara Gob with=crossbow")
	fails(t, tr, "attack Ara Gob with=crossbow", "Ara has already attacked this round")
	tr = countdown(t, `set Ara weapons="sword 1d8, bow 1d6 bow"`)
	run(t, tr, "move Ara 2", "dice 2", "attack Ara Gob with=bow")
	fails(t, tr, "attack Ara Gob with=bow", "Ara has already attacked this round (a bow shoots twice only for an archer who has not moved)")
}

// Before the first next anyone able may act, but one marked surprised
// "can be attacked freely without the ability to respond": its time comes
// once its surprise segments are over.
func TestSurprisedWaitsBeforeTheFight(t *testing.T) {
	tr := newTracker(t, addAra, addGob, "surprise Gob 2")
	fails(t, tr, "attack Gob Ara", "Gob is surprised")
	run(t, tr, "dice 2", "attack Ara Gob", "dice 2", "force attack Gob Ara")
	if rules.MayAct(tr.Sys, tr.E, comb(t, tr, "Gob"), rules.OnTurn) == nil {
		t.Error("the form would offer Gob")
	}
}

// The order of battle: those who won initiative act, then those who lost,
// then "anyone who 'held' initiative acts … (both sides simultaneously)".
// A held action waits for that step: act refuses it during the count
// (force takes it there anyway), and in the held step all who held act.
func TestHeldActionsComeLast(t *testing.T) {
	tr := countdown(t) // count 5: Ara; Gob and Grub at 3
	run(t, tr, "hold Gob")
	fails(t, tr, "act Gob", "held actions are taken together after count 1")
	fails(t, tr, "attack Gob Ara", "Gob holds its action")
	run(t, tr, "next") // count 3: Grub
	fails(t, tr, "act Gob", "held actions are taken together after count 1")
	run(t, tr, "next") // the held step
	if header(tr) != "Round 1 · held" {
		t.Fatalf("header %q", header(tr))
	}
	run(t, tr, "dice 2", "attack Gob Ara")
}
