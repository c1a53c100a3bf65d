package arm5_test

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/arm5"
	"fray/rules/systems"
	"fray/saves"
)

// The turb of the examples, with a leader, and a well-armored knight to
// take their blows (Soak 12, Defense 9 + stress).
const (
	addMarla   = `add Marla side=turb qik=2 dex=1 str=1 sta=1 abilityname="Single Weapon" ability=4 brawl=2 weapon="short sword" shield="heater shield" prot=2 load=4 init=9`
	addIgnatio = `add Ignatio side=turb qik=1 str=2 sta=3 abilityname="Single Weapon" ability=7 leadership=2 weapon=spear shield="infantry shield" prot=5 load=9 init=6`
	addKnight  = `add Knight side=foes sta=3 abilityname="Single Weapon" ability=5 weapon="long sword" shield="heater shield" prot=9 init=5`
	formGrogs  = `group Grogs Paul Marla Ignatio leader=Ignatio trained`
)

func turb(t *testing.T, more ...string) *rules.Tracker {
	t.Helper()
	return newTracker(t, append([]string{addPaul, addMarla, addIgnatio, addBruce, addKnight}, more...)...)
}

// unchanged runs a command that must fail and checks it changed nothing.
func unchanged(t *testing.T, tr *rules.Tracker, line, wantErr string) {
	t.Helper()
	before := tr.E.Clone()
	n := tr.E.Log.Len()
	_, err := tr.Apply(line)
	if err == nil || !strings.Contains(err.Error(), wantErr) {
		t.Errorf("%s: error %v, want one saying %q", line, err, wantErr)
	}
	if tr.E.Log.Len() != n || !reflect.DeepEqual(before, tr.E.Clone()) { // a copy: the working encounter marks the sheets it borrows
		t.Errorf("%s changed the encounter", line)
	}
}

func TestGroupFormationErrors(t *testing.T) {
	tr := turb(t, "add A", "add B", "add C", "add D", "wound Knight incap")
	unchanged(t, tr, "group Grogs Paul Nobody", "Nobody")
	unchanged(t, tr, "group Mob Paul Marla Ignatio A B C D", "at most 6 members, not 7")
	unchanged(t, tr, "group Grogs Paul Marla leader=Bruce", "must be one of the group's members, and Bruce is not")
	unchanged(t, tr, "group Grogs Paul Marla vanguard=Bruce", "Bruce is not")
	unchanged(t, tr, "group Grogs Paul Marla trained", "needs a leader")
	unchanged(t, tr, "group Grogs Paul Paul", "named twice")
	unchanged(t, tr, "group Grogs Paul Knight", "Knight cannot fight (incapacitated)")
	unchanged(t, tr, "group Bruce Paul", "a combatant's name")
	unchanged(t, tr, "group Grogs", "at least one member")
	unchanged(t, tr, "group Grogs Paul bonus=sideways", "attack or defense")
	run(t, tr, "group Grogs Paul Marla")
	unchanged(t, tr, "group Others Bruce Marla", "Marla is already in the group Grogs")
	unchanged(t, tr, "group grogs Bruce", "already a group called")
	unchanged(t, tr, "groupbonus Grogs defense", "not a trained group")
	unchanged(t, tr, "groupbonus Nobody defense", "no group called")
	unchanged(t, tr, "ungroup Nobody", "no group called")
	unchanged(t, tr, "attack Grogs Paul", "cannot attack its own member Paul")
	unchanged(t, tr, "attack Marla Grogs", "cannot attack its own group Grogs")
	unchanged(t, tr, "attack Grogs grogs", "Grogs cannot attack itself")
	run(t, tr, "group Six A B C D Bruce Ignatio")
}

