package osr_test

import (
	"slices"
	"testing"

	"fray/model"
)

func TestSubdual(t *testing.T) {
	tr := newTracker(t, addAra, addGrub, "dice 15 5")
	from := tr.E.Log.Len()
	run(t, tr, "attack Ara Grub subdual")
	hasEvent(t, tr, from, "Grub takes 3 damage and 3 subdual: HP 3/6, subdual 3")
	if comb(t, tr, "Grub").Status != model.Unconscious {
		t.Fatal("subdual damage reaching the hit points left does not knock out")
	}
	run(t, tr, "heal Grub 1 subdual")
	if g := comb(t, tr, "Grub"); g.Status != model.Active || sheet(t, tr, "Grub").Subdual != 2 {
		t.Fatalf("after recovering: %s, subdual %d", g.Status, sheet(t, tr, "Grub").Subdual)
	}
	// Real damage to 0 kills as usual: the odd point goes to subdual.
	run(t, tr, "dice 3")
	from = tr.E.Log.Len()
	run(t, tr, "damage Grub 7 subdual")
	hasEvent(t, tr, from, "Grub takes 3 damage and 4 subdual: HP 0/6, subdual 6")
	hasEvent(t, tr, from, "Grub falls unconscious at 0 HP")
}

func TestUnarmed(t *testing.T) {
	tr := newTracker(t, addBo, addGrub, "set Grub hp=4", "dice 15 2")
	run(t, tr, "attack Bo Grub unarmed")
	if comb(t, tr, "Grub").HasCond("stunned") {
		t.Fatal("exactly half the hit points left stunned")
	}
	tr = newTracker(t, addBo, addGrub, "set Grub hp=4", "dice 15 2")
	from := tr.E.Log.Len()
	run(t, tr, "attack Bo Grub unarmed dmod=+1")
	hasEvent(t, tr, from, "damage 1d2 2 + mod 1 = 3")
	hasEvent(t, tr, from, "Grub is stunned for the rest of the round and 1 more (until round 3 begins)")
	tr = newTracker(t, addBo, addGrub, "set Grub hp=20 maxhp=20", "dice 20 1")
	run(t, tr, "attack Bo Grub unarmed")
	if !comb(t, tr, "Grub").HasCond("stunned") || len(tr.E.Queue) != 0 {
		t.Fatal("an unarmed natural 20 stuns, with no Mighty Blow roll")
	}
	from = tr.E.Log.Len()
	run(t, tr, "dice 14 1 4", "attack Bo Grub unarmed")
	hasEvent(t, tr, from, "Grub was already stunned: knocked out for 4 rounds")
	if k, _ := comb(t, tr, "Grub").Cond("knocked out"); k.Expires != 6 {
		t.Fatalf("knocked out until %d", k.Expires)
	}
}

func TestDeathSaveBands(t *testing.T) {
	tr := newTracker(t, addGob, "dice 1")
	from := tr.E.Log.Len()
	run(t, tr, "damage Gob 5")
	hasEvent(t, tr, from, "Gob dies (a natural 1 on the death save)")

	tr = newTracker(t, addGob, "dice 3", "damage Gob 7")
	if comb(t, tr, "Gob").Status != model.Unconscious {
		t.Fatal("a failed save at −2 does not knock out")
	}
	from = tr.E.Log.Len()
	run(t, tr, "damage Gob 1")
	hasEvent(t, tr, from, "Gob stays down at −3 HP")
	from = tr.E.Log.Len()
	run(t, tr, "dice 17", "damage Gob 5")
	hasEvent(t, tr, from, "Gob is unconscious at −8 HP and dies on a failed save")
	hasEvent(t, tr, from, "Gob clings to life")
	from = tr.E.Log.Len()
	run(t, tr, "damage Gob 3")
	hasEvent(t, tr, from, "Gob dies (−11 HP)")
	run(t, tr, addAra)
	fails(t, tr, "attack Ara Gob", "already dead")

	tr = newTracker(t, addGob, "dice 4", "damage Gob 12")
	if comb(t, tr, "Gob").Status != model.Dead {
		t.Fatal("a failed save at −7 does not kill")
	}
	tr = newTracker(t, addGob, "damage Gob 16")
	if comb(t, tr, "Gob").Status != model.Dead || len(tr.E.Queue) != 0 {
		t.Fatal("−11 does not kill outright")
	}
}

