package saves

import (
	"strconv"
	"time"

	"fray/model"
)

// The state of a fight's end and clock, and each combatant's tally, are
// written only when they are set, so a file from before a fight starts
// reads as it always did.
//
//	ended = true                          the fight is over
//	fight_time = "12m34.5s"               how long the fight has run
//	turn_time = "42s"                     how long the current turn has run
//	timed_at = "2025-05-01T20:15:00Z"     when those two were brought up
//	                                      to date; absent while the clock stands
//	hidden = true                         (a combatant) kept from the players
//	tally = {turns = 3, attacks = 2, hits = 1, dealt = 5, taken = 2, time = "2m5s"}

// appendFight writes the encounter's end and clock.
func appendFight(b []byte, e *model.Encounter) []byte {
	if e.Ended {
		b = appendBool(b, "ended", true)
	}
	if e.Clock.Fight != 0 {
		b = appendStr(b, "fight_time", durationText(e.Clock.Fight))
	}
	if e.Clock.Turn != 0 {
		b = appendStr(b, "turn_time", durationText(e.Clock.Turn))
	}
	if e.Clock.Running() {
		b = appendStr(b, "timed_at", e.Clock.Mark.UTC().Format(time.RFC3339Nano))
	}
	return b
}

// appendTally writes a combatant's tally as one inline table.
func appendTally(b []byte, t model.Tally) []byte {
	b = append(b, "tally = {turns = "...)
	b = strconv.AppendInt(b, int64(t.Turns), 10)
	b = append(b, ", attacks = "...)
	b = strconv.AppendInt(b, int64(t.Attacks), 10)
	b = append(b, ", hits = "...)
	b = strconv.AppendInt(b, int64(t.Hits), 10)
	b = append(b, ", dealt = "...)
	b = strconv.AppendInt(b, int64(t.Dealt), 10)
	b = append(b, ", taken = "...)
	b = strconv.AppendInt(b, int64(t.Taken), 10)
	b = append(b, ", time = "...)
	b = appendQuoted(b, durationText(t.Time))
	return append(b, "}\n"...)
}

// durationText is a duration as Go writes it, to the millisecond.
func durationText(d time.Duration) string { return d.Round(time.Millisecond).String() }

// duration reads a duration written as durationText writes it ("1m5s").
func (d *decoder) duration(n *node, what string) (time.Duration, error) {
	s, err := d.word(n, what)
	if err != nil {
		return 0, err
	}
	v, perr := time.ParseDuration(s)
	if perr != nil || v < 0 {
		return 0, d.at(n.line, "%s must be a length of time such as \"1m30s\", not %q", what, s)
	}
	return v, nil
}

// moment reads a time written in RFC 3339 form.
func (d *decoder) moment(n *node, what string) (time.Time, error) {
	s, err := d.word(n, what)
	if err != nil {
		return time.Time{}, err
	}
	v, perr := time.Parse(time.RFC3339Nano, s)
	if perr != nil {
		return time.Time{}, d.at(n.line, "%s must be a date and time such as \"2025-05-01T20:15:00Z\", not %q", what, s)
	}
	return v, nil
}

// fightKey reads one of the encounter's end and clock keys; it reports
// false for any other key.
func (d *decoder) fightKey(k string, v *node, e *model.Encounter) (bool, error) {
	var err error
	switch k {
	case "ended":
		e.Ended, err = d.bool(v, "ended")
	case "fight_time":
		e.Clock.Fight, err = d.duration(v, "fight_time")
	case "turn_time":
		e.Clock.Turn, err = d.duration(v, "turn_time")
	case "timed_at":
		e.Clock.Mark, err = d.moment(v, "timed_at")
	default:
		return false, nil
	}
	return true, err
}

// tally reads a combatant's tally table.
func (d *decoder) tally(n *node, who string) (model.Tally, error) {
	var t model.Tally
	if err := d.table(n, who+"'s tally"); err != nil {
		return t, err
	}
	for _, f := range n.fields {
		var err error
		var p *int
		switch f.key {
		case "turns":
			p = &t.Turns
		case "attacks":
			p = &t.Attacks
		case "hits":
			p = &t.Hits
		case "dealt":
			p = &t.Dealt
		case "taken":
			p = &t.Taken
		case "time":
			t.Time, err = d.duration(f.val, who+"'s tally time")
		default:
			err = d.at(f.val.line, "%s: unknown key %q in a tally (it takes turns, attacks, hits, dealt, taken and time)", who, f.key)
		}
		if p != nil {
			if *p, err = d.int(f.val, who+"'s tally "+f.key); err == nil && *p < 0 {
				err = d.at(f.val.line, "%s: tally %s cannot be negative", who, f.key)
			}
		}
		if err != nil {
			return t, err
		}
	}
	return t, nil
}
