package arm5

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"fray/model"
	"fray/rules"
)

// MaxGroup is the most members a combat group may have.
const MaxGroup = 6

// groupPrefix starts the Encounter.Turn key of a group: "group:NAME". The
// value lists the group's settings as words, members and leader by
// combatant ID, so a save keeps the group and a rename does not break it:
// "members=3,4,5 vanguard=3 leader=5 trained=yes bonus=attack".
const groupPrefix = "group:"

// group is a combat group: members who fight as one, using the scores of
// the vanguard. A trained group also has a leader and a bonus the GM puts
// on Attack or on Defense.
type group struct {
	Name     string
	Members  []int // combatant IDs, in the order given
	Vanguard int
	Leader   int  // 0: no leader
	Trained  bool // adds the other members' Combat Abilities
	Defense  bool // the trained bonus goes to Defense rather than Attack
	// State is "" (in order), "disordered", "broken" (a trained group
	// disordered twice, fighting as a disordered untrained one) or "routed"
	// (the morale option).
	State string

	// aside holds members who stay in the group but do something other
	// than attack this action: they add nothing to the bonus and deal no
	// blow. It lives only for one attack and is never saved.
	aside map[int]bool
}

func (g *group) encode() string {
	ids := make([]string, len(g.Members))
	for i, id := range g.Members {
		ids[i] = strconv.Itoa(id)
	}
	trained, bonus := "no", "attack"
	if g.Trained {
		trained = "yes"
	}
	if g.Defense {
		bonus = "defense"
	}
	v := fmt.Sprintf("members=%s vanguard=%d leader=%d trained=%s bonus=%s",
		strings.Join(ids, ","), g.Vanguard, g.Leader, trained, bonus)
	if g.State != "" {
		v += " state=" + g.State
	}
	return v
}

// decodeGroup reads a stored group; a hand-edited entry it cannot make
// sense of reports false and is left alone.
func decodeGroup(name, v string) (*group, bool) {
	g := &group{Name: name}
	for _, w := range strings.Fields(v) {
		k, val, _ := strings.Cut(w, "=")
		var err error
		switch k {
		case "members":
			for _, s := range strings.Split(val, ",") {
				id, e := strconv.Atoi(s)
				if e != nil {
					return nil, false
				}
				g.Members = append(g.Members, id)
			}
		case "vanguard":
			g.Vanguard, err = strconv.Atoi(val)
		case "leader":
			g.Leader, err = strconv.Atoi(val)
		case "trained":
			g.Trained = val == "yes"
		case "bonus":
			g.Defense = val == "defense"
		case "state":
			g.State = val
		}
		if err != nil {
			return nil, false
		}
	}
	if len(g.Members) == 0 || (g.Vanguard != 0 && !g.has(g.Vanguard)) || (g.Leader != 0 && !g.has(g.Leader)) {
		return nil, false
	}
	return g, true
}

func (g *group) has(id int) bool {
	for _, m := range g.Members {
		if m == id {
			return true
		}
	}
	return false
}

