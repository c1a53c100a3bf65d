package osr_test

import (
	"slices"
	"testing"

	"fray/model"
)

func TestAttackHitAndDeathSave(t *testing.T) {
	tr := newTracker(t, addAra, addGob, "dice 10 4 16")
	from := tr.E.Log.Len()
	run(t, tr, "attack Ara Gob")
	for _, want := range []string{
		"Ara attacks Gob with sword: d20 10 + BCB 2 + STR 1 = 13 against AC 13",
		"Ara hits Gob",
		"damage 1d8 4 + STR 1 = 5",
		"Gob takes 5 damage: HP 0/5",
		"Gob save vs death: d20 16 against 16 → saves",
		"Gob stays up at 0 HP, fighting at −2",
	} {
		hasEvent(t, tr, from, want)
	}
	if !comb(t, tr, "Gob").HasCond("hurt") || comb(t, tr, "Gob").Status != model.Active {
		t.Fatal("a passed death save leaves the monster up, hurt")
	}
}

func TestAttackMissAgainstDefensiveBCB(t *testing.T) {
	tr := newTracker(t, addAra, addGob, "split Gob 0 1", "dice 10")
	from := tr.E.Log.Len()
	run(t, tr, "attack Ara Gob")
	hasEvent(t, tr, from, "Ara attacks Gob with sword: d20 10 + BCB 2 + STR 1 = 13 against AC 13 + BCB 1 = 14")
	hasEvent(t, tr, from, "Ara misses Gob")
	fails(t, tr, "split Gob 1 1", "BCB is +1")
	run(t, tr, "defend Gob", "dice 10")
	from = tr.E.Log.Len()
	run(t, tr, "attack Ara Gob")
	hasEvent(t, tr, from, "Ara attacks Gob with sword: d20 10 + BCB 2 + STR 1 = 13 against AC 13 + BCB 1 + defensive 2 = 16")
	run(t, tr, "dice 2")
	from = tr.E.Log.Len()
	run(t, tr, "attack Gob Ara")
	hasEvent(t, tr, from, "Gob attacks, so no longer fights defensively")
}

