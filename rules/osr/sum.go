package osr

import (
	"fmt"
	"strings"

	"fray/model"
	"fray/rules/dice"
)

// sum is a total shown term by term in the log.
type sum struct{ parts []part }

type part struct {
	label string
	n     int
	keep  bool
}

func (t *sum) add(label string, n int) { t.parts = append(t.parts, part{label: label, n: n}) }
func (t *sum) die(label string, n int) {
	t.parts = append(t.parts, part{label: label, n: n, keep: true})
}

func (t sum) total() int {
	s := 0
	for _, p := range t.parts {
		s += p.n
	}
	return s
}

// String renders "d20 14 + BCB 2 − flesh wound 2 = 14", leaving out zero
// terms other than dice, and the total when there is one term ("AC 13").
func (t sum) String() string {
	var b strings.Builder
	first, shown := true, 0
	for _, p := range t.parts {
		if p.n == 0 && !p.keep {
			continue
		}
		shown++
		switch {
		case first && p.n < 0:
			fmt.Fprintf(&b, "%s %s %d", minus, p.label, -p.n)
		case first:
			fmt.Fprintf(&b, "%s %d", p.label, p.n)
		case p.n < 0:
			fmt.Fprintf(&b, " %s %s %d", minus, p.label, -p.n)
		default:
			fmt.Fprintf(&b, " + %s %d", p.label, p.n)
		}
		first = false
	}
	if first {
		b.WriteString("0")
	}
	if shown > 1 {
		b.WriteString(" = " + num(t.total()))
	}
	return b.String()
}

func diceRoll(who, why string, sides, face int) dice.Roll {
	return dice.Roll{Who: who, Why: why, Expr: fmt.Sprintf("d%d", sides), Faces: []int{face}, Total: face}
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
	return !(e.Round > 0 && e.Phase == phaseCount && cb.HasInit && !cb.Delaying && cb.Init == e.Count)
}

// armour returns the AC an attack must reach and how it is made up: the
// sheet's AC, the BCB given to AC, +2 for fighting defensively, +1 for a
// parrying off-hand weapon; a caster with a spell pending and a charger
// add no BCB, and a charger loses the DEX modifier.
func armour(e *model.Encounter, cb *model.Combatant, sh *Sheet) (int, string) {
	var t sum
	t.die("AC", sh.AC)
	_, def := sh.Split()
	switch {
	case cb.HasCond(condCharging):
		t.add("DEX (charging)", -sh.DexMod)
	case spellPending(e, cb):
		// casting: no BCB to AC
	case cb.HasCond(condDefensive):
		t.add("BCB", sh.BCB)
		t.add("defensive", 2)
	default:
		t.add("BCB", def)
	}
	if cb.HasCond(condParrying) {
		t.add("parry", 1)
	}
	return t.total(), t.String()
}

// roundEnd is the round at whose start a this-round-only condition ends.
func roundEnd(e *model.Encounter) int { return max(e.Round, 1) + 1 }
