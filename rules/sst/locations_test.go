package sst_test

import (
	"bytes"
	"testing"

	"fray/rules"
	"fray/rules/sst"
	"fray/saves"
)

// The GM changes the face → location mapping: the injury roll follows it,
// undo and saves keep it, reset brings the default back.
func TestLocationsMapping(t *testing.T) {
	tr := newTracker(t, "add V phys=5 ment=5 dice=6,5", "add W dice=6", "next")
	from := tr.E.Log.Len()
	run(t, tr, "locations")
	hasEvent(t, tr, from, "injury locations (the default): 1 left leg, 2 right leg, 3 left arm, 4 right arm, 5 chest, 6 head")

	from = tr.E.Log.Len()
	run(t, tr, "locations 1=right leg 2=left-leg")
	hasEvent(t, tr, from, "injury locations now: 1 right leg, 2 left leg, 3 left arm")
	if got := tr.E.Turn["locations"]; got != "right leg,left leg,left arm,right arm,chest,head" {
		t.Errorf("Turn[locations] = %q", got)
	}
	// A roll of three 1s now hits the right leg (and may shift one area).
	from = tr.E.Log.Len()
	run(t, tr, "dice 1 1 1 3", "injury V effect=1")
	hasEvent(t, tr, from, "V's injury: right leg, effect 1 → bleeder")
	wantGet(t, tr, "V", "bleed", "right leg")

	fails(t, tr, "locations 7=head", "a face is 1 to 6")
	fails(t, tr, "locations 0=head", "a face is 1 to 6")
	fails(t, tr, "locations 1=neck", "neckgroin on")
	fails(t, tr, "locations 1=tail", "unknown location")
	fails(t, tr, "locations 1=head 1=chest", "face 1 is given twice")
	fails(t, tr, "locations head chest", "give six locations")
	fails(t, tr, "locations head chest head chest head chest head", "give six locations")
	fails(t, tr, "locations head 1=chest", "unexpected")

	// Six names in face order, neck allowed once the option is on.
	run(t, tr, "option neckgroin on", "locations lleg rleg larm rarm neck head")
	if got := tr.E.Turn["locations"]; got != "left leg,right leg,left arm,right arm,neck,head" {
		t.Errorf("Turn[locations] = %q", got)
	}
	from = tr.E.Log.Len()
	run(t, tr, "dice 5 5 2 3", "injury V effect=3")
	hasEvent(t, tr, from, "V's injury: neck, effect 3 → flesh wound")

	// Saves keep the mapping.
	var buf bytes.Buffer
	if err := saves.Encode(&buf, tr.E); err != nil {
		t.Fatal(err)
	}
	reg := &rules.Registry{}
	if err := reg.Register(sst.New()); err != nil {
		t.Fatal(err)
	}
	got, _, err := saves.Decode("loc.toml", buf.Bytes(), reg)
	if err != nil {
		t.Fatal(err)
	}
	if got.Turn["locations"] != tr.E.Turn["locations"] {
		t.Errorf("loaded mapping %q, want %q", got.Turn["locations"], tr.E.Turn["locations"])
	}

	// Undo takes the changes back one by one.
	for range 3 { // the injury, its dice, the mapping
		if _, err := tr.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	if got := tr.E.Turn["locations"]; got != "right leg,left leg,left arm,right arm,chest,head" {
		t.Errorf("after undo Turn[locations] = %q", got)
	}
	run(t, tr, "locations reset")
	if _, ok := tr.E.Turn["locations"]; ok {
		t.Error("reset left a mapping")
	}
	// Setting the default mapping by hand stores nothing either.
	run(t, tr, "locations 1=right leg", "locations 1=left leg")
	if _, ok := tr.E.Turn["locations"]; ok {
		t.Error("the default mapping was stored")
	}
}
