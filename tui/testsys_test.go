package tui

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"fray/model"
	"fray/rules"
	"fray/rules/dice"
)

// tsys is a small rule system for the screen's tests: hit points, a d10
// initiative, attacks for a d6, delays. It keeps the tests independent of
// the real systems' numbers.
type tsys struct{}

type tsheet struct{ HP int }

func (s *tsheet) Clone() model.Sheet { n := *s; return &n }
func (s *tsheet) Keys() []string     { return []string{"hp"} }
func (s *tsheet) Get(k string) (string, bool) {
	if k == "hp" {
		return strconv.Itoa(s.HP), true
	}
	return "", false
}
func (s *tsheet) Set(k, v string) error {
	if k != "hp" {
		return fmt.Errorf("unknown field %q", k)
	}
	n, err := rules.Int("hp", v)
	if err != nil {
		return err
	}
	s.HP = n
	return nil
}

func (tsys) ID() string                               { return "tst" }
func (tsys) Name() string                             { return "Test Rules" }
func (tsys) NewSheet() model.Sheet                    { return &tsheet{HP: 10} }
func (tsys) Demos() []rules.Demo                      { return nil }
func (tsys) Added(*rules.Ctx, *model.Combatant) error { return nil }

// Options gives the options screen one option with values and one that
// takes any integer.
func (tsys) Options() []rules.Option {
	return []rules.Option{
		{Key: "style", Default: "plain", Values: []string{"plain", "fancy", "grim"}, Help: "how the fight reads"},
		{Key: "bonus", Default: "0", Help: "a number added to nothing"},
	}
}

// Shortcuts gives the screen keys of the test system: one run at once on
// the selected combatant, one that opens the command line, one on the
// current combatant.
func (tsys) Shortcuts() []rules.Shortcut {
	return []rules.Shortcut{
		{Key: "Y", Help: "mark", Line: "cond {sel} marked"},
		{Key: "N", Help: "note…", Line: "note "},
		{Key: "C", Help: "hit current", Line: "cond {cur} hit"},
	}
}

func (s tsys) Verbs() []rules.Verb {
	return []rules.Verb{
		{Name: "attack", Usage: "attack A B [hard|quiet…] [mod=±N]", Summary: "A hits B for a d6", Run: func(c *rules.Ctx, args []string) error {
			plain, kvs := rules.SplitKV(args)
			if len(plain) < 2 {
				return errors.New("attack needs two names")
			}
			for _, w := range plain[2:] {
				if w != "hard" && w != "quiet" {
					return fmt.Errorf("unknown option %q", w)
				}
			}
			mod := 0
			for _, kv := range kvs {
				if kv.Key != "mod" {
					return fmt.Errorf("unknown option %s=", kv.Key)
				}
				n, err := rules.Int("mod", kv.Value)
				if err != nil {
					return err
				}
				mod = n
			}
			a, err := c.Find(plain[0])
			if err != nil {
				return err
			}
			b, err := c.Find(plain[1])
			if err != nil {
				return err
			}
			ex, _ := dice.Parse("d6")
			r, err := c.Dice.Roll(a.Name, "attack", ex)
			if err != nil {
				return err
			}
			hurt(c, b, r.Total+mod)
			return nil
		}, Targets: 2},
		{Name: "damage", Usage: "damage NAME N [nonlethal]", Summary: "take N hit points", Run: func(c *rules.Ctx, args []string) error {
			if len(args) < 2 || len(args) > 3 || (len(args) == 3 && args[2] != "nonlethal") {
				return errors.New("damage needs a name and a number, then maybe nonlethal")
			}
			b, err := c.Find(args[0])
			if err != nil {
				return err
			}
			n, err := rules.Int("damage", args[1])
			if err != nil {
				return err
			}
			hurt(c, b, n)
			return nil
		}, Targets: 1},
	}
}

func hurt(c *rules.Ctx, b *model.Combatant, n int) {
	sh := b.Sheet().(*tsheet)
	sh.HP -= n
	c.Event("%s loses %d hp", b.Name, n)
	if sh.HP <= 0 {
		b.Status = model.Dead
		c.Event("%s dies", b.Name)
	}
}

