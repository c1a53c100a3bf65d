package rules

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"fray/model"
)

// This file keeps what every system shares about a fight as a whole: its
// end, its clock and each combatant's tally. The tracker settles them
// after every command that worked (settle), so no system has to.

// errEnded refuses a command that would move the turn of a fight that has
// ended.
var errEnded = errors.New("the fight has ended: u (undo) takes the end back")

// runEnd ends the fight: the order stands still and the log says so.
// Like every command it can be undone.
func runEnd(c *Ctx, args []string) error {
	if len(args) != 0 {
		return Usagef(verbNamed("end"), "end takes no words")
	}
	switch {
	case c.E.Ended:
		return errors.New("the fight has already ended")
	case c.E.Round == 0:
		return errors.New("the fight has not started: next starts it")
	}
	c.E.Ended = true
	c.Event("The fight ends after %s", Plural(c.E.Round, "round"))
	return nil
}

// runResume takes back the end of a fight when undo no longer can (the
// file was closed since): the order runs again from where it stopped.
func runResume(c *Ctx, args []string) error {
	if len(args) != 0 {
		return Usagef(verbNamed("resume"), "resume takes no words")
	}
	if !c.E.Ended {
		return errors.New("the fight has not ended")
	}
	c.E.Ended = false
	c.Event("The fight goes on (round %d)", c.E.Round)
	return nil
}

// Article is "an" before a word that starts with a vowel, else "a":
// "an Incapacitating wound", "an Old-school d20 encounter".
func Article(word string) string {
	if word != "" && strings.ContainsRune("AEIOUaeiou", rune(word[0])) {
		return "an"
	}
	return "a"
}

// Plural writes a count and a noun as words do: the noun alone for one,
// else its plural ("2 rounds", "2 successes", "3 dice").
func Plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	if noun == "die" {
		return strconv.Itoa(n) + " dice"
	}
	return strconv.Itoa(n) + " " + plural(noun)
}

