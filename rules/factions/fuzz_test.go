package factions_test

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// vocabulary is a mix of good and bad commands for random play.
var vocabulary = []string{
	"next", "pass", "first GM", "first Players", "first x", "initiative Players",
	"activate Sybilla", "activate Bandit1", "activate Bandit2", "activate \"Bandit leader\"", "activate Theobald",
	"move Sybilla 1", "move Bandit1 3 sprint", "main Theobald", "bonus Bandit2",
	"attack Sybilla Bandit1", "attack Bandit1 Sybilla dodge", "attack Theobald Bandit2 counter",
	"attack Bandit3 Theobald grapple", "attack Theobald Bandit3 with=dagger", "attack Balthasar Bandit1 guard=Bandit2",
	"attack Bandit2 Sybilla hide=Theobald", "attack Bandit1 Balthasar with=bow far", "attack Bandit3 Sybilla opportunity",
	"attack Sybilla Bandit2 deathblow", "attack Sybilla Sybilla", "attack Bandit1 Sybilla Theobald",
	"breakfree Theobald", "breakfree Bandit3 helper=Bandit1", "surrender Bandit2", "morale", "morale GM", "morale GM fail",
	"damage Bandit1 5", "heal Bandit1 3", "set Bandit2 status=incapacitated", "set Sybilla concealed=yes",
	"remove Bandit3", "remove Sybilla", "set Theobald side=GM", "undo", "redo", "option morale manual", "option impaired d4",
	`add Wyrm side=Beast health=30 size=massive weapons="breath d6 r2 blast, bite d8"`, "attack Wyrm Sybilla Theobald",
	"attack Wyrm Bandit1 dist=1", "set Bandit1 size=tiny", "attack Bandit1 Wyrm shove",
}

// Random play never panics (a panic would surface as an internal error)
// and the order view always renders.
func TestRandomPlay(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for game := 0; game < 200; game++ {
		tr := demo(t)
		for i := 0; i < 60; i++ {
			line := vocabulary[r.IntN(len(vocabulary))]
			if _, err := tr.Apply(line); err != nil && strings.Contains(err.Error(), "internal error") {
				t.Fatalf("game %d, %s: %v", game, line, err)
			}
			_ = tr.Sys.Order(tr.E)
			for _, cb := range tr.E.Combatants {
				_ = tr.Sys.Describe(tr.E, cb)
				_ = tr.Sys.Harm(tr.E, cb)
			}
		}
	}
}
