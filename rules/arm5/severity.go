package arm5

import (
	"fmt"
	"strconv"
	"strings"

	"fray/model"
	"fray/rules"
)

// Harm implements rules.System. Wounds, Bruises and Fatigue are the
// tracks; the scale reads:
//
//   - dead: dead (a Fatal wound).
//   - out of the fight: incapacitated (an Incapacitating wound) or
//     unconscious (Unconscious fatigue, an Incapacitating or Fatal Bruise).
//   - badly hurt: a Heavy wound or Bruise, or a total penalty of −5 or
//     worse from wounds, Bruises and Fatigue together.
//   - hurt: any wound or Bruise, or a penalty from Fatigue (Weary or
//     worse).
//   - unhurt: none of these (Winded costs nothing).
//
// ArM5 has no dying grade: a Fatal wound kills. The gauge counts wounds
// and Bruises by level, worst first, then the total penalty and the
// Fatigue level ("H1 L2 bM1 −9 Weary"). The words name the worst harm
// ("Heavy wound", "Medium Bruise") and the Fatigue level, or the status
// that put the combatant out. Markers are delaying, the Lords of Men
// states (engaged, riding, held by, an extended action…) and conditions.
//
// Doc().Scale says the same to the GM (help, docs/arm5.md); keep the two
// in step.
func (s *System) Harm(e *model.Encounter, cb *model.Combatant) rules.Harm {
	h := rules.Harm{Severity: rules.ByStatus(cb.Status)}
	sh, err := sheetOf(cb)
	if err == nil {
		h.Gauge = gaugeText(sh)
		h.Words = harmWords(cb, sh)
		h.Severity = rules.Worst(h.Severity, harmSeverity(sh))
	} else if cb.Status != model.Active {
		h.Words = cb.Status.String()
	}
	if cb.Delaying {
		h.Markers = append(h.Markers, "delaying")
	}
	h.Markers = append(h.Markers, lordsMarks(e, newLordsIndex(e), cb)...)
	h.Markers = appendCondMarks(h.Markers, e, cb)
	return h
}

// harmSeverity grades the harm on a sheet short of what its status says.
func harmSeverity(sh *Sheet) rules.Severity {
	switch {
	case sh.Wounds[Heavy]+sh.Bruises[Heavy] > 0 || sh.Penalty() <= -5:
		return rules.BadlyHurt
	case sh.Penalty() < 0:
		return rules.Hurt
	}
	for l := Light; l <= Fatal; l++ {
		if sh.Wounds[l]+sh.Bruises[l] > 0 {
			return rules.Hurt
		}
	}
	return rules.Unhurt
}

// harmWords names the status that put a combatant out, else its worst
// wound or Bruise and its Fatigue: "Heavy wound, Weary".
func harmWords(cb *model.Combatant, sh *Sheet) string {
	if cb.Status != model.Active {
		return cb.Status.String()
	}
	var ps []string
	if l := worst(sh.Wounds); l > 0 {
		ps = append(ps, harmName(l, false))
	} else if l := sh.WorstBruise(); l > 0 {
		ps = append(ps, harmName(l, true))
	}
	if sh.Fatigue > 0 {
		ps = append(ps, FatigueName(sh.Fatigue))
	}
	return strings.Join(ps, ", ")
}

// worst returns the most severe level with a count, or 0.
func worst(c [6]int) int {
	for l := Fatal; l >= Light; l-- {
		if c[l] > 0 {
			return l
		}
	}
	return 0
}

// gaugeText is "H1 L2 bM1 −9 Weary": wounds by level, Bruises by level,
// the total penalty and the Fatigue level.
func gaugeText(sh *Sheet) string {
	letters := "?LMHIF"
	var ps []string
	for l := Fatal; l >= Light; l-- {
		if n := sh.Wounds[l]; n > 0 {
			ps = append(ps, fmt.Sprintf("%c%d", letters[l], n))
		}
	}
	for l := Fatal; l >= Light; l-- {
		if n := sh.Bruises[l]; n > 0 {
			ps = append(ps, fmt.Sprintf("b%c%d", letters[l], n))
		}
	}
	if p := sh.Penalty(); p != 0 {
		ps = append(ps, signed(p))
	}
	if sh.Fatigue > 0 {
		ps = append(ps, FatigueName(sh.Fatigue))
	}
	return strings.Join(ps, " ")
}

// condMark is how a row writes a condition: its label, and the rounds
// left when it runs out ("prone", "stunned 2").
// appendCondMarks appends the marks of cb's conditions, but "mounted"
// on a horse of the fight: "riding Bayard (trot)" says it already.
func appendCondMarks(ms []string, e *model.Encounter, cb *model.Combatant) []string {
	for _, k := range cb.Conds {
		if k.Label == kMount && horseOf(e, cb.ID) != nil {
			continue
		}
		ms = append(ms, condMark(e, k))
	}
	return ms
}

func condMark(e *model.Encounter, k model.Condition) string {
	if k.Expires > 0 {
		return k.Label + " " + strconv.Itoa(max(0, k.Expires-e.Round))
	}
	return k.Label
}
