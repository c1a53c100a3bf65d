package osr

import (
	"strconv"

	"fray/model"
	"fray/rules"
	"fray/rules/dice"
)

// sum is the shared term-by-term total of the log (rules.Total), written
// without "= N" when a single term shows ("AC 13").
type sum struct{ rules.Total }

func (t sum) total() int { return t.Sum() }

// String renders "d20 14 + BCB 2 − flesh wound 2 = 14", or "AC 13".
func (t sum) String() string {
	s, shown := t.Terms()
	if shown > 1 {
		s += " = " + num(t.Sum())
	}
	return s
}

func diceRoll(who, why string, sides, face int) dice.Roll {
	return dice.Roll{Who: who, Why: why, Expr: die(sides), Faces: []int{face}, Total: face}
}

// die names one die: "d6". Every combatant rolls one for initiative each
// round, so the usual ones are not made anew each time.
func die(sides int) string {
	switch sides {
	case 4:
		return "d4"
	case 6:
		return "d6"
	case 8:
		return "d8"
	case 10:
		return "d10"
	case 12:
		return "d12"
	case 20:
		return "d20"
	}
	return "d" + strconv.Itoa(sides)
}

// penalty is the combatant's penalty to attacks and saves: −2 for a flesh
// wound, −2 for fighting on hurt after a death save.
func penalty(cb *model.Combatant) int {
	p := 0
	if cb.HasCond(condFlesh) {
		p -= 2
	}
	if cb.HasCond(condHurt) {
		p -= 2
	}
	return p
}

// spellPending reports whether a combatant's declared spell has yet to go
// off: it has not acted and is not acting at the current count.
func spellPending(e *model.Encounter, cb *model.Combatant) bool {
	if !cb.HasCond(condSpell) || cb.Acted {
		return false
	}
	// Acting now, it casts with everyone else of this step: at its own
	// count, or in the held step, where all who held act together. A
	// surprise segment is no count: spells keep their own time.
	return !(e.Round > 0 && e.Phase != phaseSurprise && acting(e, cb))
}

// armour returns the AC an attack must reach and how it is made up: the
// sheet's AC, the BCB given to AC, +2 for fighting defensively, +1 for a
// parrying off-hand weapon; a caster with a spell pending and a charger
// add no BCB, and a charger loses its DEX bonus (a penalty stays).
func armour(e *model.Encounter, cb *model.Combatant, sh *Sheet) (int, string) {
	return armourFrom(e, cb, sh, "")
}

// armourFrom is armour against an attack from one side: "" for the
// front, "flank" or "rear". A shield wall adds the neighbours' shields
// against frontal attacks (+1 on a flank, +2 in the centre: the source's
// +2 and +3 count the fighter's own shield, already in its AC); from the
// flank or rear it has no shield at all; either way no DEX bonus. A
// retreat costs the AC it gave up.
func armourFrom(e *model.Encounter, cb *model.Combatant, sh *Sheet, side string) (int, string) {
	var t sum
	t.Die("AC", sh.AC)
	_, def := sh.Split()
	noDex := ""
	switch place := wallPlace(cb); {
	case place == "":
	case side != "":
		t.Add("no shield ("+side+")", -1)
		noDex = "shield wall"
	case place == "flank":
		t.Add("shield wall", 1)
		noDex = "shield wall"
	default:
		t.Add("shield wall", 2)
		noDex = "shield wall"
	}
	if cb.HasCond(condCharging) {
		noDex = "charging"
	}
	if noDex != "" {
		// The DEX bonus goes; a DEX penalty stays.
		t.Add("DEX ("+noDex+")", -max(0, sh.DexMod))
	}
	switch {
	case cb.HasCond(condCharging):
		// charging: no BCB to AC
	case spellPending(e, cb):
		// casting: no BCB to AC
	case cb.HasCond(condDefensive):
		t.Add("BCB", sh.BCB)
		t.Add("defensive", 2)
	default:
		t.Add("BCB", def)
	}
	if cb.HasCond(condParrying) {
		t.Add("parry", 1)
	}
	if cb.HasCond(condRetreating) {
		t.Add("retreating", -getN("retreat", cb))
	}
	return t.total(), t.String()
}

// roundEnd is the round at whose start a this-round-only condition ends.
func roundEnd(e *model.Encounter) int { return max(e.Round, 1) + 1 }