func TestGroupFormAndUndo(t *testing.T) {
	tr := turb(t)
	from := tr.E.Log.Len()
	run(t, tr, formGrogs)
	hasEvent(t, tr, from, "Grogs form a trained group: Paul (vanguard), Marla, Ignatio (leader)")
	hasEvent(t, tr, from, "Grogs: trained bonus +6 to Attack (Marla 4 + Ignatio 7 = 11, at most 3 × Leadership 2 = 6)")

	marks := map[string]string{}
	for _, r := range tr.Sys.Order(tr.E).Rows {
		marks[r.Name] = strings.Join(r.Marks, ",")
	}
	want := map[string]string{"Paul": "group: Grogs (vanguard)", "Marla": "group: Grogs", "Ignatio": "group: Grogs (leader)", "Bruce": ""}
	for n, w := range want {
		if marks[n] != w {
			t.Errorf("%s's marks %q, want %q", n, marks[n], w)
		}
	}
	if got := field(t, tr, "Paul", "Group"); got != "Grogs (vanguard) with Marla, Ignatio · trained: leader Ignatio, +6 to Attack" {
		t.Errorf("Paul's group field %q", got)
	}

	from = tr.E.Log.Len()
	run(t, tr, "groupbonus grogs defense")
	hasEvent(t, tr, from, "Grogs: trained bonus +6 to Defense (Marla 4 + Ignatio 7 = 11, at most 3 × Leadership 2 = 6)")
	run(t, tr, "undo")
	if !strings.HasSuffix(field(t, tr, "Marla", "Group"), "+6 to Attack") {
		t.Error("undo did not put the bonus back on Attack")
	}
	from = tr.E.Log.Len()
	run(t, tr, "ungroup Grogs")
	hasEvent(t, tr, from, "the group Grogs breaks up: Paul, Marla, Ignatio fight alone")
	if field(t, tr, "Paul", "Group") != "" {
		t.Error("Paul is still in a group")
	}
	run(t, tr, "undo")
	if field(t, tr, "Paul", "Group") == "" {
		t.Error("undo of ungroup did not restore the group")
	}
	run(t, tr, "undo")
	if field(t, tr, "Paul", "Group") != "" || len(tr.E.Turn) != 0 {
		t.Errorf("undo of group left %v", tr.E.Turn)
	}
}

// A trained group attacks with the vanguard's scores plus the capped
// bonus, and a hit lands once per fighting member.
func TestGroupAttack(t *testing.T) {
	tr := turb(t, formGrogs, "dice 2 3")
	from := tr.E.Log.Len()
	run(t, tr, "attack Grogs Knight")
	for _, w := range []string{
		"Grogs (Paul): Attack Dex 1 + Single Weapon 5 + weapon 4 + group 6 + stress 2 = 18",
		"Knight: Defense Single Weapon 5 + weapon 1 + shield 3 + stress 3 = 12",
		"Grogs hits Knight: Attack 18 vs Defense 12 → Advantage 6; Damage Advantage 6 + Str 2 + weapon 6 = 14, once for each of 3 fighting members",
		"Knight, blow 1 of 3: 14 − Soak 12 = 2 → Light wound",
		"Knight, blow 3 of 3: 14 − Soak 12 = 2 → Light wound",
	} {
		hasEvent(t, tr, from, w)
	}
	if w := sheet(t, tr, "Knight").Wounds; w[arm5.Light] != 3 {
		t.Fatalf("Knight's wounds %v, want three Light", w)
	}
	run(t, tr, "undo")
	if w := sheet(t, tr, "Knight").Wounds; w != [6]int{} {
		t.Fatalf("undo left wounds %v", w)
	}

	// Without the cap the bonus is the sum; a member who is down neither
	// adds to it nor strikes.
	run(t, tr, "set Ignatio leadership=4", "wound Marla incap", "dice 2 3")
	from = tr.E.Log.Len()
	run(t, tr, "attack Grogs Knight")
	hasEvent(t, tr, from, "Grogs: trained bonus +7 to Attack (Ignatio 7)")
	hasEvent(t, tr, from, "Knight, blow 2 of 2: 15 − Soak 12 = 3 → Light wound")
	if w := sheet(t, tr, "Knight").Wounds; w[arm5.Light] != 2 {
		t.Fatalf("Knight's wounds %v, want two Light", w)
	}
}

