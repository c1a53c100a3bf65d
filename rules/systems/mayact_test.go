package systems_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/rulestest"
	"fray/rules/systems"
	"fray/rules/systems/bigfight"
)

// Every verb of every system is declared here as one of two kinds. An
// acting verb has a combatant act (attack, move, cast, spend…): it asks
// who may act (rules.MayAct) and refuses, with a Refusal that force
// overrules, a combatant whose time it is not. A bookkeeping verb changes
// the record (damage, heal, set, cond…) or runs the fight (next, end) and
// is never refused for want of a turn. A new verb that is in neither list
// fails the test until it is declared.

// book lists the bookkeeping verbs every system shares.
var book = []string{"add", "remove", "set", "init", "next", "prev", "cond", "uncond", "note", "roll",
	"dice", "option", "end", "resume", "force", "template", "templates", "party", "undo", "redo",
	"damage", "heal", "engage"}

// acting gives, per system, each acting verb's line: A is a combatant
// able to act but whose time it is not, T one of its foes, F a friend.
// Lines before the last, separated by ";", set the scene (forced where
// they must be).
var acting = map[string]map[string]string{
	"osr": {
		"attack": "attack A T", "move": "move A 3", "close": "close A T", "retreat": "retreat A slow",
		"wand": "wand A", "extract": "dice 20 1 1 20; force attack T A missile dmg=1d4; extract A",
	},
	"sst": {
		"attack": "attack A T", "spend": "spend A 2", "cast": "cast A 2", "pool": "pool A",
		"release": "force cast A 2; release A", "clear": "cond A stun; clear A",
		"close": "close A T", "withdraw": "force close A T; withdraw A", "move": "move A 3",
		"hold":      "dice 6 6 6 6 6 6; force close A T; force attack A T hold; hold A damage",
		"knockdown": "set T size=5; force close A T; knockdown A T", "takeoff": "set A fly=2/2/3; takeoff A",
		"land": "set A fly=2/2/3; force takeoff A; land A", "board": "set F chariot=light; board A F",
		"alight":  "set F chariot=light; force board A F; alight A",
		"refresh": "refresh A", "delay": "delay A",
	},
	"swords": {
		"attack": "attack A T", "action": "action A", "area": "area A T",
		"escape": "escape A", "control": "control A T", "slam": "slam A T 3", "pickup": "pickup A",
		"move": "move A 3",
	},
	"factions": {
		"move": "move A 3", "main": "main A", "bonus": "bonus A",
		"attack": "attack A T", "breakfree": "set A grabbedby=T; breakfree A", "surrender": "surrender A",
		"mount": "mount A F", "dismount": "set A on=F; dismount A",
	},
	"arm5": {
		"attack": "attack A T", "fast": "fast A", "ready": "set A weapon=bow; ready A", "extended": "extended A 2",
		"disengage": "engage A T; disengage A", "mount": "mount A F", "dismount": "force mount A F; dismount A",
		"gait": "force mount A F; gait A walk", "rally": "discipline Band 99; rally Band calm",
		"vanguard": "vanguard Band Brigand", "defend": "defend A F", "move": "move A 3",
		"leap": "force mount A F; leap A", "vault": "vault A F",
		"pullfree": "cond F \"under the horse\"; pullfree A F", "lead": "lead Band Brigand",
	},
}

// bookOf lists, per system, its own bookkeeping verbs: the GM's record,
// rolls the GM calls for, the turn engine's own steps, declarations, and
// reactions any able combatant may take out of turn.
var bookOf = map[string][]string{
	// declare, split, defend, hold: choices for the round, refused by
	// phase, not by turn; act: taking a held action (its own check).
	"osr": {"disengage", "save", "surprise", "declare", "split", "wall", "flee", "surrender", "act", "hold", "delay", "defend"},
	// one: a free option, taken out of turn too; pass: giving up one's
	// dice; carry: the last option, with its own check; drive: a roll the
	// GM calls for.
	"sst": {"disengage", "surprise", "injury", "locations", "fear", "act", "one", "pass", "carry", "drive"},
	// defend: a reaction; skill: a roll at the running penalty, no action;
	// delay: said ahead of the turn, it waits for it (act checks).
	"swords": {"disengage", "defend", "battle", "act", "skill", "delay"},
	// activate: the turn engine itself, like first and pass.
	"factions": {"disengage", "initiative", "first", "pass", "chase", "gear", "morale", "activate"},
	"arm5": {"wound", "fatigue", "recover", "fatiguetest", "group", "groupbonus", "ungroup", "priority",
		"fastcast", "catalog", "concentrate", "fall", "morale", "discipline", "exert", "act", "delay", "control"},
}

