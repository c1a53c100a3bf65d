package osr

import (
	"fmt"
	"strconv"
	"strings"

	"fray/model"
	"fray/rules"
)

// Harm implements rules.System. Hit points are the track; the scale reads:
//
//   - dead: dead (slain by damage, a failed death save, a Mighty Blow).
//   - dying: a player character at 0 HP or below, marked dying for the GM.
//   - out of the fight: unconscious (a failed death save, subdual damage
//     reaching the HP left), knocked out, fled or surrendered.
//   - badly hurt: half the maximum HP or less left, subdual damage
//     counted off, or up at 0 HP or below after a death save.
//   - hurt: any HP or subdual damage, or a flesh wound.
//   - unhurt: full HP and no flesh wound.
//
// The gauge is "HP 5/8", with "sub 2" for subdual damage and the penalty
// a flesh wound or a death save leaves ("−2"). Markers are held, stunned,
// surprised, fighting defensively, parrying and any condition the GM set
// (prone…); the words are the state that put a combatant down, or its
// flesh wound.
//
// Doc().Scale says the same to the GM (help, docs/osr.md); keep the two
// in step.
func (s *System) Harm(e *model.Encounter, cb *model.Combatant) rules.Harm {
	h := rules.Harm{Severity: rules.ByStatus(cb.Status), Words: harmWords(cb)}
	if sh, err := sheetOf(cb); err == nil {
		h.Gauge = gauge(cb, sh)
		left := sh.HP - sh.Subdual
		sev := rules.ByShare(left, sh.MaxHP)
		if sh.HP <= 0 && sh.MaxHP > 0 {
			sev = rules.BadlyHurt
		}
		h.Severity = rules.Worst(h.Severity, sev)
	}
	switch {
	case cb.HasCond(condDying):
		h.Severity = rules.Worst(h.Severity, rules.Dying)
	case cb.HasCond(condKO) || cb.HasCond(condFled) || cb.HasCond(condSurrendered):
		h.Severity = rules.Worst(h.Severity, rules.OutOfFight)
	case cb.HasCond(condFlesh) || cb.HasCond(condHurt):
		h.Severity = rules.Worst(h.Severity, rules.Hurt)
	}
	if cb.Delaying {
		h.Markers = append(h.Markers, "held")
	}
	for _, k := range cb.Conds {
		if !notMarker[strings.ToLower(k.Label)] {
			h.Markers = append(h.Markers, condMark(e, cb, k))
		}
	}
	return h
}

// notMarker are the conditions that are harm (the words say them) or a
// declaration for the round (the row's own notes), not markers.
var notMarker = map[string]bool{
	condKO: true, condDying: true, condFled: true, condSurrendered: true,
	condFlesh: true, condHurt: true, condMangled: true,
	condSpell: true, condCharging: true, condSpellLost: true,
}

// harmWords names what put a combatant down, else its flesh wound.
func harmWords(cb *model.Combatant) string {
	if cb.Status == model.Dead {
		if cb.HasCond(condMangled) {
			return "dead, mangled"
		}
		return "dead"
	}
	for _, c := range []string{condDying, condKO, condFled, condSurrendered} {
		if cb.HasCond(c) {
			return c
		}
	}
	if cb.Status != model.Active {
		return cb.Status.String()
	}
	if cb.HasCond(condFlesh) {
		return condFlesh
	}
	return ""
}

// gauge is "HP 5/8 sub 2 −2": hit points, subdual damage, penalty.
func gauge(cb *model.Combatant, sh *Sheet) string {
	hp := "HP " + num(sh.HP) + "/" + strconv.Itoa(sh.MaxHP)
	if sh.Subdual <= 0 && penalty(cb) == 0 {
		return hp // the usual gauge, one string: every row on screen asks for it
	}
	ps := []string{hp}
	if sh.Subdual > 0 {
		ps = append(ps, fmt.Sprintf("sub %d", sh.Subdual))
	}
	if p := penalty(cb); p != 0 {
		ps = append(ps, signed(p))
	}
	return strings.Join(ps, " ")
}
