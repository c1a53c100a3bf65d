package sst_test

import (
	"reflect"
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/sst"
)

// Rolling pools: a 6 adds one extra die, rolled once (its own 6 adds
// nothing); minor NPCs take fixed faces; fewer than one die is a 3.
func TestRollPools(t *testing.T) {
	tr := newTracker(t,
		"add Roland pc=yes",
		"add Gob fixed=5,4,3,2",
		"add Weakling ad=-1",
		"add Lucky ad=2",
		"dice 6 5 3 1 4  6 2 6 6",
		"next")
	wantGet(t, tr, "Roland", "dice", "6 5 4 3 1")
	wantGet(t, tr, "Gob", "dice", "5 4 3 2")
	wantGet(t, tr, "Weakling", "dice", "3")
	// Lucky: 6 2 → one extra, which shows 6 → no more; the queued 6 is left.
	wantGet(t, tr, "Lucky", "dice", "6 6 2")
	if len(tr.E.Queue) != 1 {
		t.Errorf("queue %v, want one face left", tr.E.Queue)
	}
	if tr.E.Round != 1 || current(tr) != "Roland" {
		t.Errorf("round %d, %s's turn", tr.E.Round, current(tr))
	}
}

// The countdown: most dice first; on equal dice players before NPCs;
// next goes to whoever holds most now. The order pane shows the faces.
func TestCountdownOrder(t *testing.T) {
	tr := newTracker(t,
		"add Orc dice=6,5,4,2",
		"add Mira pc=yes dice=5,5,2,2",
		"add Gob dice=6,6,6",
		"next")
	if got := order(tr); !reflect.DeepEqual(got, []string{"Mira", "Orc", "Gob"}) {
		t.Fatalf("order %v", got)
	}
	rows := tr.Sys.Order(tr.E).Rows
	if rows[0].Score != "5 5 2 2" || !rows[0].Current {
		t.Errorf("row 0 %+v", rows[0])
	}
	run(t, tr, "spend Mira 9") // 5+5: the fewest dice
	wantGet(t, tr, "Mira", "dice", "2 2")
	run(t, tr, "next")
	if current(tr) != "Orc" {
		t.Fatalf("%s's turn, want Orc", current(tr))
	}
	run(t, tr, "attack Orc Mira dice=4 roll=0") // pays with the 4 given
	wantGet(t, tr, "Orc", "dice", "6 5 2")
	run(t, tr, "next")
	if current(tr) != "Orc" {
		t.Errorf("Orc holds 3 dice like Gob and was first: %s's turn", current(tr))
	}
}

func TestChooseDice(t *testing.T) {
	for _, c := range []struct {
		pool []int
		cost int
		want []int
	}{
		{[]int{6, 5, 3, 2}, 4, []int{5}},
		{[]int{6, 5, 3, 2}, 6, []int{6}},
		{[]int{6, 5, 3, 2}, 7, []int{5, 2}},
		{[]int{6, 5, 3, 2}, 9, []int{6, 3}},
		{[]int{3, 2, 1, 1}, 4, []int{3, 2}},
		{[]int{3, 1, 1, 1}, 4, nil},
		{[]int{1}, 1, nil},
		{[]int{2}, 1, []int{2}},
	} {
		if got := sst.ChooseDice(c.pool, c.cost); !reflect.DeepEqual(got, c.want) {
			t.Errorf("ChooseDice(%v, %d) = %v, want %v", c.pool, c.cost, got, c.want)
		}
	}
}

func TestSpendRules(t *testing.T) {
	tr := newTracker(t, "add Roland pc=yes dice=3,1,1", "add Gob dice=2", "next")
	fails(t, tr, "spend Roland 4", "cannot pay")
	fails(t, tr, "spend Roland 4 dice=3,1", "a 1 cannot be combined")
	fails(t, tr, "spend Roland 2 dice=5", "no die showing 5")
	fails(t, tr, "spend Roland 4 dice=3", "less than the cost")
	fails(t, tr, "spend Roland attack dice=3,1,1", "a 1 cannot be combined")
	fails(t, tr, "spend Roland 0", "1 to 100")
	run(t, tr, "spend Roland 2 move")
	wantGet(t, tr, "Roland", "dice", "1 1")
	// Only 1s left: Roland cannot act, so next passes to Gob.
	run(t, tr, "next")
	if current(tr) != "Gob" {
		t.Fatalf("%s's turn, want Gob", current(tr))
	}
}

