// Package sst is the Swift Swords Tactica rule system: no fixed rounds but
// a countdown of action dice, spent on actions and rolled anew at each
// refresh; dice-pool attacks against a Superiority Level, exposures and
// fumbles; Dodge, Block and Parry with defence pools; Physical and Mental
// ranks, States, Trauma, Killing Blows and the injury table; mobs, crowds
// and hordes as single combatants; fear by zone and cover.
//
// Where the text is silent, this package decides so:
//   - Encounter.Round counts rounds: round 1 is the first roll of the
//     action dice, and each refresh starts the next round.
//   - phys and ment are the real ranks with the Heroic level already
//     added (a starting hero of rank 2 who took the level is entered as 3);
//     a player character (pc=yes) is always Heroic, an NPC with heroic=yes.
//   - A group's extra ranks are real ranks (they absorb damage as members
//     fall); its extra dice join the action dice; one attack action strikes
//     as many separate targets as the group has attacks.
//   - Trauma costs one rank (never a State) and loses the defence pools; a
//     Killing Blow costs one rank and puts the combatant Out of Action; both
//     roll an injury. Mental damage above twice the rank Crushes, above the
//     rank Panics; there is no mental Killed in Action.
//   - Out of Action is the status incapacitated, Killed in Action dead. A
//     combatant is Out of Action when either track's rank left reaches 0
//     (−3 for the Heroic).
//   - Cross-over losses are derived from the direct losses of the other
//     track (one per N), so they never cascade and heal with their cause.
//   - Armour (and a working Block's shield) cancels one success a point.
//     A Block pool is its successes plus the shield; successes up to the
//     pool meet the shield and the rest of the pool becomes exposures on
//     the attacker (the source's worked example); `strip` spends the
//     pool's rolled successes to break it instead.
//   - An attacker picks up every exposure on its target. A defence pool in
//     hand is used against every attack; the flags dodge, block and parry
//     only declare a new one, paid with the defender's lowest full die.
//   - Spending without naming dice uses the fewest dice that reach the
//     cost, then the least waste. Only actions call a refresh: a defence,
//     a free option with a 1 or a pass that empties a pool does not.
//     Whenever nobody holds a die that can pay for an action, `next` calls
//     the refresh. `next` during the last options carries the current
//     combatant's best die. `refresh NAME` ends that combatant's turn as
//     spending its last die would: any dice it holds (only 1s, say) are
//     put away.
//   - A carried die keeps no face: it is rolled with the next pool (and
//     can earn an extra die with a 6). A minor NPC with fixed faces rolls
//     its carried die and its group's extra dice beside those faces (a 6
//     there adds nothing): fixed faces stand for its own dice only.
//   - `next` never hands the turn again to the combatant who has it and
//     has not acted since: it must spend, hold (delay) or pass.
//   - A Pool action spends one full die and grows every pool held (or the
//     one named); a defence pool up to the dice its roll uses.
//   - Clearing a State by spending a die uses any full die; a failed
//     clearing roll costs the action named by cost= (4 by default).
//     Stun is cleared with BODY, Shock with MIND, Doubt, Panicked and
//     Crushed with SPIRIT; a characteristic roll succeeds on any 5+.
//   - Burned dice are the lowest dice held; the fear of a Scary creature
//     takes the highest. A passed fear roll leaves the mark "steeled",
//     which later fear commands respect until it is removed.
//   - A failed fear roll leaves the sheet's afraid at the worst level
//     failed (several fears: only the worst counts). The victim rolls
//     again after paying for each later action (attack, spend, cast,
//     pool; not a defence, a release or clearing a State) until it
//     passes. A Scary failure then wastes the die just spent; a Fearsome
//     one costs a Mental rank, or with the stun choice a Stun, which
//     stops the action. Fell fear is rolled out at once.
//   - Every pool roll (attack, defence, release, BODY, MIND, SPIRIT)
//     takes a pending Effort die and loses the dice of lasting injuries:
//     conditions whose label says "−Nd to all rolls" (sever −2d,
//     puncture and maim −1d, or the GM's own). Injuries limited to one
//     use (a fracture, sight or sound, a foot) are the GM's to apply
//     with mod=. `heal NAME injury` removes the marks.
//   - A 1 spent on +1 (`one NAME plus`) waits for the combatant's next
//     roll with a die one short of the success number and lifts it, as a
//     player would keep the 1 until it helps; only one 1 on a roll.
//   - The injury table's face → location mapping lives in
//     Encounter.Turn["locations"] once the GM changes it (`locations`).
//   - Position: InContact is an engaged pair of the shared model, and a
//     melee attack makes one (option contact); InClose is a pair kept in
//     Turn ("close:ID"). Advantage from numbers counts, in the melee
//     group reached through contacts, the attacker's side (itself
//     included) against its foes: more is +1 die, twice as many +2 (the
//     modifier table is lost). Heavy weapons are dropped InClose (large,
//     huge and massive are big creatures' own weapons, and stay); close
//     and withdraw cost 4 pips unless cost= says otherwise.
//   - Special results cost one extra success each and work as the
//     Attack options section of the reference says; an all-out attack
//     and a double strike cost two attacks' pips.
//   - Flyers and chariots: see mobile.go. A stoop keeps the flyer out of
//     contact; ground melee reaches it until its next action from its
//     target's melee group. A chariot's team is a combatant of its own; its
//     crew's cover is hard light (−1d) unless the attack is from the rear.
//   - Holds: any success left after the defences puts a hold on (armour
//     does not stop a grip); a hold lapses when the two are no longer
//     InClose or the holder cannot act. Breaking takes a class off for
//     each success the held one wins by; subdual counts the attack roll's
//     hits of the hold's class against BODY successes plus the size
//     difference; a knockdown adds the size difference to the bigger
//     side's BODY successes. The hold's options cost 4 pips but release
//     and yield, which are free.
package sst

