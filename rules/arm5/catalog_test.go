package arm5_test

import (
	"strings"
	"testing"

	"fray/rules/arm5"
)

func TestCatalogueFillsTheSheet(t *testing.T) {
	tr := newTracker(t,
		`add Knight weapon="Sword, Long" shield="heater shield" armor="mail hauberk"`,
		`add Archer weapon="long bow" armor="padded jerkin + open helmet"`,
		`add Sergeant weapon=mace armor="plate and mail full + helm + gambeson"`,
		`add Odd armor="tinfoil" prot=3 load=1`)
	k := sheet(t, tr, "Knight")
	if k.WInit != 2 || k.WAtk != 4 || k.WDfn != 1 || k.WDam != 6 || !k.Bladed || k.SDfn != 3 {
		t.Errorf("long sword and heater shield: %+v", k)
	}
	// Mail hauberk: Prot 5, Load 2½ → 3; with sword 1 and shield 2: 6.
	if k.Prot != 5 || k.Load != 6 {
		t.Errorf("mail hauberk: Prot %d Load %d, want 5 and 6", k.Prot, k.Load)
	}
	// Padded 1 + 1½ and open helmet 1 + 1: Prot 2, Load 2½ → 3, long bow 2.
	if a := sheet(t, tr, "Archer"); a.Prot != 2 || a.Load != 5 || a.WAtk != 4 || a.WInit != -2 {
		t.Errorf("archer: %+v", a)
	}
	// Full plate and mail 10/5, helm 2/2, gambeson 1/1½: 13 and 8½ → 9, mace 2.
	if s := sheet(t, tr, "Sergeant"); s.Prot != 13 || s.Load != 11 {
		t.Errorf("sergeant: Prot %d Load %d, want 13 and 11", s.Prot, s.Load)
	}
	if o := sheet(t, tr, "Odd"); o.Armor != "tinfoil" || o.Prot != 3 || o.Load != 1 {
		t.Errorf("an armor outside the catalogue is just a name: %+v", o)
	}
	for name, want := range map[string][2]int{"boiled leather cuirass": {2, 3}, "boiled leather full": {3, 5}, "rigid scale haubergeon": {3, 3}, "coif": {1, 0}} {
		p, l, ok := arm5.LookupArmor(name)
		if !ok || p != want[0] || l != want[1] {
			t.Errorf("%s: %d/%d %v, want %v", name, p, l, ok, want)
		}
	}
	if _, _, ok := arm5.LookupArmor("plate hauberk"); ok {
		t.Error("a plate hauberk cannot be made, yet was found")
	}
	for _, w := range []struct {
		name        string
		span, rng   int
		levels, dam int
	}{{"crossbow", 3, 25, 2, 8}, {"arbalest", 4, 30, 2, 10}, {"heavy arbalest", 6, 35, 2, 12}, {"spear", 0, 0, 1, 5}, {"horse bow", 0, 15, 2, 8}} {
		got, ok := arm5.LookupWeapon(w.name)
		if !ok || got.Span != w.span || got.Range != w.rng || got.Levels != w.levels || got.Dam != w.dam {
			t.Errorf("%s: %+v", w.name, got)
		}
	}
	if len(arm5.Melee) != 35 || len(arm5.Missiles) != 15 || len(arm5.BodyArmors) != 8 || len(arm5.ArmorPieces) != 10 {
		t.Errorf("table sizes %d %d %d %d", len(arm5.Melee), len(arm5.Missiles), len(arm5.BodyArmors), len(arm5.ArmorPieces))
	}
}

