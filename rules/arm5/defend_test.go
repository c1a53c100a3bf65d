package arm5_test

import (
	"strings"
	"testing"
)

// The redcap, his shield grog and the three highwaymen of the defenders as
// interceptors example, acting in the order of the example.
var highwaymenExample = []string{
	"option interceptors on",
	"option engagement on",
	`add Highwayman1 side=highwaymen dex=1 str=1 sta=1 abilityname="Single Weapon" ability=4 watk=2 wdam=5 prot=1 init=12`,
	`add Victor side=redcap qik=2 dex=1 sta=1 abilityname="Single Weapon" ability=3 watk=3 wdfn=1 wdam=5 prot=1 init=10`,
	`add Ignatio side=redcap qik=1 str=2 sta=3 abilityname="Single Weapon" ability=7 watk=2 wdam=5 sdfn=4 prot=7 load=10 init=9`,
	`add Archer side=highwaymen dex=1 sta=1 abilityname=Bows ability=5 weapon=bow load=0 init=8`,
	`add Highwayman3 side=highwaymen qik=1 dex=1 str=1 sta=1 abilityname="Single Weapon" ability=5 watk=2 wdam=5 init=6`,
}

func noEventContaining(t *testing.T, evs []string, part string) {
	t.Helper()
	for _, e := range evs {
		if strings.Contains(e, part) {
			t.Errorf("unexpected event %q", e)
		}
	}
}

// The whole worked example, typed as a GM would.
func TestIgnatioDefendsVictor(t *testing.T) {
	tr := newTracker(t, highwaymenExample...)
	if enc := sheet(t, tr, "Ignatio").Enc(); enc != 2 {
		t.Fatalf("Ignatio's Encumbrance %d, want 2", enc)
	}

	// Round 1: the first highwayman hits Victor, a Light wound.
	from := tr.E.Log.Len()
	run(t, tr, "next", "dice 6 6", "attack Highwayman1 Victor")
	hasEvent(t, tr, from, "Highwayman1 hits Victor: Attack 13 vs Defense 12 → Advantage 1; Damage Advantage 1 + Str 1 + weapon 5 = 7 − Soak 2 = 5 → Light wound")

	// Victor wakes his Invisible Shield; Ignatio declares himself his defender.
	run(t, tr, "next", `cond Victor "Invisible Shield"`, "next")
	if current(tr) != "Ignatio" {
		t.Fatalf("%s's turn, want Ignatio's", current(tr))
	}
	from = tr.E.Log.Len()
	run(t, tr, "defend Ignatio Victor")
	hasEvent(t, tr, from, "Ignatio defends Victor until Ignatio's next turn: an attack on Victor first meets Ignatio's Action Priority roll")
	rows := tr.Sys.Order(tr.E).Rows
	if !hasMark(rows[1].Marks, "defended by Ignatio") || !hasMark(rows[2].Marks, "defending Victor") {
		t.Errorf("order marks: Victor %v, Ignatio %v", rows[1].Marks, rows[2].Marks)
	}
	unchanged(t, tr, "force attack Ignatio Archer", "during an extended action")

	// The archer shoots at Victor: Ignatio interrupts, 11 against 8, and the
	// arrow goes at him instead; it hits, but his Soak turns it.
	from = tr.E.Log.Len()
	run(t, tr, "next", "dice 5 3 8 3", "attack Archer Victor missile")
	hasEvent(t, tr, from, "Ignatio: action priority Qik 1 + Ability 7 − Enc 2 + stress 5 = 11")
	hasEvent(t, tr, from, "Archer: action priority Ability 5 + stress 3 = 8")
	hasEvent(t, tr, from, "Ignatio intercepts Archer's attack on Victor: priority 11 vs 8")
	hasEvent(t, tr, from, "Archer's attack goes against Ignatio instead")
	hasEvent(t, tr, from, "Archer hits Ignatio: Attack 17 vs Defense 15 → Advantage 2; Damage Advantage 2 + weapon 6 = 8 − Soak 10 = −2 → no wound")
	noEventContaining(t, events(tr, from), "Concentration")
	if sheet(t, tr, "Victor").Wounds[1] != 1 || sheet(t, tr, "Ignatio").Wounds != [6]int{} {
		t.Error("the arrow harmed the wrong man")
	}

	// The third highwayman wins the priority roll and slips past; the ward
	// turns his spear.
	from = tr.E.Log.Len()
	run(t, tr, "next", "dice 2 4", "attack Highwayman3 Victor warded")
	hasEvent(t, tr, from, "Ignatio: action priority Qik 1 + Ability 7 − Enc 2 + stress 2 = 8")
	hasEvent(t, tr, from, "Highwayman3 slips past Ignatio: priority 10 vs 8")
	hasEvent(t, tr, from, "Highwayman3's attack on Victor is turned aside by magic: no roll, no harm")

	// Round 2: Ignatio still defends; he stops the first highwayman, who is
	// now engaged with him and swings at him, and misses.
	from = tr.E.Log.Len()
	run(t, tr, "next")
	if tr.E.Round != 2 || current(tr) != "Highwayman1" {
		t.Fatalf("round %d, %s's turn", tr.E.Round, current(tr))
	}
	run(t, tr, "dice 6 4 3 5", "attack Highwayman1 Victor")
	hasEvent(t, tr, from, "Ignatio intercepts Highwayman1's attack on Victor: priority 12 vs 8")
	hasEvent(t, tr, from, "Ignatio and Highwayman1 are engaged")
	hasEvent(t, tr, from, "Highwayman1 misses Ignatio: Attack 10 vs Defense 17 → Advantage −7, a miss")

	// Victor draws his sword on the third highwayman: Ignatio can no
	// longer bar that one's way.
	from = tr.E.Log.Len()
	run(t, tr, "next", "dice 2 5", "attack Victor Highwayman3")
	hasEvent(t, tr, from, "Victor engages Highwayman3: Ignatio can no longer bar Highwayman3's attacks on Victor")
	hasEvent(t, tr, from, "Victor misses Highwayman3: Attack 8 vs Defense 11 → Advantage −3, a miss")

	// Ignatio's turn ends his watch; he attacks the first highwayman.
	from = tr.E.Log.Len()
	run(t, tr, "next")
	hasEvent(t, tr, from, "Ignatio's watch over Victor ends (defend Ignatio Victor to keep it)")
	run(t, tr, "dice 7 2", "attack Ignatio Highwayman1")
	hasEvent(t, tr, from, "Ignatio hits Highwayman1: Attack 16 vs Defense 6 → Advantage 10; Damage Advantage 10 + Str 2 + weapon 5 = 17 − Soak 2 = 15 → Heavy wound")
	if hasMark(tr.Sys.Order(tr.E).Rows[1].Marks, "defended by Ignatio") {
		t.Error("Victor is still marked defended")
	}
}

