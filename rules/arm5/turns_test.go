package arm5_test

import (
	"strings"
	"testing"

	"fray/rules"
	"fray/rules/arm5"
)

func TestUndoRedoAcrossRounds(t *testing.T) {
	tr := newTracker(t, addPaul, addBruce, "next", "cond Bruce prone 1", "next")
	if current(tr) != "Bruce" || !comb(t, tr, "Bruce").HasCond("prone") {
		t.Fatal("setup: want Bruce's turn, prone")
	}
	from := tr.E.Log.Len()
	run(t, tr, "next")
	hasEvent(t, tr, from, "Bruce is no longer prone")
	if tr.E.Round != 2 || current(tr) != "Paul" || comb(t, tr, "Bruce").HasCond("prone") {
		t.Fatalf("round %d %s, prone %v", tr.E.Round, current(tr), comb(t, tr, "Bruce").HasCond("prone"))
	}
	run(t, tr, "undo")
	if tr.E.Round != 1 || current(tr) != "Bruce" || !comb(t, tr, "Bruce").HasCond("prone") || tr.E.Log.Len() != from {
		t.Fatal("undo did not restore round 1, Bruce's turn and the condition")
	}
	run(t, tr, "redo")
	if tr.E.Round != 2 || current(tr) != "Paul" || comb(t, tr, "Bruce").HasCond("prone") {
		t.Fatal("redo did not replay the round change")
	}
	run(t, tr, "undo", "undo")
	if current(tr) != "Paul" || tr.E.Round != 1 {
		t.Fatal("second undo")
	}
}

func TestPrev(t *testing.T) {
	tr := newTracker(t, addPaul, addAlan, addBruce)
	if _, err := tr.Apply("prev"); err == nil || !strings.Contains(err.Error(), "not started") {
		t.Fatalf("prev before combat: %v", err)
	}
	run(t, tr, "next")
	if _, err := tr.Apply("prev"); err == nil {
		t.Fatal("prev went before the first turn")
	}
	run(t, tr, "next", "next", "next") // round 2, Paul
	run(t, tr, "prev")
	if tr.E.Round != 1 || current(tr) != "Bruce" {
		t.Fatalf("prev across rounds: round %d %s", tr.E.Round, current(tr))
	}
	run(t, tr, "prev")
	if current(tr) != "Alan" {
		t.Fatalf("prev: %s", current(tr))
	}
}

