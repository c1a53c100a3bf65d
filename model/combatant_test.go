package model

import (
	"slices"
	"testing"
	"unsafe"
)

func TestConds(t *testing.T) {
	c := &Combatant{Profile: &Profile{Name: "A"}}
	c.SetCond("Prone", 0)
	c.SetCond("stunned", 3)
	c.SetCond("PRONE", 4) // replaces the expiry, keeps one entry
	if !slices.Equal(c.Conds, []Condition{{Label: "Prone", Expires: 4}, {Label: "stunned", Expires: 3}}) {
		t.Fatalf("conds %v", c.Conds)
	}
	if k, ok := c.Cond("prone"); !ok || k.Expires != 4 {
		t.Fatalf("Cond: %v %v", k, ok)
	}
	if c.HasCond("grappled") || !c.HasCond("STUNNED") {
		t.Fatal("HasCond")
	}
	shared := c.Conds
	if !c.DropCond("prone") || c.DropCond("prone") {
		t.Fatal("DropCond")
	}
	if !slices.Equal(shared, []Condition{{Label: "Prone", Expires: 4}, {Label: "stunned", Expires: 3}}) {
		t.Fatalf("DropCond wrote into the old slice: %v", shared)
	}
	if !slices.Equal(c.Conds, []Condition{{Label: "stunned", Expires: 3}}) {
		t.Fatalf("after drop %v", c.Conds)
	}
}

func TestStatus(t *testing.T) {
	for _, s := range []Status{Active, Unconscious, Incapacitated, Dead} {
		got, err := ParseStatus(s.String())
		if err != nil || got != s {
			t.Errorf("ParseStatus(%q) = %v, %v", s, got, err)
		}
		if s.CanAct() != (s == Active) {
			t.Errorf("%s.CanAct", s)
		}
	}
	if got, err := ParseStatus("DEAD"); err != nil || got != Dead {
		t.Errorf("ParseStatus(DEAD) = %v, %v", got, err)
	}
	if _, err := ParseStatus("asleep"); err == nil {
		t.Error("ParseStatus(asleep): no error")
	}
	if Status(9).String() != "status(9)" || Status(-1).String() != "status(-1)" {
		t.Error("String of an unknown status")
	}
}

// TestCombatantRecordSmall holds the record a round changes to 32 bytes:
// undo and the saver copy it for every change (osr changes each of 1000
// combatants three times a round), so a field added there costs every
// fight; most fields belong in Profile.
func TestCombatantRecordSmall(t *testing.T) {
	if n := unsafe.Sizeof(Combatant{}); n > 32 {
		t.Errorf("Combatant is %d bytes, over 32: put the new field in Profile unless a round changes it", n)
	}
}
