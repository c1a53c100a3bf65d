package arm5_test

import "testing"

// TestInterceptorWounded: an attack an interceptor takes upon himself
// and that wounds him changes his sheet, taken for changing when he
// stepped in; undo takes the wound back. Under model.CheckLending a sheet
// changed without OwnSheet fails the command.
func TestInterceptorWounded(t *testing.T) {
	tr := newTracker(t, highwaymenExample...)
	run(t, tr, "next", "next", "next", "defend Ignatio Victor", "next")
	from := tr.E.Log.Len()
	run(t, tr, "dice 5 3 1 9 3", "attack Archer Victor missile")
	hasEvent(t, tr, from, "Archer's attack goes against Ignatio instead")
	hasEvent(t, tr, from, "Archer hits Ignatio: Attack 27 vs Defense 15 → Advantage 12; Damage Advantage 12 + weapon 6 = 18 − Soak 10 = 8 → Medium wound")
	if w := sheet(t, tr, "Ignatio").Wounds; w != [6]int{2: 1} {
		t.Fatalf("Ignatio's wounds %v, want one Medium", w)
	}
	run(t, tr, "undo")
	if sheet(t, tr, "Ignatio").Wounds != [6]int{} {
		t.Error("undo left Ignatio wounded")
	}
}
