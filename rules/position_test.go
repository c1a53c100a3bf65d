package rules

import (
	"slices"
	"strings"
	"testing"
)

func TestMoveEngageDisengage(t *testing.T) {
	tr := turnTracker(t, "add Odo zone=2", "add Gob", "add Grub zone=bar", "init Odo 9", "init Gob 5", "init Grub 1")
	odo, gob, grub := tr.E.Combatants[0], tr.E.Combatants[1], tr.E.Combatants[2]
	if odo.Zone != "2" || grub.Zone != "bar" || gob.Zone != "" {
		t.Fatal("add zone=")
	}
	from := tr.E.Log.Len()
	run(t, tr, "engage Gob Odo")
	if !odo.EngagedWith(gob.ID) || gob.Zone != "2" || !strings.Contains(lastEventFrom(tr, from), "Gob and Odo are engaged (zone 2)") {
		t.Fatalf("engage: %v %q", odo.Engaged, gob.Zone)
	}
	for _, tc := range []struct{ line, want string }{
		{"engage Odo Gob", "already engaged"},
		{"engage Odo Odo", "itself"},
		{"engage Odo", "two names"},
		{"move Odo", "a name and a zone"},
		{"move Odo a=b", "cannot contain ="},
		{"move Odo 2", "already in zone 2"},
		{"disengage Grub", "Grub is not engaged"},
		{"disengage Odo Grub", "not engaged"},
	} {
		fails(t, tr, tc.line, tc.want)
	}
	run(t, tr, "next")
	// Moving away from a foe able to fight is refused: disengage first.
	fails(t, tr, "move Odo 3", "Odo is engaged with Gob: disengage first")
	fails(t, tr, "move Gob 3", "it is Odo's turn")
	from = tr.E.Log.Len()
	run(t, tr, "force move Odo 3")
	odo, gob, grub = tr.E.Combatants[0], tr.E.Combatants[1], tr.E.Combatants[2]
	if odo.Zone != "3" || len(odo.Engaged) != 0 || len(gob.Engaged) != 0 {
		t.Fatalf("forced move: %q %v", odo.Zone, odo.Engaged)
	}
	for _, want := range []string{"forced: Odo is engaged with Gob: disengage first", "Odo moves from zone 2 to zone 3", "Odo and Gob are no longer engaged"} {
		hasEvent(t, tr, from, want)
	}
	run(t, tr, "undo", "disengage Odo", "move Odo bar", "engage Odo Grub", "engage Gob Grub")
	odo, gob, grub = tr.E.Combatants[0], tr.E.Combatants[1], tr.E.Combatants[2]
	if !slices.Equal(PositionMarks(tr.E, grub), []string{"@bar", "×Odo", "×Gob"}) {
		t.Fatalf("marks %v", PositionMarks(tr.E, grub))
	}
	run(t, tr, "disengage Grub Odo")
	if grub.EngagedWith(odo.ID) || !grub.EngagedWith(gob.ID) {
		t.Fatal("disengage A B")
	}
	// The GM's placement is no move: nobody holds it back.
	run(t, tr, "set Gob zone=5")
	if gob.Zone != "5" || len(gob.Engaged) != 0 {
		t.Fatalf("set zone: %q %v", gob.Zone, gob.Engaged)
	}
	run(t, tr, "set Gob zone=none", "move Odo none")
	if gob.Zone != "" || odo.Zone != "" {
		t.Fatal("zone none")
	}
}

func run(t *testing.T, tr *Tracker, lines ...string) {
	t.Helper()
	for _, l := range lines {
		if _, err := tr.Apply(l); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
}

func fails(t *testing.T, tr *Tracker, line, want string) {
	t.Helper()
	if _, err := tr.Apply(line); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("%s: %v, want %q", line, err, want)
	}
}

func hasEvent(t *testing.T, tr *Tracker, from int, want string) {
	t.Helper()
	for _, en := range tr.E.Log.From(from) {
		if en.Text == want {
			return
		}
	}
	t.Errorf("no event %q", want)
}

func lastEventFrom(tr *Tracker, from int) string {
	for i := tr.E.Log.Len() - 1; i >= from; i-- {
		if tr.E.Log.At(i).Kind == "event" {
			return tr.E.Log.At(i).Text
		}
	}
	return ""
}
