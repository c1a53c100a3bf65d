package sst_test

import (
	"testing"

	"fray/rules"
)

// fieldValue returns the value of one line of a combatant's sheet.
func fieldValue(t *testing.T, tr *rules.Tracker, name, label string) string {
	t.Helper()
	for _, f := range tr.Sys.Describe(tr.E, comb(t, tr, name)) {
		if f.Label == label {
			return f.Value
		}
	}
	t.Fatalf("%s's sheet has no line %q", name, label)
	return ""
}

// A minor NPC fighting as a group keeps its fixed faces and rolls the
// group's extra dice beside them (a 6 there adds nothing); the sheet says
// the same as the roll.
func TestFixedGroupRollsGroupDice(t *testing.T) {
	tr := newTracker(t,
		`add "Goblin archers" group=mob fixed=5,4,3,2`,
		`add "Goblin horde" group=horde fixed=5,3,2 dice=4,1`,
		"add Mira pc=yes dice=5",
		"dice 6 6  2 3 4",
	)
	if got := fieldValue(t, tr, "Goblin archers", "Action dice"); got != "fixed 5 4 3 2 + 1d mob, rolled" {
		t.Errorf("archers' action dice line %q", got)
	}
	if got := fieldValue(t, tr, "Goblin archers", "Kind"); got != "minor NPC" {
		t.Errorf("archers' kind %q", got)
	}
	from := tr.E.Log.Len()
	run(t, tr, "next")
	hasEvent(t, tr, from, "Goblin archers takes fixed action dice 5 4 3 2 and rolls 1 mob die: 6 5 4 3 2")
	wantGet(t, tr, "Goblin archers", "dice", "6 5 4 3 2")
	// The horde entered its dice by hand; the archers' 6 earned no extra.
	if len(tr.E.Queue) != 4 {
		t.Fatalf("queue %v, want 4 faces left", tr.E.Queue)
	}

	// With a carried die: the horde's 3 group dice and the carried one.
	tr = newTracker(t, `add "Goblin horde" group=horde fixed=5,3,2 dice=4,1`, "next", "refresh")
	from = tr.E.Log.Len()
	run(t, tr, "dice 6 4 2 3", "next")
	if tr.E.Round != 2 {
		t.Fatalf("round %d", tr.E.Round)
	}
	hasEvent(t, tr, from, "Goblin horde takes fixed action dice 5 3 2 and rolls 3 horde dice and its carried die: 6 5 4 3 3 2 2")
	wantGet(t, tr, "Goblin horde", "dice", "6 5 4 3 3 2 2")
	if got := fieldValue(t, tr, "Goblin horde", "Action dice"); got != "fixed 5 3 2 + 3d horde, rolled" {
		t.Errorf("horde's action dice line %q", got)
	}
}

// The sheet says what each weapon weight makes of the successes.
func TestWeaponLineSaysHits(t *testing.T) {
	for weight, want := range map[string]string{
		"light":   "4d, light weapon: 1 hit + 1 per 2 more successes",
		"medium":  "4d, medium weapon: 1 hit per success",
		"heavy":   "4d, heavy weapon: 1 hit per success + 1",
		"large":   "4d, large weapon: 1 hit per success + 2",
		"huge":    "4d, huge weapon: 1 hit per success + 3",
		"massive": "4d, massive weapon: any hit kills",
	} {
		tr := newTracker(t, "add Gob attack=4 weapon="+weight)
		if got := fieldValue(t, tr, "Gob", "Attack"); got != want {
			t.Errorf("%s: attack line %q, want %q", weight, got, want)
		}
	}
}
