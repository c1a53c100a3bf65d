package rules

import (
	"strings"
	"time"

	"fray/model"
)

// FightSummary sums a fight up: the end screen shows it and the report
// ends with it.
type FightSummary struct {
	Title  string
	System string
	Rounds int
	Ended  bool
	// Time is how long the fight has run; Timed is false when nobody
	// kept its time.
	Time  time.Duration
	Timed bool
	Sides []string // in the order they joined the fight
	Rows  []SummaryRow
}

// SummaryRow is one combatant's part in the fight.
type SummaryRow struct {
	Name   string
	Side   string
	Hidden bool // still kept from the players
	Tally  model.Tally
	// Severity is where its harm stands on the shared scale, and Harm
	// the system's own account of it ("M1 L2 −6 Weary", "HP 3/8").
	Severity Severity
	Harm     string
	Up       bool // still able to fight
}

// Summarize sums up the encounter as of now (for the clock of a fight
// still running). Rows go side by side, in the order combatants joined.
func Summarize(e *model.Encounter, s System, now time.Time) FightSummary {
	fight, _ := e.Clock.At(now)
	sum := FightSummary{Title: e.Title, System: s.Name(), Rounds: e.Round, Ended: e.Ended,
		Time: fight, Timed: e.Clock.Running() || e.Clock.Fight > 0}
	bySide := map[string][]SummaryRow{}
	for _, cb := range e.Combatants {
		h := s.Harm(e, cb)
		row := SummaryRow{Name: cb.Name, Side: cb.Side, Hidden: cb.Hidden, Tally: cb.Tally(),
			Severity: h.Severity, Harm: harmText(h),
			Up: !h.Severity.Down() && cb.Status.CanAct()}
		if row.Harm == "" {
			row.Harm = h.Severity.String()
		}
		key := strings.ToLower(cb.Side)
		if _, ok := bySide[key]; !ok {
			sum.Sides = append(sum.Sides, cb.Side)
		}
		bySide[key] = append(bySide[key], row)
	}
	for _, side := range sum.Sides {
		sum.Rows = append(sum.Rows, bySide[strings.ToLower(side)]...)
	}
	return sum
}

// Totals adds up the rows of one side ("" for every side).
func (f FightSummary) Totals(side string) model.Tally {
	var t model.Tally
	for _, r := range f.Rows {
		if side != "" && !strings.EqualFold(r.Side, side) {
			continue
		}
		t.Turns += r.Tally.Turns
		t.Attacks += r.Tally.Attacks
		t.Hits += r.Tally.Hits
		t.Dealt += r.Tally.Dealt
		t.Taken += r.Tally.Taken
		t.Time += r.Tally.Time
	}
	return t
}

// Standing counts the combatants of a side still able to fight, and all
// of them.
func (f FightSummary) Standing(side string) (up, all int) {
	for _, r := range f.Rows {
		if strings.EqualFold(r.Side, side) {
			all++
			if r.Up {
				up++
			}
		}
	}
	return up, all
}
