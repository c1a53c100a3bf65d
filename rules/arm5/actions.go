package arm5

import (
	"fmt"
	"strconv"
	"strings"

	"fray/model"
	"fray/rules"
)

const (
	fastUsage     = "fast NAME [WHAT…]"
	extendedUsage = "extended NAME N [WHAT…] | extended NAME span | extended NAME stop"
	// maxFast is the most fast actions a turn allows when they replace the
	// action.
	maxFast = 4
)

// runFast counts a fast action: one besides the turn's action, or up to
// four instead of it. None while an extended action is under way.
func runFast(c *rules.Ctx, args []string) error {
	v := verb("fast")
	if len(args) < 1 {
		return rules.Usagef(v, "fast takes a name and, if you like, what is done")
	}
	if !on(c, optFast) {
		return fmt.Errorf("fast actions are an option: turn it on with `option %s on`", optFast)
	}
	cb, err := c.Find(args[0])
	if err != nil {
		return err
	}
	what := strings.Join(args[1:], " ")
	return takeFast(c, cb, what)
}

func takeFast(c *rules.Ctx, cb *model.Combatant, what string) error {
	if !cb.Status.CanAct() {
		return fmt.Errorf("%s cannot act (%s)", cb.Name, cb.Status)
	}
	if err := c.MayAct(cb, rules.OnTurn); err != nil {
		return err // a fast action too is taken on one's turn
	}
	if err := notBusy(c, cb, "take a fast action"); err != nil {
		return err
	}
	n, limit := getN(c.E, kFast, cb.ID)+1, maxFast
	if getN(c.E, kDid, cb.ID) > 0 {
		limit = 1
	}
	if n > limit {
		if limit == 1 {
			return fmt.Errorf("%s has already taken an action and a fast action this turn", cb.Name)
		}
		return fmt.Errorf("%s has already taken %d fast actions this turn", cb.Name, maxFast)
	}
	setN(c.E, kFast, cb.ID, n)
	if what != "" {
		what = " (" + what + ")"
	}
	c.Event("%s: fast action %d of %d this turn%s", cb.Name, n, limit, what)
	return nil
}

// runReady nocks and draws a bow as the turn's action, so that it can
// shoot as a fast action later. A crossbow is readied by spanning it.
func runReady(c *rules.Ctx, args []string) error {
	v := verb("ready")
	if len(args) != 1 {
		return rules.Usagef(v, "ready takes one name")
	}
	if !on(c, optReady) {
		return fmt.Errorf("ready missiles are an option: turn it on with `option %s on`", optReady)
	}
	cb, sh, err := findSheet(c, args[0])
	if err != nil {
		return err
	}
	switch {
	case isCrossbow(sh.Weapon):
		return fmt.Errorf("a crossbow is readied by spanning it: extended %s span", cb.Name)
	case !isReadyMissile(sh.Weapon):
		return fmt.Errorf("only a bow or crossbow can be held ready, not %s", orNone(sh.Weapon))
	case cb.HasCond(kReady):
		return fmt.Errorf("%s's %s is already ready", cb.Name, sh.Weapon)
	}
	if err := spendAction(c, cb, "ready a bow"); err != nil {
		return err
	}
	cb.SetCond(kReady, 0)
	c.Event("%s nocks and draws: the %s is ready to shoot as a fast action", cb.Name, sh.Weapon)
	return nil
}

// extended is an extended action under way.
type extended struct {
	left, total int
	what        string
}

func getExt(e *model.Encounter, id int) (extended, bool) {
	f := strings.Fields(tget(e, kExt, id))
	if len(f) < 2 {
		return extended{}, false
	}
	l, err1 := strconv.Atoi(f[0])
	t, err2 := strconv.Atoi(f[1])
	if err1 != nil || err2 != nil {
		return extended{}, false
	}
	return extended{l, t, strings.Join(f[2:], " ")}, true
}

func setExt(e *model.Encounter, id int, x extended) {
	tset(e, kExt, id, fmt.Sprintf("%d %d %s", x.left, x.total, x.what))
}

func (x extended) String() string {
	return fmt.Sprintf("%s, %d of %s left", x.what, x.left, rules.Plural(x.total, "round"))
}

// notBusy refuses anything but the extended action while one is under way.
func notBusy(c *rules.Ctx, cb *model.Combatant, what string) error {
	if x, ok := getExt(c.E, cb.ID); ok {
		return fmt.Errorf("%s cannot %s during an extended action (%s): extended %s stop first", cb.Name, what, x, cb.Name)
	}
	return nil
}

// spanRounds is how long spanning the combatant's crossbow takes: the
// catalogue's rounds, less Strength with block and tackle (at least one),
// one by hand for a crossbow with Strength 3 or more.
func spanRounds(sh *Sheet) (int, error) {
	w, ok := LookupWeapon(sh.Weapon)
	if !ok || w.Span == 0 {
		return 0, fmt.Errorf("only a crossbow from the catalogue is spanned, not %s: give the rounds (extended NAME N spanning)", orNone(sh.Weapon))
	}
	switch {
	case strings.HasSuffix(w.Name, "crossbow") && sh.Str >= 3:
		return 1, nil // by hand
	case w.SpanLessStr:
		return max(1, w.Span-sh.Str), nil
	}
	return w.Span, nil
}

