package osr_test

import (
	"testing"
)

// Closing into combat: the closer moves up to a foe and stops; neither
// gets a melee attack on the other that round, but missiles and spells
// still reach them.
func TestClosingIntoCombat(t *testing.T) {
	tr := countdown(t, "set Gob zone=3", "set Ara zone=1")
	from := tr.E.Log.Len()
	run(t, tr, "close Ara Gob")
	hasEvent(t, tr, from, "Ara and Gob are engaged (zone 3)")
	hasEvent(t, tr, from, "Ara closes with Gob: neither gets a melee attack on the other this round (missiles and spells still)")
	if a := comb(t, tr, "Ara"); a.Zone != "3" || !a.EngagedWith(comb(t, tr, "Gob").ID) {
		t.Fatal("not engaged")
	}
	fails(t, tr, "attack Ara Gob", "Ara closed with Gob this round: no melee between them until the next round")
	run(t, tr, "dice 2", "attack Ara Gob with=bow")
	run(t, tr, "next")
	fails(t, tr, "attack Gob Ara", "Ara closed with Gob this round")
	run(t, tr, "dice 2", "attack Grub Ara")
	// Next round they fight.
	run(t, tr, "next", "dice 5 3 3", "next", "dice 2", "attack Ara Gob")
}

// Retreating: a third of the speed costs nothing; two thirds −2 AC and a
// DEX roll against stumbling (the foe then gets a free attack and the
// retreater a half-move next round to get up); faster, −4 AC and a free
// attack that cannot be answered.
func TestRetreat(t *testing.T) {
	tr := countdown(t, "engage Ara Gob")
	from := tr.E.Log.Len()
	run(t, tr, "retreat Ara slow")
	hasEvent(t, tr, from, "Ara backs away from Gob at a third of its speed: no penalty")
	if len(comb(t, tr, "Ara").Engaged) != 0 {
		t.Fatal("still engaged after backing away")
	}

	tr = countdown(t, "engage Ara Gob", "set Ara dex=12")
	from = tr.E.Log.Len()
	run(t, tr, "dice 15", "retreat Ara half")
	for _, want := range []string{
		"Ara retreats from Gob at two thirds of its speed: −2 AC this round",
		"Ara DEX roll: d20 15 against DEX 12 → stumbles",
		"Ara stumbles: Gob gets a free attack (attack Gob Ara free), and Ara must spend a half move next round to get up",
	} {
		hasEvent(t, tr, from, want)
	}
	if !comb(t, tr, "Ara").EngagedWith(comb(t, tr, "Gob").ID) {
		t.Fatal("a stumble got clear of the foe")
	}
	run(t, tr, "dice 5")
	from = tr.E.Log.Len()
	run(t, tr, "attack Gob Ara free")
	hasEvent(t, tr, from, "Gob attacks Ara with spear: d20 5 + BCB 1 = 6 against AC 14 − retreating 2 = 12")

	// A stumble is no retreat: one that stumbles stays where it stands;
	// one that keeps its feet reaches the zone it was going to.
	tr = countdown(t, "engage Ara Gob", "set Ara dex=12")
	from = tr.E.Log.Len()
	run(t, tr, "dice 15", "retreat Ara half to=3")
	if z := comb(t, tr, "Ara").Zone; z != "" {
		t.Errorf("a stumble moved Ara to zone %q", z)
	}
	hasEvent(t, tr, from, "Ara stays where it stands")
	tr = countdown(t, "engage Ara Gob", "set Ara dex=12")
	run(t, tr, "dice 4", "retreat Ara half to=3")
	if z := comb(t, tr, "Ara").Zone; z != "3" {
		t.Errorf("a retreat that kept its feet left Ara in zone %q, not 3", z)
	}

	tr = countdown(t, "engage Ara Gob", "set Ara dex=12")
	run(t, tr, "dice 4", "retreat Ara half")
	if len(comb(t, tr, "Ara").Engaged) != 0 {
		t.Fatal("a made DEX roll did not get clear")
	}

	tr = countdown(t, "engage Ara Gob")
	from = tr.E.Log.Len()
	run(t, tr, "retreat Ara run")
	hasEvent(t, tr, from, "Ara turns and runs from Gob: −4 AC this round; Gob gets a free attack (attack Gob Ara free), which Ara may not answer")
	fails(t, tr, "retreat Ara run", "already moved")
	fails(t, tr, "retreat Gob slow", "Gob acts at count 3")
}

// Spears and polearms fend off one not yet at arm's reach: a hit keeps
// it off for the round (a charge included). Once the foe is past the
// point, a long spear or pike is of no use.
func TestFendingOff(t *testing.T) {
	tr := newTracker(t, addAra, addGob, addGrub, `set Ara weapons="spear 1d6 reach, pike 1d8 pike, sword 1d8"`, "next", "declare Gob charge", "dice 5 3 3", "next")
	from := tr.E.Log.Len()
	run(t, tr, "dice 15 2", "attack Ara Gob fend")
	hasEvent(t, tr, from, "Gob is fended off: it cannot reach Ara this round, and its charge is stopped")
	run(t, tr, "next")
	fails(t, tr, "attack Gob Ara", "Gob was fended off by Ara this round")
	fails(t, tr, "close Gob Ara", "Gob was fended off by Ara this round")
	fails(t, tr, "attack Grub Ara fend", "fend needs a spear or polearm")
	// Engaged, the pike is useless; the spear still strikes.
	tr = countdown(t, `set Ara weapons="spear 1d6 reach, pike 1d8 pike, sword 1d8"`, "engage Ara Gob")
	fails(t, tr, "attack Ara Gob with=pike", "Ara's pike is of no use at arm's reach")
	fails(t, tr, "attack Ara Gob fend", "Gob is already at arm's reach")
	run(t, tr, "dice 15 2", "attack Ara Gob with=spear")
}

