package arm5_test

import (
	"testing"

	"fray/rules/arm5"
)

// A blow of Damage 10 on three at once: each meets its own Soak and takes
// the wound its own Size gives, and one undo takes all three back.
func TestDamageSeveralEachOnOwnSoak(t *testing.T) {
	tr := newTracker(t, addPaul, addAlan, addBruce)
	from := len(tr.E.Log)
	run(t, tr, "damage Paul,Alan,Bruce 10")
	hasEvent(t, tr, from, "damage on 3: Paul, Alan, Bruce")
	hasEvent(t, tr, from, "Paul: Damage 10 − Soak 6 = 4 → Light wound")
	hasEvent(t, tr, from, "Alan: Damage 10 − Soak 2 = 8 → Medium wound")
	hasEvent(t, tr, from, "Bruce: Damage 10 − Soak 2 = 8 → Medium wound")
	var light, medium [6]int
	light[arm5.Light], medium[arm5.Medium] = 1, 1
	want := map[string][6]int{"Paul": light, "Alan": medium, "Bruce": medium}
	for name, w := range want {
		if got := sheet(t, tr, name).Wounds; got != w {
			t.Errorf("%s wounds %v, want %v", name, got, w)
		}
	}
	run(t, tr, "undo")
	for name := range want {
		if got := sheet(t, tr, name).Wounds; got != [6]int{} {
			t.Errorf("undo: %s still has %v", name, got)
		}
	}
}