// Clock writes a length of time as a game master reads it off a clock:
// 0:42, 12:30, 1:02:05. Seconds are rounded down.
func Clock(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	s := int(d / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// strike is one attack a system resolved during a command.
type strike struct {
	attacker, target int // combatant IDs
	hit              bool
}

// Struck records that attacker attacked target and whether it hit. A
// system's attack calls it once per target it resolves; the tracker
// counts it in both combatants' tallies when the command has worked. A
// hit is an attack that landed, whether or not it did harm.
func (c *Ctx) Struck(attacker, target *model.Combatant, hit bool) {
	if attacker == nil || target == nil {
		return
	}
	c.strikes = append(c.strikes, strike{attacker: attacker.ID, target: target.ID, hit: hit})
}

// settle brings the fight-wide state up to date after a command ran on c
// and worked: before is the encounter as it was. It refuses (and the
// tracker then undoes the command) a move of the turn after the end;
// otherwise it counts the turn begun, the attacks made and the time spent,
// logging each finished turn's time. now is zero when nobody keeps time.
func settle(c *Ctx, before *model.Encounter, verb string, args []string, now time.Time) error {
	e := c.E
	turned := e.Current != before.Current || e.Round != before.Round
	if before.Ended && turned {
		return errEnded
	}
	for _, s := range c.strikes {
		if a := e.ByID(s.attacker); a != nil {
			p := a.OwnProfile()
			p.Strikes.Attacks++
			if s.hit {
				p.Strikes.Hits++
			}
		}
	}
	tallyHarm(c, before, args)
	// prev steps the marker back to fix a slip: the turn it leaves never
	// happened, and the one it returns to goes on.
	back := verb == "prev"
	if turned && !e.Ended {
		if back {
			if cb := e.ByID(before.Current); cb != nil {
				uncountTurn(cb)
			}
			// The turn stepped back to goes on: those who share it are
			// counted again when it ends.
			eachSharer(c.Sys, e, e, uncountTurn)
		} else if cb := e.ByID(e.Current); cb != nil {
			// Whoever's turn it is counts it as it begins.
			cb.Turns++
		}
	}
	if before.Ended && !e.Ended && !turned {
		// The fight goes on (resume) with the turn its end closed: those
		// who shared it were counted then, and are again when it ends.
		eachSharer(c.Sys, e, e, uncountTurn)
	}
	if !back && (turned || e.Ended && !before.Ended) {
		// Those who shared the turn with whoever held it (osr's count)
		// count it as it ends: the command that ended it has marked
		// them anyway, so undo copies no one more for it.
		eachSharer(c.Sys, before, e, func(cb *model.Combatant) { cb.Turns++ })
	}
	if !now.IsZero() {
		tick(c.Sys, e, before, now, turned, !back)
	}
	return nil
}

// tick runs the clock up to now: the time since the last command goes to
// the fight, the turn and whoever's turn it was. When the turn changed
// hands (or the fight ended) the turn's clock starts again, and unless
// the marker only stepped back (logTurn false), the finished turn's time
// is logged. The clock runs from the first turn to the end of the fight.
func tick(s System, e, before *model.Encounter, now time.Time, turned, logTurn bool) {
	running := before.Round > 0 && !before.Ended
	if running && before.Clock.Running() {
		if d := now.Sub(before.Clock.Mark); d > 0 {
			e.Clock.Fight += d
			e.Clock.Turn += d
			if cb := e.ByID(before.Current); cb != nil {
				cb.TurnTime += d
			}
		}
	}
	ended := e.Ended && !before.Ended
	if running && (turned || ended) {
		if cb := e.ByID(before.Current); cb != nil && before.Clock.Running() && (logTurn || ended) {
			// Whoever held the turn ran its clock; those who shared it
			// spent the same time.
			eachSharer(s, before, e, func(o *model.Combatant) { o.TurnTime += e.Clock.Turn })
			// Logged first, before what the command did: the turn was
			// over when the command was given.
			at := min(before.Log.Len()+1, e.Log.Len())
			e.InsertEntry(at, model.Entry{Kind: model.KindEvent, Round: before.Round,
				Who: cb.Name, Why: "turn time", Text: turnTook(s, before, e, cb)})
		}
		e.Clock.Turn = 0
	}
	if ended && before.Clock.Running() {
		e.Event("The fight took %s", Clock(e.Clock.Fight))
	}
	if e.Round > 0 && !e.Ended {
		e.Clock.Mark = now
	} else {
		e.Clock.Mark = time.Time{}
	}
}

// uncountTurn takes back a turn counted for cb (one that goes on).
func uncountTurn(cb *model.Combatant) {
	if cb.Turns > 0 {
		cb.Turns--
	}
}

// eachHolder calls f with each who holds the turn that state describes
// (its Current, or all who share it: TurnSharer), looked up in e; it
// returns how many there were.
func eachHolder(s System, state, e *model.Encounter, f func(*model.Combatant)) int {
	cur := e.ByID(state.Current)
	if cur == nil {
		return 0
	}
	n, with := 0, false
	if sh, ok := s.(TurnSharer); ok {
		sh.SharedTurn(state, e, func(cb *model.Combatant) bool {
			n++
			with = with || cb == cur
			return true
		})
	}
	if n < 2 || !with {
		f(cur)
		return 1
	}
	s.(TurnSharer).SharedTurn(state, e, func(cb *model.Combatant) bool { f(cb); return true })
	return n
}

// eachSharer calls f with each who shared the turn that state describes
// with its Current (not the Current itself), looked up in e.
func eachSharer(s System, state, e *model.Encounter, f func(*model.Combatant)) {
	if eachHolder(s, state, e, func(*model.Combatant) {}) < 2 {
		return
	}
	s.(TurnSharer).SharedTurn(state, e, func(cb *model.Combatant) bool {
		if cb.ID != state.Current {
			f(cb)
		}
		return true
	})
}

// turnTook is the line that logs how long the turn that before describes
// took: whose turn it was (all of them, where the system lets several
// hold it at once) and its time.
func turnTook(s System, before, e *model.Encounter, cur *model.Combatant) string {
	spell := make([]string, 0, turnNames)
	spell = append(spell, cur.Name) // whose turn it was first
	total := eachHolder(s, before, e, func(cb *model.Combatant) {
		if cb != cur && len(spell) < turnNames {
			spell = append(spell, cb.Name)
		}
	})
	took := Clock(e.Clock.Turn)
	if total < 2 {
		return Possessive(cur.Name) + " turn took " + took
	}
	if total > turnNames {
		spell = spell[:turnNames-1] // the rest are counted
	}
	return "The turn of " + NameList(spell, total) + " took " + took
}

// turnNames is how many names a shared turn's line spells out.
const turnNames = 4

// NameList joins the names for a sentence: "Ann", "Ann and Bob", "Ann,
// Bob and Cid"; when there are more in all (total) than names, the rest
// are counted: "Ann, Bob and 3 more".
func NameList(names []string, total int) string {
	if more := total - len(names); more > 0 && len(names) > 0 {
		return strings.Join(names, ", ") + " and " + strconv.Itoa(more) + " more"
	}
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// tallyHarm counts the harm a command did, in steps of the shared harm
// scale: what each combatant it touched took, and what each attacker
// dealt to the targets it hit. The combatants looked at are those the
// command named or looked up (each of several targets), those an attack
// struck, and whoever's turn it was, so the cost does not grow with the
// size of the fight.
func tallyHarm(c *Ctx, before *model.Encounter, args []string) {
	e := c.E
	var ids []int
	add := func(id int) {
		if id != 0 && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	plain, _ := SplitKV(args)
	for _, w := range plain {
		if cb, err := e.Find(w); err == nil {
			add(cb.ID)
		}
	}
	for _, f := range c.found { // each of several targets ("A,B", side=…) is looked up
		add(f.id)
	}
	for _, s := range c.strikes {
		add(s.target)
	}
	add(before.Current)
	for _, id := range ids {
		now, was := e.ByID(id), before.ByID(id)
		if now == nil || was == nil {
			continue
		}
		step := int(c.Sys.Harm(e, now).Severity - c.Sys.Harm(before, was).Severity)
		if step <= 0 {
			continue
		}
		now.OwnProfile().Strikes.Taken += step
		for _, s := range c.strikes {
			if s.target == id && s.hit {
				if a := e.ByID(s.attacker); a != nil {
					a.OwnProfile().Strikes.Dealt += step
				}
				break
			}
		}
	}
}

// SetClock makes the tracker keep the fight's time with now, which tells
// the time (time.Now, or a test's clock); nil stops keeping time. The
// time since the encounter's clock was last brought up to date is not
// counted: it is the time the file spent closed. Call it before the first
// command.
func (t *Tracker) SetClock(now func() time.Time) {
	t.now = now
	if now == nil || !t.E.Clock.Running() {
		return
	}
	t.E.Clock.Mark = now()
	if !t.noHistory && t.version == 0 && len(t.undo) == 0 && len(t.redo) == 0 {
		// Called before the first command, as it should be: last is E
		// but for the mark, and its combatants are never changed in
		// place, so a copy of its top with E's clock does (a copy of the
		// whole fight again cost a millisecond at 1000 combatants, on the
		// way to the first frame).
		l := *t.last
		l.Clock = t.E.Clock
		t.last, t.snap = &l, nil
		return
	}
	t.resync()
}

// ClosingSnapshot is Snapshot with the clock run up to now, for the last
// save of a tracker that is closing: the time since the last command
// counts to the fight, the turn and whoever holds it, as the next
// command's would have, so that a report or fray show read afterwards
// counts it too (and opening the file again counts none of the time it
// spent closed: SetClock). E is left as it is. moved reports whether the
// clock moved: false for a clock that stands or a tracker keeping none.
func (t *Tracker) ClosingSnapshot() (s *model.Encounter, moved bool) {
	s = t.Snapshot()
	now := t.Now()
	if now.IsZero() || !s.Clock.Running() || s.Round == 0 || s.Ended {
		return s, false
	}
	d := now.Sub(s.Clock.Mark)
	if d <= 0 {
		return s, false
	}
	c := *s // a snapshot is frozen: what changes is copied
	c.Clock.Fight += d
	c.Clock.Turn += d
	c.Clock.Mark = now
	if i := model.IndexOf(c.Combatants, c.Current); i >= 0 {
		c.Combatants = slices.Clone(c.Combatants)
		cb := c.Combatants[i].CloneSharing(c.Combatants[i]) // its profile is shared: only the record changes
		cb.TurnTime += d
		c.Combatants[i] = cb
	}
	return &c, true
}

// Now returns the time by the tracker's clock, or zero when it keeps none.
func (t *Tracker) Now() time.Time {
	if t.now == nil {
		return time.Time{}
	}
	return t.now()
}
