package arm5

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"fray/model"
	"fray/rules"
)

const priorityUsage = "priority A B [C…] [abila=N] [abilb=N] [NAME=N…]"

type contender struct {
	cb    *model.Combatant
	sh    *Sheet
	abil  int
	total int
	tie   int
}

// runPriority rolls Action Priority Totals: Quickness + Ability −
// Encumbrance + stress die, the Ability being the combatant's Combat
// Ability unless given (abila=, abilb= for the first two, NAME=N for
// anyone). Actions resolve from the highest total down; ties go to higher
// Quickness, then to simple-die roll-offs in the log. Every delayed action
// among them is spent. With the interrupt option on, someone must hold a
// delayed action, at most one may not (the one interrupted), and that
// one's action is spent too.
func (s *System) runPriority(c *rules.Ctx, args []string) error {
	v := verb("priority")
	plain, kvs := rules.SplitKV(args)
	if len(plain) < 2 {
		return rules.Usagef(v, "priority takes at least two names")
	}
	var cs []*contender
	for _, w := range plain {
		cb, err := c.Find(w)
		if err != nil {
			return err
		}
		for _, o := range cs {
			if o.cb == cb {
				return rules.Usagef(v, "%s is named twice", cb.Name)
			}
		}
		sh, err := sheetOf(cb)
		if err != nil {
			return err
		}
		if !cb.Status.CanAct() {
			return fmt.Errorf("%s cannot act (%s)", cb.Name, cb.Status)
		}
		cs = append(cs, &contender{cb: cb, sh: sh, abil: sh.Ability})
	}
	for _, kv := range kvs {
		n, err := rules.Int(kv.Key, kv.Value)
		if err != nil {
			return err
		}
		switch {
		case kv.Key == "abila":
			cs[0].abil = n
		case kv.Key == "abilb":
			cs[1].abil = n
		default:
			cb, err := c.Find(kv.Key)
			if err != nil {
				return rules.Usagef(v, "unknown option %s= (abila=N, abilb=N or a contender's NAME=N)", kv.Key)
			}
			found := false
			for _, o := range cs {
				if o.cb == cb {
					o.abil, found = n, true
				}
			}
			if !found {
				return rules.Usagef(v, "%s is not one of the contenders", cb.Name)
			}
		}
	}
	var waiting []*contender
	for _, o := range cs {
		if !o.cb.Delaying {
			waiting = append(waiting, o)
		}
	}
	if on(c, optInterrupt) {
		switch {
		case len(waiting) == len(cs):
			return errors.New("to interrupt, a combatant must first delay its action (interrupt option)")
		case len(waiting) > 1:
			return fmt.Errorf("only one combatant can be interrupted at a time, and %s are not delaying", names(cbsOf(waiting)))
		}
	}
	for _, o := range cs {
		t, err := priorityTotal(c, o.cb, o.sh, o.abil)
		if err != nil {
			return err
		}
		o.total = t
	}
	if err := rankContenders(c, cs); err != nil {
		return err
	}
	if len(cs) == 2 {
		first, second := cs[0], cs[1]
		why := priorityWhy(first, second)
		c.Event("%s acts before %s: priority %s vs %s%s", first.cb.Name, second.cb.Name, num(first.total), num(second.total), why)
	} else {
		ps := make([]string, len(cs))
		for i, o := range cs {
			ps[i] = fmt.Sprintf("%s %s", o.cb.Name, num(o.total))
		}
		c.Event("actions resolve in this order: %s", strings.Join(ps, ", "))
	}
	for _, o := range cs {
		if o.cb.Delaying {
			rules.ClearDelay(c.E, o.cb)
			o.cb.Acted = true
			setN(c.E, kDid, o.cb.ID, 1)
			c.Event("%s's delayed action is spent", o.cb.Name)
		}
	}
	if on(c, optInterrupt) {
		o := waiting[0]
		setN(c.E, kDid, o.cb.ID, 1)
		c.Event("%s's action is spent on what was interrupted", o.cb.Name)
	}
	return nil
}

func cbsOf(cs []*contender) []*model.Combatant {
	out := make([]*model.Combatant, len(cs))
	for i, o := range cs {
		out[i] = o.cb
	}
	return out
}