// scene is a system's first demo, started and stepped on until someone
// may act and someone else able to act may not; it returns that one, a
// foe and a friend.
func scene(t *testing.T, s rules.System) (*rules.Tracker, *model.Combatant, *model.Combatant, *model.Combatant) {
	t.Helper()
	d := s.Demos()[0]
	if s.ID() == "arm5" {
		d = s.Demos()[1] // the highwaymen: every option of the Lords of Men on
	}
	tr := rules.NewTracker(model.New(s.ID(), 7), s)
	for _, l := range d.Script {
		if _, err := tr.Apply(l); err != nil {
			t.Fatalf("%s demo: %s: %v", s.ID(), l, err)
		}
	}
	for range 6 {
		if _, err := tr.Apply("next"); err != nil {
			// factions: the faction to choose activates someone
			if _, err2 := tr.Apply("activate " + rules.Quote(rules.Actors(s, tr.E, rules.OnTurn)[0].Name)); err2 != nil {
				t.Fatalf("%s: next: %v; activate: %v", s.ID(), err, err2)
			}
		}
		if len(rules.Actors(s, tr.E, rules.OnTurn)) == 0 {
			continue
		}
		for _, a := range tr.E.Combatants {
			if rules.Able(a) != nil || rules.MayAct(s, tr.E, a, rules.OnTurn) == nil {
				continue
			}
			var foe, friend *model.Combatant
			for _, o := range tr.E.Combatants {
				switch {
				case o == a || rules.Able(o) != nil:
				case o.Side != a.Side && foe == nil:
					foe = o
				case o.Side == a.Side && friend == nil:
					friend = o
				}
			}
			if foe != nil && friend != nil {
				return tr, a, foe, friend
			}
		}
	}
	t.Fatalf("%s: nobody is kept from acting after six turns", s.ID())
	return nil, nil, nil, nil
}

func TestEveryVerbDeclared(t *testing.T) {
	for _, s := range systems.Default().All() {
		declared := map[string]bool{}
		for _, v := range append(book, bookOf[s.ID()]...) {
			declared[v] = true
		}
		for v := range acting[s.ID()] {
			if declared[v] {
				t.Errorf("%s: %s is declared both acting and bookkeeping", s.ID(), v)
			}
			declared[v] = true
		}
		tr := rules.NewTracker(model.New(s.ID(), 7), s)
		names := map[string]bool{}
		for _, v := range tr.Verbs() {
			names[v.Name] = true
		}
		for _, v := range s.Verbs() {
			names[v.Name] = true
		}
		for n := range names {
			if !declared[n] {
				t.Errorf("%s: verb %s is neither acting nor bookkeeping: declare it in mayact_test.go", s.ID(), n)
			}
		}
	}
}

// TestActingVerbsAskWhoMayAct: each acting verb, on one whose time it is
// not, is refused with a Refusal; with force, that refusal no longer
// stops it.
func TestActingVerbsAskWhoMayAct(t *testing.T) {
	for _, s := range systems.Default().All() {
		for verb, line := range acting[s.ID()] {
			tr, a, foe, friend := scene(t, s)
			lines := strings.Split(strings.NewReplacer("A", rules.Quote(a.Name), "T", rules.Quote(foe.Name), "F", rules.Quote(friend.Name)).Replace(line), ";")
			for _, l := range lines[:len(lines)-1] {
				if _, err := tr.Apply(strings.TrimSpace(l)); err != nil {
					t.Errorf("%s %s: setting the scene: %s: %v", s.ID(), verb, l, err)
				}
			}
			last := strings.TrimSpace(lines[len(lines)-1])
			_, err := tr.Apply(last)
			var r *rules.Refusal
			if !errors.As(err, &r) {
				t.Errorf("%s: %s (%s may not act: %v): got %v, want a refusal", s.ID(), last, a.Name, rules.MayAct(s, tr.E, a, rules.OnTurn), err)
				continue
			}
			if _, err := tr.Apply("force " + last); errors.As(err, &r) {
				t.Errorf("%s: force %s: still refused: %v", s.ID(), last, err)
			}
		}
	}
}

// reacting gives, per system, reactions and free actions any able
// combatant may take out of turn: one out of the fight may not.
var reacting = map[string][]string{
	"osr":      {"attack A T free", "attack A T passing"},
	"arm5":     {"exert A", "fastcast A T"},
	"sst":      {"one A effort"},
	"swords":   {"defend A"},
	"factions": {"attack A T opportunity", "attack A T free"},
}