// The source's example: two grogs and their leader, who spends his action
// on something else, so the bonus leaves him out and the group's hit lands
// twice, not three times. He stays in the group.
func TestGroupMemberStandsAside(t *testing.T) {
	tr := turb(t, formGrogs, "set Ignatio leadership=4", "dice 6 3")
	from := tr.E.Log.Len()
	run(t, tr, "attack Grogs Knight aside=Ignatio")
	for _, w := range []string{
		"Grogs: Ignatio stands aside this time",
		"Grogs: trained bonus +4 to Attack (Marla 4)",
		"Grogs hits Knight: Attack 20 vs Defense 12 → Advantage 8; Damage Advantage 8 + Str 2 + weapon 6 = 16, once for each of 2 fighting members",
		"Knight, blow 2 of 2: 16 − Soak 12 = 4 → Light wound",
	} {
		hasEvent(t, tr, from, w)
	}
	if w := sheet(t, tr, "Knight").Wounds; w[arm5.Light] != 2 {
		t.Fatalf("Knight's wounds %v, want two Light", w)
	}
	// Nothing of it is kept: the next attack counts Ignatio again.
	run(t, tr, "undo", "dice 6 3")
	from = tr.E.Log.Len()
	run(t, tr, "attack Grogs Knight")
	hasEvent(t, tr, from, "Grogs: trained bonus +11 to Attack (Marla 4 + Ignatio 7 = 11)")
	hasEvent(t, tr, from, "Knight, blow 3 of 3: 23 − Soak 12 = 11 → Heavy wound")

	unchanged(t, tr, "attack Grogs Knight aside=Bruce", "Bruce is not in the group Grogs")
	unchanged(t, tr, "attack Grogs Knight aside=Paul", "Paul is the vanguard of Grogs")
	unchanged(t, tr, "attack Bruce Knight aside=Paul", "no group")
}

// The group fights with its vanguard's penalties, not its members'.
func TestGroupVanguardPenalties(t *testing.T) {
	tr := turb(t, formGrogs, "set Marla medium=2", "set Paul heavy=1", "dice 2 3")
	from := tr.E.Log.Len()
	run(t, tr, "attack Grogs Knight")
	hasEvent(t, tr, from, "Grogs (Paul): Attack Dex 1 + Single Weapon 5 + weapon 4 + group 6 − penalties 5 + stress 2 = 13")

	// Defending, the bonus goes on the vanguard's Defense.
	run(t, tr, "groupbonus Grogs defense", "dice 5 5")
	from = tr.E.Log.Len()
	run(t, tr, "attack Bruce Grogs")
	hasEvent(t, tr, from, "Grogs (Paul): Defense Qik 1 + Single Weapon 5 + weapon 1 + shield 2 + group 6 − penalties 5 + stress 5 = 15")
	hasEvent(t, tr, from, "Bruce misses Grogs: Attack 11 vs Defense 15 → Advantage −4, a miss")
}

