package factions

import (
	"errors"
	"fmt"
	"strings"

	"fray/model"
	"fray/rules"
)

// Mounts and vehicles: a character whose sheet names a mount or vehicle
// (on=NAME) rides it. Carrier and riders take their turn together: the
// carrier is never activated on its own while it carries someone; the
// rider's activation opens the turn for all of them, and each may act in
// it (using its turn) or keep its turn to react. A carrier that moves at
// full speed leaves its riders no action and no reaction that round;
// riders strike impaired; getting on or off is half a zone of movement,
// and from a moving carrier needs an AGI save against a d4 fall.
//
// Turn "mounts" is set once anyone rides, so that turn keeping stays
// linear in big fights without mounts.

const keyMounts = "mounts"

var _ rules.Refresher = (*System)(nil)

// Refresh implements rules.Refresher: a sheet that names a mount marks the
// encounter as one with riders, and the mount must exist.
func (*System) Refresh(c *rules.Ctx, cb *model.Combatant, before model.Sheet, _ bool) error {
	sh, ok := cb.OwnSheet().(*Sheet)
	if !ok || sh.On == "" {
		return nil
	}
	m, err := c.Find(sh.On)
	if err != nil {
		return fmt.Errorf("%s rides %q: %w", cb.Name, sh.On, err)
	}
	if m == cb {
		return fmt.Errorf("%s cannot ride itself", cb.Name)
	}
	sh.On = m.Name
	c.E.Turn[keyMounts] = "1"
	if cb.Zone == "" && m.Zone != "" {
		cb.OwnProfile().Zone = m.Zone
	}
	return nil
}

// carrierOf returns the mount or vehicle a character rides, or nil.
func carrierOf(e *model.Encounter, cb *model.Combatant) *model.Combatant {
	sh, ok := cb.Sheet().(*Sheet)
	if !ok || sh.On == "" || e.Turn[keyMounts] == "" {
		return nil
	}
	m, err := e.Find(sh.On)
	if err != nil || m == cb {
		return nil
	}
	return m
}

// ridersOf lists those a carrier carries.
func ridersOf(e *model.Encounter, m *model.Combatant) []*model.Combatant {
	if e.Turn[keyMounts] == "" {
		return nil
	}
	var out []*model.Combatant
	for _, cb := range e.Combatants {
		if rides(cb, m) {
			out = append(out, cb)
		}
	}
	return out
}

// party lists a carrier and its riders: everyone who takes the turn with
// cb (just cb when it neither rides nor carries).
func party(e *model.Encounter, cb *model.Combatant) []*model.Combatant {
	m := carrierOf(e, cb)
	if m == nil {
		if rs := ridersOf(e, cb); len(rs) > 0 {
			m = cb
		}
	}
	if m == nil {
		return []*model.Combatant{cb}
	}
	return append([]*model.Combatant{m}, ridersOf(e, m)...)
}

// withActing reports whether cb takes its turn in the open activation as
// the acting character's carrier or fellow rider.
func withActing(e *model.Encounter, cb *model.Combatant) bool {
	a := Acting(e)
	if a == nil || e.Turn[keyMounts] == "" {
		return false
	}
	return inParty(a, carrierOf(e, a), cb)
}

// inParty reports whether cb is in party(e, a) other than a itself, m
// being carrierOf(e, a): m, or a rider of m; with no m, a rider of a.
// It asks nothing of the rest of the fight.
func inParty(a, m, cb *model.Combatant) bool {
	if cb == a {
		return false
	}
	if m == nil {
		return rides(cb, a)
	}
	return cb == m || rides(cb, m)
}

// rides reports whether cb is among ridersOf(e, m).
func rides(cb, m *model.Combatant) bool {
	on := onOf(cb)
	return on != "" && cb != m && strings.EqualFold(on, m.Name)
}

// galloped names the carrier that moved at full speed this round, which
// leaves cb, its rider, no action nor reaction; "" if none.
func galloped(e *model.Encounter, cb *model.Combatant) string {
	if m := carrierOf(e, cb); m != nil && fullSpeed(m) {
		return m.Name
	}
	return ""
}

// fullSpeed reports whether a carrier moved beyond half its speed this
// round.
func fullSpeed(m *model.Combatant) bool {
	ms, ok := m.Sheet().(*Sheet)
	if !ok {
		return false
	}
	u := UsageOf(m)
	_, half := speeds(ms, u.Sprint)
	return u.halves() > 2*half
}

