package rules

import (
	"strings"
	"testing"
)

// turnOrder sets up Ann (20), Bob (15), Cyd (10) and starts round 1 on
// Ann's turn.
func turnOrder(t *testing.T) *Tracker {
	t.Helper()
	tr := newTracker(t, "Ann", "Bob", "Cyd")
	mustApply(t, tr, "init Ann 20")
	mustApply(t, tr, "init Bob 15")
	mustApply(t, tr, "init Cyd 10")
	mustApply(t, tr, "next")
	if cur := tr.E.ByID(tr.E.Current); cur == nil || cur.Name != "Ann" {
		t.Fatalf("turn: %v", cur)
	}
	return tr
}

func TestCondUntilStartOfNamedTurn(t *testing.T) {
	tr := turnOrder(t)
	mustApply(t, tr, "cond Bob stunned until=start:Cyd")
	mustApply(t, tr, "next") // Bob
	if !find(t, tr, "Bob").HasCond("stunned") {
		t.Fatal("ended before Cyd's turn")
	}
	res := mustApply(t, tr, "next") // Cyd: it ends
	if find(t, tr, "Bob").HasCond("stunned") {
		t.Fatal("still stunned as Cyd's turn began")
	}
	if !strings.Contains(logText(res), "Bob is no longer stunned (Cyd's turn begins)") {
		t.Errorf("log: %s", logText(res))
	}
	mustApply(t, tr, "undo")
	if !find(t, tr, "Bob").HasCond("stunned") {
		t.Error("undo did not bring it back")
	}
}

func TestCondUntilEndOfOwnNextTurn(t *testing.T) {
	tr := turnOrder(t)
	// Given during Ann's own turn: it lasts through Ann's next turn.
	mustApply(t, tr, "cond Ann dodging until=end")
	// Bob, Cyd, Ann (round 2): still; as Ann's turn passes to Bob, gone.
	for i, want := range []bool{true, true, true, false} {
		mustApply(t, tr, "next")
		if got := find(t, tr, "Ann").HasCond("dodging"); got != want {
			t.Fatalf("step %d: dodging %v, want %v", i+1, got, want)
		}
	}
}

func TestCondUntilEndOfAnothersTurn(t *testing.T) {
	tr := turnOrder(t)
	mustApply(t, tr, `cond Ann grappled "until=end:Bob"`)
	mustApply(t, tr, "next") // Bob's turn begins
	if !find(t, tr, "Ann").HasCond("grappled") {
		t.Fatal("ended as Bob's turn began")
	}
	mustApply(t, tr, "next") // Bob's turn is over
	if find(t, tr, "Ann").HasCond("grappled") {
		t.Fatal("still grappled after Bob's turn")
	}
}

func TestCondUntilOwnerLeaves(t *testing.T) {
	tr := turnOrder(t)
	mustApply(t, tr, "cond Ann held until=end:Cyd")
	res := mustApply(t, tr, "remove Cyd")
	if find(t, tr, "Ann").HasCond("held") {
		t.Fatal("the condition outlived the one it waited on")
	}
	if !strings.Contains(logText(res), "Ann is no longer held (Cyd left the fight)") {
		t.Errorf("log: %s", logText(res))
	}
}

func TestCondUntilRefusals(t *testing.T) {
	tr := turnOrder(t)
	for line, want := range map[string]string{
		"cond Ann x until=later":    "until takes start or end",
		"cond Ann x until=end:Zed":  `no combatant called "Zed"`,
		"cond Ann x 2 until=end":    "give rounds or until=, not both",
		"cond Ann x until=end ok=1": "cond takes a name, a label",
	} {
		_, err := tr.Apply(line)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", line, err, want)
		}
	}
}

func TestCondUntilOnSeveral(t *testing.T) {
	tr := turnOrder(t)
	mustApply(t, tr, "cond Bob,Cyd dazzled until=start:Ann")
	for i := 0; i < 2; i++ {
		mustApply(t, tr, "next")
	}
	if !find(t, tr, "Cyd").HasCond("dazzled") {
		t.Fatal("ended early")
	}
	mustApply(t, tr, "next") // Ann, round 2
	if find(t, tr, "Bob").HasCond("dazzled") || find(t, tr, "Cyd").HasCond("dazzled") {
		t.Fatal("not ended at the start of Ann's turn")
	}
}

func logText(r Result) string { return LogText(r.Entries) }

// A name with a space is quoted after the colon.
func TestCondUntilSpacedName(t *testing.T) {
	tr := newTracker(t, "Odo", "Goblin 2")
	mustApply(t, tr, `cond Odo stunned until=end:"Goblin 2"`)
	k, ok := find(t, tr, "Odo").Cond("stunned")
	if !ok || k.Until != "end" || k.Who != find(t, tr, "Goblin 2").ID {
		t.Fatalf("condition %+v", k)
	}
	if !strings.Contains(LogText(tr.E.Log.From(0)), "Odo is stunned until the end of Goblin 2's next turn") {
		t.Errorf("log: %s", LogText(tr.E.Log.From(0)))
	}
}