func TestAttackSituationalModifiers(t *testing.T) {
	tr := newTracker(t, addAra, addGob, "dice 12 3")
	from := tr.E.Log.Len()
	run(t, tr, "attack Ara Gob with=bow behind attackers=3 cover=2 invisible mod=+1")
	hasEvent(t, tr, from, "Ara attacks Gob with bow: d20 12 + BCB 2 + behind 2 + attackers 2 − invisible 4 − cover 2 + mod 1 = 13 against AC 13")
	hasEventContaining(t, tr, from, "Gob takes 3 damage") // no STR on a missile
	run(t, tr, "dice 10 11")
	from = tr.E.Log.Len()
	run(t, tr, "attack Ara Gob two")
	hasEvent(t, tr, from, "Ara attacks Gob with sword: d20 10 + BCB 2 + STR 1 − two weapons 3 = 10 against AC 13")
	hasEvent(t, tr, from, "Ara attacks Gob with sword: d20 11 + BCB 2 + STR 1 − two weapons 3 = 11 against AC 13")
	run(t, tr, "dice 5")
	from = tr.E.Log.Len()
	run(t, tr, "attack Ara Gob parry")
	hasEvent(t, tr, from, "Ara attacks Gob with sword: d20 5 + BCB 2 + STR 1 − off-hand parry 1 = 7 against AC 13")
	if !comb(t, tr, "Ara").HasCond("parrying") {
		t.Fatal("no parry")
	}
	run(t, tr, "dice 5")
	from = tr.E.Log.Len()
	run(t, tr, "attack Gob Ara")
	hasEvent(t, tr, from, "Gob attacks Ara with spear: d20 5 + BCB 1 = 6 against AC 14 + parry 1 = 15")
	for _, bad := range []string{"attack Ara Gob two parry", "attack Ara Gob cover=5", "attack Ara Gob sideways",
		"attack Ara Ara", "attack Ara Gob with=axe", "attack Ara Gob dmg=stress"} {
		if _, err := tr.Apply(bad); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

func TestFumble(t *testing.T) {
	tr := newTracker(t, addAra, addGob, "set Gob ac=1", "dice 1")
	from := tr.E.Log.Len()
	run(t, tr, "attack Ara Gob")
	hasEvent(t, tr, from, "Ara fumbles (natural 1): an automatic miss, and every opponent within reach of Ara gets a free attack")
	if sheet(t, tr, "Gob").HP != 5 {
		t.Fatal("a fumble did damage")
	}
}

// The worked example of the source: a Mighty Blow of 19 and a save of 17
// against 10 make a 12, a painful blow.
func TestMightyBlowLoweredBySave(t *testing.T) {
	tr := newTracker(t, addAra, addGrub, "next", "dice 20 1 19 17 2")
	from := tr.E.Log.Len()
	run(t, tr, "force attack Ara Grub") // in the declare phase of round 1
	for _, want := range []string{
		"natural 20: a critical hit on Grub",
		"Grub takes 2 damage: HP 4/6",
		"Grub save against the Mighty Blow: d20 17 against 10 → saves",
		"the save lowers the Mighty Blow by 7, from 19 to 12",
		"Mighty Blow 12 on Grub: painful blow",
		"Grub is stunned for the rest of the round and 2 more (until round 4 begins)",
		"Grub loses 2 CON (now 7)",
		"Grub has a flesh wound: −2 on attacks and saves",
	} {
		hasEvent(t, tr, from, want)
	}
	g := comb(t, tr, "Grub")
	if k, _ := g.Cond("stunned"); k.Expires != 4 || !g.HasCond("flesh wound") || sheet(t, tr, "Grub").ConLoss != 2 {
		t.Fatalf("Grub after the blow: %+v", g.Conds)
	}
	// The flesh wound counts against the next save.
	run(t, tr, "dice 11")
	from = tr.E.Log.Len()
	run(t, tr, "save Grub")
	hasEvent(t, tr, from, "Grub saving throw: d20 11 − flesh wound 2 = 9 against 10 → fails")
}

func TestMightyBlowBands(t *testing.T) {
	for _, tc := range []struct {
		name, dice, opts string
		status           model.Status
		conLoss          int
		want             string
	}{
		{"crushing, out", "20 1 16 5 3 4", "", model.Incapacitated, 4, "Grub is out of the fight until healed"},
		{"crushing, saved", "20 1 16 5 3 15", "", model.Active, 4, "Mighty Blow 16 on Grub: crushing blow"},
		{"incapacitating, dies", "20 1 18 2 3", "", model.Dead, 8, "Grub dies (the incapacitating strike)"},
		{"incapacitating, lives", "20 1 18 2 12", "", model.Incapacitated, 8, "Grub save against death: d20 12 against 10 → saves"},
		{"deadly", "20 1 20 1", "", model.Dead, 9, "Grub dies (deadly blow)"},
		{"mangled", "20 1 19 3", "mb=+2", model.Dead, 9, "Mighty Blow 21 on Grub: mangled"},
		{"negated", "20 1 19 20", "", model.Active, 0, "Grub negates the Mighty Blow"},
		{"shrugged off", "20 1 2 15", "", model.Active, 0, "Grub shrugs the Mighty Blow off"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr := newTracker(t, addAra, addGrub, "dice "+tc.dice)
			from := tr.E.Log.Len()
			run(t, tr, "attack Ara Grub "+tc.opts)
			hasEvent(t, tr, from, tc.want)
			if g := comb(t, tr, "Grub"); g.Status != tc.status || sheet(t, tr, "Grub").ConLoss != tc.conLoss {
				t.Errorf("status %s, CON loss %d", g.Status, sheet(t, tr, "Grub").ConLoss)
			}
			if len(tr.E.Queue) != 0 {
				t.Errorf("dice left over: %v", tr.E.Queue)
			}
		})
	}
}

func TestSpellLostWhenHitBeforeCasting(t *testing.T) {
	tr := newTracker(t, addAra, addBo, addGob, addGrub, "declare Gob spell sleep", "next", "dice 6 3 5 2", "next")
	from := tr.E.Log.Len()
	run(t, tr, "dice 15 1", "attack Ara Gob")
	hasEvent(t, tr, from, "Gob's spell (sleep) is lost: hit before it was cast")
	if g := comb(t, tr, "Gob"); g.HasCond("spell declared") || !g.HasCond("spell lost") {
		t.Fatalf("conds %+v", g.Conds)
	}
	from = tr.E.Log.Len()
	run(t, tr, "next")
	for _, e := range events(tr, from) {
		if e == "Gob casts the declared spell (sleep)" {
			t.Fatal("a lost spell was cast")
		}
	}
	// At the caster's own count the hit is simultaneous: the spell goes off.
	tr = newTracker(t, addAra, addBo, addGob, addGrub, "declare Gob spell sleep", "next", "dice 6 3 6 2", "next", "dice 15 1", "attack Ara Gob")
	if !comb(t, tr, "Gob").HasCond("spell declared") {
		t.Fatal("a simultaneous hit lost the spell")
	}
	// A miss does not disturb it; damage does.
	tr = newTracker(t, addAra, addGob, "declare Gob spell", "dice 2", "attack Ara Gob")
	if !comb(t, tr, "Gob").HasCond("spell declared") {
		t.Fatal("a miss lost the spell")
	}
	run(t, tr, "damage Gob 1")
	if comb(t, tr, "Gob").HasCond("spell declared") {
		t.Fatal("damage did not lose the spell")
	}
}

func TestCharging(t *testing.T) {
	tr := newTracker(t, addAra, addGob, "set Ara dexmod=2 ac=16", "split Ara 0 2", "declare Ara charge", "dice 5")
	from := tr.E.Log.Len()
	run(t, tr, "attack Gob Ara")
	hasEvent(t, tr, from, "Gob attacks Ara with spear: d20 5 + BCB 1 = 6 against AC 16 − DEX (charging) 2 = 14")
}

// The order writes a declared spell as "spell: sleep" until its caster's
// count, and "cast: sleep" once it went off.
func TestSpellMarkOnceCast(t *testing.T) {
	tr := newTracker(t, addAra, addBo, addGob, addGrub, "declare Gob spell sleep", "next", "dice 6 3 5 2", "next")
	mark := func() []string {
		for _, r := range tr.Sys.Order(tr.E).Rows {
			if r.Name == "Gob" {
				return r.Marks
			}
		}
		return nil
	}
	if m := mark(); !slices.Contains(m, "spell: sleep") {
		t.Fatalf("before its count: %q", m)
	}
	run(t, tr, "next", "next")
	if m := mark(); !slices.Contains(m, "cast: sleep") {
		t.Fatalf("after its count: %q", m)
	}
}
