package swords_test

import (
	"bytes"
	"reflect"
	"testing"

	"fray/rules"
	"fray/rules/swords"
	"fray/saves"
)

// A demo fight in progress saves and loads back unchanged: sheets, the
// round's action counts, conditions and the order.
func TestSaveRoundTrip(t *testing.T) {
	for _, demo := range []string{"skirmish", "battle"} {
		t.Run(demo, func(t *testing.T) {
			sys := swords.New()
			e, err := rules.BuildDemo(sys, demo, 11)
			if err != nil {
				t.Fatal(err)
			}
			tr := rules.NewTracker(e, sys)
			if demo == "skirmish" {
				run(t, tr, "next", "force attack Jot Mung augment=1", "force attack Archer Jot", "force attack Mung Jot skill=grappling harm")
			} else {
				run(t, tr, "next", "battle Knights Horde")
			}
			var buf bytes.Buffer
			if err := saves.Encode(&buf, tr.E); err != nil {
				t.Fatal(err)
			}
			reg := &rules.Registry{}
			if err := reg.Register(sys); err != nil {
				t.Fatal(err)
			}
			got, gotSys, err := saves.Decode(demo+".toml", buf.Bytes(), reg)
			if err != nil {
				t.Fatalf("decode: %v\n%s", err, buf.Bytes())
			}
			if gotSys.ID() != "swords" {
				t.Fatalf("system %s", gotSys.ID())
			}
			var again bytes.Buffer
			if err := saves.Encode(&again, got); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(buf.Bytes(), again.Bytes()) {
				t.Fatalf("re-save differs:\n%s\n---\n%s", buf.Bytes(), again.Bytes())
			}
			for i, cb := range tr.E.Combatants {
				g := got.Combatants[i]
				if !reflect.DeepEqual(cb.Sheet(), g.Sheet()) || cb.Status != g.Status || !reflect.DeepEqual(cb.Conds, g.Conds) {
					t.Errorf("%s: %+v %s, loaded %+v %s", cb.Name, cb.Sheet(), cb.Status, g.Sheet(), g.Status)
				}
				if swords.RoundTally(tr.E, cb.ID) != swords.RoundTally(got, g.ID) {
					t.Errorf("%s's actions this round were not kept", cb.Name)
				}
			}
			if !reflect.DeepEqual(tr.E.Order, got.Order) || got.Round != tr.E.Round || got.Current != tr.E.Current {
				t.Error("turn state changed")
			}
			if demo == "skirmish" && swords.RoundTally(got, got.Combatants[0].ID).Actions == 0 {
				t.Error("the loaded fight lost Jot's actions")
			}
		})
	}
}
