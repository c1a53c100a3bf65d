package swords_test

import (
	"strings"
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/swords"
)

func battleDemo(t *testing.T) *rules.Tracker {
	t.Helper()
	sys := swords.New()
	e, err := rules.BuildDemo(sys, "battle", 3)
	if err != nil {
		t.Fatal(err)
	}
	return rules.NewTracker(e, sys)
}

// 120 against 350: the larger army has power 3. Each leader rolls tactics
// and the best roll counts; both sides deal their damage at once.
func TestBattle(t *testing.T) {
	tr := battleDemo(t)
	if got := field(t, tr, "Horde", "Power"); got != "3 against Knights" {
		t.Fatalf("Horde's power %q", got)
	}
	if got := field(t, tr, "Knights", "Power"); got != "0 against Horde" {
		t.Fatalf("Knights' power %q", got)
	}
	if got := field(t, tr, "Knights", "General"); got != "Lady Maren (Int + Tactics +7)" {
		t.Errorf("general line %q", got)
	}
	from := tr.E.Log.Len()
	run(t, tr, "dice 4 4 3 3 5 5", "battle Knights Horde")
	hasEvent(t, tr, from, "battle: Knights (120, power 0) against Horde (350, power 3)")
	hasEvent(t, tr, from, "Lady Maren: tactics for Knights 2d6 8 + Int 3 + Tactics 4 = 15")
	hasEvent(t, tr, from, "Knights → Horde: Lady Maren's roll 15 + power 0 = 15 hits")
	hasEvent(t, tr, from, "Warlord Gath: tactics for Horde 2d6 6 + Int 1 + Tactics 3 = 10")
	hasEvent(t, tr, from, "Captain Ibb: tactics for Horde 2d6 10 + Int 2 + Tactics 3 = 15")
	hasEvent(t, tr, from, "Horde → Knights: the best roll, Captain Ibb's roll 15 + power 3 = 18 hits")
	hasEvent(t, tr, from, "Horde: −15 hits, 85/100 left")
	hasEvent(t, tr, from, "Knights: −18 hits, 82/100 left")

	// The warlord's pride: he picks his own worse roll.
	from = tr.E.Log.Len()
	run(t, tr, `dice 4 4 3 3 5 5`, `battle Knights Horde again pick="Warlord Gath"`)
	hasEvent(t, tr, from, "Horde → Knights: the commander's pick, Warlord Gath's roll 10 + power 3 = 13 hits")
	if got := tr.Sys.Harm(tr.E, comb(t, tr, "Knights")).Gauge; got != "69/100 hits" {
		t.Errorf("summary %q", got)
	}

	// Quality shifts power; an army at 0 hits is routed, and both may be.
	run(t, tr, "set Knights quality=2 stamina=5", "set Horde stamina=4")
	from = tr.E.Log.Len()
	run(t, tr, "dice 1 1 1 1 1 1", "battle Knights Horde again")
	hasEvent(t, tr, from, "battle: Knights (120, power 0 +2 quality) against Horde (350, power 3)")
	hasEvent(t, tr, from, "Knights → Horde: Lady Maren's roll 9 + power 2 = 11 hits")
	hasEvent(t, tr, from, "Knights is routed")
	hasEvent(t, tr, from, "Horde is routed")
	hasEvent(t, tr, from, "the battle is over")
	if k := comb(t, tr, "Knights"); k.Status != model.Incapacitated || !k.HasCond("routed") {
		t.Fatalf("Knights %s", k.Status)
	}
	fails(t, tr, "battle Knights Horde", "routed")
}

