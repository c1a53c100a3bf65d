package arm5_test

import (
	"strings"
	"testing"
)

func TestDisengage(t *testing.T) {
	tr := newTracker(t, addPaul, addAlan, addBruce, "option engagement on", "next")
	from := tr.E.Log.Len()
	run(t, tr, "dice 2 9", "attack Paul Alan")
	hasEvent(t, tr, from, "Paul and Alan are engaged")
	if p := comb(t, tr, "Paul"); !p.EngagedWith(comb(t, tr, "Alan").ID) {
		t.Errorf("Paul is engaged with %v", p.Engaged)
	}
	run(t, tr, "next")
	from = tr.E.Log.Len()
	run(t, tr, "dice 4 3", "disengage Alan")
	hasEvent(t, tr, from, "Alan: disengage Defense Single Weapon 3 + weapon 1 + stress 4 = 8")
	hasEvent(t, tr, from, "Paul: Attack Dex 1 + Single Weapon 5 + weapon 4 + stress 3 = 13")
	hasEvent(t, tr, from, "Alan fails to disengage: Defense 8 vs Paul's Attack 13; stays engaged (next try +3)")
	// Round 2: Paul swings again; Alan's second try has +3.
	run(t, tr, "next", "next", "dice 2 9", "attack Paul Alan", "next")
	from = tr.E.Log.Len()
	run(t, tr, "dice 6 2", "disengage Alan")
	hasEvent(t, tr, from, "Alan: disengage Defense Single Weapon 3 + weapon 1 + tries 3 + stress 6 = 13")
	hasEvent(t, tr, from, "Alan disengages: Defense 13 vs Paul's Attack 12")
	if len(tr.Sys.Order(tr.E).Rows[0].Marks) != 0 {
		t.Error("Paul is still marked engaged")
	}
	unchanged(t, tr, "disengage Alan", "not engaged")
	// With the option the rules have no leaving one foe of several: a name
	// after the combatant's is refused saying so, not taken for a word.
	unchanged(t, tr, "disengage Alan Paul", "leaves all its engagements at once")
	unchanged(t, tr, "disengage Alan nonsense", `unknown word "nonsense"`)
	// Nobody attacked Bruce: he walks away.
	run(t, tr, "engage Bruce Paul", "next")
	from = tr.E.Log.Len()
	run(t, tr, "disengage Bruce")
	hasEvent(t, tr, from, "Bruce disengages freely: nobody has attacked since the last turn")
	unchanged(t, tr, "engage Bruce Bruce", "cannot engage itself")
}

func TestDisengageTriesReset(t *testing.T) {
	tr := newTracker(t, addPaul, addAlan, "option engagement on", "next", "dice 2 9", "attack Paul Alan", "next",
		"dice 4 3", "disengage Alan", "next", "dice 2 9", "attack Paul Alan", "next")
	// Alan attacks instead: the streak of tries ends.
	run(t, tr, "dice 2 9", "attack Alan Paul", "next", "dice 2 9", "attack Paul Alan", "next")
	from := tr.E.Log.Len()
	run(t, tr, "dice 6 2", "disengage Alan")
	hasEvent(t, tr, from, "Alan: disengage Defense Single Weapon 3 + weapon 1 + stress 6 = 10")
}

func TestRecklessDisengage(t *testing.T) {
	tr := newTracker(t, addPaul, addAlan, "option engagement on", "next", "dice 2 9", "attack Paul Alan", "next")
	unchanged(t, tr, "disengage Alan reckless", "option reckless on")
	run(t, tr, "option reckless on")
	from := tr.E.Log.Len()
	run(t, tr, "dice 2", "disengage Alan reckless")
	hasEvent(t, tr, from, "Alan: Defense 0 (no roll)")
	hasEvent(t, tr, from, "Paul hits Alan: Attack 12 vs Defense 0 → Advantage 12; Damage Advantage 12 + Str 2 + weapon 6 = 20 − Soak 2 = 18 → Incapacitating wound")
	hasEvent(t, tr, from, "Alan is no longer engaged")
	run(t, tr, "undo")
	if sheet(t, tr, "Alan").Wounds[4] != 0 {
		t.Error("undo kept the wound")
	}
}

