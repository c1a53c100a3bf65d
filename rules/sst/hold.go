package sst

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fray/model"
	"fray/rules"
)

// Holds, subdual and knockdown: wrestling InClose.
//
// A hold is put on with a successful attack (attack … hold) on a foe
// InClose and not three times the holder's size (unless prone). It starts
// Light and is kept in Encounter.Turn as "hold:HELD" = "HOLDER CLASS".
// The one held can do nothing but break it, reverse it or yield (hold
// NAME break|reverse|yield), and no defence; the holder may inflict
// damage of the hold's class, improve it a class, try to subdue, or let go
// (any other action lets go too). It lapses when the two are no longer
// InClose or the holder cannot act.

const (
	kHold       = "hold"
	holdUsage   = "hold NAME damage|improve|subdue|release|break|reverse|yield [cost=N dice=FACES]"
	knockUsage  = "knockdown NAME FOE [cost=N dice=FACES]"
	subdued     = "subdued"
	yielded     = "yielded"
	firstClass  = "light"
	topClass    = "huge"
	holderWords = "damage improve subdue release"
	heldWords   = "break reverse yield"
)

// holdClasses are a hold's classes, weakest first: the damage classes of
// the weapon weights.
var holdClasses = []string{"light", "medium", "heavy", "large", "huge"}

func holdKey(id int) string { return kHold + ":" + strconv.Itoa(id) }

// HeldBy returns who holds cb and the hold's class; nil when nobody does.
func HeldBy(e *model.Encounter, cb *model.Combatant) (*model.Combatant, string) {
	f := strings.Fields(e.Turn[holdKey(cb.ID)])
	if len(f) != 2 {
		return nil, ""
	}
	id, err := strconv.Atoi(f[0])
	if err != nil {
		return nil, ""
	}
	h := e.ByID(id)
	if h == nil || !able(h) || !inCloseWith(h, cb) {
		return nil, ""
	}
	return h, f[1]
}

// holding returns the one cb holds (nil for none).
func holding(e *model.Encounter, cb *model.Combatant) *model.Combatant {
	for k := range e.Turn {
		rest, ok := strings.CutPrefix(k, kHold+":")
		if !ok {
			continue
		}
		id, err := strconv.Atoi(rest)
		if err != nil {
			continue
		}
		if t := e.ByID(id); t != nil {
			if h, _ := HeldBy(e, t); h == cb {
				return t
			}
		}
	}
	return nil
}

func setHold(e *model.Encounter, holder, t *model.Combatant, class string) {
	e.Turn[holdKey(t.ID)] = strconv.Itoa(holder.ID) + " " + class
}

func dropHold(e *model.Encounter, t *model.Combatant) { delete(e.Turn, holdKey(t.ID)) }

// canHold refuses a hold on one not InClose, or three times the holder's
// size and still on its feet.
func canHold(c *rules.Ctx, holder, t *model.Combatant) error {
	if !inCloseWith(holder, t) {
		if err := c.Refuse("%s and %s are not InClose: holds are for InClose (close %s %s)", holder.Name, t.Name, rules.Quote(holder.Name), rules.Quote(t.Name)); err != nil {
			return err
		}
	}
	if sizeOf(t) >= 3*sizeOf(holder) && !t.HasCond(prone) {
		if err := c.Refuse("%s is three times %s's size or more and standing: no hold until knocked down", t.Name, holder.Name); err != nil {
			return err
		}
	}
	return nil
}

// holdFor refuses what one held may not do: anything but its hold's
// options; a holder's other action lets go.
func holdFor(c *rules.Ctx, cb *model.Combatant, k actKind) error {
	if h, _ := HeldBy(c.E, cb); h != nil && k != actHold {
		if err := c.Refuse("%s is held by %s and can only break the hold, reverse it or yield (hold %s break|reverse|yield)", cb.Name, h.Name, rules.Quote(cb.Name)); err != nil {
			return err
		}
	}
	if t := holding(c.E, cb); t != nil && k != actHold {
		dropHold(c.E, t)
		c.Event("%s lets go of %s to do something else", cb.Name, t.Name)
	}
	return nil
}

// bodyRoll rolls BODY and returns its successes.
func bodyRoll(c *rules.Ctx, cb *model.Combatant, s *Sheet, why string) (int, error) {
	faces, err := poolRoll(c, cb, s, s.Body, 5, why)
	if err != nil {
		return 0, err
	}
	return successes(faces, 5), nil
}

