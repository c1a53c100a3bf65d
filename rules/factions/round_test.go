package factions_test

import (
	"testing"

	"fray/rules/factions"
)

// The source's example round, command by command: the bandits hold the
// initiative and go first; the players pass once; the round ends when
// both factions pass in a row.
func TestExampleRound(t *testing.T) {
	tr := demo(t, "next")
	wantHeader(t, tr, "Round 1 · GM to pick who goes first")
	steps := []struct{ line, header string }{
		{"activate \"Bandit leader\"", "Round 1 · GM: Bandit leader's turn · passes 0/2"},
		{"activate Sybilla", "Round 1 · Players: Sybilla's turn · passes 0/2"},
		{"activate Bandit1", "Round 1 · GM: Bandit1's turn · passes 0/2"},
		{"pass", "Round 1 · GM to choose · passes 1/2"},
		{"activate Bandit2", "Round 1 · GM: Bandit2's turn · passes 0/2"},
		{"activate Balthasar", "Round 1 · Players: Balthasar's turn · passes 0/2"},
		{"activate Bandit3", "Round 1 · GM: Bandit3's turn · passes 0/2"},
		{"activate Theobald", "Round 1 · Players: Theobald's turn · passes 0/2"},
		{"pass", "Round 1 · Players to choose · passes 1/2"},
	}
	for i, s := range steps {
		from := tr.E.Log.Len()
		run(t, tr, s.line)
		wantHeader(t, tr, s.header)
		if i == 0 {
			// "GM, holding the initiative, go first" read as if GM were
			// many; said in the past, as "let Players go first" is, it
			// fits a side of any name.
			hasEvent(t, tr, from, "GM, holding the initiative, chose to go first")
		}
	}
	from := tr.E.Log.Len()
	run(t, tr, "pass")
	hasEvent(t, tr, from, "Players must pass: nobody ready (passes 2/2)")
	hasEvent(t, tr, from, "Round 1 ends: every faction passed in a row")
	hasEvent(t, tr, from, "Round 2 begins")
	wantHeader(t, tr, "Round 2 · GM to pick who goes first")
	for _, cb := range tr.E.Combatants {
		if cb.Acted {
			t.Errorf("%s still marked as acted in round 2", cb.Name)
		}
	}
}

// The GM's forced pass is logged as such; a faction that passed cannot
// activate until its turn comes again; a character acts once a round.
func TestTurnRules(t *testing.T) {
	tr := demo(t, "next")
	fails(t, tr, "next", "GM, holding the initiative, must pick who goes first")
	run(t, tr, "first Players", "activate Sybilla")
	fails(t, tr, "activate Balthasar", "GM are to choose")
	run(t, tr, "activate Bandit1", "pass")
	fails(t, tr, "activate Bandit1", "already taken its turn")
	fails(t, tr, "next", "GM to choose: activate one of Bandit leader, Bandit2, Bandit3, or pass")
	run(t, tr, "activate Bandit2")
	fails(t, tr, "activate Sybilla", "already taken its turn")
	fails(t, tr, "prev", "undo")
	fails(t, tr, "init Sybilla 3", "initiative SIDE")
}

// next ends the open activation, then passes for factions with nobody
// ready, up to the end of the round.
func TestForcedPasses(t *testing.T) {
	tr := blank(t,
		"add Ann side=A health=5", "add Bob side=B health=5", "add Cid side=B health=5",
		"initiative A", "next", "activate Ann")
	from := tr.E.Log.Len()
	run(t, tr, "next")
	hasEvent(t, tr, from, "Ann's turn ends")
	hasEvent(t, tr, from, "B to choose")
	run(t, tr, "activate Bob")
	from = tr.E.Log.Len()
	run(t, tr, "next", "next")
	hasEvent(t, tr, from, "A must pass: nobody ready (passes 1/2)")
	wantHeader(t, tr, "Round 1 · B to choose · passes 1/2")
	run(t, tr, "activate Cid", "next")
	from = tr.E.Log.Len()
	run(t, tr, "next")
	hasEvent(t, tr, from, "A must pass: nobody ready (passes 1/2)")
	hasEvent(t, tr, from, "B must pass: nobody ready (passes 2/2)")
	if tr.E.Round != 2 || tr.E.Phase != factions.PhaseChoose {
		t.Fatalf("round %d phase %s, want round 2 choosing", tr.E.Round, tr.E.Phase)
	}
	// Three factions cycle in the order they appear.
	tr = blank(t, "add Ann side=A", "add Bob side=B", "add Cid side=C", "initiative C", "next", "first B", "pass", "pass")
	wantHeader(t, tr, "Round 1 · A to choose · passes 2/3")
	run(t, tr, "activate Ann")
	wantHeader(t, tr, "Round 1 · A: Ann's turn · passes 0/3")
	fails(t, blank(t, "add Ann side=A", "add Bob side=A"), "next", "two factions")
}