// A shield wall: each fighter has the shields on either side as well as
// its own, so a flank is at +2 (its own shield and one more) and the
// centre at +3; no DEX bonus in the press; against attacks from the flank
// or the rear, no shield at all and still no DEX bonus.
func TestShieldWall(t *testing.T) {
	tr := newTracker(t, addAra, addBo, addGob, addGrub,
		`add Cal side=party hp=9 ac=15 dex=12 dexmod=1`, "set Ara dexmod=2 ac=16", "wall Ara Cal Bo")
	hasEvent(t, tr, 0, "Ara, Cal and Bo lock shields: Ara and Bo on the flanks (+1 AC), Cal in the centre (+2 AC), no DEX bonus")
	run(t, tr, "dice 5")
	from := tr.E.Log.Len()
	run(t, tr, "attack Gob Ara")
	hasEvent(t, tr, from, "Gob attacks Ara with spear: d20 5 + BCB 1 = 6 against AC 16 + shield wall 1 − DEX (shield wall) 2 = 15")
	run(t, tr, "dice 5")
	from = tr.E.Log.Len()
	run(t, tr, "attack Gob Cal")
	hasEvent(t, tr, from, "Gob attacks Cal with spear: d20 5 + BCB 1 = 6 against AC 15 + shield wall 2 − DEX (shield wall) 1 = 16")
	run(t, tr, "dice 5")
	from = tr.E.Log.Len()
	run(t, tr, "attack Gob Cal flank")
	hasEvent(t, tr, from, "Gob attacks Cal with spear: d20 5 + BCB 1 = 6 against AC 15 − no shield (flank) 1 − DEX (shield wall) 1 = 13")
	run(t, tr, "wall break Cal")
	run(t, tr, "dice 5")
	from = tr.E.Log.Len()
	run(t, tr, "attack Gob Ara")
	hasEvent(t, tr, from, "Gob attacks Ara with spear: d20 5 + BCB 1 = 6 against AC 16 + shield wall 1 − DEX (shield wall) 2 = 15")
	fails(t, tr, "wall Ara", "a shield wall takes two fighters or more")
	run(t, tr, "wall break")
	if comb(t, tr, "Ara").HasCond("shield wall") {
		t.Fatal("the wall stands")
	}
}

// A fumble gives every opponent within reach a free attack: with
// engagement known, the log names them.
func TestFumbleNamesTheFoesWithinReach(t *testing.T) {
	tr := newTracker(t, addAra, addGob, addGrub, "engage Ara Gob", "engage Ara Grub", "dice 1")
	from := tr.E.Log.Len()
	run(t, tr, "attack Ara Gob")
	hasEvent(t, tr, from, "Ara fumbles (natural 1): an automatic miss; Gob and Grub get a free attack (attack NAME Ara free)")
}

// "Spears and polearms in the second rank of a battle formation can
// attack by reaching through the first rank … Pikes can be used from as
// far back as the third rank": rank=N on a melee attack says where the
// attacker stands; a sword reaches from the first rank only, a spear from
// the second, a pike from the third, nothing from further back. One
// engaged with its target stands at arm's reach, in no rank behind.
func TestRanksReach(t *testing.T) {
	tr := countdown(t, `set Ara weapons="sword 1d8, spear 1d6 reach, pike 1d8 pike"`)
	fails(t, tr, "attack Ara Gob rank=2", "from the second rank only a spear or polearm reaches (sword is neither)")
	run(t, tr, "dice 15 3", "attack Ara Gob rank=2 with=spear")
	tr = countdown(t, `set Ara weapons="sword 1d8, spear 1d6 reach, pike 1d8 pike"`)
	fails(t, tr, "attack Ara Gob rank=3 with=spear", "from the third rank only a pike reaches (spear is not one)")
	fails(t, tr, "attack Ara Gob rank=4 with=pike", "no weapon reaches from the fourth rank")
	run(t, tr, "dice 15 3", "attack Ara Gob rank=3 with=pike")
	// Engaged with the target: arm's reach, where the pike is no use.
	tr = countdown(t, `set Ara weapons="sword 1d8, pike 1d8 pike"`, "engage Ara Gob")
	fails(t, tr, "attack Ara Gob rank=3 with=pike", "Ara is engaged with Gob: at arm's reach, not in the third rank")
	fails(t, tr, "attack Ara Gob rank=2 missile with=sword", "rank= is for melee attacks")
	fails(t, tr, "attack Ara Gob rank=0", "rank is 1 (the front) to 3")
}

// "Movement within Melee": one moving through the hexes a defender
// controls draws a free attack that, if it hits, fends it off into an
// adjacent hex, in a random direction away from the attacker. passing is
// that free attack: any weapon, out of turn, a d6 for the direction.
func TestPassingThroughIsFendedOff(t *testing.T) {
	tr := countdown(t)
	from := tr.E.Log.Len()
	run(t, tr, "dice 15 3 5", "attack Gob Ara passing")
	hasEvent(t, tr, from, "Gob hits Ara")
	hasEvent(t, tr, from, "Ara is fended off into the next hex, away from Gob: d6 5 → back and to Gob's right")
	fails(t, tr, "attack Ara Gob", "Ara was fended off by Gob this round")
	// A miss lets it pass.
	tr = countdown(t)
	from = tr.E.Log.Len()
	run(t, tr, "dice 2", "attack Gob Ara passing")
	hasEvent(t, tr, from, "Gob misses Ara")
	run(t, tr, "dice 2", "attack Ara Gob")
}
