package factions_test

import (
	"testing"

	"fray/rules/factions"
)

// TestFallenGrabberLetsGo: a grabber brought down lets go, a change to
// the sheet of the one it held (not the one harmed), which undo restores.
// Under model.CheckLending a sheet changed without OwnSheet fails the
// command.
func TestFallenGrabberLetsGo(t *testing.T) {
	tr := demo(t, "set Bandit1 grabbedby=Theobald", "next")
	from := tr.E.Log.Len()
	run(t, tr, "damage Theobald 100 direct")
	hasEvent(t, tr, from, "Bandit1 is free: Theobald let go")
	if sheet(t, tr, "Bandit1").GrabbedBy != "" {
		t.Fatal("the fallen grabber still holds Bandit1")
	}
	run(t, tr, "undo")
	if sheet(t, tr, "Bandit1").GrabbedBy != "Theobald" {
		t.Errorf("undo left Bandit1 grabbed by %q", sheet(t, tr, "Bandit1").GrabbedBy)
	}
}

// TestSetNamesTheMountAsWritten: a rider whose file names its mount in
// other letters (on = "bess", written by hand) has the name set right by
// the next `set` of it, even of a field off its sheet: a change to its
// sheet, which undo takes back.
func TestSetNamesTheMountAsWritten(t *testing.T) {
	tr := demo(t, `add Bess side=Players health=12 speed=4`, "set Balthasar on=Bess")
	comb(t, tr, "Balthasar").OwnSheet().(*factions.Sheet).On = "bess" // as a file edited by hand has it
	run(t, tr, "note the file is read")
	run(t, tr, "set Balthasar side=Players")
	if on := sheet(t, tr, "Balthasar").On; on != "Bess" {
		t.Fatalf("Balthasar rides %q, want Bess", on)
	}
	run(t, tr, "undo")
	if on := sheet(t, tr, "Balthasar").On; on != "bess" {
		t.Errorf("undo left Balthasar on %q", on)
	}
}