// Without an initiative command the holder is drawn with a logged die.
func TestInitiativeDrawn(t *testing.T) {
	tr := blank(t, "add Ann side=A", "add Bob side=B", "dice 2")
	from := tr.E.Log.Len()
	run(t, tr, "next")
	hasEvent(t, tr, from, "the initiative goes to B (drawn at random)")
	if h, _ := factions.Holder(tr.E); h != "B" {
		t.Fatalf("holder %q", h)
	}
}

// Characters who start concealed act alone in an ambush round; their
// targets cannot react; attacking reveals them; round 2 is a normal one.
func TestAmbushRound(t *testing.T) {
	tr := demo(t, "set Sybilla concealed=yes", "next")
	wantHeader(t, tr, "Round 1 (ambush) · GM to pick who goes first")
	fails(t, tr, "activate Bandit1", "only the ambushers act")
	run(t, tr, "activate Sybilla")
	fails(t, tr, "attack Sybilla Bandit1 dodge", "taken by surprise")
	from := tr.E.Log.Len()
	run(t, tr, "dice 6", "attack Sybilla Bandit1")
	hasEvent(t, tr, from, "Bandit1 takes 6 damage (d8 6 − armour 0): health 8 → 2")
	hasEvent(t, tr, from, "Sybilla is revealed by the attack")
	run(t, tr, "next")
	from = tr.E.Log.Len()
	run(t, tr, "next")
	hasEvent(t, tr, from, "GM must pass: nobody ready (passes 1/2)")
	hasEvent(t, tr, from, "Players must pass: nobody ready (passes 2/2)")
	wantHeader(t, tr, "Round 2 · GM to pick who goes first")
	if !factions.Ready(tr.E, comb(t, tr, "Bandit1")) || !factions.Ready(tr.E, comb(t, tr, "Sybilla")) {
		t.Error("round 2 should have everyone ready")
	}
}

// Undo takes a round's end back exactly, and redo replays it.
func TestUndoAcrossRoundEnd(t *testing.T) {
	tr := demo(t, "next", "first GM", "pass", "pass")
	if tr.E.Round != 2 {
		t.Fatalf("round %d", tr.E.Round)
	}
	run(t, tr, "undo")
	wantHeader(t, tr, "Round 1 · Players to choose · passes 1/2")
	run(t, tr, "activate Theobald")
	if !comb(t, tr, "Theobald").Acted {
		t.Error("Theobald not marked")
	}
	run(t, tr, "undo", "redo")
	wantHeader(t, tr, "Round 1 · Players: Theobald's turn · passes 0/2")
	run(t, tr, "undo", "pass")
	wantHeader(t, tr, "Round 2 · GM to pick who goes first")
}

// A turn is full speed, or half speed with a main and a bonus action (or
// two bonus actions).
func TestTurnLimits(t *testing.T) {
	tr := demo(t, "next", "first Players", "move Balthasar 1", "main Balthasar opens the chest", "bonus Balthasar")
	fails(t, tr, "move Balthasar 2", "half speed")
	fails(t, tr, "bonus Balthasar", "two actions")
	if u := factions.UsageOf(comb(t, tr, "Balthasar")); u.String() != "1 zone, main, bonus" {
		t.Errorf("usage %q", u)
	}
	run(t, tr, "activate Bandit1", "move Bandit1 road zones=2")
	fails(t, tr, "main Bandit1", "more than half speed")
	fails(t, tr, "move Bandit1 1", "add sprint")
	run(t, tr, "move Bandit1 1 sprint", "activate Sybilla", "bonus Sybilla", "bonus Sybilla")
	fails(t, tr, "main Sybilla", "two actions")
	run(t, tr, "activate Bandit2", "main Bandit2")
	fails(t, tr, "main Bandit2", "already used the main action")
	fails(t, tr, "attack Bandit2 Sybilla", "already used the main action")
	fails(t, tr, "move Bandit3 1", "Players are to choose")
}
