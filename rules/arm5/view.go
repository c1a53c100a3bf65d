package arm5

import (
	"fmt"
	"strconv"
	"strings"

	"fray/model"
	"fray/rules"
)

// Order implements rules.System.
func (s *System) Order(e *model.Encounter) rules.OrderView { return s.AppendOrder(nil, e) }

// AppendOrder implements rules.OrderAppender: Order, built on rows.
func (s *System) AppendOrder(rows []rules.OrderRow, e *model.Encounter) rules.OrderView {
	v := rules.BaseView(rows, e)
	if e.Round > 0 {
		if cur := e.ByID(e.Current); cur != nil {
			v.Header += " · " + rules.Possessive(cur.Name) + " turn"
		}
	}
	// Group membership once per view: each row looking it up would read
	// every Turn entry again, which is quadratic at a thousand rows.
	lords := newLordsIndex(e)
	memberOf := map[int]*group{}
	for _, g := range groups(e) {
		for _, m := range g.Members {
			memberOf[m] = g
		}
	}
	if cap(v.Rows) < len(e.Order) {
		v.Rows = make([]rules.OrderRow, 0, len(e.Order))
	}
	for _, id := range e.Order {
		cb := e.ByID(id)
		if cb == nil {
			continue
		}
		row := rules.OrderRow{
			ID: cb.ID, Name: cb.Name, Side: cb.Side, Score: "—",
			Current: e.Round > 0 && cb.ID == e.Current,
			Out:     !cb.Status.CanAct(),
			Done:    cb.Acted && !cb.Delaying,
		}
		if cb.HasInit {
			row.Score = num(cb.Init)
		}
		if cb.Delaying {
			row.Marks = append(row.Marks, "delaying")
		}
		if g := memberOf[cb.ID]; g != nil {
			row.Group = g.Name // the TUI folds a group's rows into one entry
			row.Lead = g.Vanguard == cb.ID
			m := "group: " + g.Name
			if r := g.role(cb.ID); r != "" {
				m += " (" + r + ")"
			}
			if g.State != "" {
				m += " " + g.State
			}
			row.Marks = append(row.Marks, m)
		}
		row.Marks = append(row.Marks, lordsMarks(e, lords, cb)...)
		if cb.Status != model.Active {
			row.Marks = append(row.Marks, cb.Status.String())
		}
		row.Marks = appendCondMarks(row.Marks, e, cb)
		row.Marks = append(row.Marks, rules.PositionMarks(e, cb)...)
		v.Rows = append(v.Rows, row)
	}
	// A ridden horse and a group's members other than its vanguard act
	// on another's turn.
	v.MarkNext(true, func(r rules.OrderRow) bool { return (r.Group != "" && !r.Lead) || lords.riders[r.ID] != nil })
	return v
}

func levelCounts(c [6]int) string {
	var ps []string
	for l := Fatal; l >= Light; l-- {
		if c[l] > 0 {
			ps = append(ps, fmt.Sprintf("%s %d", LevelName(l), c[l]))
		}
	}
	if len(ps) == 0 {
		return "none"
	}
	return strings.Join(ps, ", ")
}

func gear(name string, mods ...int) string {
	labels := []string{"Init", "Atk", "Dfn", "Dam"}
	var ps []string
	for i, m := range mods {
		if m != 0 {
			ps = append(ps, labels[i]+"\u00a0"+signed(m)) // kept together where the sheet wraps
		}
	}
	if name == "" {
		name = "none"
	}
	if len(ps) == 0 {
		return name
	}
	return name + " (" + strings.Join(ps, " ") + ")"
}