func TestBattleErrors(t *testing.T) {
	tr := battleDemo(t)
	for _, c := range []struct{ line, want string }{
		{"battle Knights", "two armies"},
		{"battle Knights Knights", "cannot fight itself"},
		{`battle Knights "Lady Maren"`, "not an army"},
		{"battle Knights Horde pick=Knights", "makes no tactics roll"},
		{`battle Knights Horde pick="Warlord Gath,Captain Ibb"`, "pick one roll"},
		{"battle Knights Horde odds=2", "unknown option"},
		{`attack "Lady Maren" Horde`, "an army"},
		{`attack Horde "Lady Maren"`, "an army"},
		{"skill Knights cooking", "unknown skill"},
	} {
		fails(t, tr, c.line, c.want)
	}
	run(t, tr, "add Rabble kind=army")
	fails(t, tr, "battle Knights Rabble", "no size")
	run(t, tr, `set Knights general=Nobody`, "set Rabble size=30")
	fails(t, tr, "battle Knights Rabble", "leader of Knights")
	// An army without a general rolls on its own Int and Tactics.
	run(t, tr, "set Knights general=", "set Knights int=1 tactics=2")
	from := tr.E.Log.Len()
	run(t, tr, "dice 2 2 6 6", "battle Rabble Knights")
	hasEvent(t, tr, from, "battle: Rabble (30, power 0) against Knights (120, power 4)")
	hasEvent(t, tr, from, "Knights: tactics 2d6 12 + Int 1 + Tactics 2 = 15 (no general named)")
	hasEvent(t, tr, from, "Knights → Rabble: roll 15 + power 4 = 19 hits")
}

// The same two armies fight one battle a round: a second is refused (in
// either order) unless the GM says again; the next round allows one more.
func TestBattleOncePerRound(t *testing.T) {
	tr := battleDemo(t)
	run(t, tr, "dice 4 4 3 3 5 5", "battle Knights Horde")
	n := tr.E.Log.Len()
	fails(t, tr, "battle Horde Knights", "Horde and Knights have fought this round already: battle Horde Knights again to fight once more")
	fails(t, tr, "battle Knights Horde", "have fought this round already")
	if tr.E.Log.Len() != n {
		t.Fatal("a refused battle was logged")
	}
	fails(t, tr, "battle Knights Horde twice", "battle takes two armies")
	run(t, tr, "dice 4 4 3 3 5 5", "battle Knights Horde again")
	if got := tr.Sys.Harm(tr.E, comb(t, tr, "Knights")).Gauge; got != "64/100 hits" {
		t.Errorf("summary %q after two battles", got)
	}
	run(t, tr, "next")
	if tr.E.Round != 1 {
		t.Fatalf("round %d", tr.E.Round)
	}
	run(t, tr, "dice 4 4 3 3 5 5", "battle Knights Horde")
	fails(t, tr, "battle Knights Horde", "fought this round already")
	// Undo takes the record back with the battle.
	if _, err := tr.Undo(); err != nil {
		t.Fatal(err)
	}
	run(t, tr, "dice 4 4 3 3 5 5", "battle Knights Horde")
}

// The battle verb's help says what a side deals: its best leader's
// 2d6 + Int + Tactics, plus its power.
func TestBattleSummary(t *testing.T) {
	for _, v := range swords.New().Verbs() {
		if v.Name == "battle" {
			if want := "one round of army combat: each side deals its best leader's 2d6 + Int + Tactics, plus its power"; v.Summary != want {
				t.Errorf("battle summary %q, want %q", v.Summary, want)
			}
			return
		}
	}
	t.Fatal("no battle verb")
}

// An army fights with battle, a person with attack: the attack key of
// the screen opens the verb rules.AttackVerb names.
func TestArmiesAttackWithBattle(t *testing.T) {
	tr := battleDemo(t)
	for name, want := range map[string]string{"Horde": "battle", "Knights": "battle", "Lady Maren": "attack"} {
		cb, err := tr.E.Find(name)
		if err != nil {
			t.Fatal(err)
		}
		if got := rules.AttackVerb(tr.Sys, tr.E, cb); got != want {
			t.Errorf("%s fights with %q, want %q", name, got, want)
		}
	}
}

// A name ending in s takes a bare apostrophe in the log's turn lines:
// "Knights' turn", never "Knights's turn".
func TestTurnLinesOfAPluralName(t *testing.T) {
	tr := battleDemo(t)
	from := tr.E.Log.Len()
	for i := 0; i < 12; i++ {
		run(t, tr, "next")
	}
	hasEvent(t, tr, from, "Knights' turn")
	for _, en := range tr.E.Log.From(from) {
		if strings.Contains(en.Text, "s's turn") {
			t.Errorf("log line %q", en.Text)
		}
	}
}
