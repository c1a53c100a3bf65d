package osr

import (
	"fmt"
	"strconv"
	"strings"

	"fray/model"
	"fray/rules"
)

// Order implements rules.System: a heading row for each count from the
// highest, then the held actions, then those without a roll; during
// surprise, who acts in the segment and who is surprised.
func (s *System) Order(e *model.Encounter) rules.OrderView { return s.AppendOrder(nil, e) }

// AppendOrder implements rules.OrderAppender: Order, built on rows.
func (s *System) AppendOrder(rows []rules.OrderRow, e *model.Encounter) rules.OrderView {
	v := rules.BaseView(rows, e)
	if e.Round > 0 {
		switch e.Phase {
		case phaseSurprise:
			v.Header += fmt.Sprintf(" · surprise segment %d", e.Count)
		case phaseCount:
			v.Header += fmt.Sprintf(" · count %d", e.Count)
		case phaseDeclare, phaseHeld:
			v.Header += " · " + e.Phase
		}
	} else if maxSegments(e) > 0 {
		v.Header += " · surprise first"
	}
	if e.Round > 0 && e.Phase == phaseSurprise {
		cbs := inOrder(e)
		v.Rows = s.group(v.Rows, e, fmt.Sprintf("segment %d", e.Count), cbs, func(cb *model.Combatant) bool { return acting(e, cb) })
		v.Rows = s.group(v.Rows, e, "surprised", cbs, func(cb *model.Combatant) bool { return !acting(e, cb) })
		return v
	}
	head := "not rolled"
	if e.Round == 0 || e.Phase == phaseDeclare {
		head = "to roll"
	}
	if rows, ok := s.groupSorted(v.Rows, e, head, e.Order); ok {
		v.Rows = rows
	} else {
		v.Rows = s.groupAll(v.Rows, e, head, inOrder(e))
	}
	if e.Round > 0 && e.Phase == phaseCount {
		// Lower counts, then the held actions; nobody without a roll.
		v.MarkNext(false, func(r rules.OrderRow) bool { c := e.ByID(r.ID); return c == nil || (!c.HasInit && !c.Delaying) })
	}
	return v
}

// inOrder lists the combatants in the order.
func inOrder(e *model.Encounter) []*model.Combatant {
	cbs := make([]*model.Combatant, 0, len(e.Order))
	for _, id := range e.Order {
		if cb := e.ByID(id); cb != nil {
			cbs = append(cbs, cb)
		}
	}
	return cbs
}

// groupSorted appends the groups of groupAll in one pass over ids, as
// they stand when the order is sorted (sortOrder): each group together,
// counts from the highest, then the held, then those without a roll. It
// reports false, having appended nothing, when they are not so.
func (s *System) groupSorted(rows []rules.OrderRow, e *model.Encounter, head string, ids []int) ([]rules.OrderRow, bool) {
	at := len(rows)
	r, n := -1, 0
	for _, id := range ids {
		cb := e.ByID(id)
		if cb == nil {
			continue
		}
		cr := orderRank(cb)
		switch {
		case cr < r || (cr == 0 && r == 0 && cb.Init > n):
			return rows[:at], false
		case cr != r || (cr == 0 && cb.Init != n):
			r, n = cr, cb.Init
			h := head
			switch r {
			case 0:
				h = strconv.Itoa(n)
			case 1:
				h = "held"
			}
			rows = append(rows, rules.OrderRow{Heading: true, Name: h})
		}
		rows = append(rows, s.row(e, cb))
	}
	return rows, true
}

// groupAll appends a heading and rows for each count with a roll, in the
// order the counts first come in cbs, then the held actions, then those
// without a roll.
func (s *System) groupAll(rows []rules.OrderRow, e *model.Encounter, head string, cbs []*model.Combatant) []rules.OrderRow {
	seen := map[int]bool{}
	for _, cb := range cbs {
		if !cb.HasInit || cb.Delaying || seen[cb.Init] {
			continue
		}
		seen[cb.Init] = true
		n := cb.Init
		rows = s.group(rows, e, strconv.Itoa(n), cbs, func(o *model.Combatant) bool { return o.HasInit && !o.Delaying && o.Init == n })
	}
	rows = s.group(rows, e, "held", cbs, func(o *model.Combatant) bool { return o.Delaying })
	return s.group(rows, e, head, cbs, func(o *model.Combatant) bool { return !o.HasInit && !o.Delaying })
}