// sizeEdge is what a bigger combatant adds to a contest of strength: the
// difference of the sizes, 0 for the smaller.
func sizeEdge(me, them *model.Combatant) int { return max(0, sizeOf(me)-sizeOf(them)) }

// runHold runs the options of a hold, for the holder or the one held.
func runHold(v rules.Verb) func(*rules.Ctx, []string) error {
	return func(c *rules.Ctx, words []string) error {
		a := parseArgs(words)
		cb, s, err := a.who(c, v)
		if err != nil {
			return err
		}
		if len(a.plain) != 1 {
			return rules.Usagef(v, "hold takes a name and what it does: %s (the holder), %s (the one held)", holderWords, heldWords)
		}
		what := strings.ToLower(a.plain[0])
		n, faces, err := costArgs(&a)
		if err != nil {
			return err
		}
		if err := a.done(v); err != nil {
			return err
		}
		switch {
		case slices.Contains(strings.Fields(holderWords), what):
			t := holding(c.E, cb)
			if t == nil {
				return fmt.Errorf("%s holds nobody", cb.Name)
			}
			ts, err := ownSheet(t)
			if err != nil {
				return err
			}
			_, class := HeldBy(c.E, t)
			if what == "release" {
				dropHold(c.E, t)
				c.Event("%s lets go of %s", cb.Name, t.Name)
				return nil
			}
			doing := map[string]string{"damage": "hurting " + t.Name + " in the hold", "improve": "tightening the hold on " + t.Name, "subdue": "subduing " + t.Name}[what]
			if stop, err := payKind(c, cb, s, actHold, n, faces, doing); stop || err != nil {
				return err
			}
			if err := holderAct(c, cb, s, t, ts, class, what); err != nil {
				return err
			}
			return endAction(c, cb, s)
		case slices.Contains(strings.Fields(heldWords), what):
			h, class := HeldBy(c.E, cb)
			if h == nil {
				return fmt.Errorf("%s is not held", cb.Name)
			}
			hs, err := ownSheet(h)
			if err != nil {
				return err
			}
			if what == "yield" {
				dropHold(c.E, cb)
				cb.SetCond(yielded, 0)
				c.Event("%s yields to %s", cb.Name, h.Name)
				outOfAction(c, cb, s, "yielded")
				return nil
			}
			doing := map[string]string{"break": "breaking ", "reverse": "reversing "}[what] + possessive(h.Name) + " hold"
			if stop, err := payKind(c, cb, s, actHold, n, faces, doing); stop || err != nil {
				return err
			}
			if err := heldAct(c, cb, s, h, hs, class, what); err != nil {
				return err
			}
			return endAction(c, cb, s)
		}
		return rules.Usagef(v, "a hold's options are %s (the holder) and %s (the one held), not %q", holderWords, heldWords, a.plain[0])
	}
}

// holderAct: damage of the hold's class, a better hold, or subdual.
func holderAct(c *rules.Ctx, cb *model.Combatant, s *Sheet, t *model.Combatant, ts *Sheet, class, what string) error {
	switch what {
	case "damage":
		return strike(c, cb, s, t, attackOpts{holdClass: class, roll: -1})
	case "improve":
		faces, err := poolRoll(c, cb, s, s.Attack, successNumber(0), "improving the hold on "+t.Name)
		if err != nil {
			return err
		}
		if successes(faces, successNumber(0)) < 1 {
			c.Event("%s fails to improve the hold on %s", cb.Name, t.Name)
			return nil
		}
		i := slices.Index(holdClasses, class)
		if i+1 >= len(holdClasses) {
			c.Event("%s's hold on %s is as strong as holds get (%s)", cb.Name, t.Name, class)
			return nil
		}
		setHold(c.E, cb, t, holdClasses[i+1])
		c.Event("%s improves the hold on %s: %s → %s", cb.Name, t.Name, class, holdClasses[i+1])
	case "subdue":
		faces, err := poolRoll(c, cb, s, s.Attack, successNumber(0), "subduing "+t.Name)
		if err != nil {
			return err
		}
		dmg := Hits(class, successes(faces, successNumber(0)))
		body, err := bodyRoll(c, t, ts, "BODY against subdual")
		if err != nil {
			return err
		}
		edge := sizeEdge(t, cb)
		res := fmt.Sprintf("%d (BODY %d", body+edge, body)
		if edge > 0 {
			res += fmt.Sprintf(" + size %d", edge)
		}
		res += ")"
		if dmg <= body+edge {
			c.Event("%s fails to subdue %s: %d damage (%s hold) against %s", cb.Name, t.Name, dmg, class, res)
			return nil
		}
		c.Event("%s subdues %s: %d damage (%s hold) against %s", cb.Name, t.Name, dmg, class, res)
		dropHold(c.E, t)
		t.SetCond(subdued, 0)
		outOfAction(c, t, ts, "subdued")
	}
	return nil
}

