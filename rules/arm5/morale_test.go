package arm5_test

import (
	"strings"
	"testing"
)

func TestMoraleDisciplineRally(t *testing.T) {
	tr := turb(t, formGrogs)
	unchanged(t, tr, "morale Grogs superior", "option morale on")
	run(t, tr, "option morale on")
	from := tr.E.Log.Len()
	run(t, tr, "dice 4", "morale Grogs superior")
	hasEvent(t, tr, from, "Grogs: Morale Leadership 2 + stress 4 = 6 vs 9: failed")
	if m := strings.Join(tr.Sys.Order(tr.E).Rows[0].Marks, "|"); !strings.Contains(m, "group: Grogs (vanguard) disordered") {
		t.Errorf("Paul's marks %s", m)
	}
	// Disordered, the trained group fights as an untrained one: no bonus.
	from = tr.E.Log.Len()
	run(t, tr, "dice 2 2", "attack Grogs Knight")
	for _, e := range events(tr, from) {
		if strings.Contains(e, "trained bonus +") {
			t.Errorf("a disordered group kept its bonus: %s", e)
		}
	}
	run(t, tr, "dice 5", "discipline Grogs terrain")
	hasEvent(t, tr, tr.E.Log.Len()-1, "Grogs: Discipline Leadership 2 + stress 5 = 7 vs 3: passed")
	run(t, tr, "dice 2", "morale Grogs 6")
	hasEvent(t, tr, tr.E.Log.Len()-1, "Grogs is routed: it tries to disengage and flee")
	unchanged(t, tr, "attack Grogs Knight", "Grogs is routed")
	// Rally in melee: 9, +1 for Marla's Medium wound.
	run(t, tr, "wound Marla medium")
	from = tr.E.Log.Len()
	run(t, tr, "dice 8", "rally Grogs melee")
	hasEvent(t, tr, from, "Grogs has 1 casualty(ies) of 3: +1 to the Ease Factor")
	hasEvent(t, tr, from, "Grogs: rally Leadership 2 + stress 8 = 10 vs 10: passed")
	hasEvent(t, tr, from, "Grogs is disordered again")
	run(t, tr, "wound Paul medium")
	from = tr.E.Log.Len()
	run(t, tr, "dice 4", "rally Grogs calm")
	hasEvent(t, tr, from, "Grogs has 2 casualties of 3: +3 to the Ease Factor")
	hasEvent(t, tr, from, "Grogs is in good order again")
	unchanged(t, tr, "rally Grogs calm", "nothing to rally")
	// A trained group disordered twice by Discipline fights as a
	// disordered untrained one: half its blows.
	run(t, tr, "dice 2", "discipline Grogs disengage", "dice 2", "discipline Grogs disengage")
	hasEvent(t, tr, tr.E.Log.Len()-1, "Grogs is broken: it fights as a disordered untrained group, half its blows landing")
	from = tr.E.Log.Len()
	run(t, tr, "dice 9 2", "attack Grogs Bruce")
	hasEvent(t, tr, from, "Grogs is broken: only half its blows land")
}

func TestGroupLosesLeaderAndVanguard(t *testing.T) {
	tr := turb(t, formGrogs, "option morale on")
	from := tr.E.Log.Len()
	run(t, tr, "wound Ignatio incap")
	hasEvent(t, tr, from, "Grogs has lost its leader: it fails every Morale and Discipline check until someone takes command (lead Grogs NAME); a Morale check is called for")
	run(t, tr, "morale Grogs 3")
	hasEvent(t, tr, tr.E.Log.Len()-2, "Grogs: Morale vs 3 fails: the group has no leader")
	run(t, tr, "lead Grogs Marla free")
	from = tr.E.Log.Len()
	run(t, tr, "wound Paul incap")
	hasEvent(t, tr, from, "Grogs has lost its vanguard: it cannot attack, and defends with its best member, until the leader names another (vanguard Grogs NAME); a Morale check is called for")
	unchanged(t, tr, "attack Grogs Knight", "no vanguard")
	from = tr.E.Log.Len()
	run(t, tr, "dice 2 2", "attack Knight Grogs")
	hasEvent(t, tr, from, "Grogs (Marla): Defense Qik 2 + Single Weapon 4 + weapon 1 + shield 3 + stress 2 = 12")
	run(t, tr, "dice 9", "vanguard Grogs Marla")
	hasEvent(t, tr, tr.E.Log.Len()-1, "Marla is now the vanguard of Grogs")
	// Without the option the group splits as before.
	tr = turb(t, formGrogs, "wound Ignatio incap")
	if len(tr.Sys.Order(tr.E).Rows[0].Marks) != 0 {
		t.Error("the group did not split with the option off")
	}
}
