package osr

import (
	"fmt"
	"strconv"

	"fray/model"
	"fray/rules"
)

// Who may act (rules.Turns). Before combat anyone able; in a surprise
// segment those not surprised; in the declare phase nobody (spells and
// charges are declared, initiative comes next); during the count those
// whose count it is, all together, and one who took a held action with
// `act`; in the held step those who held. An attack also needs one left:
// one a round (the sheet's attacks=N for more), two for a bow shot by an
// archer who has not moved. A free attack the rules grant (after a
// fumble, against one who retreats) is OutOfTurn: anyone able.
//
// Per-round marks live in each combatant's turn state (model.TurnVal) and
// are cleared as each round (and each surprise segment, a full round of
// its own) begins:
//
//	did     attacks made this round
//	moved   1 once it moved this round (move, close, retreat, charge)
//	now     the step in which it took a held action (act)
//
// and the others perRound names. The marks that outlast a round are
// declared (a spell or charge declared), scroll (a scroll being read),
// surprised (segments of surprise), arrow (arrows stuck in it) and wall
// (those it stands in a shield wall with). Files before format 4 kept
// them all as keys of Encounter.Turn, "KIND:ID": AdoptTurn moves them.

var _ rules.Turns = (*System)(nil)

// perRound are the turn state kinds cleared at each round and segment.
var perRound = []string{"did", "moved", "now", "hitat", "wand", "closing", "fended", "arrowhurt", "retreat"}

// turnKinds are all the turn state kinds osr keeps, for AdoptTurn.
var turnKinds = append([]string{"declared", "scroll", "surprised", "arrow", "wall"}, perRound...)

// clearRound forgets the per-round marks.
func clearRound(e *model.Encounter) {
	for _, cb := range e.Combatants {
		if cb.TurnState == nil {
			continue
		}
		for _, k := range perRound {
			cb.DropTurn(k)
		}
	}
}

var _ rules.TurnAdopter = (*System)(nil)

// AdoptTurn implements rules.TurnAdopter: the marks files before format 4
// kept in Encounter.Turn.
func (*System) AdoptTurn(e *model.Encounter) {
	for _, k := range turnKinds {
		rules.AdoptTurnKey(e, k, k)
	}
}

// step names the present step of the round: round, phase and count.
func step(e *model.Encounter) string {
	return fmt.Sprintf("%d %s %d", e.Round, e.Phase, e.Count)
}

func getN(kind string, cb *model.Combatant) int {
	n, _ := strconv.Atoi(cb.TurnText(kind))
	return n
}

// setTurn sets cb's mark of this kind; "" drops it.
func setTurn(kind string, cb *model.Combatant, v string) {
	if v == "" {
		cb.DropTurn(kind)
		return
	}
	cb.SetTurn(kind, v)
}

// cannot says what keeps a combatant from acting, as a sentence.
func cannot(cb *model.Combatant) string {
	switch b := blockedBy(cb); b {
	case "":
		return ""
	case condFled:
		return cb.Name + " has fled"
	case condSurrendered:
		return cb.Name + " has surrendered"
	default:
		return cb.Name + " is " + b
	}
}

// MayAct implements rules.Turns.
func (s *System) MayAct(e *model.Encounter, cb *model.Combatant, kind rules.ActKind) error {
	return mayAct(e, cb, kind, nil)
}

var _ rules.TurnsAsker = (*System)(nil)

// Asker implements rules.TurnsAsker: MayAct with what every answer shares
// worked out once. The screen asks everyone when the turn rests with
// nobody (the declare phase), and a form lists who may attack.
func (s *System) Asker(e *model.Encounter) func(*model.Combatant, rules.ActKind) error {
	f := &askFacts{step: step(e)}
	for _, cb := range e.Combatants {
		if cb.TurnState != nil {
			_, scroll := cb.TurnItem("scroll")
			_, now := cb.TurnItem("now")
			f.scrolls, f.nows = f.scrolls || scroll, f.nows || now
		}
	}
	return func(cb *model.Combatant, kind rules.ActKind) error { return mayAct(e, cb, kind, f) }
}

// askFacts are the facts of the fight MayAct's answers share: the step of
// the round, whether anyone reads a scroll or took a held action (a
// scroll or now mark), and the declare phase's refusal, the same for
// all, once made.
type askFacts struct {
	step          string
	scrolls, nows bool
	declare       error
}

