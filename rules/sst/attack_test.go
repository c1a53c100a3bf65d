package sst_test

import (
	"reflect"
	"strings"
	"testing"

	"fray/model"
	"fray/rules"
)

const goblins = "add Goblin1 attack=4 dice=5,4"

// Roland's dodge pool against three goblins, as in the source.
func TestRolandDodgesThreeGoblins(t *testing.T) {
	tr := newTracker(t, "add Roland pc=yes phys=4 dodge=5 dice=6,5,4,3",
		goblins, "add Goblin2 attack=4 dice=5,4", "add Goblin3 attack=4 dice=5,4", "next")
	// Dodge 5d: 4 successes cancel all 4 attack dice; the pool drops to 3.
	from := tr.E.Log.Len()
	run(t, tr, "dice 5 6 5 5 2", "force attack Goblin1 Roland dodge")
	hasEvent(t, tr, from, "Roland spends a 3 to dodge")
	hasEvent(t, tr, from, "Roland's dodge pool: 4")
	hasEvent(t, tr, from, "Goblin1 attacks Roland with 0 dice, success on 5+ (dodge −4 (pool now 3))")
	hasEvent(t, tr, from, "Goblin1 misses Roland")
	// The second goblin has 1 die left of 4 and rolls a 3; pool 2.
	from = tr.E.Log.Len()
	run(t, tr, "dice 3", "force attack Goblin2 Roland")
	hasEvent(t, tr, from, "Goblin2 attacks Roland with 1 dice, success on 5+ (dodge −3 (pool now 2))")
	wantGet(t, tr, "Roland", "dpool", "2")
	// A Pool action adds a die back.
	run(t, tr, "pool Roland")
	wantGet(t, tr, "Roland", "dpool", "3")
	wantGet(t, tr, "Roland", "dice", "6 5")
	// The third goblin attacks with a net 1d and rolls a 1: a Fumble.
	from = tr.E.Log.Len()
	run(t, tr, "dice 1", "force attack Goblin3 Roland")
	hasEvent(t, tr, from, "Goblin3 fumbles (1 one, 0 successes)")
	wantGet(t, tr, "Goblin3", "fumbled", "yes")
	wantGet(t, tr, "Roland", "dpool", "2")
	// Attacking the fumbler is at +1 SL (4+); any other action loses the pool.
	from = tr.E.Log.Len()
	run(t, tr, "dice 4 4 1 2", "attack Roland Goblin3 dice=6 roll=4")
	hasEvent(t, tr, from, "Roland loses its defence pools")
	hasEvent(t, tr, from, "Roland attacks Goblin3 with 4 dice, success on 4+ (+1 SL: target fumbled)")
	hasEvent(t, tr, from, "Roland hits Goblin3: 2 successes, medium weapon (1+1d) → 2 damage")
	hasEvent(t, tr, from, "Roland is exposed: 1 exposure left beside it")
	wantGet(t, tr, "Roland", "dpool", "0")
}

