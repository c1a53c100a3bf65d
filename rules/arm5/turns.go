package arm5

import (
	"sort"
	"strconv"
	"strings"

	"fray/model"
	"fray/rules"
)

// Turn state beyond the order engine's is kept per combatant and kind,
// so saves keep it and undo restores it. Most kinds are the combatant's
// own turn state (model.TurnVal); guard, horse and hold stay in
// Encounter.Turn under keys "KIND:ID" (see mapped). Files before format 4
// kept every kind there: AdoptTurn moves the others.
//
//	fast     fast actions taken this turn
//	did      1 once the combatant's action this turn is spent
//	ext      an extended action: "left total what…"
//	atk      IDs who attacked it since the end of its last turn
//	dis      failed disengage tries in a row: "fails round"
//	hold     ID of whoever holds it grappled or pinned
//	horse    the horse a rider sits on: "horseID gait [words]"
//	guard    the charge a defender protects (while defending)
//	fought   foes a defended charge has attacked: no bar against them
//	span     rounds of an interrupted arbalest spanning already done
//	extnew   the extended action began or went on this turn: "SEQ|did|dis",
//	         the log number of the command that did it and the did and
//	         dis entries before it (see stopFresh)
//	under    Size of the horse a rider is trapped under
//	gallop   the round a galloping horse last made its fatigue test
//	aside    the round a group member stood aside from its group's attack
//	with     the round a group member's place was passed by for its group
//	exertdfn 1 once it exerted itself on a defence this round
const (
	kGuard  = "guard"
	kFought = "fought"
	kFast   = "fast"
	kDid    = "did"
	kExt    = "ext"
	kExtNew = "extnew"
	kEng    = "eng"
	kAtk    = "atk"
	kDis    = "dis"
	kHold   = "hold"
	kHorse  = "horse"
	kPanic  = "panicked"
	kProne  = "prone"
	kGrap   = "grappled"
	kPinned = "pinned"
	kDisarm = "disarmed"
	kReady  = "ready"
	kMount  = "mounted"
	kAside  = "aside"
	kWith   = "with"
)

func tkey(kind string, id int) string { return kind + ":" + strconv.Itoa(id) }

// mapped reports whether a kind stays in Encounter.Turn: guard, horse and
// hold are few (defenders, riders, grapples), and withState and the
// order view find their owners by scanning the turn keys, which a kind
// every combatant gets (did, atk) would make a thousand long.
func mapped(kind string) bool { return kind == kGuard || kind == kHorse || kind == kHold }

// movedKinds are the kinds on the combatants, for AdoptTurn.
var movedKinds = []string{kFast, kDid, kExt, kExtNew, kAtk, kDis, kFought, kSpan, kUnderAt, kGallop, kAside, kWith, kExertDfn}

var _ rules.TurnAdopter = (*System)(nil)

// AdoptTurn implements rules.TurnAdopter: a delay's round, and the kinds
// on the combatants, which files before format 4 kept in Encounter.Turn.
func (s *System) AdoptTurn(e *model.Encounter) {
	s.order.AdoptTurn(e)
	for _, k := range movedKinds {
		rules.AdoptTurnKey(e, k, k)
	}
}

// tlook returns combatant id's state of this kind and whether it has any.
func tlook(e *model.Encounter, kind string, id int) (string, bool) {
	if mapped(kind) {
		v, ok := e.Turn[tkey(kind, id)]
		return v, ok
	}
	if cb := e.ByID(id); cb != nil {
		return cb.TurnItem(kind)
	}
	return "", false
}

// tget returns combatant id's state of this kind, "" for none.
func tget(e *model.Encounter, kind string, id int) string {
	v, _ := tlook(e, kind, id)
	return v
}

// tset sets combatant id's state of this kind.
func tset(e *model.Encounter, kind string, id int, v string) {
	if mapped(kind) {
		e.Turn[tkey(kind, id)] = v
	} else if cb := e.ByID(id); cb != nil {
		cb.SetTurn(kind, v)
	}
}