// Spending the last die calls a refresh: the others get one last option
// (act, carry a die, pass), then every pool is rolled with carried dice,
// which are rolled anew.
func TestRefreshWithCarriedDice(t *testing.T) {
	tr := newTracker(t,
		"add Roland pc=yes dice=4",
		"add Mira pc=yes dice=5,3",
		"add Gob fixed=5,4 dice=6,2",
		"add Orc dice=3,2",
		"next")
	if current(tr) != "Mira" {
		t.Fatalf("%s's turn", current(tr))
	}
	from := tr.E.Log.Len()
	run(t, tr, "spend Mira 4 dice=5", "next") // Mira 3; Gob 2 dice first among NPCs
	if current(tr) != "Gob" {
		t.Fatalf("%s's turn, want Gob", current(tr))
	}
	run(t, tr, "spend Gob 6", "next", "spend Orc 3 dice=3", "next")
	if current(tr) != "Roland" {
		t.Fatalf("%s's turn, want Roland", current(tr))
	}
	from = tr.E.Log.Len()
	run(t, tr, "attack Roland Orc roll=0")
	hasEvent(t, tr, from, "Roland spent its last die and calls a refresh")
	hasEvent(t, tr, from, "last option (act, carry a die, or pass) for: Mira, Gob, Orc")
	if tr.E.Phase != "refresh" || current(tr) != "Mira" {
		t.Fatalf("phase %q, %s's turn", tr.E.Phase, current(tr))
	}
	fails(t, tr, "spend Roland 1", "has taken a last option")
	if h := tr.Sys.Order(tr.E).Header; h != "Round 1 · Mira's last option · refresh by Roland" {
		t.Errorf("header %q", h)
	}
	// Mira carries a die with next; Gob carries its 2 explicitly.
	run(t, tr, "next")
	wantGet(t, tr, "Mira", "carry", "3")
	if current(tr) != "Gob" {
		t.Fatalf("%s's turn, want Gob", current(tr))
	}
	fails(t, tr, "carry Gob 5", "no die showing 5")
	from = tr.E.Log.Len()
	run(t, tr, "dice 1 2 3 4  6 5 4 2 3 3  6  3 3 3 3", "carry Gob 2")
	if tr.E.Round != 1 {
		t.Fatal("refreshed before Orc had its option")
	}
	run(t, tr, "pass Orc")
	hasEvent(t, tr, from, "Round 2 begins")
	if tr.E.Round != 2 || tr.E.Phase != "" {
		t.Fatalf("round %d phase %q", tr.E.Round, tr.E.Phase)
	}
	wantGet(t, tr, "Roland", "dice", "4 3 2 1")
	wantGet(t, tr, "Mira", "dice", "6 5 4 3 3 2")
	wantGet(t, tr, "Mira", "carry", "0")
	wantGet(t, tr, "Gob", "dice", "6 5 4") // the carried 2 is rolled anew: 6
	wantGet(t, tr, "Orc", "dice", "3 3 3 3")
	if got := order(tr); !reflect.DeepEqual(got, []string{"Mira", "Roland", "Orc", "Gob"}) {
		t.Errorf("order %v", got)
	}
	if current(tr) != "Mira" {
		t.Errorf("%s's turn, want Mira", current(tr))
	}
}

// When nobody holds a die that can pay for an action, next refreshes at
// once: holders of 1s still get a last option, which next takes as a
// carried die.
func TestEveryoneOutOfDice(t *testing.T) {
	tr := newTracker(t, "add Roland pc=yes ad=2 dice=1", "add Gob ad=1 dice=2", "next")
	run(t, tr, "spend Gob 2")
	if tr.E.Phase != "refresh" || current(tr) != "Roland" {
		t.Fatalf("phase %q, %s's turn", tr.E.Phase, current(tr))
	}
	run(t, tr, "dice 2 2 2 5", "next")
	if tr.E.Round != 2 {
		t.Fatalf("round %d", tr.E.Round)
	}
	wantGet(t, tr, "Roland", "dice", "2 2 2")
	wantGet(t, tr, "Gob", "dice", "5")
	// Nobody holding anything: next rolls again straight away.
	run(t, tr, "set Roland dice=none", "set Gob dice=none")
	from := tr.E.Log.Len()
	run(t, tr, "dice 3 3 4", "next")
	hasEvent(t, tr, from, "nobody else can pay for an action: refresh")
	if tr.E.Round != 3 {
		t.Fatalf("round %d", tr.E.Round)
	}
	wantGet(t, tr, "Roland", "dice", "3 3")
	wantGet(t, tr, "Gob", "dice", "4")
}

// The demo fight runs through several refreshes from commands alone: the
// current combatant attacks the first enemy still standing (clearing a
// State first when it must), and next moves the countdown on.
func TestDemoSeveralRefreshes(t *testing.T) {
	sys := sst.New()
	e, err := rules.BuildDemo(sys, "horde", 5)
	if err != nil {
		t.Fatal(err)
	}
	tr := rules.NewTracker(e, sys)
	run(t, tr, "next")
	for step := 0; step < 400 && tr.E.Round < 5; step++ {
		cur := tr.E.ByID(tr.E.Current)
		if cur != nil {
			var target string
			for _, o := range tr.E.Combatants {
				if o.Side != cur.Side && o.Status == model.Active {
					target = o.Name
					break
				}
			}
			if target == "" {
				break
			}
			if _, err := tr.Apply("attack " + rules.Quote(cur.Name) + " " + rules.Quote(target)); err != nil {
				_, _ = tr.Apply("clear " + rules.Quote(cur.Name))
			}
		}
		// next refuses the turn to one who still holds the most dice and
		// has not acted (it could not pay for an attack): it passes.
		if _, err := tr.Apply("next"); err != nil {
			run(t, tr, "pass "+rules.Quote(current(tr)))
		}
	}
	if tr.E.Round < 3 {
		t.Fatalf("only reached round %d", tr.E.Round)
	}
}