// heldAct: break the hold (each success won by takes a class off) or
// reverse it (winning by two or more), BODY against BODY.
func heldAct(c *rules.Ctx, cb *model.Combatant, s *Sheet, h *model.Combatant, hs *Sheet, class, what string) error {
	mine, err := bodyRoll(c, cb, s, "BODY against "+possessive(h.Name)+" hold")
	if err != nil {
		return err
	}
	theirs, err := bodyRoll(c, h, hs, "BODY keeping the hold")
	if err != nil {
		return err
	}
	by := mine - theirs
	switch {
	case by <= 0:
		c.Event("%s cannot shake %s's hold: %d against %d", cb.Name, h.Name, mine, theirs)
	case what == "reverse" && by >= 2:
		dropHold(c.E, cb)
		setHold(c.E, cb, h, class)
		c.Event("%s reverses %s's hold: %s is held (%s)", cb.Name, h.Name, h.Name, class)
	case what == "reverse":
		c.Event("%s wins by only %d against %s's hold: reversing it takes two", cb.Name, by, h.Name)
	default:
		i := slices.Index(holdClasses, class) - by
		if i < 0 {
			dropHold(c.E, cb)
			c.Event("%s breaks %s's hold", cb.Name, h.Name)
			return nil
		}
		setHold(c.E, h, cb, holdClasses[i])
		c.Event("%s wins by %d against %s's hold: %s → %s", cb.Name, by, h.Name, class, holdClasses[i])
	}
	return nil
}

// runKnockdown: against a foe still standing InClose, BODY against BODY,
// the bigger adding the difference in size; winning knocks it prone.
func runKnockdown(v rules.Verb) func(*rules.Ctx, []string) error {
	return func(c *rules.Ctx, words []string) error {
		a := parseArgs(words)
		cb, s, err := a.who(c, v)
		if err != nil {
			return err
		}
		if len(a.plain) != 1 {
			return rules.Usagef(v, "knockdown takes the one knocking and its foe")
		}
		t, err := c.Find(a.plain[0])
		if err != nil {
			return err
		}
		ts, err := ownSheet(t)
		if err != nil {
			return err
		}
		if t == cb {
			return rules.Usagef(v, "%s cannot knock itself down", cb.Name)
		}
		n, faces, err := costArgs(&a)
		if err != nil {
			return err
		}
		if err := a.done(v); err != nil {
			return err
		}
		if t.HasCond(prone) {
			return fmt.Errorf("%s is already prone", t.Name)
		}
		if !inCloseWith(cb, t) {
			if err := c.Refuse("%s and %s are not InClose: a knockdown is made InClose", cb.Name, t.Name); err != nil {
				return err
			}
		}
		if stop, err := payAction(c, cb, s, n, faces, "knocking "+t.Name+" down"); stop || err != nil {
			return err
		}
		mine, err := bodyRoll(c, cb, s, "BODY to knock "+t.Name+" down")
		if err != nil {
			return err
		}
		theirs, err := bodyRoll(c, t, ts, "BODY to stay up")
		if err != nil {
			return err
		}
		me, them := mine+sizeEdge(cb, t), theirs+sizeEdge(t, cb)
		text := func(body, edge int) string {
			if edge > 0 {
				return fmt.Sprintf("%d (BODY %d + size %d)", body+edge, body, edge)
			}
			return strconv.Itoa(body)
		}
		if me > them {
			t.SetCond(prone, 0)
			c.Event("%s knocks %s down: %s against %s", cb.Name, t.Name, text(mine, sizeEdge(cb, t)), text(theirs, sizeEdge(t, cb)))
		} else {
			c.Event("%s stays on its feet: %s against %s", t.Name, text(theirs, sizeEdge(t, cb)), text(mine, sizeEdge(cb, t)))
		}
		return endAction(c, cb, s)
	}
}

// holdMarks are a row's marks of holds.
func holdMarks(e *model.Encounter, cb *model.Combatant) []string {
	var ms []string
	if h, class := HeldBy(e, cb); h != nil {
		ms = append(ms, fmt.Sprintf("held by %s (%s)", h.Name, class))
	}
	if t := holding(e, cb); t != nil {
		_, class := HeldBy(e, t)
		ms = append(ms, fmt.Sprintf("holding %s (%s)", t.Name, class))
	}
	return ms
}
