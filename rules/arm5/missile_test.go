package arm5_test

import (
	"testing"

	"fray/rules/arm5"
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
	from := tr.E.Log.Len()
	run(t, tr, "dice 2", "concentrate Xbow 9")
	hasEvent(t, tr, from, "Xbow's spanning arbalest fails and stops")
	if got := field(t, tr, "Xbow", "Spanning"); got != "2 rounds done, to be taken up again (extended Xbow span)" {
		t.Errorf("Spanning field %q", got)
	}
	from = tr.E.Log.Len()
	run(t, tr, "force extended Xbow span")
	hasEvent(t, tr, from, "Xbow takes up spanning arbalest where it stopped: 2 of 4 rounds left")
	if m := tr.Sys.Order(tr.E).Rows[1].Marks; len(m) == 0 || m[0] != "spanning arbalest 2/4" {
		t.Errorf("order marks %v", m)
	}
	run(t, tr, "next", "extended Hook stop", "force extended Hook span")
	hasEvent(t, tr, tr.E.Log.Len()-1, "Hook begins spanning crossbow: 3 rounds; an attack or other distraction calls for a Concentration roll")
	run(t, tr, "next", "next", "next", "next")
	from = tr.E.Log.Len()
	run(t, tr, "next", "next")
	hasEvent(t, tr, from, "Xbow finishes spanning arbalest")
	if !comb(t, tr, "Xbow").HasCond("ready") {
		t.Error("the arbalest is not ready")
	}
}

// A block-and-tackle arbalest spans in a (6 − Str)-round extended action
// and, like every arbalest, resumes where it stopped; a goat's-foot
// crossbow spans in two rounds (one by hand with Str +3, as any crossbow).
func TestSpanningMechanisms(t *testing.T) {
	w, ok := arm5.LookupWeapon("block-and-tackle arbalest")
	if !ok || w.Span != 6 || !w.SpanLessStr || w.Dam != 10 || w.Range != 30 {
		t.Fatalf("block-and-tackle arbalest: %+v %v", w, ok)
	}
	tr := newTracker(t, `add Foe init=9`, `add Tackle weapon="block and tackle arbalest" str=2 init=5`,
		`add Goat weapon="goat's foot crossbow" init=3`, `add Strong weapon="goat's foot crossbow" str=3 init=2`,
		`add Titan weapon="block and tackle arbalest" str=6 init=1`, "option ready on", "next", "next")
	from := tr.E.Log.Len()
	run(t, tr, "extended Tackle span")
	hasEvent(t, tr, from, "Tackle begins spanning block and tackle arbalest: 4 rounds; an attack or other distraction calls for a Concentration roll")
	run(t, tr, "next")
	from = tr.E.Log.Len()
	run(t, tr, "extended Goat span")
	hasEvent(t, tr, from, "Goat begins spanning goat's foot crossbow: 2 rounds; an attack or other distraction calls for a Concentration roll")
	run(t, tr, "next")
	from = tr.E.Log.Len()
	run(t, tr, "extended Strong span")
	hasEvent(t, tr, from, "Strong begins spanning goat's foot crossbow: 1 round; an attack or other distraction calls for a Concentration roll")
	run(t, tr, "next")
	from = tr.E.Log.Len()
	run(t, tr, "extended Titan span")
	hasEvent(t, tr, from, "Titan begins spanning block and tackle arbalest: 1 round; an attack or other distraction calls for a Concentration roll")
	// Stopped after a round, it is taken up where it stopped.
	run(t, tr, "next", "next", "extended Tackle stop", "force extended Tackle span")
	hasEvent(t, tr, tr.E.Log.Len()-1, "Tackle takes up spanning block and tackle arbalest where it stopped: 3 of 4 rounds left")
	// A heavy arbalest's cranequin resumes too: the source says so of it.
	tr = newTracker(t, `add Foe init=9`, `add Heavy weapon="heavy arbalest" init=5`, "option ready on", "next", "next",
		"extended Heavy span", "next", "next", "next", "extended Heavy stop", "force extended Heavy span")
	hasEvent(t, tr, tr.E.Log.Len()-1, "Heavy takes up spanning heavy arbalest where it stopped: 5 of 6 rounds left")
}
