package sst

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fray/model"
	"fray/rules"
)

// Alone, InContact, InClose.
//
// The shared position model carries the first two: the melee group is
// every combatant reached through engaged pairs, and one whose group
// holds an able enemy is InContact, else Alone. Friends engaged with each
// other (the GM's engage A B on one side) stand Alone together; once an
// enemy touches one of them, all of them are InContact. A melee attack puts attacker and target InContact (option
// contact, on at first); a missile, a spell, a mental attack or a reach
// weapon strikes from where the attacker stands. InClose is a pair of
// InContact combatants fighting hand to hand, kept in each one's turn
// state as "close" (the IDs InClose with it); a close pair whose
// engagement the GM ended no longer counts.

const (
	kClose     = "close"
	optContact = "contact"
	prone      = "prone"
	fists      = "fists"
)

// closeIDs lists those InClose with cb, as recorded.
func closeIDs(cb *model.Combatant) []int {
	var out []int
	for _, w := range strings.Split(cb.TurnText(kClose), ",") {
		if n, err := strconv.Atoi(w); err == nil {
			out = append(out, n)
		}
	}
	return out
}

func setCloseIDs(cb *model.Combatant, ids []int) {
	if len(ids) == 0 {
		cb.DropTurn(kClose)
		return
	}
	ws := make([]string, len(ids))
	for i, n := range ids {
		ws[i] = strconv.Itoa(n)
	}
	cb.SetTurn(kClose, strings.Join(ws, ","))
}

// InClose lists those InClose with cb: recorded, still in the encounter
// and still engaged with it.
func InClose(e *model.Encounter, cb *model.Combatant) []*model.Combatant {
	var out []*model.Combatant
	for _, id := range closeIDs(cb) {
		if o := e.ByID(id); o != nil && cb.EngagedWith(id) {
			out = append(out, o)
		}
	}
	return out
}

// inCloseWith reports whether a and b are InClose.
func inCloseWith(a, b *model.Combatant) bool {
	return a.EngagedWith(b.ID) && slices.Contains(closeIDs(a), b.ID)
}

// setClose records (or ends) a and b InClose.
func setClose(a, b *model.Combatant, on bool) {
	for _, p := range [][2]*model.Combatant{{a, b}, {b, a}} {
		ids := closeIDs(p[0])
		ids = slices.DeleteFunc(ids, func(n int) bool { return n == p[1].ID })
		if on {
			ids = append(ids, p[1].ID)
			slices.Sort(ids)
		}
		setCloseIDs(p[0], ids)
	}
}

// sizeOf is a combatant's Size (1 for one without a sheet).
func sizeOf(cb *model.Combatant) int {
	if s, ok := cb.Sheet().(*Sheet); ok && s.Size > 0 {
		return s.Size
	}
	return 1
}

// enemies reports whether a and b fight on different sides (and the sides
// are known).
func enemies(a, b *model.Combatant) bool {
	return a.Side != b.Side
}

// meleeGroup lists every able combatant reached from cb through engaged
// pairs: the melee cb is InContact in.
func meleeGroup(e *model.Encounter, cb *model.Combatant) []*model.Combatant {
	seen := map[int]bool{cb.ID: true}
	out := []*model.Combatant{cb}
	for i := 0; i < len(out); i++ {
		for _, o := range e.Foes(out[i]) {
			if !seen[o.ID] {
				seen[o.ID] = true
				out = append(out, o)
			}
		}
	}
	return slices.DeleteFunc(out, func(o *model.Combatant) bool { return !able(o) })
}

// advantage is the attack dice numbers give in a melee: more of the
// attacker's side than of its foes InContact in the melee group is a
// minor advantage (+1d), twice as many a major one (+2d). The source's
// table of modifiers is lost: the dice are fray's reading, and the
// attacker counts among its side.
func advantage(e *model.Encounter, atk, t *model.Combatant) (int, string) {
	if !enemies(atk, t) || !atk.EngagedWith(t.ID) {
		return 0, ""
	}
	friends, foes := 0, 0
	for _, o := range meleeGroup(e, atk) {
		if o.Side == atk.Side {
			friends++
		} else {
			foes++
		}
	}
	switch {
	case foes > 0 && friends >= 2*foes:
		return 2, fmt.Sprintf("major advantage +2d: %d against %d", friends, foes)
	case friends > foes:
		return 1, fmt.Sprintf("minor advantage +1d: %d against %d", friends, foes)
	}
	return 0, ""
}

