package factions_test

import (
	"strings"
	"testing"

	"fray/rules"
)

// Who may act follows the alternation: the faction to choose activates
// one of its ready characters, which then acts; others wait their turn.
func TestWhoMayAct(t *testing.T) {
	tr := demo(t, "next", "first Players")
	fails(t, tr, "attack Bandit1 Sybilla", "Bandit1 is of GM, but Players are to choose")
	run(t, tr, "dice 3", "attack Balthasar Bandit1")
	// Twice on its own turn: one main action.
	fails(t, tr, "attack Balthasar Bandit2", "Balthasar has already used the main action this turn")
	// Balthasar's activation is open: the GM's is next, so a bandit may act.
	run(t, tr, "dice 2", "attack Bandit2 Balthasar")
	fails(t, tr, "attack Balthasar Bandit2", "Balthasar has already taken its turn this round")
	fails(t, tr, "move Balthasar 2", "Balthasar has already taken its turn this round")
	// force: the attack resolves, nobody's turn is spent or handed over.
	from := tr.E.Log.Len()
	run(t, tr, "dice 2", "force attack Balthasar Bandit2")
	hasEvent(t, tr, from, "forced: Balthasar cannot act now (it is Bandit2's turn): Balthasar has already taken its turn this round")
	if current(tr) != "Bandit2" {
		t.Fatalf("the forced attack moved the turn to %q", current(tr))
	}
	run(t, tr, "set Bandit3 health=0 status=incapacitated")
	fails(t, tr, "main Bandit3", "Bandit3 is incapacitated")
	// Reactions need the reactor's turn unspent; forced, they happen anyway.
	run(t, tr, "next")
	fails(t, tr, "attack Sybilla Bandit2 dodge", "Bandit2 cannot react: this round's turn is already used")
	// Forms offer those who may act: the Players to choose, ready ones.
	if got := actors(tr, rules.Attack); got != "Sybilla Theobald" {
		t.Fatalf("actors %q", got)
	}
	if got := actors(tr, rules.OutOfTurn); got != "Sybilla Theobald Bandit leader Bandit1" {
		t.Fatalf("reactors %q", got)
	}
	from = tr.E.Log.Len()
	run(t, tr, "dice 9 5", "force attack Sybilla Bandit2 dodge")
	hasEvent(t, tr, from, "forced: Bandit2 cannot react: this round's turn is already used")
	if got := actors(tr, rules.Attack); got != "Bandit leader Bandit1" {
		t.Fatalf("actors after Sybilla's attack %q", got)
	}
}

func actors(tr *rules.Tracker, k rules.ActKind) string {
	var names []string
	for _, cb := range rules.Actors(tr.Sys, tr.E, k) {
		names = append(names, cb.Name)
	}
	return strings.Join(names, " ")
}

// "At the start of the fight, concealed characters play a bonus round,
// during which only they can act": before the first next too, when
// anyone is concealed, only the concealed may act.
func TestAmbushersFirstBeforeTheFight(t *testing.T) {
	tr := blank(t, `add Wolf side=GM health=6 concealed=yes weapons="bite d6"`, `add Odo side=Players health=8 weapons="sword d6"`)
	fails(t, tr, "attack Odo Wolf", "Odo is not concealed")
	run(t, tr, "dice 2", "attack Wolf Odo", "dice 2", "force attack Odo Wolf")
	// With nobody concealed, anyone able.
	tr = blank(t, `add Wolf side=GM health=6 weapons="bite d6"`, `add Odo side=Players health=8 weapons="sword d6"`)
	run(t, tr, "dice 2", "attack Odo Wolf")
	// The attack form's list, asked of all at once, is the same: the
	// concealed alone while one able stands concealed; once the one
	// concealed cannot act, anyone able.
	tr = demo(t, "set Sybilla concealed=yes")
	if got := actors(tr, rules.Attack); got != "Sybilla" {
		t.Errorf("actors with Sybilla concealed: %q", got)
	}
	run(t, tr, "set Sybilla status=incapacitated")
	if got := actors(tr, rules.Attack); got != "Balthasar Theobald Bandit leader Bandit1 Bandit2 Bandit3" {
		t.Errorf("actors with Sybilla down: %q", got)
	}
}
