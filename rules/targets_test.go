package rules

import (
	"strings"
	"testing"

	"fray/model"
)

func TestTargetsCommaListWithSpacedNames(t *testing.T) {
	tr := newTracker(t, "Ghoul 1", "Ghoul 2", "Ghoul 3", "Odo")
	mustApply(t, tr, `set "Ghoul 1,Ghoul 3" hp=4`)
	for name, want := range map[string]string{"Ghoul 1": "4", "Ghoul 2": "10", "Ghoul 3": "4", "Odo": "10"} {
		if got := hp(t, tr, name); got != want {
			t.Errorf("%s hp %s, want %s", name, got, want)
		}
	}
	// Each name quoted on its own is one word too.
	mustApply(t, tr, `set "Ghoul 2","Ghoul 3" hp=2`)
	if hp(t, tr, "Ghoul 2") != "2" || hp(t, tr, "Ghoul 3") != "2" {
		t.Error("per-name quotes did not reach both")
	}
	// One undo takes the whole command back.
	mustApply(t, tr, "undo")
	if hp(t, tr, "Ghoul 2") != "10" || hp(t, tr, "Ghoul 3") != "4" {
		t.Errorf("undo: Ghoul 2 %s, Ghoul 3 %s", hp(t, tr, "Ghoul 2"), hp(t, tr, "Ghoul 3"))
	}
}

func TestTargetsSelectors(t *testing.T) {
	tr := newTracker(t, "Odo", "Wren", "Ghoul 1", "Ghoul 2")
	mustApply(t, tr, "set Odo,Wren side=party")
	mustApply(t, tr, `set "Ghoul 1,Ghoul 2" side=undead`)
	mustApply(t, tr, "cond side=undead turned 2")
	for _, n := range []string{"Ghoul 1", "Ghoul 2"} {
		if !find(t, tr, n).HasCond("turned") {
			t.Errorf("%s not turned", n)
		}
	}
	if find(t, tr, "Odo").HasCond("turned") {
		t.Error("Odo turned by side=undead")
	}
	mustApply(t, tr, "set Wren status=dead")
	mustApply(t, tr, "cond all blessed")
	for _, n := range []string{"Odo", "Ghoul 1", "Ghoul 2"} {
		if !find(t, tr, n).HasCond("blessed") {
			t.Errorf("%s not blessed by all", n)
		}
	}
	if find(t, tr, "Wren").HasCond("blessed") {
		t.Error("all reached the dead")
	}
	// uncond on several passes over those without the condition.
	mustApply(t, tr, "uncond all turned")
	if find(t, tr, "Ghoul 1").HasCond("turned") {
		t.Error("uncond all left Ghoul 1 turned")
	}
}

func TestTargetsRefusals(t *testing.T) {
	tr := newTracker(t, "Ghoul 1", "Ghoul 2", "Odo")
	ver := tr.Version()
	for line, want := range map[string]string{
		`set "Ghoul 1,Zed" hp=3`:  `no combatant called "Zed"`,
		`set "Ghoul 1,,Odo" hp=3`: "an empty name in the list",
		// Nobody here has a side: "(sides: )" said nothing.
		"set side=undead hp=3":       `nobody alive is on side "undead" (nobody has a side yet: set NAME side=SIDE)`,
		`set "Ghoul 1,Gh" hp=3`:      `"Gh" matches Ghoul 1, Ghoul 2`,
		`set "Ghoul 1,Odo" hp=lots`:  "Ghoul 1: hp must be a whole number",
		`set "Ghoul 1,Odo" name=Bob`: "Odo: there is already a combatant called \"Bob\"",
	} {
		_, err := tr.Apply(line)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want %q", line, err, want)
		}
	}
	if tr.Version() != ver || hp(t, tr, "Ghoul 1") != "10" {
		t.Error("a refused command changed the encounter")
	}
}

func TestTargetsExactNameWins(t *testing.T) {
	tr := NewTracker(model.New("test", 1), testSys{})
	// Names from an old file may hold a comma; a combatant may be called All.
	for _, n := range []string{"Hugh, the smith", "All"} {
		if err := tr.E.Add(&model.Combatant{Profile: (&model.Profile{Name: n}).WithSheet(&hpSheet{HP: 10})}); err != nil {
			t.Fatal(err)
		}
	}
	mustApply(t, tr, `set "Hugh, the smith" hp=3`)
	mustApply(t, tr, "set all hp=5")
	if hp(t, tr, "Hugh, the smith") != "3" || hp(t, tr, "All") != "5" {
		t.Errorf("exact names: %s, %s", hp(t, tr, "Hugh, the smith"), hp(t, tr, "All"))
	}
}

func TestRemoveSeveral(t *testing.T) {
	tr := newTracker(t, "Ghoul 1", "Ghoul 2", "Odo")
	mustApply(t, tr, `remove "Ghoul 1,Ghoul 2"`)
	if len(tr.E.Combatants) != 1 {
		t.Fatalf("%d left, want 1", len(tr.E.Combatants))
	}
	mustApply(t, tr, "undo")
	if len(tr.E.Combatants) != 3 {
		t.Fatalf("undo: %d, want 3", len(tr.E.Combatants))
	}
}

func find(t *testing.T, tr *Tracker, name string) *model.Combatant {
	t.Helper()
	cb, err := tr.E.Find(name)
	if err != nil {
		t.Fatal(err)
	}
	return cb
}