// contactFoes lists the able foes cb is InContact with: those engaged
// with it, or, when it stands with friends, every able enemy in its
// melee group (one enemy touching one of a group of friends brings them
// all InContact). A combatant engaged with foes only takes the short way.
func contactFoes(e *model.Encounter, cb *model.Combatant) []*model.Combatant {
	var out []*model.Combatant
	grouped := false
	for _, o := range e.Foes(cb) {
		switch {
		case !enemies(cb, o):
			grouped = true
		case able(o):
			out = append(out, o)
		}
	}
	if !grouped {
		return out
	}
	out = out[:0]
	for _, o := range meleeGroup(e, cb) {
		if enemies(cb, o) {
			out = append(out, o)
		}
	}
	return byID(out)
}

// friendsWith lists the friends standing in cb's group, by ID.
func friendsWith(e *model.Encounter, cb *model.Combatant) []*model.Combatant {
	var out []*model.Combatant
	for _, o := range meleeGroup(e, cb) {
		if o != cb && !enemies(cb, o) {
			out = append(out, o)
		}
	}
	return byID(out)
}

// byID sorts combatants by ID, in place.
func byID(cbs []*model.Combatant) []*model.Combatant {
	slices.SortFunc(cbs, func(a, b *model.Combatant) int { return a.ID - b.ID })
	return cbs
}

// withFriends reports whether cb is engaged with a friend: it stands in
// a group of friends, Alone or InContact.
func withFriends(e *model.Encounter, cb *model.Combatant) bool {
	for _, o := range e.Foes(cb) {
		if !enemies(cb, o) {
			return true
		}
	}
	return false
}

// aloneWith lists the friends cb stands Alone with (none if it stands
// with none, or is InContact).
func aloneWith(e *model.Encounter, cb *model.Combatant) []*model.Combatant {
	if !withFriends(e, cb) || len(contactFoes(e, cb)) > 0 {
		return nil
	}
	return friendsWith(e, cb)
}

// engagedMelee engages a and b for a melee, saying who else that brings
// InContact: the friends either of them stood Alone with.
func engagedMelee(c *rules.Ctx, a, b *model.Combatant) error {
	fa, fb := aloneWith(c.E, a), aloneWith(c.E, b)
	if err := rules.EngagePair(c, a, b); err != nil {
		return err
	}
	if enemies(a, b) {
		for _, p := range []struct {
			fs       []*model.Combatant
			with, of *model.Combatant
		}{{fb, b, a}, {fa, a, b}} {
			if len(p.fs) > 0 {
				c.Event("%s %s with %s: all InContact with %s", names(p.fs), map[bool]string{true: "stands", false: "stand"}[len(p.fs) == 1], p.with.Name, p.of.Name)
			}
		}
	}
	return nil
}

// meleeReach checks and sets the position of a melee attack: a reach
// weapon strikes from Alone and cannot be used InContact; another melee
// weapon needs the two in one zone (when both zones are known) and puts
// them InContact; a heavy weapon cannot be used InClose.
func meleeReach(c *rules.Ctx, atk *model.Combatant, as *Sheet, t *model.Combatant, weight string, free bool) error {
	if settled, err := flyerReach(c, atk, t, free); settled || err != nil {
		return err
	}
	if as.Reach {
		if foes := contactFoes(c.E, atk); len(foes) > 0 {
			if err := c.Refuse("%s is InContact with %s: a reach weapon cannot be used InContact", atk.Name, names(foes)); err != nil {
				return err
			}
		}
		c.Event("%s strikes with its reach from out of contact", atk.Name)
		return nil
	}
	if same, known := model.SameZone(atk, t); known && !same {
		if err := c.Refuse("%s is in %s and %s in %s: move into the zone to strike in melee", t.Name, rules.ZoneText(t.Zone), atk.Name, rules.ZoneText(atk.Zone)); err != nil {
			return err
		}
	}
	if inCloseWith(atk, t) && heavyHanded(weight) {
		if err := c.Refuse("%s and %s are InClose: a %s weapon cannot be used InClose", atk.Name, t.Name, weight); err != nil {
			return err
		}
	}
	if c.Option(optContact) == "on" && !atk.EngagedWith(t.ID) {
		return engagedMelee(c, atk, t)
	}
	return nil
}

// heavyHanded reports whether a weapon weight is too big for InClose:
// heavy weapons are dropped there. Large, huge and massive are the
// natural weapons of big creatures, which keep them.
func heavyHanded(weight string) bool { return weight == "heavy" }