// Roland's block pool against three goblins, as in the source.
func TestRolandBlocksThreeGoblins(t *testing.T) {
	tr := newTracker(t, "add Roland pc=yes phys=4 block=5 shield=2 dice=6,5,4,3",
		goblins, "add Goblin2 attack=4 dice=5,4", "add Goblin3 attack=4 dice=5,4", "next")
	// Block 5d: 2 successes + shield 2 = pool 4. The goblin's 2 successes
	// meet the shield: no hit, 2 exposures on the goblin.
	from := tr.E.Log.Len()
	run(t, tr, "dice 5 5 2 3 4  5 6 2 3", "force attack Goblin1 Roland block")
	hasEvent(t, tr, from, "Roland's block works: pool 4 (2 successes + shield 2)")
	hasEvent(t, tr, from, "Roland's block leaves 2 exposures on Goblin1")
	hasEvent(t, tr, from, "Goblin1 misses Roland")
	wantGet(t, tr, "Roland", "bpool", "3")
	wantGet(t, tr, "Goblin1", "exposed", "2")
	// Second goblin: 2 hits against 3 → 1 exposure, pool 2.
	run(t, tr, "dice 6 5 3 2", "force attack Goblin2 Roland")
	wantGet(t, tr, "Goblin2", "exposed", "1")
	wantGet(t, tr, "Roland", "bpool", "2")
	run(t, tr, "pool Roland")
	wantGet(t, tr, "Roland", "bpool", "3")
	// Third goblin: 4 successes beat the pool of 3: the shield is ignored.
	from = tr.E.Log.Len()
	run(t, tr, "dice 5 5 6 5", "force attack Goblin3 Roland rank")
	hasEvent(t, tr, from, "4 successes beat Roland's block pool: the shield is ignored (block pool now 2)")
	hasEvent(t, tr, from, "Goblin3 hits Roland: 4 successes, medium weapon (1+1d) → 4 damage")
	wantGet(t, tr, "Roland", "bpool", "2")
	wantGet(t, tr, "Roland", "lphys", "1")
	// Roland picks up Goblin1's exposures for his own attack.
	from = tr.E.Log.Len()
	run(t, tr, "dice 2 2 2", "attack Roland Goblin1 roll=1")
	hasEvent(t, tr, from, "Roland attacks Goblin1 with 3 dice, success on 5+ (+2 exposures picked up)")
	wantGet(t, tr, "Goblin1", "exposed", "0")
}

// Strip: the attacker spends successes equal to the rolled block to break it.
func TestStripBlock(t *testing.T) {
	tr := newTracker(t, "add Def block=6 shield=2 phys=6 dice=6,5", "add Atk attack=6 dice=6,5", "next")
	from := tr.E.Log.Len()
	run(t, tr, "dice 5 6 2 2 2 2  5 5 6 5 2 3", "force attack Atk Def block strip")
	hasEvent(t, tr, from, "Atk spends 2 successes to break Def's block")
	hasEvent(t, tr, from, "Atk hits Def: 2 successes")
	wantGet(t, tr, "Def", "bpool", "0")
}

// Parry turns misses into 1s, which are exposures: the source checks for
// a fumble on the roll first and parries after, so a parry never turns an
// attack into a fumble, and the riposte takes every exposure. The log
// keeps the faces as rolled, then says what the parry made of them.
func TestParry(t *testing.T) {
	tr := newTracker(t, "add Mira pc=yes parry=2 armour=2 dice=6,5", "add Orc attack=4 dice=6,4", "next")
	from := tr.E.Log.Len()
	run(t, tr, "dice 5 6  5 3 2 1", "force attack Orc Mira parry")
	hasEvent(t, tr, from, "Orc is exposed: 1 exposure left beside it")
	hasEvent(t, tr, from, "Mira's parry turns 2 misses into 1s (5 1 1 1): 2 more exposures on Orc")
	if f := rollFaces(t, tr, from, "attack on Mira"); !reflect.DeepEqual(f, []int{5, 3, 2, 1}) {
		t.Errorf("the attack roll is logged as %v, want the faces rolled, 5 3 2 1", f)
	}
	for _, e := range events(tr, from) {
		if strings.Contains(e, "fumbles") {
			t.Errorf("a parry made a fumble: %q", e)
		}
	}
	wantGet(t, tr, "Orc", "exposed", "3")
	wantGet(t, tr, "Orc", "fumbled", "no")
	// Mira takes all three for her riposte.
	from = tr.E.Log.Len()
	run(t, tr, "dice 6 6 2", "attack Mira Orc riposte")
	hasEvent(t, tr, from, "Mira attacks Orc with 3 dice, success on 5+ (+3 exposures picked up)")
	wantGet(t, tr, "Mira", "dice", "6") // the parry cost her 5; a riposte is free
	// More 1s than successes on the roll itself is still a fumble, and
	// the parry's 1s are exposures all the same.
	tr = newTracker(t, "add Mira pc=yes parry=2 armour=2 dice=6,5", "add Orc attack=4 dice=6,4", "next")
	from = tr.E.Log.Len()
	run(t, tr, "dice 5 6  1 1 3 2", "force attack Orc Mira parry")
	hasEvent(t, tr, from, "Orc fumbles (2 ones, 0 successes)")
	wantGet(t, tr, "Orc", "fumbled", "yes")
	wantGet(t, tr, "Orc", "exposed", "2")
}

