package sst_test

import (
	"bytes"
	"reflect"
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/sst"
	"fray/saves"
)

func TestHitsTable(t *testing.T) {
	want := map[string][]int{ // successes 0..5
		"light":  {0, 1, 1, 2, 2, 3},
		"medium": {0, 1, 2, 3, 4, 5},
		"heavy":  {0, 2, 3, 4, 5, 6},
		"large":  {0, 3, 4, 5, 6, 7},
		"huge":   {0, 4, 5, 6, 7, 8},
	}
	for w, row := range want {
		for s, h := range row {
			if got := sst.Hits(w, s); got != h {
				t.Errorf("Hits(%s, %d) = %d, want %d", w, s, got, h)
			}
		}
	}
	if !sst.Massive("massive") || sst.Massive("huge") {
		t.Error("Massive")
	}
}

func TestGroupTable(t *testing.T) {
	want := map[string][4]int{"mob": {1, 0, 1, 2}, "crowd": {1, 1, 2, 3}, "horde": {2, 1, 3, 4}, "company": {3, 2, 4, 4}, "unit": {4, 2, 4, 6}}
	for name, w := range want {
		g := sst.GroupOf(name)
		if got := [4]int{g.Phys, g.Ment, g.Dice, g.Attacks}; got != w {
			t.Errorf("%s: %v, want %v", name, got, w)
		}
	}
	// A horde of rank 2/2 goblins: ranks 4/3 and 3 + 3 action dice.
	tr := newTracker(t, "add H group=horde phys=2 ment=2 ad=3", "dice 2 2 2 2 2 2", "next")
	if s := sheet(t, tr, "H"); s.Rank(sst.Physical) != 4 || s.Rank(sst.Mental) != 3 || len(s.Dice) != 6 {
		t.Errorf("horde ranks %d/%d, %d dice", s.Rank(sst.Physical), s.Rank(sst.Mental), len(s.Dice))
	}
}

func TestCoverTable(t *testing.T) {
	for kind, n := range map[string]int{"hard-light": 1, "hard-heavy": 2, "soft-light": 1, "soft-medium": 2, "soft-heavy": 3, "": 0} {
		if got := sst.CoverDice(kind); got != n {
			t.Errorf("cover %q: %d, want %d", kind, got, n)
		}
	}
}

func TestLocationRoll(t *testing.T) {
	for _, c := range []struct {
		faces  []int
		loc    string
		shifts int
	}{
		{[]int{4, 4, 4, 6}, sst.RightArm, 1}, // the source's example
		{[]int{1, 1, 1, 1}, sst.LeftLeg, 2},
		{[]int{2, 2, 3, 3}, sst.LeftArm, 0}, // two pairs: the higher
		{[]int{1, 2, 3, 5}, sst.Chest, 0},   // all single: the highest
		{[]int{6, 1, 1, 2}, sst.LeftLeg, 0},
		{[]int{6, 6, 5, 5}, sst.Head, 0},
	} {
		loc, sh := sst.LocationRoll(c.faces)
		if loc != c.loc || sh != c.shifts {
			t.Errorf("%v: %s/%d, want %s/%d", c.faces, loc, sh, c.loc, c.shifts)
		}
	}
	if d := sst.ShiftDistance(sst.RightArm, sst.Chest, false); d != 1 {
		t.Errorf("arm→chest %d", d)
	}
	if d := sst.ShiftDistance(sst.Head, sst.Chest, true); d != 2 {
		t.Errorf("head→chest via neck %d", d)
	}
}

func TestInjuryTable(t *testing.T) {
	want := map[string]string{
		sst.Head:     "stun unconscious,sight or sound,fracture,balance,bleeder,kill",
		sst.Neck:     "bleeder bleeder,flesh wound,flesh wound,paralysed,paralysed,kill",
		sst.Chest:    "stun wind,bleeder,flesh wound,fracture,puncture,kill",
		sst.Groin:    "bleeder bleeder,flesh wound,flesh wound,maim,maim,kill",
		sst.LeftArm:  "bleeder flesh wound,bleeder,hand,fracture,broken,sever/maim",
		sst.RightLeg: "bleeder balance,fracture,broken,foot,broken,sever/maim",
	}
	for loc, w := range want {
		got := sst.InjuryEffect(loc, 1) + " "
		for r := 2; r <= 8; r++ { // 8 reads as 7+
			if r > 2 {
				got += ","
			}
			if r <= 7 {
				got += sst.InjuryEffect(loc, r)
			}
		}
		got = got[:len(got)-1]
		if got != w {
			t.Errorf("%s: %q, want %q", loc, got, w)
		}
	}
}