// closeSL is the SL a light weapon gains InClose (fists, hands and feet,
// count as light without it).
func closeSL(atk, t *model.Combatant, weight string) int {
	if weight == "light" && inCloseWith(atk, t) {
		return 1
	}
	return 0
}

// goInClose puts a and b InClose, with what follows: each falls prone
// unless three times the size of every foe InClose, and heavy weapons are
// dropped.
func goInClose(c *rules.Ctx, a, b *model.Combatant) error {
	if !a.EngagedWith(b.ID) {
		if err := engagedMelee(c, a, b); err != nil {
			return err
		}
	}
	setClose(a, b, true)
	c.Event("%s and %s are InClose", a.Name, b.Name)
	for _, cb := range []*model.Combatant{a, b} {
		s, err := ownSheet(cb)
		if err != nil {
			return err
		}
		big := true
		for _, o := range InClose(c.E, cb) {
			big = big && sizeOf(cb) >= 3*sizeOf(o)
		}
		switch {
		case big:
			c.Event("%s stays on its feet: three times the size of every foe InClose", cb.Name)
		case !cb.HasCond(prone):
			cb.SetCond(prone, 0)
			c.Event("%s falls prone (InClose)", cb.Name)
		}
		if heavyHanded(s.Weapon) {
			s.Dropped, s.Weapon = s.Weapon, fists
			c.Event("%s drops the %s weapon: it cannot be used InClose (dropped=%s; set %s weapon=%s to take it up)", cb.Name, s.Dropped, s.Dropped, rules.Quote(cb.Name), s.Dropped)
		}
	}
	return nil
}

// runClose: an action that takes a and b InClose.
func runClose(v rules.Verb) func(*rules.Ctx, []string) error {
	return func(c *rules.Ctx, words []string) error {
		a := parseArgs(words)
		cb, s, err := a.who(c, v)
		if err != nil {
			return err
		}
		if len(a.plain) != 1 {
			return rules.Usagef(v, "close takes the one closing in and its foe")
		}
		foe, err := c.Find(a.plain[0])
		if err != nil {
			return err
		}
		if foe == cb {
			return rules.Usagef(v, "%s cannot close with itself", cb.Name)
		}
		if _, err := sheetOf(foe); err != nil {
			return err
		}
		if inCloseWith(cb, foe) {
			return fmt.Errorf("%s and %s are InClose already", cb.Name, foe.Name)
		}
		if same, known := model.SameZone(cb, foe); known && !same {
			if err := c.Refuse("%s is in %s and %s in %s: move into the zone first", foe.Name, rules.ZoneText(foe.Zone), cb.Name, rules.ZoneText(cb.Zone)); err != nil {
				return err
			}
		}
		n, faces, err := costArgs(&a)
		if err != nil {
			return err
		}
		if err := a.done(v); err != nil {
			return err
		}
		if stop, err := payAction(c, cb, s, n, faces, "closing with "+foe.Name); stop || err != nil {
			return err
		}
		if err := goInClose(c, cb, foe); err != nil {
			return err
		}
		return endAction(c, cb, s)
	}
}

// runWithdraw: an action that steps back one level: out of InClose (and
// up off the ground), or out of contact to Alone, with no opportunity
// attack.
func runWithdraw(v rules.Verb) func(*rules.Ctx, []string) error {
	return func(c *rules.Ctx, words []string) error {
		a := parseArgs(words)
		cb, s, err := a.who(c, v)
		if err != nil {
			return err
		}
		var only *model.Combatant
		if len(a.plain) > 1 {
			return rules.Usagef(v, "withdraw takes a name and at most the foe it leaves")
		}
		if len(a.plain) == 1 {
			if only, err = c.Find(a.plain[0]); err != nil {
				return err
			}
			if !cb.EngagedWith(only.ID) {
				return fmt.Errorf("%s is not InContact with %s", cb.Name, only.Name)
			}
		}
		n, faces, err := costArgs(&a)
		if err != nil {
			return err
		}
		if err := a.done(v); err != nil {
			return err
		}
		closeTo := InClose(c.E, cb)
		if only != nil && !slices.Contains(closeTo, only) {
			closeTo = nil
		} else if only != nil {
			closeTo = []*model.Combatant{only}
		}
		contact := c.E.Foes(cb)
		if only != nil {
			contact = []*model.Combatant{only}
		}
		if len(closeTo) == 0 && len(contact) == 0 && !cb.HasCond(prone) {
			return fmt.Errorf("%s is Alone: there is nothing to withdraw from", cb.Name)
		}
		if stop, err := payAction(c, cb, s, n, faces, "withdrawing"); stop || err != nil {
			return err
		}
		switch {
		case len(closeTo) > 0:
			for _, o := range closeTo {
				setClose(cb, o, false)
			}
			cb.DropCond(prone)
			c.Event("%s withdraws from InClose with %s and gets up: still InContact", cb.Name, names(closeTo))
		case len(contact) > 0:
			for _, o := range contact {
				setClose(cb, o, false)
				c.E.Disengage(cb, o)
			}
			cb.DropCond(prone)
			c.Event("%s withdraws from contact with %s: Alone", cb.Name, names(contact))
		default:
			cb.DropCond(prone)
			c.Event("%s gets up", cb.Name)
		}
		return endAction(c, cb, s)
	}
}