func (s tsys) sort(e *model.Encounter) {
	e.SortOrder(func(a, b *model.Combatant) bool { return a.Init > b.Init })
}

func (s tsys) RollInit(c *rules.Ctx, cb *model.Combatant) error {
	ex, _ := dice.Parse("d10")
	r, err := c.Dice.Roll(cb.Name, "initiative", ex)
	if err != nil {
		return err
	}
	return s.SetInit(c, cb, r.Total)
}

func (s tsys) SetInit(c *rules.Ctx, cb *model.Combatant, n int) error {
	cb.Init, cb.HasInit = n, true
	s.sort(c.E)
	return nil
}

func (s tsys) Next(c *rules.Ctx) error {
	e := c.E
	if len(e.Order) == 0 {
		return errors.New("nobody to act")
	}
	i := e.OrderIndex(e.Current)
	for range e.Order {
		i++
		if i >= len(e.Order) || e.Round == 0 {
			i = 0
			e.StartRound(e.Round + 1)
			c.Event("round %d begins", e.Round)
		}
		if cb := e.ByID(e.Order[i]); cb.Status.CanAct() && !cb.Delaying {
			e.Current = cb.ID
			c.Event("%s's turn", cb.Name)
			return nil
		}
	}
	return errors.New("nobody can act")
}

func (s tsys) Prev(c *rules.Ctx) error {
	e := c.E
	i := e.OrderIndex(e.Current)
	if i <= 0 {
		return errors.New("already at the top of the round")
	}
	e.Current = e.Order[i-1]
	return nil
}

func (s tsys) Delay(c *rules.Ctx, cb *model.Combatant) error {
	cb.Delaying = true
	c.Event("%s delays", cb.Name)
	return nil
}

func (s tsys) Act(c *rules.Ctx, cb *model.Combatant) error {
	if !cb.Delaying {
		return fmt.Errorf("%s is not delaying", cb.Name)
	}
	cb.Delaying = false
	c.Event("%s acts", cb.Name)
	return nil
}

func (s tsys) Order(e *model.Encounter) rules.OrderView {
	v := rules.OrderView{Header: "Waiting to start"}
	if e.Round > 0 {
		v.Header = "Round " + strconv.Itoa(e.Round)
		if cb := e.ByID(e.Current); cb != nil {
			v.Header += " · " + cb.Name + "'s turn"
		}
	}
	for _, id := range e.Order {
		cb := e.ByID(id)
		r := rules.OrderRow{ID: id, Name: cb.Name, Side: cb.Side, Current: id == e.Current, Out: !cb.Status.CanAct()}
		if cb.HasInit {
			r.Score = strconv.Itoa(cb.Init)
		}
		// A note "group NAME" puts the combatant in group NAME; "group
		// NAME lead" makes it the row the folded group sits at.
		if g, ok := strings.CutPrefix(cb.Note, "group "); ok {
			g, r.Lead = strings.CutSuffix(g, " lead")
			r.Group = g
		}
		if cb.Delaying {
			r.Marks = append(r.Marks, "delaying")
		}
		if r.Out {
			r.Marks = append(r.Marks, cb.Status.String())
		}
		for _, k := range cb.Conds {
			r.Marks = append(r.Marks, k.Label)
		}
		v.Rows = append(v.Rows, r)
	}
	return v
}

func (s tsys) Describe(e *model.Encounter, cb *model.Combatant) []rules.Field {
	hp := cb.Sheet().(*tsheet).HP
	return []rules.Field{{Label: "Hit points", Value: strconv.Itoa(hp), Alert: hp <= 3}}
}

// Harm grades hit points out of 10: at 0 or below out of the fight.
func (s tsys) Harm(e *model.Encounter, cb *model.Combatant) rules.Harm {
	hp := cb.Sheet().(*tsheet).HP
	h := rules.Harm{Severity: rules.Worst(rules.ByStatus(cb.Status), rules.ByShare(hp, 10)), Gauge: fmt.Sprintf("%d hp", hp)}
	if hp <= 0 {
		h.Severity = rules.Worst(h.Severity, rules.OutOfFight)
	}
	return h
}

var (
	_ rules.Delayer   = tsys{}
	_ rules.Shortcuts = tsys{}
)
