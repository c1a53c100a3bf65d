package factions

import (
	"fmt"

	"fray/model"
	"fray/rules"
)

// Harm implements rules.System. Health is the track; the scale reads:
//
//   - dead: dead (a death blow).
//   - out of the fight: incapacitated at 0 health, or surrendered or
//     retreated.
//   - badly hurt: half the maximum health or less left.
//   - hurt: any health lost.
//   - unhurt: full health.
//
// The source has no dying grade. The gauge is "health 5/8"; the words are
// the status or surrender that put a character out. Markers are grabbed by, concealed,
// in cover and conditions.
//
// Doc().Scale says the same to the GM (help, docs/factions.md); keep the two
// in step.
func (s *System) Harm(e *model.Encounter, cb *model.Combatant) rules.Harm {
	h := rules.Harm{Severity: rules.ByStatus(cb.Status)}
	if cb.Status != model.Active {
		h.Words = cb.Status.String()
	}
	sh, err := sheetOf(cb)
	if err != nil {
		return h
	}
	h.Gauge = fmt.Sprintf("health %d/%d", sh.Health, sh.MaxHealth)
	h.Severity = rules.Worst(h.Severity, rules.ByShare(sh.Health, sh.MaxHealth))
	switch {
	case h.Words != "":
	case sh.Surrendered:
		h.Words = "surrendered"
	case sh.Retreated:
		h.Words = "retreated"
	}
	if sh.Out() {
		h.Severity = rules.Worst(h.Severity, rules.OutOfFight)
	}
	if sh.GrabbedBy != "" {
		h.Markers = append(h.Markers, "grabbed by "+sh.GrabbedBy)
	}
	if sh.Concealed {
		h.Markers = append(h.Markers, "concealed")
	}
	if sh.Cover {
		h.Markers = append(h.Markers, "in cover")
	}
	for _, k := range cb.Conds {
		h.Markers = append(h.Markers, k.Label)
	}
	return h
}
