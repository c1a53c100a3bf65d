package arm5_test

import (
	"testing"
)

// In the saddle, Evasion counts Ride where it counts Brawl on foot, and the
// mounted bonus is not added on top.
func TestMountedEvasion(t *testing.T) {
	tr := newTracker(t, addRider, addHorse, addFoot, "set Knight brawl=4 qik=1", "mount Knight Charger", "next")
	from := tr.E.Log.Len()
	run(t, tr, "dice 4 4", "force attack Footman Knight evade")
	hasEvent(t, tr, from, "Knight: Evasion Qik 1 + Ride 2 + shield 3 + stress 4 = 10")
	run(t, tr, "dismount Knight")
	from = tr.E.Log.Len()
	run(t, tr, "dice 4 4", "force attack Footman Knight evade")
	hasEvent(t, tr, from, "Knight: Evasion Qik 1 + Brawl 4 + shield 3 + stress 4 = 12")
}

// A galloping horse makes a fatigue test as its rider's turn ends, once a
// round.
func TestGallopFatigueTest(t *testing.T) {
	tr := newTracker(t, addRider, addHorse, addFoot, "mount Knight Charger gait=gallop", "next", "gait Knight trot", "gait Knight gallop")
	from := tr.E.Log.Len()
	run(t, tr, "dice 3", "next")
	hasEvent(t, tr, from, "Charger galloped this round: a fatigue test")
	hasEvent(t, tr, from, "Charger: fatigue test Sta 3 + stress 3 = 6 vs 6: passed")
	from = tr.E.Log.Len()
	run(t, tr, "next", "dice 2", "next")
	if tr.E.Round != 2 || current(tr) != "Footman" {
		t.Fatalf("round %d, %s's turn", tr.E.Round, current(tr))
	}
	hasEvent(t, tr, from, "Charger: fatigue test Sta 3 + stress 2 = 5 vs 6: failed, a level lost")
	if f := sheet(t, tr, "Charger").Fatigue; f != 1 {
		t.Errorf("Charger's fatigue %d, want 1 (Winded)", f)
	}
	// At a trot, no test.
	run(t, tr, "next", "gait Knight trot")
	from = tr.E.Log.Len()
	run(t, tr, "next")
	noEventContaining(t, events(tr, from), "fatigue test")
}

// An extended action on a moving horse takes Dex + Ride against the gait's
// Ease Factor as it starts and each round it goes on.
func TestExtendedOnHorseback(t *testing.T) {
	tr := newTracker(t, addRider, addHorse, addFoot, "mount Knight Charger gait=canter", "next")
	from := tr.E.Log.Len()
	run(t, tr, "dice 7", "extended Knight 2 binding a wound")
	hasEvent(t, tr, from, "Knight: binding a wound at a canter Dex 1 + Ride 2 + stress 7 = 10 vs 9: succeeds")
	hasEvent(t, tr, from, "Knight begins binding a wound: 2 rounds; an attack or other distraction calls for a Concentration roll")
	from = tr.E.Log.Len()
	run(t, tr, "next", "dice 3", "next")
	hasEvent(t, tr, from, "Knight: binding a wound at a canter Dex 1 + Ride 2 + stress 3 = 6 vs 9: fails")
	hasEvent(t, tr, from, "Knight's binding a wound stops")
	// Failing at the start spends the action, and nothing begins.
	run(t, tr, "dice 2", "force extended Knight 3 writing")
	unchanged(t, tr, "extended Knight stop", "no extended action")
	// Standing still, no roll.
	run(t, tr, "gait Knight stand", "force extended Knight 1 writing")
}

// Shock of the charge against a rider: a cantled saddle adds 3 to stay
// seated, riding without stirrups takes 3 off.
func TestShockSaddles(t *testing.T) {
	for _, tc := range []struct{ saddle string }{{"cantled"}, {"nostirrups"}} {
		tr := newTracker(t, addRider, addHorse,
			`add Rival dex=2 sta=2 prot=20 abilityname="Single Weapon" ability=2 ride=1 sdfn=10 init=1`,
			"add Palfrey size=2 sta=2 init=1",
			"mount Rival Palfrey saddle="+tc.saddle, "mount Knight Charger", "option shock on", "next")
		// Attack 1 + 5 + 4 + charge 5 + mounted 2 + 2 = 19 vs Defense
		// 2 + shield 10 + mounted 1 + 4 = 17: Damage 2 + 2 + 5 = 9, so the
		// rider must reach 9 + the charger's Size 3.
		from := tr.E.Log.Len()
		run(t, tr, "dice 2 4 6", "attack Knight Rival charge mounted")
		want := map[string]string{"cantled": "Rival: resist the charge Dex 2 + Ride 1 + saddle 3 + stress 6 = 12 vs 12: succeeds",
			"nostirrups": "Rival: resist the charge Dex 2 + Ride 1 − saddle 3 + stress 6 = 6 vs 12: fails"}[tc.saddle]
		hasEvent(t, tr, from, want)
	}
	tr := newTracker(t, addRider, addHorse)
	unchanged(t, tr, "mount Knight Charger saddle=golden", "saddle= is plain, cantled or nostirrups")
}

