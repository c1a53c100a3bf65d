package osr_test

import (
	"bytes"
	"strings"
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/osr"
	"fray/saves"
)

// TestDemoFight builds the goblins demo, runs a few rounds of it from the
// keyboard's commands, and round-trips it through a save file.
func TestDemoFight(t *testing.T) {
	e, err := rules.BuildDemo(osr.New(), "goblins", 9)
	if err != nil {
		t.Fatal(err)
	}
	tr := rules.NewTracker(e, osr.New())
	if !comb(t, tr, "Goblin shaman").HasCond("spell declared") {
		t.Fatal("the shaman has no spell declared")
	}
	run(t, tr, "surprise roll", "next")
	for i := 0; i < 40 && tr.E.Round < 3; i++ {
		cur := tr.E.ByID(tr.E.Current)
		if cur != nil && tr.E.Phase == "count" {
			target := `"Goblin boss"`
			if cur.Side == "goblins" {
				target = "Brannoc"
			}
			if _, err := tr.Apply("attack " + rules.Quote(cur.Name) + " " + target); err != nil &&
				!strings.Contains(err.Error(), "already dead") {
				t.Fatal(err)
			}
		}
		run(t, tr, "next")
	}
	if tr.E.Round < 3 {
		t.Fatalf("the fight did not get to round 3: %s", header(tr))
	}
	run(t, tr, "declare Odo spell \"magic missile\"", "hold Wren", "surprise goblins 1")

	reg := &rules.Registry{}
	if err := reg.Register(osr.New()); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := saves.Encode(&buf, tr.E); err != nil {
		t.Fatal(err)
	}
	got, sys, err := saves.Decode("goblins.toml", buf.Bytes(), reg)
	if err != nil {
		t.Fatalf("decode: %v\n%s", err, buf.String())
	}
	if a, b := rules.Text(tr.E, tr.Sys), rules.Text(got, sys); a != b {
		t.Fatalf("the loaded fight shows differently:\n%s\n---\n%s", a, b)
	}
	var again bytes.Buffer
	if err := saves.Encode(&again, got); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), again.Bytes()) {
		t.Fatal("saving the loaded fight gives different bytes")
	}
	// The loaded fight carries on: the same commands give the same log.
	t2 := rules.NewTracker(got, sys)
	for _, line := range []string{"next", "next", "next", "next"} {
		r1, err1 := tr.Apply(line)
		r2, err2 := t2.Apply(line)
		if (err1 == nil) != (err2 == nil) || rules.LogText(r1.Entries) != rules.LogText(r2.Entries) {
			t.Fatalf("%s: %v / %v\n%s---\n%s", line, err1, err2, rules.LogText(r1.Entries), rules.LogText(r2.Entries))
		}
	}
	_ = model.Active
}

func TestOrderViewText(t *testing.T) {
	tr := newTracker(t, addAra, addBo, addGob, addGrub, "declare Gob spell sleep", "next", "dice 5 3 5 2", "next", "hold Grub")
	got := rules.Text(tr.E, tr.Sys)
	want := `Old-school d20 · Round 1 · count 5

> 5  Ara   party                  HP 10/10  unhurt
> 5  Gob   goblins  spell: sleep  HP 5/5    unhurt
  3  Bo    party                  HP 8/8    unhurt
-- held --
  2  Grub  goblins  held          HP 6/6    unhurt
`
	if !strings.HasPrefix(got, want) {
		t.Fatalf("got:\n%s\nwant:\n%s", got, want)
	}
}
