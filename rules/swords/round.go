package swords

import (
	"fmt"
	"strconv"
	"strings"

	"fray/model"
	"fray/rules"
)

// ActionPenalty is the skill penalty after a number of actions in a round:
// −2 for each action after the first.
func ActionPenalty(actions int) int { return -2 * max(0, actions-1) }

// The actions a combatant took this round live in its turn state as
// "actions", "ROUND ACTIONS DEFENSES"; a value from another round counts
// as nothing, so a new round starts every count afresh and undo restores
// them with the rest of the encounter. (Files before format 4 kept them
// in Encounter.Turn as "actions:ID": AdoptTurn moves them.)
const kindActions = "actions"

// Tally is what a combatant did this round.
type Tally struct {
	Actions  int // every action, Defense rolls and Augments included
	Defenses int // Defense rolls and assisted blocks among them
}

// Penalty is the skill penalty the actions so far give: what a roll that
// is not an action (skill, Riding) takes now.
func (t Tally) Penalty() int { return ActionPenalty(t.Actions) }

// Next is the skill penalty the roll of the next action will take.
func (t Tally) Next() int { return ActionPenalty(t.Actions + 1) }

// CanDefend reports whether a Defense roll is still allowed: not once the
// combatant has acted this round without defending.
func (t Tally) CanDefend() bool { return t.Actions == 0 || t.Defenses > 0 }

// RoundTally returns what a combatant did in the encounter's current round.
// It allocates nothing: the order asks it of every combatant on every
// change.
func RoundTally(e *model.Encounter, id int) Tally {
	cb := e.ByID(id)
	if cb == nil {
		return Tally{}
	}
	var f [3]string
	n := 0
	for w := range strings.FieldsSeq(cb.TurnText(kindActions)) {
		if n == len(f) {
			return Tally{}
		}
		f[n] = w
		n++
	}
	if n != 3 {
		return Tally{}
	}
	r, err0 := strconv.Atoi(f[0])
	a, err1 := strconv.Atoi(f[1])
	d, err2 := strconv.Atoi(f[2])
	if err0 != nil || r != e.Round || err1 != nil || err2 != nil || a < 0 || d < 0 {
		return Tally{}
	}
	return Tally{Actions: a, Defenses: d}
}

func setTally(e *model.Encounter, id int, t Tally) {
	if cb := e.ByID(id); cb != nil {
		cb.SetTurn(kindActions, fmt.Sprintf("%d %d %d", e.Round, t.Actions, t.Defenses))
	}
}

// spend counts n actions (defenses of them Defense rolls) and returns the
// penalty for a roll made as part of them.
func spend(e *model.Encounter, cb *model.Combatant, n, defenses int) int {
	t := RoundTally(e, cb.ID)
	t.Actions += n
	t.Defenses += defenses
	setTally(e, cb.ID, t)
	return t.Penalty()
}

// pruneRounds drops the action counts and battles of rounds other than
// the current one.
func pruneRounds(e *model.Encounter) {
	round := strconv.Itoa(e.Round)
	for k, v := range e.Turn {
		if strings.HasPrefix(k, "battle:") {
			if f := strings.Fields(v); len(f) == 0 || f[0] != round {
				delete(e.Turn, k)
			}
		}
	}
	for _, cb := range e.Combatants {
		if v, ok := cb.TurnItem(kindActions); ok {
			if r, _, _ := strings.Cut(strings.TrimSpace(v), " "); r != round {
				cb.DropTurn(kindActions)
			}
		}
	}
}

// AdoptTurn implements rules.TurnAdopter: a delay's round, the actions
// taken this round and who holds whom, which files before format 4 kept
// in Encounter.Turn.
func (s *System) AdoptTurn(e *model.Encounter) {
	s.order.AdoptTurn(e)
	rules.AdoptTurnKey(e, kindActions, kindActions)
	rules.AdoptTurnKey(e, kindHeld, kindHeld)
}

func verb(name string) rules.Verb {
	for _, v := range (&System{}).Verbs() {
		if v.Name == name {
			return v
		}
	}
	return rules.Verb{Name: name, Usage: name}
}

var _ rules.Turns = (*System)(nil)

// MayAct implements rules.Turns: the combatant whose turn it is, as many
// actions as it likes at the running penalty; one holding a delayed
// action takes it with act first. Defense is a reaction (OutOfTurn),
// taken by anyone able whenever attacked. One held fast in close combat
// may only try to escape or take control (those verbs ask the turn
// alone).
func (*System) MayAct(e *model.Encounter, cb *model.Combatant, kind rules.ActKind) error {
	if kind != rules.OutOfTurn {
		if err := restrained(e, cb); err != nil {
			if rules.Able(cb) != nil {
				return rules.Able(cb)
			}
			return err
		}
	}
	return rules.CurrentMayAct(e, cb, kind)
}

