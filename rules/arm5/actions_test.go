package arm5_test

import (
	"strings"
	"testing"
)

// The Marla example with the interrupting actions option on: a delayed
// action is needed, and the intruder's action is spent as well.
func TestInterruptOption(t *testing.T) {
	tr := newTracker(t, `add Marla qik=2 weapon="short sword" load=0 athletics=2 init=9`, "add Intruder qik=1 athletics=3 init=7",
		"option interrupt on", "next")
	unchanged(t, tr, "priority Marla Intruder", "must first delay")
	run(t, tr, "delay Marla", "add Third init=1")
	unchanged(t, tr, "priority Marla Intruder Third", "only one combatant can be interrupted")
	from := tr.E.Log.Len()
	run(t, tr, "dice 1 6 7", "priority Marla Intruder marla=2 intruder=3")
	hasEvent(t, tr, from, "Marla: action priority Qik 2 + Ability 2 + stress 12 = 16")
	hasEvent(t, tr, from, "Intruder: action priority Qik 1 + Ability 3 + stress 7 = 11")
	hasEvent(t, tr, from, "Marla acts before Intruder: priority 16 vs 11")
	hasEvent(t, tr, from, "Marla's delayed action is spent")
	hasEvent(t, tr, from, "Intruder's action is spent on what was interrupted")
	run(t, tr, "undo")
	if !comb(t, tr, "Marla").Delaying {
		t.Error("undo did not give Marla her delayed action back")
	}
}

// Three tied on the total: Quickness first, then roll-offs in the log.
func TestPriorityTies(t *testing.T) {
	tr := newTracker(t, "add A qik=1", "add B qik=1", "add C qik=2")
	from := tr.E.Log.Len()
	run(t, tr, "dice 5 5 4 3 7", "priority A B C")
	hasEvent(t, tr, from, "actions resolve in this order: C 6, B 6, A 6")
	unchanged(t, tr, "priority A A", "named twice")
	unchanged(t, tr, "priority A B nobody=3", "unknown option")
}

func TestFastCast(t *testing.T) {
	tr := newTracker(t, "add Magus qik=1 finesse=3", "add Brute ability=4 init=8")
	from := tr.E.Log.Len()
	run(t, tr, "dice 4", "fastcast Magus Brute")
	hasEvent(t, tr, from, "Magus: fast-cast speed Qik 1 + Finesse 3 + stress 4 = 8 vs Brute's Initiative 8: the spell goes off first")
	run(t, tr, "option fastcast on")
	from = tr.E.Log.Len()
	run(t, tr, "dice 6 5", "fastcast Magus Brute")
	hasEvent(t, tr, from, "Brute: action priority Ability 4 + stress 6 = 10")
	hasEvent(t, tr, from, "Magus: fast-cast speed Qik 1 + Finesse 3 + stress 5 = 9 vs Brute's action priority 10: too slow")
}

func TestFastActions(t *testing.T) {
	tr := newTracker(t, addPaul, addAlan, "next")
	unchanged(t, tr, "fast Paul draws", "option fast on")
	run(t, tr, "option fast on", "fast Paul draws a dagger")
	hasEvent(t, tr, tr.E.Log.Len()-1, "Paul: fast action 1 of 4 this turn (draws a dagger)")
	run(t, tr, "dice 5 5", "attack Paul Alan")
	unchanged(t, tr, "fast Paul shouts", "already taken an action and a fast action")
	run(t, tr, "next", "fast Alan", "fast Alan")
	unchanged(t, tr, "attack Alan Paul", "2 fast actions this turn instead of an action")
	run(t, tr, "fast Alan", "fast Alan")
	unchanged(t, tr, "fast Alan", "already taken 4 fast actions")
	// A new turn for Alan starts the count afresh.
	run(t, tr, "next", "next", "fast Alan")
	hasEvent(t, tr, tr.E.Log.Len()-1, "Alan: fast action 1 of 4 this turn")
}

func TestReadyMissiles(t *testing.T) {
	tr := newTracker(t, `add Archer dex=1 abilityname=Bows ability=5 weapon=bow init=9`, addAlan, `add Xbow weapon=crossbow init=1`,
		"option fast on", "option ready on", "next")
	unchanged(t, tr, "attack Archer Alan missile fast", "no ready bow")
	run(t, tr, "ready Archer")
	if !comb(t, tr, "Archer").HasCond("ready") {
		t.Fatal("the bow is not ready")
	}
	from := tr.E.Log.Len()
	run(t, tr, "dice 3 4", "attack Archer Alan missile fast")
	hasEvent(t, tr, from, "Archer: fast action 1 of 1 this turn (shoots the ready bow)")
	hasEvent(t, tr, from, "Archer shoots the ready bow")
	if comb(t, tr, "Archer").HasCond("ready") {
		t.Error("the shot left the bow ready")
	}
	unchanged(t, tr, "force attack Xbow Alan missile", "not spanned: extended Xbow span")
	unchanged(t, tr, "ready Xbow", "readied by spanning")
}