func runExtended(c *rules.Ctx, args []string) error {
	v := verb("extended")
	if len(args) < 2 {
		return rules.Usagef(v, "extended takes a name and a number of rounds, span or stop")
	}
	cb, sh, err := findSheet(c, args[0])
	if err != nil {
		return err
	}
	if strings.EqualFold(args[1], "stop") {
		x, ok := getExt(c.E, cb.ID)
		if !ok {
			return fmt.Errorf("%s has no extended action to stop", cb.Name)
		}
		fresh := stopFresh(c.E, cb)
		stopExt(c.E, cb.ID)
		if fresh {
			c.Event("%s stops %s at once: %s action this turn is still to take", cb.Name, x.what, rules.Possessive(cb.Name))
		} else {
			c.Event("%s stops %s", cb.Name, x.what)
		}
		return nil
	}
	if !cb.Status.CanAct() {
		return fmt.Errorf("%s cannot act (%s)", cb.Name, cb.Status)
	}
	if cb.Delaying {
		return fmt.Errorf("%s is delaying, and an extended action cannot be delayed: act %s first", cb.Name, cb.Name)
	}
	var x extended
	if strings.EqualFold(args[1], "span") {
		if len(args) > 2 {
			return rules.Usagef(v, "span takes nothing more")
		}
		if cb.HasCond(kReady) {
			return fmt.Errorf("%s's %s is already spanned", cb.Name, sh.Weapon)
		}
		if x.total, err = spanRounds(sh); err != nil {
			return err
		}
		x.what = "spanning " + sh.Weapon
		x.left = x.total - min(getN(c.E, kSpan, cb.ID), x.total-1)
	} else {
		if x.total, err = rules.Int("the rounds", args[1]); err != nil {
			return err
		}
		if x.total < 1 || x.total > 1000 {
			return rules.Usagef(v, "an extended action lasts 1 to 1000 rounds, not %d", x.total)
		}
		x.what = strings.Join(args[2:], " ")
		if x.what == "" {
			x.what = "an extended action"
		}
	}
	before := markFresh(c.E, cb.ID)
	if err := spendAction(c, cb, "begin another extended action"); err != nil {
		return err
	}
	ok, err := rideSteady(c, cb, x.what)
	if err != nil || !ok {
		return err
	}
	if x.left > 0 && x.left < x.total {
		c.Event("%s takes up %s where it stopped: %d of %s left", cb.Name, x.what, x.left, rules.Plural(x.total, "round"))
	} else {
		x.left = x.total
		c.Event("%s begins %s: %s; an attack or other distraction calls for a Concentration roll", cb.Name, x.what, rules.Plural(x.total, "round"))
	}
	setN(c.E, kSpan, cb.ID, 0)
	setExt(c.E, cb.ID, x)
	tset(c.E, kExtNew, cb.ID, before)
	return nil
}

// An extended action stopped with nothing else done since it began on
// the combatant's turn, or since it went on as that turn came, took none
// of the turn: the source lets a character cease one at any time, and
// its defender stops at his turn and attacks. The turn's action is then
// as it was before (did and dis: an action spent before, by force, stays
// spent). fray reads "nothing else done" as: the stop is the very next
// command.

// markFresh returns the extnew entry for the command now running: its
// log number and the combatant's did and dis entries before it.
func markFresh(e *model.Encounter, id int) string {
	return strconv.Itoa(commandSeq(e, 0)) + "|" + tget(e, kDid, id) + "|" + tget(e, kDis, id)
}

// stopFresh puts cb's turn back as it was before the extended action
// when the command now running (the stop) comes right after the one that
// began it, or that went on with it, on cb's turn; it reports whether
// that leaves cb its action. The extnew entry goes either way.
func stopFresh(e *model.Encounter, cb *model.Combatant) bool {
	mark, ok := tlook(e, kExtNew, cb.ID)
	tdel(e, kExtNew, cb.ID)
	f := strings.SplitN(mark, "|", 3)
	if !ok || len(f) != 3 || f[0] != strconv.Itoa(commandSeq(e, 1)) || (e.Round > 0 && !onTurn(e, cb)) {
		return false
	}
	for i, k := range []string{kDid, kDis} {
		if v := f[i+1]; v != "" {
			tset(e, k, cb.ID, v)
		} else {
			tdel(e, k, cb.ID)
		}
	}
	return !spent(e, cb)
}