// When the vanguard falls the group splits; undo brings it back.
func TestGroupSplits(t *testing.T) {
	tr := turb(t, formGrogs, "dice 1 9 0 3")
	from := tr.E.Log.Len()
	run(t, tr, "attack Bruce Grogs mod=3")
	hasEvent(t, tr, from, "Bruce hits Grogs: Attack 27 vs Defense 9 → Advantage 18; Damage Advantage 18 + Str 2 + weapon 3 = 23 − Soak 6 = 17 → Incapacitating wound")
	hasEvent(t, tr, from, "Paul is incapacitated")
	hasEvent(t, tr, from, "the group Grogs splits (its vanguard Paul is incapacitated): Marla, Ignatio fight alone")
	if _, err := tr.Apply("attack Grogs Bruce"); err == nil {
		t.Error("the split group still attacks")
	}
	if field(t, tr, "Marla", "Group") != "" {
		t.Error("Marla is still in the group")
	}
	run(t, tr, "undo")
	if comb(t, tr, "Paul").Status != model.Active || field(t, tr, "Marla", "Group") == "" {
		t.Fatal("undo did not restore Paul and the group")
	}

	// The leader falling splits it too, also through set.
	from = tr.E.Log.Len()
	run(t, tr, "set Ignatio incap=1")
	hasEvent(t, tr, from, "the group Grogs splits (its leader Ignatio is incapacitated): Paul, Marla fight alone")
	run(t, tr, "undo")
	from = tr.E.Log.Len()
	run(t, tr, "set Paul status=unconscious")
	hasEvent(t, tr, from, "the group Grogs splits (its vanguard Paul is unconscious): Marla, Ignatio fight alone")
	run(t, tr, "undo")
	from = tr.E.Log.Len()
	run(t, tr, "remove Paul", "next")
	hasEvent(t, tr, from, "the group Grogs splits (its vanguard has left the fight): Marla, Ignatio fight alone")
}

// A group against a group: both stand on their vanguards.
func TestGroupAgainstGroup(t *testing.T) {
	tr := turb(t, formGrogs, `group "Red Cloaks" Knight Bruce vanguard=Bruce`, "dice 2 3")
	from := tr.E.Log.Len()
	run(t, tr, `attack "red cloaks" Grogs`)
	hasEvent(t, tr, from, "Red Cloaks (Bruce): Attack Brawl 4 + weapon 2 + stress 2 = 8")
	hasEvent(t, tr, from, "Red Cloaks misses Grogs: Attack 8 vs Defense 12 → Advantage −4, a miss")
}

// Groups are kept in the encounter, so a save keeps them.
func TestGroupSaveRoundTrip(t *testing.T) {
	tr := turb(t, formGrogs, "groupbonus Grogs defense", `group "Red Cloaks" Knight Bruce vanguard=Bruce`)
	var buf bytes.Buffer
	if err := saves.Encode(&buf, tr.E); err != nil {
		t.Fatal(err)
	}
	e, sys, err := saves.Decode("test.toml", buf.Bytes(), systems.Default())
	if err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	if !reflect.DeepEqual(e.Turn, tr.E.Turn) {
		t.Fatalf("turn state after load %v, want %v", e.Turn, tr.E.Turn)
	}
	back := rules.NewTracker(e, sys)
	for _, n := range []string{"Paul", "Ignatio", "Bruce"} {
		if a, b := field(t, tr, n, "Group"), field(t, back, n, "Group"); a != b || a == "" {
			t.Errorf("%s's group %q after load, %q before", n, b, a)
		}
	}
	run(t, back, "dice 5 5")
	from := back.E.Log.Len()
	run(t, back, "attack Red Grogs")
	hasEvent(t, back, from, "Grogs (Paul): Defense Qik 1 + Single Weapon 5 + weapon 1 + shield 2 + group 6 + stress 5 = 20")
}

// field returns the value of a sheet line of a combatant, "" if none.
func field(t *testing.T, tr *rules.Tracker, name, label string) string {
	t.Helper()
	for _, f := range tr.Sys.Describe(tr.E, comb(t, tr, name)) {
		if f.Label == label {
			return f.Value
		}
	}
	return ""
}

