package swords

import (
	"fmt"
	"strconv"
	"strings"

	"fray/model"
	"fray/rules"
)

// Order implements rules.System. Each row shows the combatant's actions
// this round, the penalty its next action's roll will take, and whether
// it may still defend.
func (s *System) Order(e *model.Encounter) rules.OrderView { return s.AppendOrder(nil, e) }

// AppendOrder implements rules.OrderAppender: Order, built on rows.
func (s *System) AppendOrder(rows []rules.OrderRow, e *model.Encounter) rules.OrderView {
	v := rules.BaseView(rows, e)
	if e.Round > 0 {
		if cur := e.ByID(e.Current); cur != nil {
			v.Header += " · " + rules.Possessive(cur.Name) + " turn"
		}
	}
	var zones rules.ZoneWords
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
			Group:   cb.Band,
		}
		if cb.HasInit {
			row.Score = strconv.Itoa(cb.Init)
		}
		if t := RoundTally(e, cb.ID); t.Actions > 0 {
			m := actionsText(t.Actions) + " · next " + signed(t.Next())
			row.Marks = append(row.Marks, m)
			if !t.CanDefend() {
				row.Marks = append(row.Marks, "no defense")
			}
		}
		if cb.Delaying {
			row.Marks = append(row.Marks, "delaying")
		}
		if sh, err := sheetOf(cb); err == nil {
			if sh.Mounted {
				row.Marks = append(row.Marks, "mounted")
			}
			if sh.Disarmed {
				row.Marks = append(row.Marks, "disarmed")
			}
		}
		if w := zones.Of(cb); w != "" {
			row.Marks = append(row.Marks, w)
		}
		row.Marks = append(row.Marks, closeMarks(e, cb)...)
		if cb.Status != model.Active {
			row.Marks = append(row.Marks, cb.Status.String())
		}
		for _, k := range cb.Conds {
			row.Marks = append(row.Marks, condMark(e, k))
		}
		v.Rows = append(v.Rows, row)
	}
	v.MarkNext(true, nil)
	return v
}

