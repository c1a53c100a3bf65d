package factions_test

import (
	"bytes"
	"reflect"
	"testing"

	"fray/rules"
	"fray/rules/factions"
	"fray/saves"
)

// The demo saved mid-round loads back with its turn state, and play
// goes on from it.
func TestSaveRoundTrip(t *testing.T) {
	tr := demo(t, "next", "first Players", "activate Sybilla", "move Sybilla 1",
		"dice 2", "attack Sybilla Bandit1 dodge", "activate Bandit2", "pass",
		"set Bandit3 grabbedby=Theobald concealed=yes")
	var buf bytes.Buffer
	if err := saves.Encode(&buf, tr.E); err != nil {
		t.Fatal(err)
	}
	reg := &rules.Registry{}
	if err := reg.Register(factions.New()); err != nil {
		t.Fatal(err)
	}
	got, sys, err := saves.Decode("bandits.toml", buf.Bytes(), reg)
	if err != nil {
		t.Fatalf("decode: %v\n%s", err, buf.Bytes())
	}
	var again bytes.Buffer
	if err := saves.Encode(&again, got); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), again.Bytes()) {
		t.Fatalf("re-save differs:\n%s\n---\n%s", buf.Bytes(), again.Bytes())
	}
	if !reflect.DeepEqual(got.Turn, tr.E.Turn) || got.Round != tr.E.Round || got.Phase != tr.E.Phase || got.Current != tr.E.Current {
		t.Fatalf("turn state: %v %d %s, want %v %d %s", got.Turn, got.Round, got.Phase, tr.E.Turn, tr.E.Round, tr.E.Phase)
	}
	for i, cb := range tr.E.Combatants {
		g := got.Combatants[i]
		if !reflect.DeepEqual(cb.Sheet(), g.Sheet()) || cb.Acted != g.Acted || cb.Status != g.Status {
			t.Errorf("%s: %+v, loaded %+v", cb.Name, cb.Sheet(), g.Sheet())
		}
	}
	t2 := rules.NewTracker(got, sys)
	if h := sys.Order(got).Header; h != "Round 1 · GM to choose · passes 1/2" {
		t.Errorf("loaded header %q", h)
	}
	run(t, t2, "activate Bandit3")
	fails(t, t2, "activate Bandit1", "reacted: dodge")
}