// Describe implements rules.System: the whole sheet with live totals.
func (s *System) Describe(e *model.Encounter, cb *model.Combatant) []rules.Field {
	sh, err := sheetOf(cb)
	if err != nil {
		return []rules.Field{{Label: "Sheet", Value: err.Error(), Alert: true}}
	}
	weapon := gear(sh.Weapon, sh.WInit, sh.WAtk, sh.WDfn, sh.WDam)
	if sh.Bladed {
		weapon += ", bladed"
	}
	init := "not rolled"
	if cb.HasInit {
		init = num(cb.Init)
	}
	pen := sh.Penalty()
	fs := []rules.Field{
		{Label: "Status", Value: cb.Status.String(), Alert: cb.Status != model.Active},
		{Label: "Initiative", Value: init},
		// A no-break space ties each label to its value, so a narrow
		// sheet wraps between characteristics, never inside one.
		{Label: "Characteristics", Value: fmt.Sprintf("Qik\u00a0%s Dex\u00a0%s Str\u00a0%s Sta\u00a0%s Pre\u00a0%s · Size\u00a0%s",
			signed(sh.Qik), signed(sh.Dex), signed(sh.Str), signed(sh.Sta), signed(sh.Pre), signed(sh.Size))},
		{Label: "Abilities", Value: abilities(sh), Alert: sh.Ability == 0},
		{Label: "Weapon", Value: weapon},
		{Label: "Shield", Value: gear(sh.Shield, sh.SInit, sh.SAtk, sh.SDfn, sh.SDam)},
		{Label: "Armor", Value: fmt.Sprintf("%s (Prot\u00a0%d)", orNone(sh.Armor), sh.Prot)},
		{Label: "Load", Value: fmt.Sprintf("%d → Burden\u00a0%d, Encumbrance\u00a0%d", sh.Load, Burden(sh.Load), sh.Enc()), Alert: sh.Enc() > 0},
		{Label: "Soak", Value: num(sh.Soak())},
		{Label: "Totals", Value: fmt.Sprintf("Init\u00a0%s · Atk\u00a0%s · Dfn\u00a0%s · Dam\u00a0%s · Evasion\u00a0%s (+ stress die)",
			signed(sh.InitBase()), signed(sh.AtkBase()), signed(sh.DfnBase()), signed(sh.DamBase()), signed(sh.EvasionBase()))},
		{Label: "Wounds", Value: levelCounts(sh.Wounds), Alert: sh.WoundPenalty() != 0 || sh.Wounds[Incap]+sh.Wounds[Fatal] > 0},
		{Label: "Bruises", Value: bruiseText(sh), Alert: sh.WorstBruise() > 0},
		{Label: "Fatigue", Value: fatigueText(sh.Fatigue), Alert: sh.Fatigue >= 2},
		{Label: "Penalty", Value: signed(pen), Alert: pen != 0},
	}
	if g := groupOf(e, cb.ID); g != nil {
		fs = append(fs, groupField(e, g, cb))
	}
	if sh.Botch > 0 {
		fs = append(fs, rules.Field{Label: "Extra botch dice", Value: strconv.Itoa(sh.Botch), Alert: true})
	}
	if sh.Ability == 0 && !isCrossbow(sh.Weapon) {
		fs = append(fs, rules.Field{Label: "Untrained", Value: "+3 botch dice on Attack", Alert: true})
	}
	if cb.Delaying {
		fs = append(fs, rules.Field{Label: "Turn", Value: "delaying"})
	}
	fs = append(fs, lordsFields(e, cb, sh)...)
	for _, k := range cb.Conds {
		v := "until removed"
		if k.Expires > 0 {
			v = rules.Plural(max(0, k.Expires-e.Round), "round") + " left"
		}
		if k.Until != "" {
			v = rules.UntilText(e, k)
		}
		fs = append(fs, rules.Field{Label: "Condition", Value: k.Label + ", " + v})
	}
	return fs
}

// abilities lists the combat-related Abilities, each once: a Combat
// Ability named Brawl is the Brawl score too.
func abilities(sh *Sheet) string {
	name := sh.AbilityName
	if name == "" {
		name = "Combat Ability"
	}
	// A no-break space keeps each ability with its score where the
	// sheet wraps.
	ps := []string{fmt.Sprintf("%s\u00a0%d", name, sh.Ability)}
	switch {
	case !strings.EqualFold(name, "Brawl"):
		ps = append(ps, fmt.Sprintf("Brawl\u00a0%d", sh.Brawl))
	case sh.Brawl != sh.Ability:
		ps[0] += fmt.Sprintf(" (brawl\u00a0%d for Evasion)", sh.Brawl)
	}
	ps = append(ps, fmt.Sprintf("Ride\u00a0%d", sh.Ride))
	if sh.Leadership > 0 {
		ps = append(ps, fmt.Sprintf("Leadership\u00a0%d", sh.Leadership))
	}
	return strings.Join(ps, " · ")
}

// fatigueText is the fatigue level with its penalty and the rest it takes
// to get back to the next better level.
func fatigueText(l int) string {
	switch {
	case l <= 0:
		return FatigueName(0) + " (0)"
	case l >= Unconscious:
		return fmt.Sprintf("%s (cannot act) · %s of rest to %s", FatigueName(Unconscious), FatigueRecovery(Unconscious), FatigueName(Unconscious-1))
	}
	return fmt.Sprintf("%s (%s) · %s of rest to %s", FatigueName(l), signed(FatiguePenalty(l)), FatigueRecovery(l), FatigueName(l-1))
}

// groupField describes a member's group on its sheet: "Grogs (vanguard)
// with Marla, Ignatio · trained: leader Ignatio, +6 to Attack".
func groupField(e *model.Encounter, g *group, cb *model.Combatant) rules.Field {
	v := g.Name
	if r := g.role(cb.ID); r != "" {
		v += " (" + r + ")"
	}
	var others []*model.Combatant
	for _, id := range g.Members {
		if o := e.ByID(id); o != nil && o != cb {
			others = append(others, o)
		}
	}
	if len(others) > 0 {
		v += " with " + names(others)
	}
	if g.Trained {
		n, _ := g.bonus(e)
		lead := "none"
		if l := e.ByID(g.Leader); l != nil {
			lead = l.Name
		}
		v += fmt.Sprintf(" · trained: leader %s, %s to %s", lead, signed(n), g.bonusWord())
	}
	return rules.Field{Label: "Group", Value: v}
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

func bruiseText(sh *Sheet) string {
	t := levelCounts(sh.Bruises)
	done := min(sh.BHeavyDone, sh.Bruises[Heavy]) + min(sh.BIncapDone, sh.Bruises[Incap])
	if done > 0 {
		t += fmt.Sprintf(" (%d already left a wound)", done)
	}
	return t
}