func TestPlayerCharacterDying(t *testing.T) {
	tr := newTracker(t, addAra, addGob)
	from := tr.E.Log.Len()
	run(t, tr, "damage Ara 14")
	hasEvent(t, tr, from, "Ara is at −4 HP and dying: the GM decides (healing above 0 ends it)")
	if a := comb(t, tr, "Ara"); !a.HasCond("dying") || a.Status != model.Active {
		t.Fatal("a PC at −4 is marked dying and left to the GM")
	}
	run(t, tr, "next", "dice 3", "next")
	if !slices.Equal(acting(tr), []string{"Gob"}) {
		t.Fatalf("a dying PC acts: %v", acting(tr))
	}
	run(t, tr, "heal Ara 6")
	if a := comb(t, tr, "Ara"); a.HasCond("dying") || sheet(t, tr, "Ara").HP != 2 {
		t.Fatal("healing above 0 does not end dying")
	}
	run(t, tr, "heal Ara 50")
	if sheet(t, tr, "Ara").HP != 10 {
		t.Fatal("healing goes past max")
	}
}

func TestSaveVerb(t *testing.T) {
	tr := newTracker(t, addAra, "dice 11")
	from := tr.E.Log.Len()
	run(t, tr, "save Ara")
	hasEvent(t, tr, from, "Ara saving throw: d20 11 against 12 → fails")
	from = tr.E.Log.Len()
	run(t, tr, "dice 11", "save Ara +1")
	hasEvent(t, tr, from, "Ara saving throw: d20 11 + mod 1 = 12 against 12 → saves")
	from = tr.E.Log.Len()
	run(t, tr, "dice 20", "save Ara -30")
	hasEvent(t, tr, from, "Ara saving throw: d20 20 − mod 30 = −10 against 12 → saves (natural 20)")
	fails(t, tr, "save Ara x", "whole number")
}

func TestMorale(t *testing.T) {
	tr := newTracker(t, addAra, addGob, addGrub, "next", "dice 2 5 5", "next")
	if !slices.Equal(acting(tr), []string{"Gob", "Grub"}) {
		t.Fatalf("acting %v", acting(tr))
	}
	run(t, tr, "flee Gob", "surrender Grub")
	if len(acting(tr)) != 0 {
		t.Fatalf("acting %v", acting(tr))
	}
	run(t, tr, "next")
	if !slices.Equal(acting(tr), []string{"Ara"}) {
		t.Fatalf("acting %v", acting(tr))
	}
}

func TestSheetKeys(t *testing.T) {
	tr := newTracker(t, `add X hp=7 weapons="long bow 1d8 missile +1, dagger 1d4" initdie=d10 surprise=4 split=1/0 pc=yes`)
	sh := sheet(t, tr, "X")
	if sh.MaxHP != 7 || len(sh.Weapons) != 2 || !sh.Weapons[0].Missile || sh.Weapons[0].Magic != 1 ||
		sh.Weapons[0].Name != "long bow" || sh.InitSides() != 10 || sh.SurpriseDie != 4 || !sh.PC {
		t.Fatalf("sheet %+v", sh)
	}
	for _, k := range sh.Keys() {
		v, ok := sh.Get(k)
		if !ok {
			t.Fatalf("Get(%s)", k)
		}
		cp := sh.Clone()
		if err := cp.Set(k, v); err != nil {
			t.Errorf("Set(%s, %q): %v", k, v, err)
		}
		if w, _ := cp.Get(k); w != v {
			t.Errorf("%s: %q became %q", k, v, w)
		}
	}
	for _, bad := range []string{"set X hp=lots", "set X weapons=sword", "set X weapons=\"sword 1d8 sharp\"",
		"set X surprise=d1", "set X split=3", "set X pc=maybe", "set X colour=red", "set X bcb=-1"} {
		if _, err := tr.Apply(bad); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}
