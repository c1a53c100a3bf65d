package sst

import (
	"fmt"
	"strconv"
	"strings"

	"fray/model"
	"fray/rules"
)

// Harm implements rules.System. The Physical and Mental ranks are the
// tracks, each spent down to the floor (0, or −3 for the Heroic); the
// scale reads:
//
//   - dead: Killed in Action.
//   - dying: Out of Action and still bleeding (a bleeder goes on costing
//     Physical ranks).
//   - out of the fight: Out of Action (a Killing Blow, a track spent to
//     the floor, a failed roll after an injury), or Crushed.
//   - badly hurt: a track half spent or worse on its way to the floor, a
//     lasting injury (burned dice, a bleeder, an injury's condition), or
//     Panicked.
//   - hurt: any rank lost on either track, or a State (Stun, Shock,
//     Doubt).
//   - unhurt: none of these.
//
// The gauge is "P 2/3 M 3/3": ranks left of each track's rank (negative
// for the Heroic past 0). The words are the status, a mental defeat and
// "injured"; markers are holding, the States, fear, exposures, a fumble
// and conditions other than injuries.
//
// Doc().Scale says the same to the GM (help, docs/sst.md); keep the two
// in step.
func (*System) Harm(e *model.Encounter, cb *model.Combatant) rules.Harm {
	h := rules.Harm{Severity: rules.ByStatus(cb.Status)}
	var words []string
	if w := statusWord(cb.Status); w != "" {
		words = append(words, w)
	}
	s, ok := cb.Sheet().(*Sheet)
	if ok {
		n := crossover(e)
		h.Gauge = gauge(s.Left(Physical, n), s.Rank(Physical), s.Left(Mental, n), s.Rank(Mental))
		for _, t := range []Track{Physical, Mental} {
			span := s.Rank(t) - s.Floor()
			h.Severity = rules.Worst(h.Severity, rules.ByShare(s.Left(t, n)-s.Floor(), span))
		}
		if len(s.Bleed) > 0 && cb.Status == model.Incapacitated {
			h.Severity = rules.Worst(h.Severity, rules.Dying)
		}
	}
	switch {
	case cb.HasCond(Crushed):
		words = append(words, "Crushed")
		h.Severity = rules.Worst(h.Severity, rules.OutOfFight)
	case cb.HasCond(Panicked):
		words = append(words, "Panicked")
		h.Severity = rules.Worst(h.Severity, rules.BadlyHurt)
	}
	if injured(cb, s) {
		words = append(words, "injured")
		h.Severity = rules.Worst(h.Severity, rules.BadlyHurt)
	}
	if len(States(cb)) > 0 {
		h.Severity = rules.Worst(h.Severity, rules.Hurt)
	}
	h.Words = strings.Join(words, ", ")
	if cb.Delaying {
		h.Markers = append(h.Markers, "holding")
	}
	for _, k := range cb.Conds {
		if !isInjury(k.Label) && !strings.EqualFold(k.Label, Crushed) && !strings.EqualFold(k.Label, Panicked) {
			h.Markers = append(h.Markers, condMark(e, k))
		}
	}
	if s != nil {
		if s.Afraid != "" {
			h.Markers = append(h.Markers, "afraid ("+s.Afraid+")")
		}
		if s.Exposed > 0 {
			h.Markers = append(h.Markers, fmt.Sprintf("exposed %d", s.Exposed))
		}
		if s.Fumbled {
			h.Markers = append(h.Markers, "fumbled")
		}
	}
	return h
}

// statusWord is a status in the system's words: "Out of Action", "KIA";
// "" for active.
func statusWord(st model.Status) string {
	switch st {
	case model.Active:
		return ""
	case model.Incapacitated:
		return "Out of Action"
	case model.Dead:
		return "KIA"
	}
	return st.String()
}

// injured reports a lasting injury: burned dice, a bleeder, or an
// injury's condition.
func injured(cb *model.Combatant, s *Sheet) bool {
	if s != nil && (s.Burn > 0 || len(s.Bleed) > 0) {
		return true
	}
	for _, k := range cb.Conds {
		if isInjury(k.Label) {
			return true
		}
	}
	return false
}

// isInjury reports whether a condition is one an injury left.
func isInjury(label string) bool {
	for _, p := range injuryLabels {
		if strings.HasPrefix(label, p) {
			return true
		}
	}
	return false
}

// condMark is how a row writes a condition: its label, and the rounds
// left when it runs out ("prone", "steeled 2").
func condMark(e *model.Encounter, k model.Condition) string {
	if k.Expires > 0 {
		return fmt.Sprintf("%s %d", k.Label, max(0, k.Expires-e.Round))
	}
	return k.Label
}

// gauge writes the two tracks left of their ranks: "P 3/4 M 2/4" (a
// minus sign when a track is below zero). Every row on screen shows one.
func gauge(p, pr, m, mr int) string {
	var buf [48]byte
	b := append(buf[:0], "P "...)
	b = appendNum(b, p)
	b = append(b, '/')
	b = strconv.AppendInt(b, int64(pr), 10)
	b = append(b, " M "...)
	b = appendNum(b, m)
	b = append(b, '/')
	b = strconv.AppendInt(b, int64(mr), 10)
	return string(b)
}

// appendNum appends num(n).
func appendNum(b []byte, n int) []byte {
	if n < 0 {
		b = append(b, rules.Minus...)
		n = -n
	}
	return strconv.AppendInt(b, int64(n), 10)
}