// mayAct is MayAct; f (nil for a single answer) holds what many share.
func mayAct(e *model.Encounter, cb *model.Combatant, kind rules.ActKind, f *askFacts) error {
	if why := cannot(cb); why != "" {
		return rules.Refusef("%s", why)
	}
	if f == nil || f.scrolls {
		if r := reading(cb); r != "" && kind != rules.OutOfTurn {
			return rules.Refusef("%s is reading a scroll (%s): nothing else until it is read (declare %s none stops)", cb.Name, r, rules.Quote(cb.Name))
		}
	}
	if e.Round == 0 && kind != rules.OutOfTurn {
		if n := segments(cb); n > 0 {
			// The surprised cannot answer until their segments are over.
			return rules.Refusef("%s is surprised for %s: next starts the fight, and its time comes after them", cb.Name, rules.Plural(n, "segment"))
		}
	}
	if e.Round == 0 || kind == rules.OutOfTurn {
		return nil
	}
	if err := myStep(e, cb, f); err != nil {
		return err
	}
	if kind == rules.Attack {
		if n, most := getN("did", cb), attacksAllowed(cb, nil); n >= most {
			return rules.Refusef("%s", attackedWhy(cb, most))
		}
	}
	return nil
}

// myStep refuses one for whom the present step of the round is not the
// time to act; f as for mayAct.
func myStep(e *model.Encounter, cb *model.Combatant, f *askFacts) error {
	if acting(e, cb) {
		return nil
	}
	if f == nil {
		if cb.TurnText("now") == step(e) {
			return nil
		}
	} else if f.nows && cb.TurnText("now") == f.step {
		return nil
	}
	switch {
	case e.Phase == phaseSurprise:
		return rules.Refusef("%s is surprised: surprise segment %d belongs to those not surprised", cb.Name, e.Count)
	case e.Phase == phaseDeclare:
		if f == nil {
			return declareFirst(e)
		}
		if f.declare == nil {
			f.declare = declareFirst(e)
		}
		return f.declare
	case cb.Delaying && e.Phase == phaseCount:
		return rules.Refusef("%s holds its action: it acts with the held actions after count 1", cb.Name)
	case cb.Acted:
		return rules.Refusef("%s has already acted this round", cb.Name)
	case !cb.HasInit:
		return rules.Refusef("%s has no initiative this round", cb.Name)
	case e.Phase == phaseHeld:
		return rules.Refusef("only the held actions are left this round, and %s holds none", cb.Name)
	}
	return rules.Refusef("%s acts at count %d (now count %d)", cb.Name, cb.Init, e.Count)
}

// declareFirst is the declare phase's refusal of any action.
func declareFirst(e *model.Encounter) error {
	return rules.Refusef("round %d: declare spells and charges first; next rolls initiative", e.Round)
}

// attacksAllowed is how many attacks a combatant has this round: the
// sheet's attacks (1 unless set), or two with a bow (not a crossbow) for
// an archer who has not moved. w is the weapon of the attack in hand; nil
// asks whether the sheet has any bow.
func attacksAllowed(cb *model.Combatant, w *Weapon) int {
	sh, ok := cb.Sheet().(*Sheet)
	if !ok {
		return 1
	}
	n := max(1, sh.Attacks)
	bow := false
	if w != nil {
		bow = w.Bow
	} else {
		for _, x := range sh.Weapons {
			bow = bow || x.Bow
		}
	}
	if bow && getN("moved", cb) == 0 {
		n = max(n, 2)
	}
	return n
}

func attackedWhy(cb *model.Combatant, most int) string {
	why := fmt.Sprintf("%s has already attacked this round", cb.Name)
	if most > 1 {
		why = fmt.Sprintf("%s has already made its %d attacks this round", cb.Name, most)
	}
	if getN("moved", cb) > 0 {
		if sh, ok := cb.Sheet().(*Sheet); ok && sh.hasBow() {
			why += " (a bow shoots twice only for an archer who has not moved)"
		}
	}
	return why
}

// countAttack books an attack made in turn.
func countAttack(e *model.Encounter, cb *model.Combatant) {
	if e.Round > 0 {
		setTurn("did", cb, strconv.Itoa(getN("did", cb)+1))
	}
}

// markMoved records that a combatant moved this round. An archer who
// already shot twice standing still cannot move any more (a Refusal).
func markMoved(c *rules.Ctx, cb *model.Combatant) error {
	if c.E.Round == 0 {
		return nil
	}
	if sh, ok := cb.Sheet().(*Sheet); ok && sh.hasBow() && getN("did", cb) > max(1, sh.Attacks) {
		if err := c.Refuse("%s shot twice standing still this round: no moving as well", cb.Name); err != nil {
			return err
		}
	}
	setTurn("moved", cb, "1")
	return nil
}

// runMove is the core move with osr's bookkeeping: a move this round
// (a bow then shoots once).
func runMove(c *rules.Ctx, args []string) error {
	return rules.Move(c, args, func(cb *model.Combatant, _ string) error { return markMoved(c, cb) },
		func(cb *model.Combatant) error { return arrowHurts(c, cb, "moves") })
}