// Describe implements rules.System: the sheet with its live totals.
func (s *System) Describe(e *model.Encounter, cb *model.Combatant) []rules.Field {
	sh, err := sheetOf(cb)
	if err != nil {
		return []rules.Field{{Label: "Sheet", Value: err.Error(), Alert: true}}
	}
	init := "not rolled"
	if cb.HasInit {
		init = strconv.Itoa(cb.Init)
	}
	fs := []rules.Field{
		{Label: "Status", Value: cb.Status.String(), Alert: cb.Status != model.Active},
		{Label: "Initiative", Value: init},
	}
	if sh.IsArmy() {
		fs = append(fs, armyFields(e, cb, sh)...)
	} else {
		fs = append(fs, personFields(e, cb, sh)...)
	}
	if cb.Delaying {
		fs = append(fs, rules.Field{Label: "Turn", Value: "delaying"})
	}
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

func personFields(e *model.Encounter, cb *model.Combatant, sh *Sheet) []rules.Field {
	weapon := sh.Weapon
	if weapon == "" {
		weapon = "bare hands"
	}
	weapon += " (" + sh.WKind
	if sh.WKind != Unarmed {
		weapon += " " + signed(sh.WDam)
	}
	weapon += ")"
	if sh.Disarmed {
		weapon = "bare hands: disarmed, " + weapon + " out of reach (pickup " + rules.Quote(cb.Name) + ")"
	}
	weapon += fmt.Sprintf(" → damage 2d6%s, %s", plus(sh.DamageBase()), titled(sh.AttackSkill()))
	t := RoundTally(e, cb.ID)
	round := "no action yet · next roll 0"
	if t.Actions > 0 {
		round = fmt.Sprintf("%s so far · next action roll %s, other skill rolls %s",
			actionsText(t.Actions), signed(t.Next()), signed(t.Penalty()))
	}
	if t.CanDefend() {
		round += " · may defend"
	} else {
		round += " · cannot defend (acted without defending)"
	}
	h := sh.Health()
	fs := []rules.Field{
		{Label: "Attributes", Value: fmt.Sprintf("Str %s · Dex %s · Int %s", signed(sh.Str), signed(sh.Dex), signed(sh.Int))},
		{Label: "Skills", Value: fmt.Sprintf("Striking %d · Archery %d · Grappling %d · Defense %d · Riding %d · Tactics %d",
			sh.Striking, sh.Archery, sh.Grappling, sh.Defense, sh.Riding, sh.Tactics)},
		{Label: "Weapon", Value: weapon},
		{Label: "Armor", Value: fmt.Sprintf("%d → endurance 2d6%s%s", sh.Armor, plus(sh.EnduranceBase()), map[bool]string{true: " · shield (blocks missiles)"}[sh.Shield])},
		{Label: "Stamina", Value: fmt.Sprintf("%d/%d", sh.Stamina, sh.MaxStamina), Alert: sh.Stamina < sh.MaxStamina},
		{Label: "Health", Value: fmt.Sprintf("%s (largest hit %d)", h, sh.Largest), Alert: h != OK},
		{Label: "This round", Value: round, Alert: t.Next() != 0 || !t.CanDefend()},
	}
	if sh.Mounted {
		fs = append(fs, rules.Field{Label: "Mounted", Value: fmt.Sprintf("yes: Riding roll when hit (2d6%s)", plus(sh.Dex+sh.Riding))})
	}
	if ms := closeMarks(e, cb); len(ms) > 0 {
		v := strings.Join(ms, " · ")
		for _, o := range e.Foes(cb) {
			if HeldBy(e, o) == cb {
				v += " · holds " + o.Name
			}
		}
		fs = append(fs, rules.Field{Label: "Close combat", Value: v + " (Grappling only)", Alert: HeldBy(e, cb) != nil})
	}
	if sh.Mass > 0 {
		fs = append(fs, rules.Field{Label: "Mass", Value: strconv.Itoa(sh.Mass)})
	}
	return fs
}

func armyFields(e *model.Encounter, cb *model.Combatant, sh *Sheet) []rules.Field {
	lead := "none: the army's own Int + Tactics " + signed(sh.TacticsBase())
	if sh.General != "" {
		lead = sh.General
		if g, err := e.Find(sh.General); err == nil {
			if gs, err := sheetOf(g); err == nil {
				lead = fmt.Sprintf("%s (Int + Tactics %s)", g.Name, signed(gs.TacticsBase()))
			}
		} else {
			lead += " (not in the encounter)"
		}
	}
	var powers []string
	for _, o := range e.Combatants {
		if os, err := sheetOf(o); err == nil && o != cb && os.IsArmy() {
			p, _ := Powers(sh.Size, os.Size)
			powers = append(powers, fmt.Sprintf("%d against %s", p+sh.Quality, o.Name))
		}
	}
	fs := []rules.Field{
		{Label: "Army", Value: fmt.Sprintf("%d soldiers, quality %s", sh.Size, signed(sh.Quality)), Alert: sh.Size <= 0},
		{Label: "Hits", Value: fmt.Sprintf("%d/%d", sh.Stamina, sh.MaxStamina), Alert: sh.Stamina < sh.MaxStamina},
		{Label: "General", Value: lead},
	}
	if sh.Tacticians != "" {
		fs = append(fs, rules.Field{Label: "Tacticians", Value: sh.Tacticians})
	}
	if len(powers) > 0 {
		fs = append(fs, rules.Field{Label: "Power", Value: strings.Join(powers, " · ")})
	}
	return fs
}

// plus writes a modifier after a dice expression: +3, −1, or nothing.
func plus(n int) string {
	if n == 0 {
		return ""
	}
	return signed(n)
}

// actionsText counts actions in words: "1 action", "3 actions".
func actionsText(n int) string {
	if n == 1 {
		return "1 action"
	}
	return fmt.Sprintf("%d actions", n)
}