// carriedErr refuses a carrier activated on its own.
func carriedErr(e *model.Encounter, cb *model.Combatant) error {
	if rs := ridersOf(e, cb); len(rs) > 0 {
		return fmt.Errorf("%s carries %s: it acts on %s activation", cb.Name, names(rs), possessive(rs[0].Name))
	}
	return nil
}

// carry moves a carrier's riders with it.
func carryRiders(c *rules.Ctx, m *model.Combatant) {
	for _, r := range ridersOf(c.E, m) {
		if r.Zone != m.Zone {
			r.OwnProfile().Zone = m.Zone
			c.Event("%s rides along to %s", r.Name, rules.ZoneText(m.Zone))
		}
	}
}

const (
	mountUsage    = "mount NAME MOUNT"
	dismountUsage = "dismount NAME"
)

func runMount(c *rules.Ctx, args []string) error {
	if len(args) != 2 {
		return rules.Usagef(verb("mount"), "mount takes the rider and the mount (or vehicle)")
	}
	r, rs, err := find(c, args[0])
	if err != nil {
		return err
	}
	m, _, err := find(c, args[1])
	if err != nil {
		return err
	}
	if r == m {
		return errors.New("a character cannot ride itself")
	}
	if rs.On != "" {
		return fmt.Errorf("%s already rides %s", r.Name, rs.On)
	}
	if same, known := model.SameZone(r, m); known && !same {
		if err := c.Refuse("%s is in %s, %s in %s: get there first", r.Name, rules.ZoneText(r.Zone), m.Name, rules.ZoneText(m.Zone)); err != nil {
			return err
		}
	}
	if err := halfZone(c, r, rs, m, "gets on"); err != nil {
		return err
	}
	rs.On = m.Name
	c.E.Turn[keyMounts] = "1"
	if m.Zone != "" && r.Zone != m.Zone {
		r.OwnProfile().Zone = m.Zone
	}
	c.Event("%s gets on %s", r.Name, m.Name)
	return nil
}

func runDismount(c *rules.Ctx, args []string) error {
	if len(args) != 1 {
		return rules.Usagef(verb("dismount"), "dismount takes the rider")
	}
	r, rs, err := find(c, args[0])
	if err != nil {
		return err
	}
	m := carrierOf(c.E, r)
	if m == nil {
		return fmt.Errorf("%s rides nothing", r.Name)
	}
	rs.On = ""
	if err := halfZone(c, r, rs, m, "gets off"); err != nil {
		return err
	}
	if r.Status.CanAct() && rs.On == "" {
		c.Event("%s gets off %s", r.Name, m.Name)
	}
	return nil
}

// halfZone spends the half zone of movement getting on or off costs; from
// a carrier already moving this turn it takes an AGI save, and a failure
// is a fall (d4 direct).
func halfZone(c *rules.Ctx, r *model.Combatant, rs *Sheet, m *model.Combatant, doing string) error {
	if c.E.Round > 0 {
		if fullSpeed(m) {
			if err := c.Refuse("%s moved at full speed: %s can take no action nor react this turn", m.Name, r.Name); err != nil {
				return err
			}
		}
		in, err := turnOf(c, r)
		if err != nil {
			return err
		}
		if err := notGrabbed(r, rs); err != nil {
			return err
		}
		if in {
			u := UsageOf(r)
			full, half := speeds(rs, u.Sprint)
			limit := full
			if u.Main+u.Bonus > 0 {
				limit = half
			}
			if u.halves()+1 > 2*limit {
				if err := c.Refuse("%s has no movement left this turn to get on or off", r.Name); err != nil {
					return err
				}
			}
			u.Halves++
			setUsage(r, u)
		}
	}
	if c.E.Round == 0 || UsageOf(m).Zones == 0 {
		return nil
	}
	ok, err := save(c, r, "AGI", rs.Agi, doing+" a moving "+m.Name)
	if err != nil || ok {
		return err
	}
	rs.On = ""
	c.Event("%s fails the AGI save and falls: d4 direct damage", r.Name)
	d, err := die(c, 4, r.Name, "the fall")
	if err != nil {
		return err
	}
	hurt(c, r, rs, d, fmt.Sprintf("d4 %d, direct", d))
	return nil
}

// Carries implements rules.Carriers: a mount or vehicle carries those who
// ride it.
func (*System) Carries(e *model.Encounter, cb *model.Combatant) bool {
	return len(ridersOf(e, cb)) > 0
}

var _ rules.CarriersAsker = (*System)(nil)

// CarriesIn implements rules.CarriersAsker: the riders are indexed once
// for every character asked after the first.
func (*System) CarriesIn(e *model.Encounter) func(*model.Combatant) bool {
	r := readyIn(e)
	return r.carries
}