func TestEngagementNeedsTheOption(t *testing.T) {
	tr := newTracker(t, addPaul, addAlan, "next", "dice 2 9", "attack Paul Alan")
	if len(tr.Sys.Order(tr.E).Rows[0].Marks) != 0 {
		t.Error("engaged with the option off")
	}
	// Without the option there is no roll: disengage is the GM's record.
	unchanged(t, tr, "disengage Alan", "Alan is not engaged")
	run(t, tr, "engage Alan Paul", "disengage Alan")
	if len(comb(t, tr, "Alan").Engaged) != 0 {
		t.Error("disengage left Alan engaged")
	}
}

// Only those engaged with the combatant in melee hold it: an archer who
// shot at it does not roll, and a group rolls its Attack Total with its
// trained bonus.
func TestDisengageFromMeleeAndGroups(t *testing.T) {
	tr := newTracker(t, addPaul, addAlan, addBruce,
		`add Archer side=ruffians dex=1 abilityname=Bows ability=5 weapon=bow init=9`,
		"option engagement on", "next")
	run(t, tr, "dice 9 1", "force attack Archer Paul missile range=2", "dice 2 9", "force attack Alan Paul")
	from := tr.E.Log.Len()
	run(t, tr, "dice 4 3", "disengage Paul")
	for _, e := range events(tr, from) {
		if strings.HasPrefix(e, "Archer") {
			t.Errorf("the archer rolled to keep Paul engaged: %q", e)
		}
	}
	hasEvent(t, tr, from, "Alan: Attack Dex 1 + Single Weapon 3 + weapon 2 + stress 3 = 9")

	// Alan and Bruce fight as a trained group led by Bruce: +4 (Bruce's
	// Brawl 4, at most 3 × Leadership 2).
	tr = newTracker(t, addPaul, addAlan, addBruce, "set Bruce leadership=2", "option engagement on",
		"group Ruffians Alan Bruce leader=Bruce trained", "next", "dice 2 9", "force attack Ruffians Paul")
	from = tr.E.Log.Len()
	run(t, tr, "dice 4 3", "disengage Paul")
	hasEvent(t, tr, from, "Ruffians (Alan): Attack Dex 1 + Single Weapon 3 + weapon 2 + group 4 + stress 3 = 13")
	hasEvent(t, tr, from, "Paul disengages: Defense 13 vs Ruffians's Attack 13")
}

// The Attack Total that keeps a foe engaged is built as an attack's: a
// mounted opponent adds its bonus, and a prone defender gives +6.
func TestDisengageAttackLikeAttack(t *testing.T) {
	tr := newTracker(t, addPaul, addAlan, "option engagement on", "set Paul ride=2", "cond Paul mounted",
		"next", "dice 2 9", "attack Paul Alan", "next", "cond Alan prone")
	from := tr.E.Log.Len()
	run(t, tr, "dice 4 3", "disengage Alan")
	hasEvent(t, tr, from, "Paul: Attack Dex 1 + Single Weapon 5 + weapon 4 + mounted 2 + prone target 6 + stress 3 = 21")
	hasEvent(t, tr, from, "Alan fails to disengage: Defense 5 vs Paul's Attack 21; stays engaged (next try +3)")
}

// A foe knocked prone frees those engaged with it, as one out of the
// fight does; the log says which it was.
func TestAutoDisengageProne(t *testing.T) {
	tr := newTracker(t, addPaul, addAlan, "option engagement on", "next", "dice 2 9", "attack Paul Alan", "next", "cond Alan prone")
	from := tr.E.Log.Len()
	run(t, tr, "next")
	hasEvent(t, tr, from, "Paul is no longer engaged: every opponent is down or prone (Alan)")
}