// The +1 bought with a 1 lifts a die after the roll: the log keeps the
// face rolled and says what it became.
func TestLiftLoggedAsRolled(t *testing.T) {
	tr := newTracker(t, "add A pc=yes attack=2 dice=6,1", "add B dice=3", "next")
	from := tr.E.Log.Len()
	run(t, tr, "dice 4 2", "attack A B plus")
	hasEvent(t, tr, from, "A spends a 1: a 4 becomes a 5")
	if f := rollFaces(t, tr, from, "attack on B"); !reflect.DeepEqual(f, []int{4, 2}) {
		t.Errorf("the attack roll is logged as %v, want 4 2", f)
	}
}

// rollFaces returns the faces of the roll logged for why since from.
func rollFaces(t *testing.T, tr *rules.Tracker, from int, why string) []int {
	t.Helper()
	for _, e := range tr.E.Log.From(from) {
		if e.Kind == model.KindRoll && e.Why == why {
			return e.Faces
		}
	}
	t.Fatalf("no roll for %q", why)
	return nil
}

func TestAttackOptions(t *testing.T) {
	tr := newTracker(t, "add A pc=yes attack=3 dice=6,5,4,1,1", "add B phys=6 armour=1 cover=soft-heavy dice=3", "next")
	// Effort adds a die, cover takes three, armour cancels a success.
	from := tr.E.Log.Len()
	run(t, tr, "one A effort", "dice 5 5 6 4", "attack A B mod=+3 plus weapon=heavy")
	hasEvent(t, tr, from, "A attacks B with 4 dice, success on 5+ (cover soft-heavy −3)")
	hasEvent(t, tr, from, "A spends a 1: a 4 becomes a 5")
	hasEvent(t, tr, from, "B's armour 1 cancels successes: 4 → 3")
	hasEvent(t, tr, from, "A hits B: 3 successes, heavy weapon (2+1d) → 4 damage")
	wantGet(t, tr, "A", "dice", "6 5")
	fails(t, tr, "attack A A", "cannot attack itself")
	fails(t, tr, "attack A B C", "no combatant")
	fails(t, tr, "attack A B cover=wall", "cover is")
	fails(t, tr, "attack A B B", "named twice")
	run(t, tr, "add C")
	fails(t, tr, "attack A B C", "strikes at most 1")
}

// A horde strikes up to four separate targets with one action.
func TestHordeAttacks(t *testing.T) {
	tr := newTracker(t, "add Horde group=horde attack=2 weapon=light dice=6,6",
		"add R pc=yes dice=2", "add M pc=yes dice=2", "next")
	from := tr.E.Log.Len()
	run(t, tr, "dice 5 5 2 2", "attack Horde R M")
	hasEvent(t, tr, from, "Horde hits R: 2 successes, light weapon (1+2d) → 1 damage")
	hasEvent(t, tr, from, "Horde misses M")
	fails(t, tr, "attack Horde R R", "named twice")
}

// Pooled actions grow with each Pool action and are lost on any other.
func TestCastPool(t *testing.T) {
	tr := newTracker(t, "add Mage pc=yes dice=6,5,4,3,2", "add Orc dice=2", "next")
	run(t, tr, "cast Mage 6 fireball", "pool Mage", "pool Mage")
	wantGet(t, tr, "Mage", "cast", "fireball")
	wantGet(t, tr, "Mage", "apool", "2")
	wantGet(t, tr, "Mage", "dice", "5 4")
	from := tr.E.Log.Len()
	run(t, tr, "dice 5 5 1 6", "release Mage roll=2")
	hasEvent(t, tr, from, "Mage releases its fireball with 2 pooled dice")
	hasEvent(t, tr, from, "Mage's fireball: 3 successes")
	run(t, tr, "cast Mage 4")
	from = tr.E.Log.Len()
	run(t, tr, "spend Mage 5")
	hasEvent(t, tr, from, "Mage loses its cast pool (0 dice)")
	wantGet(t, tr, "Mage", "cast", "")
}
