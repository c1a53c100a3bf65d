package factions_test

import (
	"strconv"
	"strings"
	"testing"

	"fray/rules"
	"fray/rules/factions"
)

// A lone fighter's morale compares its health now with its health when
// the round started, or when it joined if it came in during the round;
// undo and redo across a round's start bring back the right round's
// figure.
func TestLoneMoraleCountsTheRound(t *testing.T) {
	const due = "morale check due: Drake fights alone, down to 6 of 12 health (Drake): roll with `morale`"
	tr := blank(t, "add Wyrm side=Monster health=20 wit=10", "add Ann side=Folk health=5", "add Bob side=Folk health=5",
		"initiative Folk", "option morale manual", "next", "first Folk",
		"add Drake side=Beasts health=12 wit=10", "damage Drake 6 direct", "pass", "pass")
	from := tr.E.Log.Len()
	run(t, tr, "pass") // the third faction passes: the round ends
	if tr.E.Round != 2 {
		t.Fatalf("round %d", tr.E.Round)
	}
	hasEvent(t, tr, from, due)
	noEvent(t, tr, from, "morale check due: Wyrm")

	// Undo takes round 2's start back: Drake joined round 1 at 12.
	run(t, tr, "undo")
	from = tr.E.Log.Len()
	run(t, tr, "pass")
	hasEvent(t, tr, from, due)

	// Round 2 started with Drake at 6 of 12: a further wound is no new
	// drop past half, this round or after an undo and redo.
	run(t, tr, "first Folk", "damage Drake 1 direct", "pass", "pass", "undo", "redo")
	from = tr.E.Log.Len()
	run(t, tr, "pass")
	if tr.E.Round != 3 {
		t.Fatalf("round %d", tr.E.Round)
	}
	noEvent(t, tr, from, "morale check")

	// A wound undone is not counted: the Wyrm falls to half in round 3
	// only after its first wound is taken back and a lighter one dealt.
	run(t, tr, "first Folk", "damage Wyrm 10 direct", "undo", "damage Wyrm 4 direct", "pass", "pass")
	from = tr.E.Log.Len()
	run(t, tr, "pass")
	noEvent(t, tr, from, "morale check")
}

// Files written before format 4 kept the round's health in [turn]: as an
// "hp:ID" key per combatant, or later as one "health" list. The loader
// hands them to AdoptTurn, which puts them on the combatants; such a
// file, opened mid-round, still checks a lone fighter's morale against
// them. (saves/testdata/turnstate holds such files, read whole.)
func TestLoneMoraleOldTurnKeys(t *testing.T) {
	tr := blank(t, "add Wyrm side=Monster health=20 wit=10", "add Ann side=Folk health=5", "add Bob side=Folk health=5",
		"initiative Folk", "option morale manual", "next", "first Folk")
	for _, list := range []bool{false, true} {
		e := tr.E.Clone()
		var hp []string
		for _, cb := range e.Combatants {
			h := strconv.Itoa(cb.Sheet().(*factions.Sheet).Health)
			if list {
				hp = append(hp, strconv.Itoa(cb.ID)+":"+h)
			} else {
				e.Turn["hp:"+strconv.Itoa(cb.ID)] = h
			}
			cb.DropTurn("round_health")
		}
		if list {
			e.Turn["health"] = strings.Join(hp, ",")
		}
		sys := factions.New()
		sys.(rules.TurnAdopter).AdoptTurn(e)
		for k := range e.Turn {
			if strings.HasPrefix(k, "hp:") || k == "health" {
				t.Errorf("the old key %s stayed", k)
			}
		}
		old := rules.NewTracker(e, sys)
		run(t, old, "damage Wyrm 10 direct", "pass")
		from := old.E.Log.Len()
		run(t, old, "pass")
		hasEvent(t, old, from, "morale check due: Wyrm fights alone, down to 10 of 20 health (Wyrm): roll with `morale`")
	}
}
