package rules

import (
	"fmt"
	"strings"

	"fray/model"
)

// Conditions tied to a turn (cond NAME LABEL until=end:WHO) end when
// WHO's next turn begins or ends. Every system shows whose turn it is in
// its order view (OrderRow.Current; a folded group's members share the
// turn of the member it acts with), so the engine finds turns beginning
// and ending the same way in all of them: by comparing who is acting
// before and after each command. It costs nothing while no condition is
// tied to a turn.

// runCommand runs one verb for the tracker: its targets, then the end of
// any condition tied to a turn that the command began or ended. prev
// ends none (stepping back is no new turn).
func runCommand(v Verb, c *Ctx, args []string) error {
	if !anyTurnTied(c.E) || v.Name == "prev" {
		return runTargets(v, c, args)
	}
	before := acting(c)
	names := map[int]string{}
	for _, cb := range c.E.Combatants {
		names[cb.ID] = cb.Name
	}
	if err := runTargets(v, c, args); err != nil {
		return err
	}
	endTurnConds(c, before, acting(c), names)
	return nil
}

// anyTurnTied reports whether some condition ends with a turn.
func anyTurnTied(e *model.Encounter) bool {
	for _, cb := range e.Combatants {
		for _, k := range cb.Conds {
			if k.Until != "" {
				return true
			}
		}
	}
	return false
}

// acting returns the IDs of the combatants whose turn it is.
func acting(c *Ctx) map[int]bool {
	rows := c.Sys.Order(c.E).Rows
	out := map[int]bool{}
	groups := map[string]bool{}
	for _, r := range rows {
		if r.Current && r.ID > 0 {
			out[r.ID] = true
			if r.Group != "" {
				groups[r.Group] = true
			}
		}
	}
	if len(groups) > 0 {
		for _, r := range rows {
			if r.ID > 0 && groups[r.Group] {
				out[r.ID] = true
			}
		}
	}
	return out
}

// endTurnConds ends the conditions whose turn began or ended between
// before and after, and those tied to someone who has left the fight.
func endTurnConds(c *Ctx, before, after map[int]bool, names map[int]string) {
	for _, cb := range c.E.Combatants {
		if len(cb.Conds) == 0 {
			continue
		}
		kept := make([]model.Condition, 0, len(cb.Conds))
		changed := false
		for _, k := range cb.Conds {
			if k.Until == "" {
				kept = append(kept, k)
				continue
			}
			began := after[k.Who] && !before[k.Who]
			ended := before[k.Who] && !after[k.Who]
			who := names[k.Who]
			switch {
			case c.E.ByID(k.Who) == nil:
				c.Event("%s is no longer %s (%s left the fight)", cb.Name, k.Label, orSomeone(who))
				changed = true
				continue
			case k.Until == model.UntilStart && began:
				c.Event("%s is no longer %s (%s turn begins)", cb.Name, k.Label, Possessive(who))
				changed = true
				continue
			case k.Until == model.UntilEnd && k.Armed && ended:
				c.Event("%s is no longer %s (%s turn is over)", cb.Name, k.Label, Possessive(who))
				changed = true
				continue
			case k.Until == model.UntilEnd && began && !k.Armed:
				k.Armed = true
				changed = true
			}
			kept = append(kept, k)
		}
		if changed {
			cb.OwnProfile().Conds = kept
		}
	}
}

func orSomeone(name string) string {
	if name == "" {
		return "the one it waited for"
	}
	return name
}

// parseUntil reads until=start, until=end, until=start:WHO or
// until=end:WHO. Without a name the turn is the holder's own.
func parseUntil(c *Ctx, holder *model.Combatant, v string) (model.Condition, error) {
	when, who, named := strings.Cut(v, ":")
	var k model.Condition
	switch strings.ToLower(strings.TrimSpace(when)) {
	case model.UntilStart:
		k.Until = model.UntilStart
	case model.UntilEnd:
		k.Until = model.UntilEnd
	default:
		return k, fmt.Errorf("until takes start or end, then optionally :NAME (until=end:%s), not %q", Quote(holder.Name), v)
	}
	k.Who = holder.ID
	if named {
		cb, err := c.Find(who)
		if err != nil {
			return k, err
		}
		k.Who = cb.ID
	}
	return k, nil
}

// UntilText says which turn a condition tied to a turn waits for:
// "until the end of Goblin 2's next turn". It is "" for any other.
func UntilText(e *model.Encounter, k model.Condition) string {
	if k.Until == "" {
		return ""
	}
	who := "someone who has left"
	if cb := e.ByID(k.Who); cb != nil {
		who = cb.Name
	}
	return fmt.Sprintf("until the %s of %s next turn", k.Until, Possessive(who))
}
