package rules

import (
	"fmt"
	"strconv"
	"strings"

	"fray/model"
)

// Groups added together. `add 6 goblin group` asks the system to make the
// copies act as one: one initiative, one entry in the order (the screen
// folds it; z opens it), the whole group acting on one turn. A system
// whose own rules have groups (arm5's combat groups) forms one of its
// own; a system with a plain turn order uses a band (Combatant.Band),
// kept by the helpers below; a system that takes turns one combatant at
// a time (activation, dice pools) is no Grouper and refuses.

// Grouper is a System whose turn structure lets several combatants act as
// one. Group makes members, just added, into one group called name.
type Grouper interface {
	Group(c *Ctx, name string, members []*model.Combatant) error
}

// Banded is a Grouper whose groups are bands (Combatant.Band). add then
// names each copy's band before the system places it, so that even in
// the middle of a fight the copies roll one initiative: the system's
// Added and RollInit give a member the score of a Bandmate that has one.
// Its Group is FormBand.
type Banded interface {
	Grouper
	Banded()
}

// joinGroup has the system group combatants just added, or says why it
// cannot.
func joinGroup(c *Ctx, name string, members []*model.Combatant) error {
	g, ok := c.Sys.(Grouper)
	if !ok {
		return fmt.Errorf("in %s each combatant takes its own turn, so they cannot act as one group: add them without group", c.Sys.Name())
	}
	return g.Group(c, name, members)
}

// FormBand makes members one band called name (or name 2, … when a band
// has that name already). They share the initiative of the first member
// that has one, and the order is sorted by sort (nil: left as it is). It
// is how a system with a plain turn order implements Grouper.
func FormBand(c *Ctx, name string, members []*model.Combatant, sort func(*model.Encounter)) {
	if len(members) > 0 && members[0].Band != "" {
		name = members[0].Band // named by add already (Banded)
	} else {
		name = FreeBand(c.E, name)
	}
	var lead *model.Combatant
	for _, m := range members {
		if m.Band != name {
			m.OwnProfile().Band = name
		}
		if lead == nil && m.HasInit {
			lead = m
		}
	}
	c.Event("%s act as one: %s", name, countText(names(members)))
	if lead == nil {
		return
	}
	ShareInit(c.E, lead)
	if sort != nil {
		sort(c.E)
	}
	c.Event("%s: initiative %d (%s's)", name, lead.Init, lead.Name)
}

// ShareInit gives every member of from's band from's initiative and tie,
// so that the band stands together in the order.
func ShareInit(e *model.Encounter, from *model.Combatant) {
	if from.Band == "" {
		return
	}
	for _, m := range e.Combatants {
		if m.Band == from.Band && m != from {
			m.Init, m.HasInit = from.Init, from.HasInit
			m.SetTie(from.Tie)
		}
	}
}

// Bandmate returns a member of cb's band, other than cb, that has an
// initiative, or nil: the one whose score cb takes.
func Bandmate(e *model.Encounter, cb *model.Combatant) *model.Combatant {
	if cb.Band == "" {
		return nil
	}
	for _, m := range e.Combatants {
		if m != cb && m.Band == cb.Band && m.HasInit {
			return m
		}
	}
	return nil
}

// SameBand reports whether two combatants are in one band.
func SameBand(e *model.Encounter, a, b *model.Combatant) bool {
	return a != nil && b != nil && a.Band != "" && strings.EqualFold(a.Band, b.Band)
}

// BandLead returns the member of cb's band on whose turn the band acts:
// the first in the order able to act (nil if cb is in no band).
func BandLead(e *model.Encounter, cb *model.Combatant) *model.Combatant {
	if cb.Band == "" {
		return nil
	}
	var first *model.Combatant
	for _, id := range e.Order {
		m := e.ByID(id)
		if m == nil || m.Band != cb.Band {
			continue
		}
		if m.Status.CanAct() {
			return m
		}
		if first == nil {
			first = m
		}
	}
	return first
}

// PassBand is an InitOrder.PassBy for bands: a member other than its
// band's lead takes no turn of its own; it acts on the lead's.
func PassBand(c *Ctx, cb *model.Combatant) bool {
	lead := BandLead(c.E, cb)
	if lead == nil || lead == cb {
		return false
	}
	c.Event("%s acts with %s", cb.Name, cb.Band)
	return true
}

// FreeBand returns name, or name 2, name 3… if a band has it already.
func FreeBand(e *model.Encounter, name string) string {
	used := map[string]bool{}
	for _, cb := range e.Combatants {
		if cb.Band != "" {
			used[strings.ToLower(cb.Band)] = true
		}
	}
	for n, try := 2, name; ; n++ {
		if !used[strings.ToLower(try)] {
			return try
		}
		try = name + " " + strconv.Itoa(n)
	}
}

func names(cs []*model.Combatant) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Name
	}
	return out
}