// person finds a combatant with a person's sheet that may act now (who
// may act: kind).
func person(c *rules.Ctx, name string, kind rules.ActKind) (*model.Combatant, *Sheet, error) {
	cb, err := c.Find(name)
	if err != nil {
		return nil, nil, err
	}
	sh, err := ownSheet(cb)
	if err != nil {
		return nil, nil, err
	}
	if sh.IsArmy() {
		return nil, nil, fmt.Errorf("%s is an army: armies fight with battle", cb.Name)
	}
	if err := c.MayAct(cb, kind); err != nil {
		return nil, nil, err
	}
	return cb, sh, nil
}

func runAction(c *rules.Ctx, args []string) error {
	if len(args) == 0 {
		return rules.Usagef(verb("action"), "action takes a name")
	}
	cb, _, err := person(c, args[0], rules.OnTurn)
	if err != nil {
		return err
	}
	what := strings.Join(args[1:], " ")
	if what == "" {
		what = "an action"
	}
	spend(c.E, cb, 1, 0)
	t := RoundTally(c.E, cb.ID)
	c.Event("%s: %s (action %d this round, skill rolls %s)", cb.Name, what, t.Actions, signed(t.Penalty()))
	return nil
}

// skillRoll rolls 2d6 + the terms + the action penalty, or takes an
// entered total, and describes it for the log.
func skillRoll(c *rules.Ctx, who, why string, terms total, pen int, entered *int) (int, string, error) {
	if entered != nil {
		return *entered, fmt.Sprintf("%d (entered)", *entered), nil
	}
	r, err := roll2d6(c, who, why)
	if err != nil {
		return 0, "", err
	}
	var t total
	t.Die("2d6", r)
	t.AddAll(terms)
	t.Add("actions", pen)
	return t.Sum(), t.String(), nil
}

// skillTerms are attribute + skill + mod.
func skillTerms(attr string, attrN int, skill string, skillN, mod int) total {
	var t total
	t.Add(attr, attrN)
	t.Add(titled(skill), skillN)
	t.Add("mod", mod)
	return t
}

func titled(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// kvInts reads the named whole-number options; anything else is an error.
func kvInts(v rules.Verb, kvs []rules.KV, keys ...string) (map[string]*int, error) {
	out := map[string]*int{}
	for _, kv := range kvs {
		known := false
		for _, k := range keys {
			known = known || k == kv.Key
		}
		if !known {
			return nil, rules.Usagef(v, "unknown option %s=", kv.Key)
		}
		n, err := rules.Int(kv.Key, kv.Value)
		if err != nil {
			return nil, err
		}
		out[kv.Key] = &n
	}
	return out, nil
}

func intOr(m map[string]*int, k string) int {
	if p := m[k]; p != nil {
		return *p
	}
	return 0
}

func runDefend(c *rules.Ctx, args []string) error {
	v := verb("defend")
	plain, kvs := rules.SplitKV(args)
	if len(plain) != 1 {
		return rules.Usagef(v, "defend takes one name")
	}
	opts, err := kvInts(v, kvs, "def", "mod")
	if err != nil {
		return err
	}
	cb, sh, err := person(c, plain[0], rules.OutOfTurn)
	if err != nil {
		return err
	}
	if !RoundTally(c.E, cb.ID).CanDefend() {
		return fmt.Errorf("%s has acted this round without defending and cannot defend until the next round", cb.Name)
	}
	pen := spend(c.E, cb, 1, 1)
	_, text, err := skillRoll(c, cb.Name, "defense", skillTerms("Dex", sh.Dex, "defense", sh.Defense, intOr(opts, "mod")), pen, opts["def"])
	if err != nil {
		return err
	}
	c.Event("%s: Defense %s", cb.Name, text)
	return nil
}

func runSkill(c *rules.Ctx, args []string) error {
	v := verb("skill")
	plain, kvs := rules.SplitKV(args)
	if len(plain) != 2 {
		return rules.Usagef(v, "skill takes a name and a skill")
	}
	opts, err := kvInts(v, kvs, "vs", "mod")
	if err != nil {
		return err
	}
	cb, err := c.Find(plain[0])
	if err != nil {
		return err
	}
	sh, err := sheetOf(cb)
	if err != nil {
		return err
	}
	name := strings.ToLower(plain[1])
	rating, ok := sh.Skill(name)
	if !ok {
		return rules.Usagef(v, "unknown skill %q (striking, archery, grappling, defense, riding, tactics)", plain[1])
	}
	attr, attrN := "Dex", sh.Dex
	if name == "tactics" {
		attr, attrN = "Int", sh.Int
	}
	pen := RoundTally(c.E, cb.ID).Penalty()
	n, text, err := skillRoll(c, cb.Name, name, skillTerms(attr, attrN, name, rating, intOr(opts, "mod")), pen, nil)
	if err != nil {
		return err
	}
	msg := fmt.Sprintf("%s: %s %s", cb.Name, titled(name), text)
	if vs := opts["vs"]; vs != nil {
		if n > *vs {
			msg += fmt.Sprintf(" against %d: success", *vs)
		} else {
			msg += fmt.Sprintf(" against %d: failure", *vs)
		}
	}
	c.Event("%s", msg)
	return nil
}