// Leaping out of and vaulting into the saddle.
func TestLeapAndVault(t *testing.T) {
	tr := newTracker(t, addRider, addHorse, addFoot, "mount Knight Charger", "next")
	unchanged(t, tr, "leap Knight", "fast action")
	unchanged(t, tr, "vault Footman Charger", "fast action")
	run(t, tr, "option fast on")
	// Dex 1 + stress 8 = 9 vs 9: on his feet; the horse rolls its own
	// Initiative.
	from := tr.E.Log.Len()
	run(t, tr, "dice 8 5", "leap Knight")
	hasEvent(t, tr, from, "Knight: fast action 1 of 4 this turn (leaps from the saddle)")
	hasEvent(t, tr, from, "Knight: leap from the saddle Dex 1 + stress 8 = 9 vs 9: succeeds")
	hasEvent(t, tr, from, "Knight lands on both feet")
	if comb(t, tr, "Knight").HasCond("mounted") || comb(t, tr, "Knight").HasCond("prone") {
		t.Error("the Knight should stand, unmounted")
	}
	// Str 2 + stress 3 = 5 vs 6: still on foot; then 4: in the saddle.
	from = tr.E.Log.Len()
	run(t, tr, "dice 3", "vault Knight Charger")
	hasEvent(t, tr, from, "Knight: vault into the saddle Str 2 + stress 3 = 5 vs 6: fails")
	hasEvent(t, tr, from, "Knight is still on foot beside Charger")
	run(t, tr, "dice 4", "vault Knight Charger")
	if !comb(t, tr, "Knight").HasCond("mounted") {
		t.Fatal("the vault did not seat the Knight")
	}
	unchanged(t, tr, "vault Knight Charger", "already mounted")
	// A failed leap from a calm horse is a fall.
	from = tr.E.Log.Len()
	run(t, tr, "dice 2 3", "leap Knight")
	hasEvent(t, tr, from, "Knight falls from the saddle: Damage horse Size + stand 3 + stress 3 = 6; 6 − Soak 2 = 4 → Light wound")
	// From a panicked horse the leap is a reaction, and failing it keeps
	// the rider seated.
	run(t, tr, "next", "next", "option fast off", "force mount Knight Charger", "cond Charger panicked")
	from = tr.E.Log.Len()
	run(t, tr, "dice 2", "leap Knight")
	hasEvent(t, tr, from, "Knight stays in the saddle")
	if !comb(t, tr, "Knight").HasCond("mounted") {
		t.Error("the failed reaction leap unseated the Knight")
	}
}

// A botched leap is an especially bad fall: fray reads the source's "extra
// damage" as +5 to the fall's Damage for each zero on the botch dice (a
// wound level each for a man), applied with the fall.
func TestBotchedLeapHurts(t *testing.T) {
	tr := newTracker(t, addRider, addHorse, addFoot, "mount Knight Charger", "option fast on", "next")
	from := tr.E.Log.Len()
	run(t, tr, "dice 0 0 3", "leap Knight")
	hasEvent(t, tr, from, "Knight: leap from the saddle BOTCH ×1 vs 9: fails")
	hasEvent(t, tr, from, "Knight falls from the saddle: Damage horse Size + stand 3 + bad fall 5 + stress 3 = 11; 11 − Soak 2 = 9 → Medium wound")
	if w := sheet(t, tr, "Knight").Wounds; w[2] != 1 {
		t.Errorf("wounds %v, want a Medium one", w)
	}
	// From a panicked horse the botch is a bad fall too, two zeros +10.
	tr = newTracker(t, addRider, addHorse, addFoot, "mount Knight Charger", "cond Charger panicked", "next")
	from = tr.E.Log.Len()
	run(t, tr, "set Knight botch=1", "dice 0 0 0 3", "leap Knight")
	hasEvent(t, tr, from, "Knight falls from the saddle: Damage horse Size + stand 3 + bad fall 10 + stress 3 = 16; 16 − Soak 2 = 14 → Heavy wound")
}

// A rider trapped under his fallen horse is pulled out with Str + stress
// die against 6 + the horse's Size.
func TestPullFree(t *testing.T) {
	tr := newTracker(t, addRider, addHorse, addFoot, "mount Knight Charger", "next", "dice 3 2 2 5", "wound Charger incap")
	unchanged(t, tr, "pullfree Footman Charger", "not trapped")
	unchanged(t, tr, "pullfree Knight Knight", "someone else")
	from := tr.E.Log.Len()
	run(t, tr, "dice 7", "force pullfree Footman Knight")
	hasEvent(t, tr, from, "Footman: pull Knight free Str 1 + stress 7 = 8 vs 9: fails")
	run(t, tr, "dice 8", "force pullfree Footman Knight")
	if k := comb(t, tr, "Knight"); k.HasCond("under the horse") || !k.HasCond("prone") {
		t.Errorf("the Knight's conditions after the rescue: %v", k.Conds)
	}
}