// Spanning a crossbow with a belt hook: three rounds, from the turn it
// starts to the turn three rounds on, when it is ready; an attack prompts
// Concentration, and a failed roll stops it.
func TestExtendedSpanning(t *testing.T) {
	tr := newTracker(t, `add Foe abilityname="Single Weapon" ability=3 weapon=club init=9`, `add Xbow sta=2 concentration=1 weapon=crossbow init=5`,
		"option ready on", "next", "next", "extended Xbow span")
	if m := tr.Sys.Order(tr.E).Rows[1].Marks; len(m) == 0 || m[0] != "spanning crossbow 0/3" {
		t.Errorf("order marks %v", m)
	}
	unchanged(t, tr, "force attack Xbow Foe missile", "busy spanning crossbow, 3 of 3 rounds left: extended Xbow stop ends it")
	unchanged(t, tr, "delay Xbow", "during an extended action")
	run(t, tr, "next")
	from := tr.E.Log.Len()
	run(t, tr, "dice 2 5", "attack Foe Xbow")
	hasEvent(t, tr, from, "Xbow is attacked during spanning crossbow: roll Concentration (concentrate Xbow EF)")
	from = tr.E.Log.Len()
	run(t, tr, "dice 4", "concentrate Xbow 6")
	hasEvent(t, tr, from, "Xbow: concentration Sta 2 + Concentration 1 − penalties 1 + stress 4 = 6 vs 6: keeps at it")
	from = tr.E.Log.Len()
	run(t, tr, "next")
	hasEvent(t, tr, from, "Xbow goes on with spanning crossbow, 2 of 3 rounds left")
	// On its turn the spanning is its action: the refusal says so, and
	// how to end it, not that it has acted nor that force would help.
	unchanged(t, tr, "attack Xbow Foe missile", "Xbow is busy spanning crossbow, 2 of 3 rounds left: extended Xbow stop ends it")
	if _, err := tr.Apply("attack Xbow Foe missile"); err == nil || strings.Contains(err.Error(), "force") {
		t.Errorf("force cannot attack during the spanning, yet the refusal says %v", err)
	}
	unchanged(t, tr, "force attack Xbow Foe missile", "extended Xbow stop ends it")
	run(t, tr, "next", "next")
	from = tr.E.Log.Len()
	run(t, tr, "next", "next")
	hasEvent(t, tr, from, "Xbow finishes spanning crossbow")
	if !comb(t, tr, "Xbow").HasCond("ready") {
		t.Fatal("the crossbow is not ready after spanning")
	}
	run(t, tr, "dice 3 3", "attack Xbow Foe missile")
	if comb(t, tr, "Xbow").HasCond("ready") {
		t.Error("the crossbow stayed spanned after the shot")
	}
	// A failed Concentration roll ends the action.
	run(t, tr, "next", "next", "extended Xbow 2 hiding")
	from = tr.E.Log.Len()
	run(t, tr, "dice 2", "concentrate Xbow 9")
	hasEvent(t, tr, from, "Xbow's hiding fails and stops")
	unchanged(t, tr, "extended Xbow stop", "no extended action")
	unchanged(t, tr, "extended Xbow 0", "1 to 1000 rounds")
	unchanged(t, tr, "extended Foe span", "only a crossbow")
}

// "A character may cease an extended action at any time", and the
// defender of the Lords of Men example stops defending at his turn and
// attacks. Stopped with nothing else done since it began on the
// combatant's turn, or since it went on as that turn came, the extended
// action took none of the turn: the turn's action is still to take. Once
// anything else was done in between, the turn's action is spent, and a
// stop never gives back an action spent before the extended action began.
func TestExtendedStopLeavesTheTurnsAction(t *testing.T) {
	tr := newTracker(t, `add Foe abilityname="Single Weapon" ability=3 weapon=club init=9`,
		`add Pat abilityname="Single Weapon" ability=3 weapon=club init=5`, "next", "next")
	// stopped runs the stop and checks what the log says of it; free
	// says whether Pat may still attack this turn.
	stopped := func(stop, says string, free bool) {
		t.Helper()
		from := tr.E.Log.Len()
		run(t, tr, stop)
		hasEvent(t, tr, from, says)
		if free {
			run(t, tr, "dice 2 5", "attack Pat Foe")
		} else {
			unchanged(t, tr, "attack Pat Foe", "Pat has already acted this turn")
		}
	}
	const fresh = "Pat stops hiding at once: Pat's action this turn is still to take"
	run(t, tr, "extended Pat 2 hiding")
	stopped("extended Pat stop", fresh, true)

	// Something else done in between: the action went into the hiding.
	run(t, tr, "next", "next", "extended Pat 2 hiding", "note Pat ducks behind the cart")
	stopped("extended Pat stop", "Pat stops hiding", false)

	// Going on as the turn comes, then stopped at once: the turn is free.
	run(t, tr, "next", "next", "extended Pat 3 hiding", "next", "next")
	stopped("extended Pat stop", fresh, true)

	// Begun by force after the turn's action: stopping it gives no action back.
	run(t, tr, "next", "next", "dice 2 5", "attack Pat Foe", "force extended Pat 2 hiding")
	stopped("extended Pat stop", "Pat stops hiding", false)

	// Defending is an extended action too.
	run(t, tr, "add Ally init=1", "next", "next", "next", "defend Pat Ally")
	stopped("defend Pat stop", "Pat stops defending Ally at once: Pat's action this turn is still to take", true)
}
