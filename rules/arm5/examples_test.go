package arm5_test

import (
	"testing"

	"fray/model"
	"fray/rules/arm5"
)

// The tavern example: Paul (10) and Alan (8) delay, Bruce (7) attacks,
// then Paul and Alan respond in Initiative order; round 2 starts with Paul.
func TestPaulAlanBruceDelays(t *testing.T) {
	tr := newTracker(t, addPaul, addAlan, addBruce, "next")
	if tr.E.Round != 1 || current(tr) != "Paul" {
		t.Fatalf("round %d, %s's turn; want round 1, Paul", tr.E.Round, current(tr))
	}
	run(t, tr, "delay Paul")
	if current(tr) != "Alan" {
		t.Fatalf("after Paul delays it is %s's turn, want Alan", current(tr))
	}
	run(t, tr, "delay Alan")
	if current(tr) != "Bruce" {
		t.Fatalf("after Alan delays it is %s's turn, want Bruce", current(tr))
	}
	// Bruce: 6 + stress 7 = 13 against Paul's 9 + 5 = 14: Paul withstands it.
	from := tr.E.Log.Len()
	run(t, tr, "dice 7 5", "attack Bruce Paul")
	hasEvent(t, tr, from, "Bruce misses Paul: Attack 13 vs Defense 14 → Advantage −1, a miss")

	sys := tr.Sys.(*arm5.System)
	var names []string
	for _, cb := range sys.Delayed(tr.E) {
		names = append(names, cb.Name)
	}
	if len(names) != 2 || names[0] != "Paul" || names[1] != "Alan" {
		t.Fatalf("delayed response order %v, want [Paul Alan]", names)
	}

	from = tr.E.Log.Len()
	run(t, tr, "act Paul", "dice 8 2", "attack Paul Bruce")
	hasEvent(t, tr, from, "Paul: Attack Dex 1 + Single Weapon 5 + weapon 4 + stress 8 = 18")
	hasEvent(t, tr, from, "Bruce: Defense Brawl 4 + stress 2 = 6")
	hasEvent(t, tr, from, "Paul hits Bruce: Attack 18 vs Defense 6 → Advantage 12; Damage Advantage 12 + Str 2 + weapon 6 = 20 − Soak 2 = 18 → Incapacitating wound")
	if st := comb(t, tr, "Bruce").Status; st != model.Incapacitated {
		t.Fatalf("Bruce is %s, want incapacitated", st)
	}

	// Bruce is out, but Alan may still answer his attack: the turn waits.
	hasEvent(t, tr, from, "Bruce cannot act (incapacitated); still holding an action: Alan (next passes the turn on)")
	if current(tr) != "Bruce" || tr.E.Round != 1 {
		t.Fatalf("Paul's response moved the turn: %s, round %d", current(tr), tr.E.Round)
	}

	// The last response ends Bruce's turn, and the round with it.
	from = tr.E.Log.Len()
	run(t, tr, "act Alan", "dice 2 5", "attack Alan Paul")
	hasEvent(t, tr, from, "Alan misses Paul: Attack 8 vs Defense 14 → Advantage −6, a miss")
	hasEvent(t, tr, from, "Bruce cannot act (incapacitated): the turn passes on")
	if tr.E.Round != 2 || current(tr) != "Paul" {
		t.Fatalf("round %d, %s's turn; want round 2, Paul first again", tr.E.Round, current(tr))
	}
	hasEvent(t, tr, from, "Round 2 begins")
	hasEvent(t, tr, from, "Paul's turn")
	if comb(t, tr, "Paul").Init != 10 {
		t.Fatal("Paul's Initiative changed between rounds")
	}
	// Bruce is out: next passes him by into round 3.
	from = tr.E.Log.Len()
	run(t, tr, "next", "next")
	hasEvent(t, tr, from, "Bruce is skipped (incapacitated)")
	if tr.E.Round != 3 || current(tr) != "Paul" {
		t.Fatalf("round %d, %s's turn; want round 3, Paul", tr.E.Round, current(tr))
	}
}

