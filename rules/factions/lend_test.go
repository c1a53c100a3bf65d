package factions_test

import "testing"

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