func hasMark(ms []string, want string) bool {
	for _, m := range ms {
		if m == want {
			return true
		}
	}
	return false
}

// Without the interceptors option a defender simply bars the way; a charge
// who attacks a foe lifts the bar against that foe; waste forfeits the
// attack of an intercepted attacker; stop and undo work.
func TestDefenderRules(t *testing.T) {
	tr := newTracker(t, highwaymenExample[2:]...)
	run(t, tr, "next", "next", "next", "defend Ignatio Victor")
	unchanged(t, tr, "force attack Archer Victor missile", "Victor is defended by Ignatio: attack Ignatio instead")
	unchanged(t, tr, "defend Ignatio Ignatio", "protects someone else")
	unchanged(t, tr, "defend Victor stop", "defending nobody")
	// From behind: the GM waves the defender off.
	from := tr.E.Log.Len()
	run(t, tr, "next", "dice 3 6", "attack Archer Victor missile unguarded")
	hasEvent(t, tr, from, "Archer misses Victor: Attack 12 vs Defense 12 → Advantage 0, a miss")

	run(t, tr, "option interceptors on", "next")
	from = tr.E.Log.Len()
	run(t, tr, "dice 5 3", "attack Highwayman3 Victor waste")
	hasEvent(t, tr, from, "Ignatio intercepts Highwayman3's attack on Victor: priority 11 vs 9")
	hasEvent(t, tr, from, "Highwayman3 forfeits the action rather than attack Ignatio")

	// Round 2: Victor attacks the first highwayman, which lifts the bar
	// against him even after Ignatio takes up the defence again.
	from = tr.E.Log.Len()
	run(t, tr, "next", "next", "dice 2 2", "attack Victor Highwayman1")
	hasEvent(t, tr, from, "Victor engages Highwayman1: Ignatio can no longer bar Highwayman1's attacks on Victor")
	from = tr.E.Log.Len()
	run(t, tr, "next")
	hasEvent(t, tr, from, "Ignatio's watch over Victor ends (defend Ignatio Victor to keep it)")
	run(t, tr, "defend Ignatio Victor", "next", "next", "next")
	if tr.E.Round != 3 || current(tr) != "Highwayman1" {
		t.Fatalf("round %d, %s's turn", tr.E.Round, current(tr))
	}
	from = tr.E.Log.Len()
	run(t, tr, "dice 2 2", "attack Highwayman1 Victor")
	noEventContaining(t, events(tr, from), "priority")
	hasEvent(t, tr, from, "Highwayman1: Attack Dex 1 + Single Weapon 4 + weapon 2 − penalties 3 + stress 2 = 6")

	from = tr.E.Log.Len()
	run(t, tr, "defend Ignatio stop")
	hasEvent(t, tr, from, "Ignatio stops defending Victor")
	run(t, tr, "undo")
	if !hasMark(tr.Sys.Order(tr.E).Rows[2].Marks, "defending Victor") {
		t.Error("undo did not restore the defence")
	}
}