// Marla (Initiative 9) delays; the intruder (7) runs; Marla interrupts with
// an Action Priority Total of 16 against 11, spending her delayed action.
func TestMarlaInterruptsIntruder(t *testing.T) {
	tr := newTracker(t,
		"add Marla qik=2 weapon=\"short sword\" load=0 init=9",
		"add Intruder qik=1 init=7",
		"next", "delay Marla")
	if current(tr) != "Intruder" {
		t.Fatalf("%s's turn, want the intruder's", current(tr))
	}
	from := tr.E.Log.Len()
	// Marla: Qik 2 + Athletics 2 + stress (1, then 6 doubled) 12 = 16.
	// Intruder: Qik 1 + Athletics 3 + stress 7 = 11.
	run(t, tr, "dice 1 6 7", "priority Marla Intruder abila=2 abilb=3")
	hasEvent(t, tr, from, "Marla: action priority Qik 2 + Ability 2 + stress 12 = 16")
	hasEvent(t, tr, from, "Intruder: action priority Qik 1 + Ability 3 + stress 7 = 11")
	hasEvent(t, tr, from, "Marla acts before Intruder: priority 16 vs 11")
	hasEvent(t, tr, from, "Marla's delayed action is spent")
	if comb(t, tr, "Marla").Delaying {
		t.Fatal("Marla still delaying after the priority roll")
	}
	run(t, tr, "next")
	if tr.E.Round != 2 || current(tr) != "Marla" {
		t.Fatalf("round %d, %s's turn; want round 2, Marla", tr.E.Round, current(tr))
	}
}

// Ignatio interrupts the archer: 11 (+1 Qik +7 Ability −2 Enc +5) against
// 8 (0 Qik +5 Bows +3).
func TestIgnatioInterruptsArcher(t *testing.T) {
	tr := newTracker(t,
		"add Highwayman1 qik=1 init=12",
		"add Victor qik=1 init=10",
		"add Ignatio qik=1 str=2 ability=7 load=10 init=9",
		"add Archer qik=0 ability=5 weapon=bow load=0 init=8",
		"add Highwayman3 init=6",
		"next", "next", "next", "next")
	if current(tr) != "Archer" {
		t.Fatalf("%s's turn, want the archer's", current(tr))
	}
	if enc := sheet(t, tr, "Ignatio").Enc(); enc != 2 {
		t.Fatalf("Ignatio's Encumbrance %d, want 2", enc)
	}
	from := tr.E.Log.Len()
	run(t, tr, "dice 5 3", "priority Ignatio Archer")
	hasEvent(t, tr, from, "Ignatio: action priority Qik 1 + Ability 7 − Enc 2 + stress 5 = 11")
	hasEvent(t, tr, from, "Archer: action priority Ability 5 + stress 3 = 8")
	hasEvent(t, tr, from, "Ignatio acts before Archer: priority 11 vs 8")
	if current(tr) != "Archer" {
		t.Fatal("the priority roll moved the turn")
	}
}

// Marla's whole part of the example with fast actions on: she draws her
// sword as a fast action, then delays, then interrupts the intruder.
func TestMarlaDrawsThenDelays(t *testing.T) {
	tr := newTracker(t, `add Marla qik=2 athletics=2 weapon="short sword" load=0 init=9`, "add Intruder qik=1 athletics=3 init=7",
		"option fast on", "option interrupt on", "next")
	from := tr.E.Log.Len()
	run(t, tr, "fast Marla draws her sword", "delay Marla")
	hasEvent(t, tr, from, "Marla: fast action 1 of 4 this turn (draws her sword)")
	from = tr.E.Log.Len()
	run(t, tr, "dice 1 6 7", "priority Marla Intruder marla=2 intruder=3")
	hasEvent(t, tr, from, "Marla acts before Intruder: priority 16 vs 11")
	hasEvent(t, tr, from, "Intruder's action is spent on what was interrupted")
	run(t, tr, "next")
	if tr.E.Round != 2 || current(tr) != "Marla" {
		t.Fatalf("round %d, %s's turn; want round 2, Marla", tr.E.Round, current(tr))
	}
}