// tdel drops combatant id's state of this kind.
func tdel(e *model.Encounter, kind string, id int) {
	if mapped(kind) {
		delete(e.Turn, tkey(kind, id))
	} else if cb := e.ByID(id); cb != nil {
		cb.DropTurn(kind)
	}
}

// withState lists, in ID order, the combatants that have state of this
// kind, one of those mapped keeps in Turn. Scanning Turn (a handful of
// entries) instead of asking every combatant keeps turn passing and views
// linear in a big encounter.
func withState(e *model.Encounter, kind string) []int {
	var out []int
	for k := range e.Turn {
		if rest, ok := strings.CutPrefix(k, kind+":"); ok {
			if id, err := strconv.Atoi(rest); err == nil {
				out = append(out, id)
			}
		}
	}
	sort.Ints(out)
	return out
}

func getN(e *model.Encounter, kind string, id int) int {
	n, _ := strconv.Atoi(strings.Fields(tget(e, kind, id) + " 0")[0])
	return n
}

func setN(e *model.Encounter, kind string, id, n int) {
	if n == 0 {
		tdel(e, kind, id)
		return
	}
	tset(e, kind, id, strconv.Itoa(n))
}

func ids(e *model.Encounter, kind string, id int) []int {
	var out []int
	for _, w := range strings.Split(tget(e, kind, id), ",") {
		if n, err := strconv.Atoi(w); err == nil {
			out = append(out, n)
		}
	}
	return out
}

func setIDs(e *model.Encounter, kind string, id int, list []int) {
	if len(list) == 0 {
		tdel(e, kind, id)
		return
	}
	ws := make([]string, len(list))
	for i, n := range list {
		ws[i] = strconv.Itoa(n)
	}
	tset(e, kind, id, strings.Join(ws, ","))
}

func addID(e *model.Encounter, kind string, id, other int) {
	list := ids(e, kind, id)
	for _, n := range list {
		if n == other {
			return
		}
	}
	setIDs(e, kind, id, append(list, other))
}

func dropID(e *model.Encounter, kind string, id, other int) {
	var keep []int
	for _, n := range ids(e, kind, id) {
		if n != other {
			keep = append(keep, n)
		}
	}
	setIDs(e, kind, id, keep)
}

// Next implements rules.System. Groups that lost their vanguard or leader
// split (or, with the morale option, fight on without them); the turn
// that ends and the one that begins update fast actions, holds, extended
// actions and engagement; a ridden horse acts on its rider's turn and is
// passed by.
func (s *System) Next(c *rules.Ctx) error {
	splitGroups(c)
	if err := endTurn(c, c.E.ByID(c.E.Current)); err != nil {
		return err
	}
	if back := s.order.Interrupted(c.E); back != nil {
		if s.order.Resumable(c.E) {
			_, err := s.order.Return(c)
			return err
		}
		if err := endTurn(c, back); err != nil {
			return err
		}
	}
	return s.pass(c)
}

// pass moves the turn on to the next combatant who takes a turn of its
// own (passedBy leaves out those who do not) and begins that turn.
func (s *System) pass(c *rules.Ctx) error {
	if err := s.order.Next(c); err != nil {
		return err
	}
	if cb := c.E.ByID(c.E.Current); cb != nil {
		return startTurn(c, cb)
	}
	return nil
}

// passedBy is the order engine's PassBy: a ridden horse acts on its
// rider's turn and a group's member on its vanguard's, so neither takes a
// turn of its own. A member passed by this way holds its place for the
// group: should it stand aside from the group's attack later this round,
// it may still act (see setAside).
func passedBy(c *rules.Ctx, cb *model.Combatant) bool {
	if r := riderOf(c.E, cb.ID); r != nil && anyOtherCanAct(c.E, cb) {
		c.Event("%s acts on %s's turn", cb.Name, r.Name)
		return true
	}
	if g := followsGroup(c.E, cb); g != nil {
		setN(c.E, kWith, cb.ID, c.E.Round)
		c.Event("%s fights with %s", cb.Name, g.Name)
		return true
	}
	return false
}