// group appends to rows a heading and the rows of the combatants it
// picks, or nothing when it picks none.
func (s *System) group(rows []rules.OrderRow, e *model.Encounter, head string, cbs []*model.Combatant, pick func(*model.Combatant) bool) []rules.OrderRow {
	at := len(rows)
	rows = append(rows, rules.OrderRow{Heading: true, Name: head})
	for _, cb := range cbs {
		if pick(cb) {
			rows = append(rows, s.row(e, cb))
		}
	}
	if len(rows) == at+1 {
		return rows[:at]
	}
	return rows
}

func (s *System) row(e *model.Encounter, cb *model.Combatant) rules.OrderRow {
	ok := able(cb)
	r := rules.OrderRow{ID: cb.ID, Name: cb.Name, Side: cb.Side, Score: "—",
		Current: ok && actingNow(e, cb), Out: !ok, Done: cb.Acted && !cb.Delaying, Group: cb.Band}
	if cb.HasInit {
		r.Score = strconv.Itoa(cb.Init)
	}
	if cb.Delaying {
		r.Marks = append(r.Marks, "held")
	}
	if cb.Status != model.Active {
		r.Marks = append(r.Marks, cb.Status.String())
	}
	for _, k := range cb.Conds {
		r.Marks = append(r.Marks, condMark(e, cb, k))
	}
	r.Marks = append(r.Marks, rules.PositionMarks(e, cb)...)
	return r
}

// condMark is how a row writes a condition: "spell: sleep" (declared;
// "cast: sleep" once its caster has acted and it went off),
// "surprised 2", "stunned 1" (rounds left), "prone".
func condMark(e *model.Encounter, cb *model.Combatant, k model.Condition) string {
	switch {
	case strings.EqualFold(k.Label, condSpell):
		if _, _, reading := scrollLeft(cb); cb.Acted && !reading {
			return "cast: " + declared(cb)
		}
		return "spell: " + declared(cb)
	case strings.EqualFold(k.Label, condSurprised):
		return fmt.Sprintf("surprised %d", segments(cb))
	case k.Expires > 0:
		return fmt.Sprintf("%s %d", k.Label, max(0, k.Expires-max(e.Round, 1)))
	}
	return k.Label
}

// declared is the text of a combatant's declared spell.
func declared(cb *model.Combatant) string {
	if t := cb.TurnText("declared"); t != "" {
		return t
	}
	return "a spell"
}