func TestDelayRules(t *testing.T) {
	tr := newTracker(t, addPaul, addAlan, addBruce)
	if _, err := tr.Apply("delay Paul"); err == nil {
		t.Fatal("delay before combat")
	}
	run(t, tr, "next", "delay Bruce") // declared ahead of Bruce's turn
	if current(tr) != "Paul" || !comb(t, tr, "Bruce").Delaying {
		t.Fatal("a declared delay moved the turn")
	}
	from := tr.E.Log.Len()
	run(t, tr, "next", "next")
	hasEvent(t, tr, from, "Bruce holds a delayed action")
	if tr.E.Round != 2 || current(tr) != "Paul" {
		t.Fatalf("round %d %s", tr.E.Round, current(tr))
	}
	for _, bad := range []string{"act Paul", "delay Bruce", "delay Nobody"} {
		if _, err := tr.Apply(bad); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
	run(t, tr, "next")
	if _, err := tr.Apply("delay Paul"); err == nil || !strings.Contains(err.Error(), "already passed") {
		t.Errorf("delay after the turn passed: %v", err)
	}
	// The delay lapses at Bruce's next turn.
	from = tr.E.Log.Len()
	run(t, tr, "next")
	hasEvent(t, tr, from, "Bruce's delayed action lapses")
	if current(tr) != "Bruce" || comb(t, tr, "Bruce").Delaying {
		t.Fatal("Bruce should have his turn")
	}
}

func TestNobodyCanAct(t *testing.T) {
	tr := rules.NewTracker(newTracker(t).E, newTracker(t).Sys)
	if _, err := tr.Apply("next"); err == nil {
		t.Fatal("next with nobody")
	}
	run(t, tr, addBruce, "wound Bruce incap")
	if _, err := tr.Apply("next"); err == nil || !strings.Contains(err.Error(), "nobody can act") {
		t.Fatalf("next with everyone down: %v", err)
	}
}

func TestInitiative(t *testing.T) {
	// Paul: Qik 1 + weapon 2 − Enc 0 + stress; a first 0 cannot botch.
	tr := newTracker(t, addPaul, "dice 0", "init Paul roll")
	hasEvent(t, tr, 0, "Paul: Initiative Qik 1 + weapon 2 + stress 0 = 3")
	// Ties: Quickness first, then a logged roll between the tied.
	tr = newTracker(t, "add A qik=1 init=8", "dice 3 7", "add B qik=1 init=8", "add C qik=2 init=8", "add D qik=0 init=9")
	var order []string
	for _, id := range tr.E.Order {
		order = append(order, tr.E.ByID(id).Name)
	}
	if strings.Join(order, " ") != "D C B A" {
		t.Fatalf("order %v, want D C B A", order)
	}
	hasEvent(t, tr, 0, "tie at Initiative 8 and Quickness 1: A, B roll to break it")
	if comb(t, tr, "A").Tie != 3 || comb(t, tr, "B").Tie != 7 || comb(t, tr, "C").Tie != 0 {
		t.Error("tie rolls not stored or rolled for the untied")
	}
	// A late arrival is rolled and slotted in without moving the turn.
	run(t, tr, "next", "next")
	if current(tr) != "C" {
		t.Fatal("setup")
	}
	from := tr.E.Log.Len()
	run(t, tr, "dice 5", "add E qik=1 weapon=spear")
	// The spear's Load 1 gives an E (Str 0) Encumbrance 1.
	hasEvent(t, tr, from, "E: Initiative Qik 1 + weapon 2 − Enc 1 + stress 5 = 7")
	if current(tr) != "C" || !comb(t, tr, "E").HasInit {
		t.Fatal("late arrival moved the turn or was not rolled")
	}
	from = tr.E.Log.Len()
	run(t, tr, "add F init=1")
	for _, e := range tr.E.Log.From(from) {
		if e.Kind == "roll" {
			t.Fatal("add with init= still rolled")
		}
	}
}

func TestViews(t *testing.T) {
	tr := newTracker(t, addPaul, addBruce)
	v := tr.Sys.Order(tr.E)
	if v.Header != "Not started" || v.Hint != "press n" || len(v.Rows) != 2 || v.Rows[0].Score != "10" {
		t.Fatalf("order %+v", v)
	}
	run(t, tr, "next", "cond Bruce prone 2", "delay Paul", "wound Bruce medium")
	v = tr.Sys.Order(tr.E)
	if v.Header != "Round 1 · Bruce's turn" || strings.Join(v.Rows[0].Marks, ",") != "delaying" || strings.Join(v.Rows[1].Marks, ",") != "prone 2" || !v.Rows[1].Current {
		t.Fatalf("order %+v", v)
	}
	fs := tr.Sys.Describe(tr.E, comb(t, tr, "Bruce"))
	got := map[string]rules.Field{}
	for _, f := range fs {
		got[f.Label] = f
	}
	if got["Soak"].Value != "2" || got["Penalty"].Value != "−3" || !got["Penalty"].Alert || got["Wounds"].Value != "Medium 1" {
		t.Fatalf("describe %+v", fs)
	}
	if !strings.HasPrefix(strings.ReplaceAll(got["Totals"].Value, "\u00a0", " "), "Init 0 · Atk +3 · Dfn +1 · Dam +5 · Evasion +1") {
		t.Errorf("totals %q", got["Totals"].Value)
	}
	run(t, tr, "wound Bruce incap")
	v = tr.Sys.Order(tr.E)
	if !v.Rows[1].Out || v.Rows[1].Marks[0] != "incapacitated" {
		t.Errorf("row %+v", v.Rows[1])
	}
}

func TestDemoAndHelp(t *testing.T) {
	ds := newTracker(t).Sys.Demos()
	if len(ds) != 2 || ds[0].Name != "brawl" || ds[1].Name != "highwaymen" || ds[0].Title == "" {
		t.Fatalf("demos %+v", ds)
	}
	tr := newTracker(t, ds[0].Script...)
	if len(tr.E.Combatants) != 6 {
		t.Fatalf("%d combatants", len(tr.E.Combatants))
	}
	run(t, tr, "next", "force attack Paul Bruce", "next")
	for _, v := range tr.Sys.Verbs() {
		if v.Usage == "" || v.Summary == "" || !strings.HasPrefix(v.Usage, v.Name) {
			t.Errorf("verb %q lacks usage or summary", v.Name)
		}
	}
	if !strings.Contains(tr.Help(), "fatiguetest NAME") {
		t.Error("help misses fatiguetest")
	}
}

// A delayed action taken on another's turn makes the delayer the one
// acting; once its action is spent the turn goes back to the one it broke
// into, who still has its own action.
func TestActTakesTheTurn(t *testing.T) {
	tr := newTracker(t, addPaul, addAlan, addBruce, "add Intruder qik=2 dex=2 abilityname=Brawl ability=3 weapon=knife init=12",
		"next", "delay Intruder", "next")
	if current(tr) != "Alan" {
		t.Fatalf("setup: %s's turn", current(tr))
	}
	from := tr.E.Log.Len()
	run(t, tr, "act Intruder")
	hasEvent(t, tr, from, "Intruder acts now; Alan's turn waits until the action is done")
	if v := tr.Sys.Order(tr.E); current(tr) != "Intruder" || v.Header != "Round 1 · Intruder's turn" {
		t.Fatalf("acting: %s, header %q", current(tr), v.Header)
	}
	from = tr.E.Log.Len()
	run(t, tr, "dice 5 1", "attack Intruder Alan")
	hasEvent(t, tr, from, "back to Alan's turn")
	if current(tr) != "Alan" || tr.E.Round != 1 {
		t.Fatalf("after the delayed action: %s, round %d", current(tr), tr.E.Round)
	}
	run(t, tr, "dice 5 1", "attack Alan Paul", "next")
	if current(tr) != "Bruce" {
		t.Fatalf("after Alan: %s", current(tr))
	}
	// Without an action, next ends the delayed action and hands back the turn.
	run(t, tr, "next", "delay Paul", "next", "act Paul", "next")
	if current(tr) != "Alan" || tr.E.Round != 2 {
		t.Fatalf("next after act: %s, round %d", current(tr), tr.E.Round)
	}
	run(t, tr, "undo")
	if current(tr) != "Paul" {
		t.Fatalf("undo: %s", current(tr))
	}
}

// Once the combatant whose turn a delayed action broke into has taken its
// own action, the delayed action ends the turn: it moves on, as next would,
// with no extra n to press.
func TestActAfterTheActionMovesOn(t *testing.T) {
	tr := newTracker(t, addPaul, addAlan, addBruce, "add Intruder qik=2 dex=2 abilityname=Brawl ability=3 weapon=knife init=12",
		"next", "delay Intruder", "next")
	if current(tr) != "Alan" {
		t.Fatalf("setup: %s's turn", current(tr))
	}
	run(t, tr, "dice 5 5", "attack Alan Paul", "act Intruder")
	from := tr.E.Log.Len()
	run(t, tr, "dice 5 5", "attack Intruder Alan")
	if current(tr) != "Bruce" || tr.E.Round != 1 {
		t.Fatalf("after the delayed action: %s's turn in round %d, want Bruce's in round 1:\n%s", current(tr), tr.E.Round, strings.Join(events(tr, from), "\n"))
	}
	hasEvent(t, tr, from, "Bruce's turn")
	for _, e := range events(tr, from) {
		if strings.HasPrefix(e, "back to") {
			t.Errorf("logged %q", e)
		}
	}
	run(t, tr, "undo")
	if current(tr) != "Intruder" {
		t.Errorf("undo: %s's turn", current(tr))
	}
}

// A delayed action that takes the interrupted combatant out of the fight:
// the turn passes on rather than back to one who cannot act.
func TestActTakesOutTheInterrupted(t *testing.T) {
	tr := newTracker(t, addPaul, addAlan, addBruce, "next", "delay Paul")
	if current(tr) != "Alan" {
		t.Fatalf("setup: %s's turn", current(tr))
	}
	run(t, tr, "act Paul", "wound Alan incap")
	from := tr.E.Log.Len()
	run(t, tr, "next")
	hasEvent(t, tr, from, "Alan cannot act (incapacitated): the turn passes on")
	if current(tr) != "Bruce" {
		t.Fatalf("after the delayed action: %s's turn, want Bruce's", current(tr))
	}
	for _, e := range events(tr, from) {
		if strings.HasPrefix(e, "back to") {
			t.Errorf("logged %q", e)
		}
	}
	// The same when the delayed attack itself takes Alan out: no next.
	tr = newTracker(t, addPaul, addAlan, addBruce, "next", "delay Paul", "act Paul")
	from = tr.E.Log.Len()
	run(t, tr, "dice 9 2", "attack Paul Alan")
	if comb(t, tr, "Alan").Status.CanAct() {
		t.Fatalf("setup: Alan still fights:\n%s", strings.Join(events(tr, from), "\n"))
	}
	hasEvent(t, tr, from, "Alan cannot act (incapacitated): the turn passes on")
	if current(tr) != "Bruce" || tr.Sys.Order(tr.E).Header != "Round 1 · Bruce's turn" {
		t.Errorf("after the attack: %s", tr.Sys.Order(tr.E).Header)
	}
	for _, e := range events(tr, from) {
		if strings.HasPrefix(e, "back to") {
			t.Errorf("logged %q", e)
		}
	}
	run(t, tr, "undo")
	if current(tr) != "Paul" || !comb(t, tr, "Alan").Status.CanAct() {
		t.Errorf("undo: %s's turn", current(tr))
	}
}

// prev passes by the members whose places next passed by for their group,
// back to the vanguard's turn, in this round and across a round's end.
func TestPrevSkipsGroupMembers(t *testing.T) {
	tr := newTracker(t,
		"add Vanguard init=9", "add Second init=8", "add Third init=7", "add Foe side=foes init=5",
		"group Band Vanguard Second Third", "next")
	if current(tr) != "Vanguard" {
		t.Fatalf("setup: %s's turn", current(tr))
	}
	from := tr.E.Log.Len()
	run(t, tr, "next")
	hasEvent(t, tr, from, "Second fights with Band")
	if current(tr) != "Foe" {
		t.Fatalf("after next: %s's turn", current(tr))
	}
	from = tr.E.Log.Len()
	run(t, tr, "prev")
	if current(tr) != "Vanguard" {
		t.Fatalf("prev went back to %s's turn, want Vanguard's", current(tr))
	}
	hasEvent(t, tr, from, "back to Vanguard's turn (round 1)")
	for _, ev := range events(tr, from) {
		if strings.Contains(ev, "fights with") {
			t.Errorf("prev logged %q", ev)
		}
	}
	// From the top of round 2 back into round 1: the last place in the
	// order is a member's, passed by for the group.
	tr = newTracker(t,
		"add Foe side=foes init=9", "add Vanguard init=8", "add Second init=7",
		"group Band Vanguard Second", "next", "next", "next")
	if current(tr) != "Foe" || tr.E.Round != 2 {
		t.Fatalf("setup: round %d, %s's turn", tr.E.Round, current(tr))
	}
	run(t, tr, "prev")
	if current(tr) != "Vanguard" || tr.E.Round != 1 {
		t.Fatalf("prev went back to round %d, %s's turn; want round 1, Vanguard's", tr.E.Round, current(tr))
	}
}

// The highwaymen demo: once the band's turn passed its other member by,
// prev goes back to the vanguard's turn, whatever the rolled order.
func TestPrevSkipsGroupMembersInDemo(t *testing.T) {
	sys := arm5.New()
	for _, seed := range []uint64{1, 7, 42} {
		e, err := rules.BuildDemo(sys, "highwaymen", seed)
		if err != nil {
			t.Fatal(err)
		}
		tr := rules.NewTracker(e, sys)
		for i := 0; i < 20 && current(tr) != "Cutthroat"; i++ {
			run(t, tr, "next")
		}
		if current(tr) != "Cutthroat" {
			t.Fatalf("seed %d: Cutthroat's turn never came", seed)
		}
		run(t, tr, "next", "prev")
		if current(tr) != "Cutthroat" {
			t.Errorf("seed %d: next then prev went back to %s's turn, want Cutthroat's", seed, current(tr))
		}
	}
}

// Nobody acts twice in a round, and nobody loses a turn, when the order
// changes mid-round: a delayed action taken ahead of the delayer's place,
// or an Initiative entered again.
func TestNoTurnTwiceWhenOrderChanges(t *testing.T) {
	tr := newTracker(t, "add Paul init=10", "add Alan init=8", "add Bruce init=7", "next")
	run(t, tr, "delay Alan", "force act Alan", "next") // Alan acts during Paul's turn, forced
	from := tr.E.Log.Len()
	run(t, tr, "next")
	hasEvent(t, tr, from, "Alan has already acted this round")
	if current(tr) != "Bruce" {
		t.Fatalf("after Paul: %s's turn, want Bruce (Alan acted already)", current(tr))
	}
	// Bruce moves to the top during his own turn: Paul and Alan do not
	// get a second turn; round 2 begins.
	run(t, tr, "init Bruce 12", "next")
	if tr.E.Round != 2 || current(tr) != "Bruce" {
		t.Fatalf("round %d, %s's turn; want round 2, Bruce first", tr.E.Round, current(tr))
	}
	// In round 2, Alan is raised above Bruce before acting: he holds his
	// action rather than lose it.
	from = tr.E.Log.Len()
	run(t, tr, "init Alan 20")
	hasEvent(t, tr, from, "Alan now stands before the current turn and has not acted this round: it holds its action (act Alan)")
	run(t, tr, "act Alan")
	run(t, tr, "undo", "undo")
	if comb(t, tr, "Alan").Delaying || comb(t, tr, "Alan").Init != 8 {
		t.Fatal("undo did not take the new Initiative and its hold back")
	}
}