// endTurn runs as a combatant's turn (or delayed action) ends.
func endTurn(c *rules.Ctx, cb *model.Combatant) error {
	if cb == nil || c.E.Round == 0 {
		return nil
	}
	tdel(c.E, kAtk, cb.ID)
	return galloped(c, cb)
}

// handsBack wraps a verb: once a delayed action taken out of turn has
// been spent by the command, the turn goes back to the combatant it
// interrupted.
func (s *System) handsBack(run func(*rules.Ctx, []string) error) func(*rules.Ctx, []string) error {
	return func(c *rules.Ctx, args []string) error {
		cur := c.E.ByID(c.E.Current)
		if cur == nil || s.order.Interrupted(c.E) == nil || spent(c.E, cur) {
			return run(c, args)
		}
		if err := run(c, args); err != nil {
			return err
		}
		if c.E.Current != cur.ID || s.order.Interrupted(c.E) == nil || !spent(c.E, cur) {
			return nil
		}
		if err := endTurn(c, cur); err != nil {
			return err
		}
		back := s.order.Interrupted(c.E)
		switch {
		case s.order.Resumable(c.E):
			_, err := s.order.Return(c)
			return err
		case back != nil && back.Status.CanAct():
			// The waiting combatant had already taken its action: its
			// turn is over too, and the turn moves on as next would.
			c.Event("%s has already acted this turn: the turn passes on", back.Name)
		case !s.order.PassesOn(c.E):
			// Out of the fight, while someone else still holds an
			// action that may answer the same moment: Return says so.
			_, err := s.order.Return(c)
			return err
		}
		// The turn passes on, as next would pass it.
		if err := endTurn(c, back); err != nil {
			return err
		}
		return s.pass(c)
	}
}

func anyOtherCanAct(e *model.Encounter, cb *model.Combatant) bool {
	for _, o := range e.Combatants {
		if o != cb && o.Status.CanAct() && riderOf(e, o.ID) == nil {
			return true
		}
	}
	return false
}

// startTurn runs as a combatant's turn begins.
func startTurn(c *rules.Ctx, cb *model.Combatant) error {
	e := c.E
	tdel(e, kFast, cb.ID)
	tdel(e, kDid, cb.ID)
	endExertion(c, cb)
	for _, id := range withState(e, kHold) {
		if o := e.ByID(id); o != nil && getN(e, kHold, id) == cb.ID {
			release(c, o)
		}
	}
	if err := advanceExtended(c, cb); err != nil {
		return err
	}
	autoDisengage(c, cb)
	for _, id := range []int{cb.ID} {
		if h := horseOf(e, id); h != nil && h.HasCond(kPanic) {
			c.Event("%s's horse %s is panicked: the rider can only try to control it (control %s) or leap clear", cb.Name, h.Name, cb.Name)
		}
	}
	return nil
}

// spendAction marks the combatant's action for this turn as taken and
// checks the fast actions option: four fast actions leave no action.
func spendAction(c *rules.Ctx, cb *model.Combatant, what string) error {
	if err := mayTakeAction(c, cb, what); err != nil {
		return err
	}
	if on(c, optFast) && getN(c.E, kFast, cb.ID) > 1 {
		return &ruleError{cb.Name + " has taken " + strconv.Itoa(getN(c.E, kFast, cb.ID)) + " fast actions this turn instead of an action"}
	}
	setN(c.E, kDid, cb.ID, 1)
	setN(c.E, kDis, cb.ID, 0)
	return nil
}

// mayTakeAction refuses an action to one whose turn it is not, who has
// already taken its action this turn, or who is busy with an extended
// action.
func mayTakeAction(c *rules.Ctx, cb *model.Combatant, what string) error {
	if err := c.MayAct(cb, rules.OnTurn); err != nil {
		return err
	}
	if c.E.Round > 0 && spent(c.E, cb) && onTurn(c.E, cb) {
		if err := c.Allow(acted(c.E, cb)); err != nil {
			return err
		}
	}
	return notBusy(c, cb, what)
}

// ruleError is a refusal because a rule of an option that is on forbids
// the command.
type ruleError struct{ msg string }

func (e *ruleError) Error() string { return e.msg }
