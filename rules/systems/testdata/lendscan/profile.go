package lendscan

// The profile rule's cases: each line that ends in "want" changes a
// combatant's profile before OwnProfile took it; the functions after
// owned change only what they may.

import (
	"slices"

	"fray/model"
)

func fields(cb *model.Combatant) {
	cb.Zone = "2"                // want
	cb.Strikes.Hits++            // want
	cb.Hidden, cb.Init = true, 3 // want
}

func elements(cb *model.Combatant) {
	cb.Conds[0].Armed = true          // want
	cb.TurnState[0] = model.TurnVal{} // want
}

func embedded(cb *model.Combatant) {
	cb.Profile.Note = "x"         // want
	*cb.Profile = model.Profile{} // want
}

func afterward(cb *model.Combatant) {
	cb.Side = "b" // want
	cb.OwnProfile()
}

func another(e *model.Encounter, i int) {
	e.Combatants[i+1].OwnProfile()
	e.Combatants[i].Tie = 2 // want
}

func aliases(cb *model.Combatant) {
	conds := cb.Conds
	conds[0].Label = "x" // want
	p := cb.Profile
	p.Hidden = true // want
	t := &cb.TurnState[0]
	t.Value = "v" // want
}

func aliasedBeforeOwned(cb *model.Combatant) {
	conds := cb.Conds
	p := cb.Profile
	cb.OwnProfile()
	conds[0].Armed = true // want
	p.Zone = "5"          // want
	again := conds
	again[0].Label = "y" // want
	setZone(p, "6")      // want
	clear(conds)         // want
}

func arrays(cb *model.Combatant) {
	kept := append(cb.Conds[:0], model.Condition{}) // want
	_ = kept
	slices.Sort(cb.Engaged) // want
	clear(cb.TurnState)     // want
	copy(cb.Conds, kept)    // want
}

func setZone(p *model.Profile, z string) { p.Zone = z }

func passed(cb *model.Combatant) {
	setZone(cb.Profile, "3") // want
	cb.WithSheet(nil)        // want
}

func shadowed(cs []*model.Combatant) {
	for _, cb := range cs {
		cb.OwnProfile()
	}
	for _, cb := range cs {
		cb.Note = "n" // want
	}
}

func inClosure(cb *model.Combatant) {
	func() {
		cb.Zone = "4" // want
	}()
}

func owned(cb *model.Combatant, e *model.Encounter, i int) {
	cb.OwnProfile()
	cb.Zone = "1"
	cb.Strikes.Hits++
	cb.Conds = append(cb.Conds, model.Condition{})
	conds := cb.Conds
	conds[0].Armed = true
	slices.Sort(cb.Engaged)
	setZone(cb.Profile, "2")
	e.Combatants[i].OwnSheet()
	e.Combatants[i].Band = "b"
	cb.OwnProfile().Side = "s"
	p := e.Combatants[i+1].OwnProfile()
	p.Note = "n"
}

func made() {
	cb := &model.Combatant{Profile: &model.Profile{}}
	cb.Name = "a"
	n := model.NewCombatant()
	n.Conds = nil
	c := n.Clone()
	c.Zone = "1"
}

func record(cb *model.Combatant, p *model.Profile) {
	cb.Init, cb.Acted = 3, true
	cb.Profile = p
	p.Note = "mine" // a profile handed in is the caller's to own
	cb.SetCond("x", 1)
	cb.SetTie(2)
	name := cb.Name
	name += "x"
	_ = name
	conds := slices.Clone(cb.Conds)
	conds[0].Armed = true
	_ = cb.Conds[:0:0]
}
