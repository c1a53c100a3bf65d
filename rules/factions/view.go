package factions

import (
	"fmt"
	"slices"
	"strings"

	"fray/model"
	"fray/rules"
)

// Order implements rules.System: a heading per faction (who is to choose,
// who holds the initiative), its characters under it marked ready, acted
// or reacted, and the pass streak in the header.
func (s *System) Order(e *model.Encounter) rules.OrderView { return s.AppendOrder(nil, e) }

// AppendOrder implements rules.OrderAppender: Order, built on rows.
func (s *System) AppendOrder(rows []rules.OrderRow, e *model.Encounter) rules.OrderView {
	v := rules.BaseView(rows, e)
	if h, ok := Holder(e); ok && e.Round == 0 {
		v.Header += " · initiative: " + factionName(h)
	}
	fs := Factions(e)
	passes, total := atoi(e.Turn[keyPasses]), len(fs) // Passes(e)
	active := e.Turn[keyActive]
	if e.Round > 0 {
		round := v.Header
		if Ambush(e) {
			round += " (ambush)"
		}
		switch {
		case e.Phase == PhaseChoose:
			v.Header = fmt.Sprintf("%s · %s to pick who goes first", round, factionName(e.Turn[keyInit]))
		case Acting(e) != nil:
			v.Header = fmt.Sprintf("%s · %s: %s turn · passes %d/%d", round, factionName(active), possessive(Acting(e).Name), passes, total)
		default:
			v.Header = fmt.Sprintf("%s · %s to choose · passes %d/%d", round, factionName(active), passes, total)
		}
	}
	acting := Acting(e)
	// Who is ready, asked once of each character: counted in each
	// faction in one pass, and kept by place for the rows.
	ready := make([]int, len(fs))
	var isReady bitset
	if e.Round > 0 {
		r := readyIn(e)
		r.scans = scanScans // asked of everyone: the riders indexed at once
		isReady = make(bitset, (len(e.Combatants)+63)/64)
		f := 0
		for i, cb := range e.Combatants {
			if fs[f] != cb.Side {
				f = slices.Index(fs, cb.Side)
			}
			if r.ready(cb) {
				ready[f]++
				isReady.set(i)
			}
		}
	}
	var scratch []string // a row's marks as they are worked out
	for i, side := range fs {
		head := factionName(side)
		var notes []string
		if e.Round > 0 && e.Phase == PhaseTurn && side == active {
			if Acting(e) == nil {
				notes = append(notes, "to choose")
			} else {
				notes = append(notes, "acting")
			}
		}
		if h, ok := Holder(e); ok && h == side {
			notes = append(notes, "initiative")
		}
		if e.Round > 0 {
			notes = append(notes, fmt.Sprintf("%d ready", ready[i]))
		}
		if len(notes) > 0 {
			head += " (" + strings.Join(notes, ", ") + ")"
		}
		v.Rows = append(v.Rows, rules.OrderRow{Heading: true, Name: head, Side: side})
		for j, cb := range e.Combatants {
			if cb.Side == side {
				// The row lent at this place, when it was this
				// character's: its marks, if the same, are kept.
				var prev []string
				if n := len(v.Rows); n < cap(v.Rows) {
					if o := v.Rows[:n+1][n]; o.ID == cb.ID && !o.Heading {
						prev = o.Marks
					}
				}
				v.Rows = append(v.Rows, row(e, cb, acting, isReady.has(j), prev, &scratch))
			}
		}
	}
	return v
}

// The marks most rows show, shared rather than made for each row on
// every change: full (capacity 1), so a mark appended after them goes to
// a slice of the row's own.
var markActed, markReady = []string{"acted"}, []string{"ready"}

// bitset is a set of places in a list.
type bitset []uint64

func (b bitset) set(i int) { b[i/64] |= 1 << (i % 64) }

// has reports whether i is in b; an empty b holds nothing.
func (b bitset) has(i int) bool { return i/64 < len(b) && b[i/64]&(1<<(i%64)) != 0 }

// row is one character's row; acting is Acting(e), ready whether cb is
// ready (asked only in a round), prev the marks of the row it writes over if that row was cb's, scratch
// room for the marks as they are worked out. Marks the same as prev's
// are prev's, so a rider's row ("ready", "on Bess") allocates nothing
// from one press to the next.
func row(e *model.Encounter, cb, acting *model.Combatant, ready bool, prev []string, scratch *[]string) rules.OrderRow {
	sh, _ := cb.Sheet().(*Sheet)
	r := rules.OrderRow{ID: cb.ID, Name: cb.Name, Side: cb.Side,
		Current: acting == cb,
		Out:     !fighting(cb),
	}
	ms := (*scratch)[:0]
	if e.Round > 0 {
		switch react := cb.TurnText(kindReact); {
		case react != "":
			ms = append(ms, "reacted: "+react)
			r.Done = true
		case acting == cb:
			ms = append(ms, "acting: "+UsageOf(cb).String())
		case cb.Acted:
			ms = append(ms, markActed[0])
			r.Done = true
		case ready:
			ms = append(ms, markReady[0])
		}
	}
	if cb.Status != model.Active {
		ms = append(ms, cb.Status.String())
	}
	if sh != nil {
		ms = appendFlags(ms, sh, prev)
	}
	for _, k := range cb.Conds {
		ms = append(ms, k.Label)
	}
	ms = append(ms, rules.PositionMarks(e, cb)...)
	*scratch = ms
	r.Marks = keptMarks(ms, prev)
	return r
}