// A group acts on its vanguard's turn: its other members have no turns of
// their own, cannot delay apart from it, and take a turn again only after
// standing aside from the group's attack.
func TestGroupActsAsOne(t *testing.T) {
	tr := turb(t, formGrogs, "next")
	if current(tr) != "Paul" {
		t.Fatalf("setup: %s's turn", current(tr))
	}
	unchanged(t, tr, "delay Marla", "Marla acts with the group Grogs on its vanguard's turn: delay Paul to hold the group's action")
	run(t, tr, "dice 2 3", "attack Grogs Knight")
	if !comb(t, tr, "Marla").Acted || !comb(t, tr, "Ignatio").Acted || comb(t, tr, "Bruce").Acted {
		t.Error("the group's attack did not mark its members as having acted")
	}
	from := tr.E.Log.Len()
	run(t, tr, "next")
	hasEvent(t, tr, from, "Marla fights with Grogs")
	if current(tr) != "Bruce" {
		t.Fatalf("after Paul: %s's turn, want Bruce's", current(tr))
	}
	from = tr.E.Log.Len()
	run(t, tr, "next")
	hasEvent(t, tr, from, "Ignatio fights with Grogs")
	if current(tr) != "Knight" {
		t.Fatalf("after Bruce: %s's turn, want the Knight's", current(tr))
	}
	// Round 2: Ignatio stands aside, so his own turn comes.
	run(t, tr, "next", "dice 2 3", "attack Grogs Knight aside=Ignatio", "next", "next")
	if current(tr) != "Ignatio" || comb(t, tr, "Ignatio").Acted {
		t.Fatalf("round 2: %s's turn, want Ignatio's", current(tr))
	}
	// The vanguard's delay holds the whole group's action.
	run(t, tr, "next", "next", "delay Paul")
	if current(tr) != "Bruce" {
		t.Fatalf("round 3 after Paul delays: %s's turn, want Bruce's", current(tr))
	}
}

// A member whose place went by while it fought with its group, and which
// then stands aside from the group's attack, still acts that round: it
// holds its action, to take with act. Undo takes the grant back.
func TestGroupAsideAfterItsPlace(t *testing.T) {
	tr := turb(t, `group Grogs Paul Marla Ignatio vanguard=Ignatio leader=Ignatio trained`)
	from := tr.E.Log.Len()
	run(t, tr, "next")
	for _, e := range events(tr, from) {
		if e == "Paul's turn" || e == "Marla's turn" {
			t.Errorf("logged %q for a member passed by for its group", e)
		}
	}
	hasEvent(t, tr, from, "Marla fights with Grogs")
	run(t, tr, "next")
	if current(tr) != "Ignatio" {
		t.Fatalf("setup: %s's turn, want Ignatio's", current(tr))
	}
	unchanged(t, tr, "act Marla", "not delaying")
	from = tr.E.Log.Len()
	before := from
	run(t, tr, "dice 2 3", "attack Grogs Knight aside=Marla")
	hasEvent(t, tr, from, "Marla stood aside and holds its action for this round (act Marla)")
	if m := comb(t, tr, "Marla"); !m.Delaying || comb(t, tr, "Paul").Delaying {
		t.Fatalf("Marla delaying %v, Paul delaying %v", m.Delaying, comb(t, tr, "Paul").Delaying)
	}
	run(t, tr, "act Marla")
	if current(tr) != "Marla" {
		t.Fatalf("act Marla: %s's turn", current(tr))
	}
	run(t, tr, "dice 5 3", "attack Marla Knight")
	// Ignatio's group had already attacked: the turn moves on.
	if current(tr) != "Knight" {
		t.Errorf("after Marla's action: %s's turn, want Knight's (the group's action was spent)", current(tr))
	}
	// Undo back past the attack: Marla no longer holds an action.
	for tr.E.Log.Len() > before {
		if _, err := tr.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	if m := comb(t, tr, "Marla"); m.Delaying || current(tr) != "Ignatio" {
		t.Errorf("after undo: Marla delaying %v, %s's turn", m.Delaying, current(tr))
	}
	// Without act, the held action lapses when Marla's place comes again.
	run(t, tr, "dice 2 3", "attack Grogs Knight aside=Marla", "next")
	from = tr.E.Log.Len()
	run(t, tr, "next")
	hasEvent(t, tr, from, "Marla's delayed action lapses")
	hasEvent(t, tr, from, "Marla fights with Grogs")
}