// groups lists the encounter's groups sorted by name.
func groups(e *model.Encounter) []*group {
	var out []*group
	for k, v := range e.Turn {
		if name, ok := strings.CutPrefix(k, groupPrefix); ok {
			if g, ok := decodeGroup(name, v); ok {
				out = append(out, g)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// findGroup finds a group by its whole name, ignoring case.
func findGroup(e *model.Encounter, name string) *group {
	for _, g := range groups(e) {
		if strings.EqualFold(g.Name, strings.TrimSpace(name)) {
			return g
		}
	}
	return nil
}

// lookupGroup finds a group by its whole name or else by a unique
// beginning of it, ignoring case; nil if none or several match.
func lookupGroup(e *model.Encounter, word string) *group {
	if g := findGroup(e, word); g != nil {
		return g
	}
	var hit *group
	w := strings.ToLower(strings.TrimSpace(word))
	for _, g := range groups(e) {
		if w != "" && strings.HasPrefix(strings.ToLower(g.Name), w) {
			if hit != nil {
				return nil
			}
			hit = g
		}
	}
	return hit
}

// groupOf returns the group a combatant belongs to, or nil.
func groupOf(e *model.Encounter, id int) *group {
	for _, g := range groups(e) {
		if g.has(id) {
			return g
		}
	}
	return nil
}

func saveGroup(e *model.Encounter, g *group) { e.Turn[groupPrefix+g.Name] = g.encode() }
func dropGroup(e *model.Encounter, g *group) { delete(e.Turn, groupPrefix+g.Name) }

// fighting lists the members still in the encounter who can act.
func (g *group) fighting(e *model.Encounter) []*model.Combatant {
	var out []*model.Combatant
	for _, id := range g.Members {
		if cb := e.ByID(id); cb != nil && cb.Status.CanAct() && !g.aside[id] {
			out = append(out, cb)
		}
	}
	return out
}

// role says what a member is in its group: "vanguard", "leader", both or "".
func (g *group) role(id int) string {
	var r []string
	if id == g.Vanguard {
		r = append(r, "vanguard")
	}
	if id == g.Leader {
		r = append(r, "leader")
	}
	return strings.Join(r, ", ")
}

// bonus works out a trained group's bonus: the Combat Abilities of the
// fighting members other than the vanguard, at most 3 × the leader's
// Leadership. It returns the bonus and how it was reached, for the log.
func (g *group) bonus(e *model.Encounter) (int, string) {
	if !g.Trained {
		return 0, ""
	}
	if g.State != "" {
		return 0, "the group is " + g.State + " and fights as an untrained one"
	}
	var t total
	for _, cb := range g.fighting(e) {
		if sh, ok := cb.Sheet().(*Sheet); ok && cb.ID != g.Vanguard {
			t.Add(cb.Name, sh.Ability)
		}
	}
	sum, text := t.Sum(), t.String()
	if t.Len() == 0 {
		text = "no other member fighting"
	}
	lead := 0
	if l := e.ByID(g.Leader); l != nil {
		if sh, ok := l.Sheet().(*Sheet); ok {
			lead = sh.Leadership
		}
	}
	if most := 3 * lead; sum > most {
		return most, fmt.Sprintf("%s, at most 3 × Leadership %d = %d", text, lead, most)
	}
	return sum, text
}

func (g *group) bonusWord() string {
	if g.Defense {
		return "Defense"
	}
	return "Attack"
}

// names lists combatants' names, "nobody" for none.
func names(cbs []*model.Combatant) string {
	if len(cbs) == 0 {
		return "nobody"
	}
	ns := make([]string, len(cbs))
	for i, cb := range cbs {
		ns[i] = cb.Name
	}
	return strings.Join(ns, ", ")
}

// splitGroups breaks up every group whose vanguard or leader can no
// longer fight (or has left the encounter); its members fight alone.
func splitGroups(c *rules.Ctx) {
	for _, g := range groups(c.E) {
		why := ""
		for _, x := range []struct {
			id   int
			role string
		}{{g.Vanguard, "vanguard"}, {g.Leader, "leader"}} {
			if x.id == 0 || why != "" {
				continue
			}
			switch cb := c.E.ByID(x.id); {
			case cb == nil:
				why = "its " + x.role + " has left the fight"
			case !cb.Status.CanAct():
				why = fmt.Sprintf("its %s %s is %s", x.role, cb.Name, cb.Status)
			}
		}
		if why == "" {
			continue
		}
		if on(c, optMorale) && len(g.fighting(c.E)) > 0 {
			leaderless(c, g)
			continue
		}
		dropGroup(c.E, g)
		c.Event("the group %s splits (%s): %s fight alone", g.Name, why, names(g.fighting(c.E)))
	}
}

// followsGroup returns the group a combatant acts with, or nil when it
// takes turns of its own. A group acts as one on its vanguard's
// Initiative, so a member other than the vanguard has no turn of its own
// while the vanguard can act, unless it stood aside from the group's
// attack this round.
func followsGroup(e *model.Encounter, cb *model.Combatant) *group {
	g := groupOf(e, cb.ID)
	if g == nil || g.Vanguard == 0 || g.Vanguard == cb.ID || getN(e, kAside, cb.ID) == e.Round {
		return nil
	}
	if v := e.ByID(g.Vanguard); v == nil || !v.Status.CanAct() {
		return nil
	}
	return g
}

// actedWith marks the members who fought in a group's attack as having
// acted this round.
func (g *group) actedWith(e *model.Encounter) {
	for _, cb := range g.fighting(e) {
		if cb.ID != g.Vanguard {
			cb.Acted = true
		}
	}
}

// asideLater lets a member that stands aside act on its own this round
// although its place in the order went by while it fought with the group:
// it holds its action, to take with act before its next turn.
func asideLater(c *rules.Ctx, cb *model.Combatant) {
	if c.E.Round == 0 || getN(c.E, kWith, cb.ID) != c.E.Round || cb.Delaying || !cb.Status.CanAct() {
		return
	}
	setN(c.E, kWith, cb.ID, 0)
	rules.SetDelay(c.E, cb)
	c.Event("%s stood aside and holds its action for this round (act %s)", cb.Name, cb.Name)
}