// TestReactionsNeedOneAble: out of turn is allowed, out of the fight is
// not.
func TestReactionsNeedOneAble(t *testing.T) {
	for _, s := range systems.Default().All() {
		for _, line := range reacting[s.ID()] {
			tr, a, foe, _ := scene(t, s)
			if _, err := tr.Apply("set " + rules.Quote(a.Name) + " status=dead"); err != nil {
				t.Fatal(err)
			}
			l := strings.NewReplacer("A", rules.Quote(a.Name), "T", rules.Quote(foe.Name)).Replace(line)
			if _, err := tr.Apply(l); err == nil {
				t.Errorf("%s: %s: a dead combatant reacted", s.ID(), l)
			}
		}
	}
}

// A system that answers who may act for many at once (rules.TurnsAsker,
// which keeps the attack form's list linear in the fight's size) gives
// MayAct's answers, word for word, for every combatant and kind, through
// random fights on every demo, from before the first next on; one that
// says yes or no alone (rules.TurnsTeller, which the screen's search for
// the first who may take the turn uses) says yes where MayAct does.
func TestAskerIsMayAct(t *testing.T) {
	var askers []rules.System
	tellers := 0
	for _, sys := range systems.Default().All() {
		_, asks := sys.(rules.TurnsAsker)
		if _, ok := sys.(rules.TurnsTeller); ok {
			tellers++
			asks = true
		}
		if asks {
			askers = append(askers, sys)
		}
	}
	if len(askers) == 0 || tellers == 0 {
		t.Fatalf("%d systems ask for many at once, %d tell", len(askers), tellers)
	}
	same := func(t *testing.T, sys rules.System, e *model.Encounter, when string) {
		t.Helper()
		var ask func(*model.Combatant, rules.ActKind) error
		if a, ok := sys.(rules.TurnsAsker); ok {
			ask = a.Asker(e)
		}
		var tell func(*model.Combatant, rules.ActKind) bool
		if a, ok := sys.(rules.TurnsTeller); ok {
			tell = a.Teller(e)
		}
		for _, cb := range e.Combatants {
			for _, k := range []rules.ActKind{rules.OnTurn, rules.Attack, rules.OutOfTurn} {
				err := sys.(rules.Turns).MayAct(e, cb, k)
				if ask != nil {
					if want, got := fmt.Sprint(err), fmt.Sprint(ask(cb, k)); want != got {
						t.Fatalf("%s, %s (kind %d): MayAct %q, Asker %q", when, cb.Name, k, want, got)
					}
				}
				if tell != nil && tell(cb, k) != (err == nil) {
					t.Fatalf("%s, %s (kind %d): MayAct %v, Teller %v", when, cb.Name, k, err, tell(cb, k))
				}
			}
		}
	}
	for _, sys := range askers {
		for _, d := range sys.Demos() {
			e, err := rules.BuildDemo(sys, d.Name, 1)
			if err != nil {
				t.Fatal(err)
			}
			same(t, sys, e, d.Name+" before the fight")
		}
	}
	rulestest.EveryDemo(t, askers, 60, func(t *testing.T, sys rules.System, demo string, seed uint64, n int) int {
		return bigfight.Play(t, sys, demo, seed, n, func(tr *rules.Tracker, line string) {
			same(t, sys, tr.E, fmt.Sprintf("seed %d, after %q", seed, line))
		})
	})
}

// When a faction's activation ends, the screen selects the first who may
// take the turn (rules.FirstActor) among a thousand, most of whom have
// acted or are of the other faction: it says no to them without writing
// out why, so the search allocates next to nothing (it wrote a refusal
// for each, 27 KB a press of the turn key).
func TestFirstActorWritesNoRefusals(t *testing.T) {
	tr := bigTracker(t, "factions", 1000, 0)
	for range 600 { // into the round: three hundred activations
		if _, err := tr.Apply(bigfight.Turn(tr)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := tr.Apply("next"); err != nil { // the activation ends
		t.Fatal(err)
	}
	var first *model.Combatant
	allocs := testing.AllocsPerRun(10, func() { first = rules.FirstActor(tr.Sys, tr.E, rules.OnTurn) })
	if first == nil || rules.MayAct(tr.Sys, tr.E, first, rules.OnTurn) != nil {
		t.Fatalf("first actor %v", first)
	}
	if allocs > 4 {
		t.Errorf("FirstActor allocated %.0f times", allocs)
	}
}