import (
	"fray/model"
	"fray/rules"
)

// System is the sst rule system. It implements rules.System,
// rules.Delayer (holding an action) and rules.Refresher.
type System struct{}

var (
	_ rules.System    = (*System)(nil)
	_ rules.Delayer   = (*System)(nil)
	_ rules.Refresher = (*System)(nil)
)

// New returns the sst system.
func New() rules.System { return &System{} }

// ID implements rules.System.
func (*System) ID() string { return "sst" }

// Name implements rules.System.
func (*System) Name() string { return "Swift Swords Tactica" }

// NewSheet implements rules.System.
func (*System) NewSheet() model.Sheet { return NewSheet() }

// Options implements rules.System.
func (*System) Options() []rules.Option {
	return []rules.Option{
		{Key: "crossover", Default: "2", Values: []string{"2", "3", "4"}, Help: "every Nth rank lost on one track costs a rank on the other"},
		{Key: "neckgroin", Default: "off", Values: []string{"on", "off"}, Help: "neck and groin can be reached by shifting an injury"},
		{Key: optContact, Default: "on", Values: []string{"on", "off"}, Help: "a melee attack puts attacker and target InContact (off: only engage does)"},
	}
}

// Verbs implements rules.System.
func (*System) Verbs() []rules.Verb {
	vs := []rules.Verb{
		{Name: "attack", Usage: attackUsage, Summary: "pay the cost (4), roll the attack pool against the SL, apply exposures, defences and damage", OptionHelp: attackHelp},
		{Name: "spend", Usage: "spend NAME COST [pool] [dice=FACES] [WHAT…]", Summary: "pay an action's pips (a number, attack or break) with dice; pool starts a pooled action"},
		{Name: "cast", Usage: "cast NAME COST [dice=FACES] [WHAT…]", Summary: "pay a pooled action's cost: each Pool action adds a die until released"},
		{Name: "pool", Usage: "pool NAME [dodge|block|cast] [dice=FACE]", Summary: "Pool action: one die grows the pools held"},
		{Name: "release", Usage: "release NAME [roll=N sl=±N]", Summary: "release a pooled action; roll= rolls its dice plus the pool"},
		{Name: "one", Usage: "one NAME effort|clear|plus", Summary: "spend a single 1: Effort (+1 die on the next roll), a clearing roll, or +1 to a die of the next roll it helps"},
		{Name: "clear", Usage: "clear NAME [STATE] [roll|one] [cost=N dice=FACES]", Summary: "clear a State: spend a die, roll (a failure loses the action) or roll with a 1"},
		{Name: "carry", Usage: "carry NAME [FACE]", Summary: "last option before a refresh: set a die aside (FACE picks which) to be rolled anew with the next pool"},
		{Name: "pass", Usage: "pass NAME", Summary: "put every remaining die away (the last option, or giving up the round)"},
		{Name: "refresh", Usage: "refresh [NAME]", Summary: "call a refresh now (NAME: its turn ends, its dice are put away): everyone else gets a last option, then every pool is rolled"},
		{Name: "surprise", Usage: "surprise NAME|SIDE…", Summary: "before the fight: these get no action dice in round 1"},
		{Name: "damage", Usage: "damage NAME N [mental|magic|massive|rank|noinjury|bane] [shift=LOCATION]", Summary: "apply damage: State or rank, Trauma, Killing Blow, Killed in Action", Targets: 1,
			OptionHelp: damageHelp},
		{Name: "injury", Usage: "injury NAME [kb] [loc=LOCATION shift=LOCATION effect=N]", Summary: "roll on the injury table (4d6 location, d6 effect) and apply it", Targets: 1},
		{Name: "heal", Usage: "heal NAME [phys|ment|bleed|burn] [N] | heal NAME injury [WORD…]", Summary: "take back lost ranks, stop bleeding, end burned dice, or heal lasting injuries (and their penalties)", Targets: 1},
		{Name: "locations", Usage: "locations [reset | FACE=LOCATION… | LOCATION×6]", Summary: "show or change which location each face of the injury location roll names"},
		{Name: "close", Usage: "close NAME FOE [cost=N dice=FACES]", Summary: "an action: go InClose with a foe (both prone unless 3× the size; heavy weapons dropped)"},
		{Name: "withdraw", Usage: "withdraw NAME [FOE] [cost=N dice=FACES]", Summary: "an action: out of InClose (and up), or out of contact to Alone, with no opportunity attack"},
		{Name: "move", Usage: "move NAME ZONE [dive]", Summary: "move to a zone; leaving InContact, each foe may take an opportunity attack"},
		{Name: "hold", Usage: holdUsage, Summary: "a hold's options: the holder inflicts damage, improves it, subdues or lets go; the one held breaks, reverses or yields"},
		{Name: "knockdown", Usage: knockUsage, Summary: "an action InClose: BODY against BODY (+ the size difference) knocks a standing foe prone"},
		{Name: "takeoff", Usage: "takeoff NAME", Summary: "a flyer takes to the air (it leaves any contact)"},
		{Name: "land", Usage: "land NAME", Summary: "a flyer comes down"},
		{Name: "board", Usage: boardUsage, Summary: "get aboard a chariot (light: room for 2, heavy: 4)"},
		{Name: "alight", Usage: "alight NAME", Summary: "get down from a chariot"},
		{Name: "drive", Usage: driveUsage, Summary: "a driving roll: the driver's dice, −1d a crewman past the first (heavy: the second), −2d rough, −4d difficult, a second turn −2d (heavy −4d)"},
		{Name: "fear", Usage: "fear ZONE[,ZONE…] scary|fearsome|dread|terror|fell [stun] [from=NAME]", Summary: "everyone in the zones rolls SPIRIT against the fear"},
	}
	run := map[string]func(rules.Verb) func(*rules.Ctx, []string) error{
		"attack": runAttack, "spend": func(v rules.Verb) func(*rules.Ctx, []string) error { return runSpend(v, false) },
		"cast": func(v rules.Verb) func(*rules.Ctx, []string) error { return runSpend(v, true) },
		"pool": runPool, "release": runRelease, "one": runOne, "clear": runClear, "carry": runCarry, "pass": runPass,
		"takeoff": runFlight(true), "land": runFlight(false), "board": runBoard, "alight": runAlight, "drive": runDrive,
		"hold": runHold, "knockdown": runKnockdown, "close": runClose, "withdraw": runWithdraw, "move": runMove,
		"damage": runDamage, "injury": runInjury, "heal": runHeal, "fear": runFear, "locations": runLocations,
	}
	for i := range vs {
		if h, ok := optionHelp[vs[i].Name]; ok {
			vs[i].OptionHelp = h
		}
		switch vs[i].Name {
		case "refresh":
			vs[i].Run = runCallRefresh
		case "surprise":
			vs[i].Run = runSurprise
		default:
			vs[i].Run = run[vs[i].Name](vs[i])
		}
	}
	return vs
}

// Refresh implements rules.Refresher: after `set` or `add`, ranks marked
// lost past the floor put a combatant Out of Action, and healed ranks bring
// one put out by them back; the countdown is re-sorted for changed dice.
func (*System) Refresh(c *rules.Ctx, cb *model.Combatant, before model.Sheet, statusSet bool) error {
	s, err := ownSheet(cb)
	if err != nil {
		return err
	}
	n := crossover(c.E)
	if !statusSet {
		was := false
		if b, ok := before.(*Sheet); ok && b != nil {
			was = b.Beaten(n)
		}
		now := s.Beaten(n)
		switch {
		case now && !was && cb.Status == model.Active:
			outOfAction(c, cb, s, "ranks spent")
		case !now && was && cb.Status == model.Incapacitated:
			cb.Status = model.Active
			c.Event("%s is back in action", cb.Name)
		}
	}
	place(c.E, cb) // only cb's fields changed
	return nil
}
