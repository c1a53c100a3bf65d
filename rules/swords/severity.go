package swords

import (
	"fmt"
	"strings"

	"fray/model"
	"fray/rules"
)

// Harm implements rules.System. A person has two tracks, Stamina and the
// Health level its largest single hit set; an army has its hits. The
// scale reads:
//
//   - dead: dead (a hit of 20 or more after endurance).
//   - out of the fight: fallen at 0 Stamina (unconscious), or for an
//     army, routed at 0 hits.
//   - badly hurt: Wounded or Crippled (a largest hit of 10 or more), or
//     half the Stamina or hits or fewer left.
//   - hurt: Hurt (a largest hit of 5–9), or any Stamina or hits lost.
//   - unhurt: full Stamina (hits) and Health OK.
//
// SWORDS has no dying grade. The gauge is "St 4/10 Hurt" (Stamina and the
// Health level unless OK) or "69/100 hits"; the words are the Health
// level and the status that put a combatant out ("Wounded, unconscious",
// "routed"). Markers are delaying, mounted and conditions.
//
// Doc().Scale says the same to the GM (help, docs/swords.md); keep the two
// in step.
func (s *System) Harm(e *model.Encounter, cb *model.Combatant) rules.Harm {
	h := rules.Harm{Severity: rules.ByStatus(cb.Status)}
	var words []string
	sh, err := sheetOf(cb)
	if err == nil {
		h.Severity = rules.Worst(h.Severity, rules.ByShare(sh.Stamina, sh.MaxStamina))
		if sh.IsArmy() {
			h.Gauge = fmt.Sprintf("%d/%d hits", sh.Stamina, sh.MaxStamina)
		} else {
			h.Gauge = fmt.Sprintf("St %d/%d", sh.Stamina, sh.MaxStamina)
			switch hl := sh.Health(); hl {
			case OK:
			case Dead:
				h.Severity = rules.Dead
			default:
				// Dead is the status mark's to say; the others are a
				// second track.
				h.Gauge += " " + hl.String()
				words = append(words, hl.String())
				h.Severity = rules.Worst(h.Severity, rules.Hurt)
				if hl >= Wounded {
					h.Severity = rules.Worst(h.Severity, rules.BadlyHurt)
				}
			}
		}
	}
	if cb.HasCond("routed") {
		words = append(words, "routed")
		h.Severity = rules.Worst(h.Severity, rules.OutOfFight)
	} else if cb.Status != model.Active {
		words = append(words, cb.Status.String())
	}
	h.Words = strings.Join(words, ", ")
	if cb.Delaying {
		h.Markers = append(h.Markers, "delaying")
	}
	if err == nil && sh.Mounted {
		h.Markers = append(h.Markers, "mounted")
	}
	for _, k := range cb.Conds {
		if !strings.EqualFold(k.Label, "routed") {
			h.Markers = append(h.Markers, condMark(e, k))
		}
	}
	return h
}

// condMark is how a row writes a condition: its label, and the rounds
// left when it runs out ("prone", "stunned 2").
func condMark(e *model.Encounter, k model.Condition) string {
	if k.Expires > 0 {
		return fmt.Sprintf("%s %d", k.Label, max(0, k.Expires-e.Round))
	}
	return k.Label
}
