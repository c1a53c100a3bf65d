package rules

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"fray/model"
)

// Many targets. A verb whose Verb.Targets names an argument takes there
// not only one name but several: a comma list (Ghoul,Wight, or with names
// that hold spaces "Ghoul 1,Ghoul 2" quoted as one word), side=SIDE (every
// combatant of that side not dead) or all (every combatant not dead). The
// verb then runs once for each target, with that target's own name in the
// argument, all within the one command: each target resolves on its own
// sheet with its own rolls, a failure on any of them changes nothing, and
// one undo takes all of it back.
//
// A word that is exactly some combatant's name is that combatant alone,
// so a name with a comma in it (from an old file) or a combatant called
// All is still reached.

// runTargets runs a verb, once per target when its target argument names
// several.
func runTargets(v Verb, c *Ctx, args []string) error {
	if v.Targets < 1 || len(args) < v.Targets {
		return v.Run(c, args)
	}
	word := args[v.Targets-1]
	if !IsTargetList(word) || c.exact(word) != nil {
		return v.Run(c, args) // one name (or a group's): the verb reads it
	}
	cbs, _, err := c.Targets(word)
	if err != nil {
		return err
	}
	names := make([]string, len(cbs))
	for i, cb := range cbs {
		names[i] = cb.Name
	}
	c.Event("%s on %d: %s", v.Name, len(cbs), strings.Join(names, ", "))
	// A verb whose actor comes before the targets (attack A B) takes one
	// action for all of them: the rules' refusals (out of turn, already
	// acted, out of reach) are asked of each target against the fight as
	// it stood before the action began, not after the first blow spent it.
	var before *model.Encounter
	if v.Targets > 1 {
		before = c.E.Clone() // its log sealed: the action's entries do not reach it
	}
	one := slices.Clone(args)
	c.Many = true
	defer func() { c.Many, c.Following = false, false }()
	for i, cb := range cbs {
		if c.E.ByID(cb.ID) == nil {
			continue // taken out by the command's own effect on an earlier target
		}
		one[v.Targets-1] = cb.Name
		if before != nil && i > 0 {
			if err := asFirst(v, c, before, one); err != nil {
				return fmt.Errorf("%s: %w", cb.Name, err)
			}
			c.Following = true
		}
		if err := v.Run(c, one); err != nil {
			return fmt.Errorf("%s: %w", cb.Name, err)
		}
	}
	return nil
}

// asFirst tries a further target of one action on a copy of the fight as
// it stood before the action: what the rules refuse there is refused.
func asFirst(v Verb, c *Ctx, before *model.Encounter, args []string) error {
	e := before.Clone()
	try := newCtx(e, c.Sys)
	try.Lib, try.DryRun, try.Forced, try.Many = c.Lib, true, c.Forced, true
	return v.Run(try, args)
}

// IsTargetList reports whether a word names several targets rather than
// one combatant: a comma list, side=SIDE or all.
func IsTargetList(word string) bool {
	w := strings.TrimSpace(word)
	return strings.Contains(w, ",") || strings.EqualFold(w, "all") || hasSidePrefix(w)
}

func hasSidePrefix(w string) bool {
	return len(w) > 5 && strings.EqualFold(w[:5], "side=")
}

// Targets resolves a target word: one combatant, or several for a comma
// list, side=SIDE or all. many reports whether the word was a list or a
// selector (even one that found a single combatant). A list names each
// combatant at most once, in the order given; a selector gives them in
// the order they were added.
func (c *Ctx) Targets(word string) (cbs []*model.Combatant, many bool, err error) {
	w := strings.TrimSpace(word)
	if exact := c.exact(w); exact != nil || !IsTargetList(w) {
		if exact != nil {
			if c.looked != nil {
				c.looked(exact)
			}
			return []*model.Combatant{exact}, false, nil
		}
		cb, err := c.Find(w)
		if err != nil {
			return nil, false, err
		}
		return []*model.Combatant{cb}, false, nil
	}
	switch {
	case strings.EqualFold(w, "all"):
		for _, cb := range c.E.Combatants {
			if cb.Status != model.Dead {
				cbs = append(cbs, cb)
			}
		}
		if len(cbs) == 0 {
			return nil, true, errors.New("all: nobody in the fight is still alive")
		}
		c.lookedAll(cbs)
	case hasSidePrefix(w):
		side := strings.TrimSpace(w[5:])
		for _, cb := range c.E.Combatants {
			if strings.EqualFold(strings.TrimSpace(cb.Side), side) && cb.Status != model.Dead {
				cbs = append(cbs, cb)
			}
		}
		if len(cbs) == 0 {
			sides := "nobody has a side yet: set NAME side=SIDE"
			if all := Sides(c.E); len(all) > 0 {
				sides = "sides: " + strings.Join(all, ", ")
			}
			return nil, true, fmt.Errorf("nobody alive is on side %q (%s)", side, sides)
		}
		c.lookedAll(cbs)
	default:
		seen := map[int]bool{}
		for _, part := range strings.Split(w, ",") {
			part = strings.TrimSpace(part)
			if part == "" {
				return nil, true, fmt.Errorf("%q: an empty name in the list (names are separated by single commas)", word)
			}
			cb, err := c.Find(part)
			if err != nil {
				return nil, true, err
			}
			if !seen[cb.ID] {
				seen[cb.ID] = true
				cbs = append(cbs, cb)
			}
		}
	}
	return cbs, true, nil
}

// exact returns the combatant whose whole name is w (ignoring case), or nil.
func (c *Ctx) exact(w string) *model.Combatant {
	if !IsTargetList(w) {
		return nil // Find does the rest; no need to scan twice
	}
	return exactly(c.E, w)
}

// Sides lists the encounter's sides in the order they first appear,
// "" left out.
func Sides(e *model.Encounter) []string {
	var out []string
	seen := map[string]bool{}
	for _, cb := range e.Combatants {
		k := strings.ToLower(strings.TrimSpace(cb.Side))
		if k != "" && !seen[k] {
			seen[k] = true
			out = append(out, cb.Side)
		}
	}
	return out
}

// TargetList writes names as one target word: a single name as it is,
// several as a comma list, quoted when a name holds a space.
func TargetList(names []string) string {
	return Quote(strings.Join(names, ","))
}

// lookedAll tells the listener of lookups (Ctx.looked) of each of cbs.
func (c *Ctx) lookedAll(cbs []*model.Combatant) {
	if c.looked != nil {
		for _, cb := range cbs {
			c.looked(cb)
		}
	}
}