// keptMarks returns marks of a row's own with ms's content: prev when the
// same, a shared list when only "acted" or "ready", else a copy.
func keptMarks(ms, prev []string) []string {
	switch {
	case len(ms) == 0:
		return nil
	case slices.Equal(ms, prev):
		return prev
	case len(ms) == 1 && ms[0] == markActed[0]:
		return markActed[:1:1]
	case len(ms) == 1 && ms[0] == markReady[0]:
		return markReady[:1:1]
	}
	return slices.Clip(slices.Clone(ms))
}

// onMark is the mark "on MOUNT", prev's own if it has it.
func onMark(on string, prev []string) string {
	for _, p := range prev {
		if len(p) == len("on ")+len(on) && strings.HasPrefix(p, "on ") && p[len("on "):] == on {
			return p
		}
	}
	return "on " + on
}

// gearText says what shield and armour a character wears, and their state.
func gearText(sh *Sheet) string {
	var ps []string
	switch sh.Shield {
	case "yes":
		ps = append(ps, "shield")
	case "damaged":
		ps = append(ps, "damaged shield")
	}
	switch {
	case sh.ArmourDamaged:
		ps = append(ps, "damaged armour")
	case sh.Armour > 0 && (sh.Shield == "" || sh.Armour > 1):
		ps = append(ps, "armour")
	}
	if sh.On != "" {
		ps = append(ps, "on "+sh.On)
	}
	if len(ps) == 0 {
		return "none"
	}
	return strings.Join(ps, ", ")
}

// flags lists a sheet's conditions as marks.
func flags(sh *Sheet) []string { return appendFlags(nil, sh, nil) }

// appendFlags appends flags(sh) to out, with no list of their own; a
// mark of prev that says the same is taken rather than written again.
func appendFlags(out []string, sh *Sheet, prev []string) []string {
	if sh.GrabbedBy != "" {
		out = append(out, "grabbed by "+sh.GrabbedBy)
	}
	if sh.On != "" {
		out = append(out, onMark(sh.On, prev))
	}
	for _, f := range []struct {
		on   bool
		name string
	}{{sh.Concealed, "concealed"}, {sh.Cover, "in cover"}, {sh.Surrendered, "surrendered"},
		{sh.Retreated, "retreated"}, {sh.Fearless, "fearless"}, {sh.Morale == "passed", "steady"}} {
		if f.on {
			out = append(out, f.name)
		}
	}
	return out
}

// Describe implements rules.System.
func (s *System) Describe(e *model.Encounter, cb *model.Combatant) []rules.Field {
	sh, err := sheetOf(cb)
	if err != nil {
		return []rules.Field{{Label: "Sheet", Value: err.Error(), Alert: true}}
	}
	var ws []string
	for _, w := range sh.WeaponList() {
		ws = append(ws, w.String())
	}
	if len(ws) == 0 {
		ws = append(ws, Unarmed.String())
	}
	armour := fmt.Sprintf("%d", sh.Armour)
	if sh.Cover {
		armour += fmt.Sprintf(" (%d in cover)", sh.ArmourAgainst(false, false))
	}
	fs := []rules.Field{
		{Label: "Health", Value: fmt.Sprintf("%d/%d", sh.Health, sh.MaxHealth), Alert: 2*sh.Health <= sh.MaxHealth},
		{Label: "Armour", Value: armour},
		{Label: "Saves", Value: fmt.Sprintf("STR %d · AGI %d · WIT %d (d20 at or under)", sh.Str, sh.Agi, sh.Wit)},
		{Label: "Speed", Value: fmt.Sprintf("%d zones (%d sprinting) · size %s", sh.Speed, 2*sh.Speed, SizeName(sh.Size))},
		{Label: "Gear", Value: gearText(sh), Alert: sh.Shield == "damaged" || sh.ArmourDamaged},
		{Label: "Weapons", Value: strings.Join(ws, "; ")},
	}
	if e.Round > 0 {
		turn := "ready"
		switch react := cb.TurnText(kindReact); {
		case react != "":
			turn = "reacted: " + react
		case cb.Acted:
			turn = "acted: " + UsageOf(cb).String()
		case !Ready(e, cb):
			turn = "cannot act"
		}
		fs = append(fs, rules.Field{Label: "This round", Value: turn})
	}
	if fl := flags(sh); len(fl) > 0 {
		fs = append(fs, rules.Field{Label: "Conditions", Value: strings.Join(fl, ", "), Alert: sh.GrabbedBy != "" || sh.Out()})
	}
	if sh.Morale != "" {
		fs = append(fs, rules.Field{Label: "Morale", Value: sh.Morale})
	}
	return fs
}
