package arm5_test

import (
	"testing"

	"fray/rules"
)

// Exertion on Defense: the defender spends a Fatigue level and adds its
// Combat Ability to every Defense roll until its next turn (ArM5's
// exertion, which Lords of Men lets a defender, a rider and either side of
// a maneuver use).
func TestExertOnDefense(t *testing.T) {
	tr := newTracker(t, addPaul, addAlan, addBruce, "next")
	from := tr.E.Log.Len()
	// Bruce exerts against Paul's blow: Brawl 4 again, and a level spent.
	run(t, tr, "dice 3 8", "attack Paul Bruce dexert")
	hasEvent(t, tr, from, "Bruce: Defense Brawl 4 + exertion 4 + stress 8 = 16")
	hasEvent(t, tr, from, "Bruce: fatigue Fresh → Winded (exertion on Defense, until Bruce's next turn)")
	if f := sheet(t, tr, "Bruce").Fatigue; f != 1 {
		t.Fatalf("Bruce's fatigue %d, want Winded", f)
	}
	if !hasMark(orderRow(t, tr, "Bruce").Marks, "exerting on Defense") {
		t.Errorf("Bruce's marks %v", orderRow(t, tr, "Bruce").Marks)
	}
	// Alan's attack later in the round meets the same exertion, for no
	// new level.
	run(t, tr, "next")
	from = tr.E.Log.Len()
	run(t, tr, "dice 4 3", "attack Alan Bruce")
	hasEvent(t, tr, from, "Bruce: Defense Brawl 4 + exertion 4 + stress 3 = 11")
	if f := sheet(t, tr, "Bruce").Fatigue; f != 1 {
		t.Errorf("a second Defense cost a level: fatigue %d", f)
	}
	// Bruce's turn ends the exertion.
	from = tr.E.Log.Len()
	run(t, tr, "next")
	hasEvent(t, tr, from, "Bruce's exertion on Defense ends")
	run(t, tr, "next")
	from = tr.E.Log.Len()
	run(t, tr, "dice 4 3", "attack Paul Bruce")
	hasEvent(t, tr, from, "Bruce: Defense Brawl 4 + stress 3 = 7")

	// Undo brings the exertion back with the fatigue.
	tr = newTracker(t, addPaul, addBruce, "next", "dice 8 2", "attack Paul Bruce dexert")
	run(t, tr, "undo")
	if f := sheet(t, tr, "Bruce").Fatigue; f != 0 || hasMark(orderRow(t, tr, "Bruce").Marks, "exerting on Defense") {
		t.Errorf("undo left fatigue %d, marks %v", f, orderRow(t, tr, "Bruce").Marks)
	}
}

// exert NAME declares the exertion ahead: the level is spent at once, so
// its penalty counts on the rolls it helps.
func TestExertDeclared(t *testing.T) {
	tr := newTracker(t, addPaul, addBruce, "next", "set Bruce fatigue=1")
	from := tr.E.Log.Len()
	run(t, tr, "exert Bruce")
	hasEvent(t, tr, from, "Bruce: fatigue Winded → Weary (exertion on Defense, until Bruce's next turn)")
	unchanged(t, tr, "exert Bruce", "already exerting")
	from = tr.E.Log.Len()
	run(t, tr, "dice 3 8", "attack Paul Bruce")
	hasEvent(t, tr, from, "Bruce: Defense Brawl 4 + exertion 4 − penalties 1 + stress 8 = 15")
	// Dazed, one more level would mean falling unconscious.
	tr = newTracker(t, addPaul, addBruce, "set Bruce fatigue=4")
	unchanged(t, tr, "exert Bruce", "falling unconscious")
	unchanged(t, tr, "attack Paul Bruce dexert", "falling unconscious")
	unchanged(t, tr, "attack Paul Bruce dexert helpless", "helpless")
}

// Either side of a special maneuver may exert: the target exerting on the
// roll it answers with adds the Ability that roll counts (Brawl when it
// resists); an Evasion adds Brawl too.
func TestExertAgainstManeuverAndEvasion(t *testing.T) {
	tr := newTracker(t, addPaul, addBruce, "next")
	from := tr.E.Log.Len()
	run(t, tr, "dice 5 4", "attack Paul Bruce maneuver=trip resist dexert")
	hasEvent(t, tr, from, "Bruce: resist Brawl 4 + exertion 4 + stress 4 = 12")
	tr = newTracker(t, addPaul, addBruce, "next")
	from = tr.E.Log.Len()
	run(t, tr, "dice 5 4", "attack Paul Bruce evade dexert")
	hasEvent(t, tr, from, "Bruce: Evasion Brawl 4 + exertion 4 + stress 4 = 12")
	if f := sheet(t, tr, "Bruce").Fatigue; f != 1 {
		t.Errorf("fatigue %d", f)
	}
}

// orderRow is the order pane's row of a combatant.
func orderRow(t *testing.T, tr *rules.Tracker, name string) rules.OrderRow {
	t.Helper()
	for _, r := range tr.Sys.Order(tr.E).Rows {
		if r.Name == name {
			return r
		}
	}
	t.Fatalf("no order row for %s", name)
	return rules.OrderRow{}
}
