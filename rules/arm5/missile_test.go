package arm5_test

import (
	"testing"
)

// With the nomissiles option a combatant engaged in melee cannot shoot;
// once every foe engaged with it is down, it can.
func TestNoMissilesWhileEngaged(t *testing.T) {
	tr := newTracker(t, `add Archer dex=1 abilityname=Bows ability=5 weapon=bow init=9`, addAlan,
		"option engagement on", "engage Archer Alan", "next")
	run(t, tr, "dice 3 3", "attack Archer Alan missile")
	run(t, tr, "option nomissiles on")
	unchanged(t, tr, "force attack Archer Alan missile", "Archer is engaged in melee with Alan: no missiles (nomissiles option)")
	run(t, tr, "cond Alan prone", "dice 3 3", "force attack Archer Alan missile")
}

// An arbalest's spanning, interrupted, is taken up where it stopped; a
// crossbow spanned with a belt hook starts over.
func TestSpanningResumes(t *testing.T) {
	tr := newTracker(t, `add Foe init=9`, `add Xbow weapon=arbalest sta=2 init=5`, `add Hook weapon=crossbow init=1`,
		"option ready on", "next", "next", "extended Xbow span", "next", "extended Hook span",
		"next", "next", "next", "next", "next")
	if current(tr) != "Xbow" || tr.E.Round != 3 {
		t.Fatalf("round %d, %s's turn", tr.E.Round, current(tr))
	}
	from := len(tr.E.Log)
	run(t, tr, "dice 2", "concentrate Xbow 9")
	hasEvent(t, tr, from, "Xbow's spanning arbalest fails and stops")
	if got := field(t, tr, "Xbow", "Spanning"); got != "2 round(s) done, to be taken up again (extended Xbow span)" {
		t.Errorf("Spanning field %q", got)
	}
	from = len(tr.E.Log)
	run(t, tr, "force extended Xbow span")
	hasEvent(t, tr, from, "Xbow takes up spanning arbalest where it stopped: 2 of 4 round(s) left")
	if m := tr.Sys.Order(tr.E).Rows[1].Marks; len(m) == 0 || m[0] != "spanning arbalest 2/4" {
		t.Errorf("order marks %v", m)
	}
	run(t, tr, "next", "extended Hook stop", "force extended Hook span")
	hasEvent(t, tr, len(tr.E.Log)-1, "Hook begins spanning crossbow: 3 round(s); an attack or other distraction calls for a Concentration roll")
	run(t, tr, "next", "next", "next", "next")
	from = len(tr.E.Log)
	run(t, tr, "next", "next")
	hasEvent(t, tr, from, "Xbow finishes spanning arbalest")
	if !comb(t, tr, "Xbow").HasCond("ready") {
		t.Error("the arbalest is not ready")
	}
}