// rankContenders sorts by total, then Quickness, then roll-offs among
// those still tied.
func rankContenders(c *rules.Ctx, cs []*contender) error {
	for i, a := range cs {
		for _, b := range cs[i+1:] {
			if a.total == b.total && a.sh.Qik == b.sh.Qik && a.tie == 0 && b.tie == 0 {
				if err := rollOffAll(c, cs, a.total, a.sh.Qik); err != nil {
					return err
				}
			}
		}
	}
	sort.SliceStable(cs, func(i, j int) bool {
		a, b := cs[i], cs[j]
		if a.total != b.total {
			return a.total > b.total
		}
		if a.sh.Qik != b.sh.Qik {
			return a.sh.Qik > b.sh.Qik
		}
		return a.tie > b.tie
	})
	return nil
}

// rollOffAll gives every contender tied on a total and Quickness a simple
// die each, again until all differ.
func rollOffAll(c *rules.Ctx, cs []*contender, total, qik int) error {
	var tied []*contender
	for _, o := range cs {
		if o.total == total && o.sh.Qik == qik {
			tied = append(tied, o)
		}
	}
	for range 50 {
		seen := map[int]bool{}
		clash := false
		for _, o := range tied {
			r, err := c.Dice.Simple(o.cb.Name, "priority tie")
			if err != nil {
				return err
			}
			o.tie = r.Total
			clash = clash || seen[r.Total]
			seen[r.Total] = true
		}
		if !clash {
			return nil
		}
	}
	return errors.New("the tie rolls kept matching: queue different faces")
}

func priorityTotal(c *rules.Ctx, cb *model.Combatant, sh *Sheet, ability int) (int, error) {
	r, err := c.Dice.Stress(cb.Name, "action priority", 1+sh.Botch)
	if err != nil {
		return 0, err
	}
	var t total
	t.Add("Qik", sh.Qik)
	t.Add("Ability", ability)
	t.Add("Enc", -sh.Enc())
	t.Die("stress", r.Total)
	if r.Botched {
		c.Event("%s: %s", cb.Name, botched("action priority", r.Botches))
		return 0, nil
	}
	c.Event("%s: action priority %s", cb.Name, t)
	return t.Sum(), nil
}

const fastcastUsage = "fastcast MAGUS OPPONENT [finesse=N] [mod=N] [ability=N]"

// runFastCast rolls a Fast-Cast speed: Quickness + Finesse + stress die,
// against the opponent's Initiative Total, or, with the fastcast option,
// against an Action Priority Total the opponent rolls now (ability= sets
// the Ability it uses). Meeting the Ease Factor is enough. The magus needs
// no delayed action.
func runFastCast(c *rules.Ctx, args []string) error {
	v := verb("fastcast")
	plain, kvs := rules.SplitKV(args)
	if len(plain) != 2 {
		return rules.Usagef(v, "fastcast takes the magus and the opponent")
	}
	m, err := c.Find(plain[0])
	if err != nil {
		return err
	}
	o, err := c.Find(plain[1])
	if err != nil {
		return err
	}
	if m == o {
		return rules.Usagef(v, "the magus cannot outpace itself")
	}
	ms, err := sheetOf(m)
	if err != nil {
		return err
	}
	os, err := sheetOf(o)
	if err != nil {
		return err
	}
	fin, mod, abil := ms.Finesse, 0, os.Ability
	for _, kv := range kvs {
		n, err := rules.Int(kv.Key, kv.Value)
		if err != nil {
			return err
		}
		switch kv.Key {
		case "finesse":
			fin = n
		case "mod":
			mod = n
		case "ability":
			abil = n
		default:
			return rules.Usagef(v, "unknown option %s=", kv.Key)
		}
	}
	if !m.Status.CanAct() {
		return fmt.Errorf("%s cannot act (%s)", m.Name, m.Status)
	}
	ef, efText := o.Init, fmt.Sprintf("%s's Initiative %s", o.Name, num(o.Init))
	if on(c, optFastCast) {
		if ef, err = priorityTotal(c, o, os, abil); err != nil {
			return err
		}
		efText = fmt.Sprintf("%s's action priority %s", o.Name, num(ef))
	}
	r, err := c.Dice.Stress(m.Name, "fast-cast speed", 1+ms.Botch)
	if err != nil {
		return err
	}
	var t total
	t.Add("Qik", ms.Qik)
	t.Add("Finesse", fin)
	t.Add("mod", mod)
	t.Die("stress", r.Total)
	switch {
	case r.Botched:
		c.Event("%s: fast-cast speed BOTCH ×%d: the spell comes too late, and something goes wrong", m.Name, r.Botches)
	case t.Sum() >= ef:
		c.Event("%s: fast-cast speed %s vs %s: the spell goes off first", m.Name, t, efText)
	default:
		c.Event("%s: fast-cast speed %s vs %s: too slow", m.Name, t, efText)
	}
	return nil
}