// Describe implements rules.System: the sheet with live totals.
func (s *System) Describe(e *model.Encounter, cb *model.Combatant) []rules.Field {
	sh, err := sheetOf(cb)
	if err != nil {
		return []rules.Field{{Label: "Sheet", Value: err.Error(), Alert: true}}
	}
	who := "NPC or monster"
	if sh.PC {
		who = "player character"
	}
	init := die(sh.InitSides())
	if sh.InitDie == 0 {
		init += fmt.Sprintf(" (DEX %d)", sh.Dex)
	}
	if cb.HasInit {
		init += fmt.Sprintf(", rolled %d", cb.Init)
	}
	hp := num(sh.HP) + "/" + strconv.Itoa(sh.MaxHP)
	if sh.Subdual > 0 {
		hp += fmt.Sprintf(", subdual %d", sh.Subdual)
	}
	off, def := sh.Split()
	_, acWhy := armour(e, cb, sh)
	fs := []rules.Field{
		{Label: "Status", Value: cb.Status.String() + ", " + who, Alert: cb.Status != model.Active},
		{Label: "HP", Value: hp, Alert: sh.HP <= 0 || sh.Subdual >= sh.HP},
		{Label: "AC", Value: strings.TrimPrefix(acWhy, "AC ")}, // the label says it is AC
		{Label: "BCB", Value: fmt.Sprintf("%s: %s to attack, %s to AC", signed(sh.BCB), signed(off), signed(def))},
		{Label: "Attack", Value: fmt.Sprintf("melee %s · missile %s (+ d20)", signed(off+sh.StrMod+penalty(cb)), signed(off+sh.DexMod+penalty(cb))),
			Alert: penalty(cb) != 0},
		{Label: "Modifiers", Value: fmt.Sprintf("STR %s · DEX %s", signed(sh.StrMod), signed(sh.DexMod))},
		{Label: "Save", Value: saveText(cb, sh), Alert: penalty(cb) != 0},
		{Label: "CON", Value: conText(sh), Alert: sh.ConLoss > 0},
		{Label: "Weapons", Value: weaponsText(sh)},
		{Label: "Initiative", Value: init},
		{Label: "Surprise die", Value: surpriseText(sh)},
	}
	if sh.Attacks > 1 {
		fs = append(fs, rules.Field{Label: "Attacks", Value: fmt.Sprintf("%d a round", sh.Attacks)})
	}
	if sh.Caster != "" || sh.Armour != "" {
		fs = append(fs, rules.Field{Label: "Casting", Value: castingText(sh)})
	}
	if sh.Charges != "" {
		fs = append(fs, rules.Field{Label: "Wand", Value: sh.Charges + " charges", Alert: sh.Charges == "0"})
	}
	if r := reading(cb); r != "" {
		left, _, _ := scrollLeft(cb)
		fs = append(fs, rules.Field{Label: "Reading", Value: fmt.Sprintf("a scroll: %s; %s to go", r, rules.Plural(left, "round"))})
	} else if cb.HasCond(condSpell) {
		fs = append(fs, rules.Field{Label: "Declared", Value: condMark(e, cb, model.Condition{Label: condSpell})})
	}
	if as := arrows(cb); len(as) > 0 {
		fs = append(fs, rules.Field{Label: "Wound", Value: fmt.Sprintf("%s in it: extract %s", rules.Plural(len(as), "missile"), rules.Quote(cb.Name)), Alert: true})
	}
	if p := wallPlace(cb); p != "" {
		fs = append(fs, rules.Field{Label: "Shield wall", Value: "on the " + p})
	}
	if cb.HasCond(condCharging) {
		fs = append(fs, rules.Field{Label: "Declared", Value: "charge"})
	}
	if cb.Delaying {
		fs = append(fs, rules.Field{Label: "Turn", Value: "holding the action"})
	}
	return fs
}

func surpriseText(sh *Sheet) string {
	t := die(sh.SurpriseDie)
	if sh.SurpriseMod != 0 {
		t += " " + signed(sh.SurpriseMod)
	}
	return t
}

func castingText(sh *Sheet) string {
	who := map[string]string{"": "no limits from armour", "mu": "magic-user", "fm": "fighter-mage"}[sh.Caster]
	wears := "no armour"
	switch sh.Armour {
	case "":
	case "plain":
		wears = "plain armour"
	default:
		wears = "magical armour +" + sh.Armour
	}
	return who + ", " + wears
}

func conText(sh *Sheet) string {
	if sh.ConLoss == 0 {
		return strconv.Itoa(sh.Con)
	}
	return fmt.Sprintf("%d (%d, %s lost to Mighty Blows)", sh.ConNow(), sh.Con, signed(-sh.ConLoss))
}

func weaponsText(sh *Sheet) string {
	if len(sh.Weapons) == 0 {
		return "none (unarmed 1d2)"
	}
	parts := make([]string, len(sh.Weapons))
	for i, w := range sh.Weapons {
		parts[i] = w.String()
	}
	return strings.Join(parts, ", ")
}

func saveText(cb *model.Combatant, sh *Sheet) string {
	t := fmt.Sprintf("%d or better on d20", sh.Save)
	if p := penalty(cb); p != 0 {
		t += " " + signed(p)
	}
	return t
}