// commandSeq is the log number of a command entry: back 0, the command
// now running (the newest); back 1, the one before it; 0 if none.
func commandSeq(e *model.Encounter, back int) int {
	for i := e.LogLen() - 1; i >= 0; i-- {
		en := e.LogEntry(i)
		if en.Kind != model.KindCommand {
			continue
		}
		if back == 0 {
			return en.Seq
		}
		back--
	}
	return 0
}

// stopExt ends an extended action before its time. Defending ends with
// it; an arbalest half spanned keeps the rounds done, to be taken up
// again later.
func stopExt(e *model.Encounter, id int) {
	x, ok := getExt(e, id)
	tdel(e, kExt, id)
	tdel(e, kExtNew, id)
	tdel(e, kGuard, id)
	cb := e.ByID(id)
	if !ok || cb == nil || !strings.HasPrefix(x.what, "spanning ") {
		return
	}
	if sh, ok := cb.Sheet().(*Sheet); ok && resumable(sh.Weapon) {
		setN(e, kSpan, id, x.total-x.left)
	}
}

// resumable reports whether a weapon's spanning, interrupted, can be taken
// up where it stopped: the arbalests, spanned by a mechanism.
func resumable(weapon string) bool {
	w, ok := LookupWeapon(weapon)
	return ok && strings.Contains(w.Name, "arbalest")
}

// advanceExtended counts a round of a combatant's extended action as its
// turn comes round, finishing it when none is left. A spanned crossbow is
// then ready; a defender's watch is over. On a moving horse, going on
// takes the gait's Dex + Ride roll.
func advanceExtended(c *rules.Ctx, cb *model.Combatant) error {
	x, ok := getExt(c.E, cb.ID)
	if !ok {
		return nil
	}
	x.left--
	if x.left > 0 {
		setExt(c.E, cb.ID, x)
		tset(c.E, kExtNew, cb.ID, markFresh(c.E, cb.ID))
		setN(c.E, kDid, cb.ID, 1)
		c.Event("%s goes on with %s", cb.Name, x)
		ok, err := rideSteady(c, cb, x.what)
		if err == nil && !ok {
			stopExt(c.E, cb.ID)
			c.Event("%s's %s stops", cb.Name, x.what)
		}
		return err
	}
	if ch := guardOf(c.E, cb); ch != nil {
		stopExt(c.E, cb.ID)
		c.Event("%s's watch over %s ends (defend %s %s to keep it)", cb.Name, ch.Name, cb.Name, ch.Name)
		return nil
	}
	tdel(c.E, kExt, cb.ID)
	tdel(c.E, kExtNew, cb.ID)
	c.Event("%s finishes %s", cb.Name, x.what)
	if strings.HasPrefix(x.what, "spanning ") {
		cb.SetCond(kReady, 0)
		c.Event("%s's crossbow is spanned and ready", cb.Name)
	}
	return nil
}

// distracted prompts the Concentration roll an attack calls for during an
// extended action.
// A defender expects to be attacked: that is no distraction.
func distracted(c *rules.Ctx, cb *model.Combatant) {
	if x, ok := getExt(c.E, cb.ID); ok && guardOf(c.E, cb) == nil {
		c.Event("%s is attacked during %s: roll Concentration (concentrate %s EF)", cb.Name, x.what, cb.Name)
	}
}

// runConcentrate rolls Stamina + Concentration + stress die against the
// Ease Factor the GM sets; failing it ends the extended action.
func runConcentrate(c *rules.Ctx, args []string) error {
	v := verb("concentrate")
	plain, kvs := rules.SplitKV(args)
	if len(plain) != 2 {
		return rules.Usagef(v, "concentrate takes a name and an Ease Factor")
	}
	cb, sh, err := findSheet(c, plain[0])
	if err != nil {
		return err
	}
	ef, err := rules.Int("the Ease Factor", plain[1])
	if err != nil {
		return err
	}
	mod := 0
	for _, kv := range kvs {
		if kv.Key != "mod" {
			return rules.Usagef(v, "unknown option %s= (only mod=N)", kv.Key)
		}
		if mod, err = rules.Int("mod", kv.Value); err != nil {
			return err
		}
	}
	r, err := c.Dice.Stress(cb.Name, "concentration", 1+sh.Botch)
	if err != nil {
		return err
	}
	var t total
	t.Add("Sta", sh.Sta)
	t.Add("Concentration", sh.Concentration)
	t.Add("mod", mod)
	t.Add("penalties", sh.Penalty())
	t.Die("stress", r.Total)
	x, busy := getExt(c.E, cb.ID)
	switch {
	case r.Botched:
		c.Event("%s: concentration BOTCH ×%d", cb.Name, r.Botches)
	case t.Sum() >= ef:
		c.Event("%s: concentration %s vs %d: keeps at it", cb.Name, t, ef)
		return nil
	default:
		c.Event("%s: concentration %s vs %d: loses focus", cb.Name, t, ef)
	}
	if busy {
		stopExt(c.E, cb.ID)
		c.Event("%s's %s fails and stops", cb.Name, x.what)
	}
	return nil
}