// moveAway is sst's check before a move: InClose one must withdraw
// first; leaving InContact is allowed, each foe left behind may take an
// opportunity attack (a free attack the GM types), and the contact ends.
func moveAway(c *rules.Ctx, cb *model.Combatant, z string) error {
	if cl := InClose(c.E, cb); len(cl) > 0 {
		if err := c.Refuse("%s is InClose with %s: withdraw first", cb.Name, names(cl)); err != nil {
			return err
		}
	}
	for _, o := range rules.Leaving(c.E, cb, z) {
		if able(o) && enemies(cb, o) {
			c.Event("%s may take an opportunity attack as %s leaves (attack %s %s free)", o.Name, cb.Name, rules.Quote(o.Name), rules.Quote(cb.Name))
		}
		setClose(cb, o, false)
		c.E.Disengage(cb, o)
		c.Event("%s and %s are no longer InContact", cb.Name, o.Name)
	}
	return nil
}

// costArgs reads cost= (4 by default: the source's cost lists are lost)
// and dice=.
func costArgs(a *args) (int, []int, error) {
	n, err := a.num("cost", 4)
	if err != nil {
		return 0, nil, err
	}
	if n < 1 || n > 100 {
		return 0, nil, fmt.Errorf("a cost is 1 to 100 pips, not %d", n)
	}
	faces, err := a.faces("dice")
	return n, faces, err
}

// payAction begins an action and pays its cost; stop says that fear
// stopped the action once paid (its die was spent for nothing).
func payAction(c *rules.Ctx, cb *model.Combatant, s *Sheet, n int, faces []int, what string) (stop bool, err error) {
	return payKind(c, cb, s, actOther, n, faces, what)
}

// payKind is payAction for an action of kind k.
func payKind(c *rules.Ctx, cb *model.Combatant, s *Sheet, k actKind, n int, faces []int, what string) (stop bool, err error) {
	if err := beginAction(c, cb, s, k); err != nil {
		return false, err
	}
	used, err := pay(cb, s, n, faces)
	if err != nil {
		return false, err
	}
	c.Event("%s spends %s on %s (cost %d): dice left %s", cb.Name, facesText(used), what, n, orNone(facesText(s.Dice)))
	return fearStops(c, cb, s)
}

// names lists combatants' names.
func names(cbs []*model.Combatant) string {
	ns := make([]string, len(cbs))
	for i, o := range cbs {
		ns[i] = o.Name
	}
	return strings.Join(ns, ", ")
}

// contactMarks are a row's marks of position.
func contactMarks(e *model.Encounter, cb *model.Combatant) []string {
	if len(cb.Engaged) == 0 {
		return nil
	}
	var ms []string
	if cl := InClose(e, cb); len(cl) > 0 {
		ms = append(ms, "in close: "+names(cl))
	}
	foes := contactFoes(e, cb)
	var rest []*model.Combatant
	for _, o := range foes {
		if !inCloseWith(cb, o) {
			rest = append(rest, o)
		}
	}
	switch {
	case len(rest) > 0:
		ms = rules.EngagedMarks(ms, rest) // InContact: the shared engaged pair
	case len(foes) == 0 && withFriends(e, cb):
		ms = append(ms, "alone with: "+names(friendsWith(e, cb)))
	}
	return ms
}

// runMove is the core move with sst's leaving of contact and a flyer's
// limits (dive, a third word, lets it go faster).
func runMove(v rules.Verb) func(*rules.Ctx, []string) error {
	return func(c *rules.Ctx, args []string) error {
		dive := false
		if n := len(args); n == 3 && strings.EqualFold(args[2], "dive") {
			dive, args = true, args[:2]
		}
		return rules.Move(c, args, func(cb *model.Combatant, z string) error {
			if err := flightCheck(c, cb, z, dive); err != nil {
				return err
			}
			return moveAway(c, cb, z)
		}, nil)
	}
}