func TestCatalogVerb(t *testing.T) {
	tr := newTracker(t)
	from := tr.E.Log.Len()
	run(t, tr, "catalog missiles arbalest")
	hasEvent(t, tr, from, "catalog: heavy arbalest (Crossbow) +5/+5/0/+12, range 35, Str +1, Load 2, Exp., Late, P, 2 levels, spans in 6 rounds")
	if n := len(events(tr, from)); n != 4 {
		t.Errorf("%d lines, want a heading and 3 arbalests: %v", n, events(tr, from))
	}
	from = tr.E.Log.Len()
	run(t, tr, "catalog armor mail")
	hasEvent(t, tr, from, "catalog: mail: 3/1½, 4/2, 5/2½, 7/3½")
	from = tr.E.Log.Len()
	run(t, tr, "catalog")
	if n := len(events(tr, from)); n != 35+15+8+10+3 {
		t.Errorf("the whole catalogue is %d lines", n)
	}
	unchanged(t, tr, "catalog weapons zweihander", "nothing in the catalogue matches")
	run(t, tr, "undo")
	if tr.E.Log.Len() != from {
		t.Error("undo left catalogue lines")
	}
}

func TestClashOfWeapons(t *testing.T) {
	tr := newTracker(t, addPaul, addAlan, "option clash on")
	// Paul: Dex 1 + 5 + 4 + stress 4 = 14. Alan: Qik 0 + 3 + club 1 + stress 1×5 = 14.
	// Clash: Paul Str 2 + 5 + 3 = 10, Alan Str 1 + 3 + 2 = 6: Alan rolls
	// breakage: Ability 3 + stress 5 = 8 < 9, the club (1 level) breaks.
	from := tr.E.Log.Len()
	run(t, tr, "dice 4 1 5 3 2 5", "attack Paul Alan")
	hasEvent(t, tr, from, "weapons clash: Attack equals Defense")
	hasEvent(t, tr, from, "clash: Paul 10 vs Alan 6")
	hasEvent(t, tr, from, "Alan's club breaks (Single Weapon 3 + stress 5 = 8 vs 9): disarmed")
	if !comb(t, tr, "Alan").HasCond("disarmed") || sheet(t, tr, "Alan").WLost != 1 {
		t.Error("Alan kept his club")
	}
	unchanged(t, tr, "attack Alan Paul", "Alan is disarmed")
	run(t, tr, "undo")
	if comb(t, tr, "Alan").HasCond("disarmed") {
		t.Error("undo kept the broken club")
	}
	// Off, the same tie is only a miss.
	run(t, tr, "option clash off")
	from = tr.E.Log.Len()
	run(t, tr, "dice 4 1 5", "attack Paul Alan")
	for _, e := range events(tr, from) {
		if strings.Contains(e, "clash") {
			t.Errorf("clash with the option off: %s", e)
		}
	}
}

// Load is the same whatever order the outfit is named in, a weapon alone
// counts, and changing a weapon swaps its Load.
func TestLoadDoesNotDependOnOrder(t *testing.T) {
	tr := newTracker(t,
		`add A weapon="long sword" shield="round shield" armor="mail hauberk"`,
		`add B armor="mail hauberk" weapon="long sword" shield="round shield"`,
		`add C weapon="short sword"`)
	a, b, c := sheet(t, tr, "A"), sheet(t, tr, "B"), sheet(t, tr, "C")
	if a.Load != b.Load || a.Load == 0 {
		t.Fatalf("Load %d (weapon first) vs %d (armor first)", a.Load, b.Load)
	}
	sword, _ := arm5.LookupWeapon("short sword")
	if c.Load != sword.Load || sword.Load == 0 {
		t.Fatalf("a short sword alone: Load %d, want %d", c.Load, sword.Load)
	}
	dagger, _ := arm5.LookupWeapon("dagger")
	run(t, tr, "set C weapon=dagger")
	if got := sheet(t, tr, "C").Load; got != dagger.Load {
		t.Fatalf("after swapping to a dagger: Load %d, want %d", got, dagger.Load)
	}
	run(t, tr, "set C load=5", "set C weapon=none")
	if got := sheet(t, tr, "C").Load; got != 5-dagger.Load {
		t.Fatalf("dropping the dagger from Load 5: %d, want %d", got, 5-dagger.Load)
	}
}