// Injury effects: ranks, burned dice every round, bleeders every round.
func TestInjuryEffects(t *testing.T) {
	tr := newTracker(t, "add V pc=yes phys=5 ment=5 body=2 dice=6,5,4,3", "add W dice=6", "next")
	from := tr.E.Log.Len()
	run(t, tr, "injury V loc=chest effect=6")
	hasEvent(t, tr, from, "V's injury: chest, effect 6 → puncture")
	wantGet(t, tr, "V", "lphys", "1")
	wantGet(t, tr, "V", "burn", "1")
	wantGet(t, tr, "V", "dice", "6 5 4 1")
	run(t, tr, "injury V loc=rarm effect=1", "injury V loc=neck effect=2")
	wantGet(t, tr, "V", "bleed", "right arm,neck")
	// At the refresh: arm bleeder BODY 2d fails, neck bleeder rolls 0d.
	run(t, tr, "force spend W 6") // W's last die: refresh; V's last option
	from = tr.E.Log.Len()
	run(t, tr, "dice 2 2  6 6 6 3 3 3 2  4 4 4 4", "pass V")
	hasEvent(t, tr, from, "V loses a Physical rank (bleeding from the right arm)")
	hasEvent(t, tr, from, "V loses a Physical rank (bleeding from the neck)")
	hasEvent(t, tr, from, "V: 1 die burned to 1s by wounds")
	wantGet(t, tr, "V", "dice", "6 6 6 3 3 3 1")
	run(t, tr, "heal V bleed", "heal V burn")
	wantGet(t, tr, "V", "bleed", "")
	from = tr.E.Log.Len()
	run(t, tr, "injury V loc=head effect=7", "dice 1 1 1")
	hasEvent(t, tr, from, "V loses 2 Mental ranks")
}

// Fear works on everyone in a zone but the source's side.
func TestFear(t *testing.T) {
	tr := newTracker(t, "add Boss side=gob zone=gate", "add Gob side=gob zone=gate",
		"add A side=pc zone=gate spirit=2 dice=5,4", "add B side=pc zone=gate spirit=2", "add C side=pc zone=wall", "next")
	from := tr.E.Log.Len()
	run(t, tr, "dice 1 2  5 1", "fear gate fearsome from=Boss")
	hasEvent(t, tr, from, "A loses a Mental rank (fearsome fear)")
	hasEvent(t, tr, from, "B passes the SPIRIT roll against fearsome fear")
	if comb(t, tr, "B").HasCond("steeled") != true || len(events(tr, from)) > 8 {
		t.Errorf("events %v", events(tr, from))
	}
	wantGet(t, tr, "A", "afraid", "fearsome")
	// Against several fears only the worst counts: A, afraid of the
	// fearsome one, rolls against it rather than the scary one.
	from = tr.E.Log.Len()
	run(t, tr, "dice 1 1", "fear gate scary from=Boss")
	hasEvent(t, tr, from, "A already fears worse (fearsome)")
	wantGet(t, tr, "A", "lment", "2")
	wantGet(t, tr, "A", "dice", "5 4")
	fails(t, tr, "fear wall dread stun", "only a fearsome")
	run(t, tr, "dice 1 2 3 1 1 1", "fear wall fell")
	if s := sheet(t, tr, "C"); s.LMent != 2 {
		t.Errorf("C lost %d mental ranks to fell fear", s.LMent)
	}
}

func TestSurprise(t *testing.T) {
	tr := newTracker(t, "add Roland pc=yes side=pc", "add Gob side=gob", "surprise pc", "dice 4 4 4 4", "next")
	wantGet(t, tr, "Roland", "dice", "")
	wantGet(t, tr, "Gob", "dice", "4 4 4 4")
	run(t, tr, "spend Gob 12", "dice 5 5 5 5 3 3 3 3", "spend Gob 4")
	if tr.E.Round != 2 {
		t.Fatalf("round %d", tr.E.Round)
	}
	wantGet(t, tr, "Roland", "dice", "5 5 5 5")
	if comb(t, tr, "Roland").HasCond("surprised") {
		t.Error("still surprised in round 2")
	}
}

// The demo fight, after a few commands, saves and loads back unchanged.
func TestDemoSaveRoundTrip(t *testing.T) {
	sys := sst.New()
	e, err := rules.BuildDemo(sys, "horde", 11)
	if err != nil {
		t.Fatal(err)
	}
	tr := rules.NewTracker(e, sys)
	run(t, tr, "next", "fear gate fearsome from=Grathak")
	run(t, tr, "pass "+rules.Quote(current(tr)))
	var buf bytes.Buffer
	if err := saves.Encode(&buf, tr.E); err != nil {
		t.Fatal(err)
	}
	reg := &rules.Registry{}
	if err := reg.Register(sys); err != nil {
		t.Fatal(err)
	}
	got, _, err := saves.Decode("horde.toml", buf.Bytes(), reg)
	if err != nil {
		t.Fatalf("%v\n%s", err, buf.Bytes())
	}
	for i, cb := range tr.E.Combatants {
		g := got.Combatants[i]
		if !reflect.DeepEqual(cb.Sheet(), g.Sheet()) || cb.Status != g.Status || !reflect.DeepEqual(cb.Conds, g.Conds) {
			t.Errorf("%s: %+v, loaded %+v", cb.Name, cb.Sheet(), g.Sheet())
		}
	}
	if !reflect.DeepEqual(tr.E.Order, got.Order) || got.Round != tr.E.Round || got.Current != tr.E.Current || got.Phase != tr.E.Phase {
		t.Error("turn state changed")
	}
	_ = model.Active
}
