package sst_test

import (
	"strings"
	"testing"

	"fray/rules"
)

// rowMarks joins the marks of a combatant's order row.
func rowMarks(t *testing.T, tr *rules.Tracker, name string) string {
	t.Helper()
	for _, r := range tr.Sys.Order(tr.E).Rows {
		if r.Name == name {
			return strings.Join(r.Marks, ", ")
		}
	}
	t.Fatalf("no row for %s", name)
	return ""
}

// A melee attack is made InContact: figures move into base contact to
// strike, so attacker and target are InContact afterwards (the shared
// engaged pair, marked in the order as every system marks it: "×Gob"). A missile or a reach weapon strikes from Alone. With
// zones set, a melee attack into another zone is refused.
func TestMeleeIsInContact(t *testing.T) {
	tr := newTracker(t, "add Roland pc=yes side=heroes dice=6,5,4,3", "add Gob side=goblins dice=5,4", "add Archer side=goblins attack=3 dice=5,4", "next")
	from := tr.E.Log.Len()
	run(t, tr, "dice 2 2 2 2", "attack Roland Gob")
	hasEvent(t, tr, from, "Roland and Gob are engaged")
	if m := rowMarks(t, tr, "Roland"); !strings.Contains(m, "×Gob") || strings.Contains(m, "in contact") {
		t.Errorf("Roland's marks %q", m)
	}
	from = tr.E.Log.Len()
	run(t, tr, "dice 2 2 2", "force attack Archer Roland missile")
	if len(comb(t, tr, "Archer").Engaged) != 0 {
		t.Error("a missile attack brought the archer InContact")
	}
	run(t, tr, "set Archer zone=wall", "set Roland zone=gate")
	fails(t, tr, "attack Roland Archer", "Archer is in wall and Roland in gate")
	// The option off leaves contact to the GM.
	tr = newTracker(t, "add Roland pc=yes side=heroes dice=6,5,4,3", "add Gob side=goblins dice=5,4", "option contact off", "next")
	run(t, tr, "dice 2 2 2 2", "attack Roland Gob")
	if len(comb(t, tr, "Roland").Engaged) != 0 {
		t.Error("contact off, yet the attack engaged")
	}
}

// Advantage from numbers: more allies than enemies InContact in the melee
// group is a minor advantage, twice as many a major one. fray reads them
// as +1 and +2 attack dice (the source's modifier table is lost) and
// counts the attacker among its side.
func TestAdvantageFromNumbers(t *testing.T) {
	tr := newTracker(t, "add Roland pc=yes side=heroes dice=6,5,4,3", "add Mira pc=yes side=heroes dice=6,5",
		"add Gob side=goblins dice=5,4", "engage Mira Gob", "engage Roland Gob", "next")
	from := tr.E.Log.Len()
	run(t, tr, "dice 2 2 2 2 2 2", "attack Roland Gob")
	hasEvent(t, tr, from, "Roland attacks Gob with 6 dice, success on 5+ (major advantage +2d: 2 against 1)")
	tr = newTracker(t, "add Roland pc=yes side=heroes dice=6,5,4,3", "add Mira pc=yes side=heroes dice=6,5",
		"add Bran pc=yes side=heroes dice=6,5", "add Gob side=goblins dice=5,4", "add Hob side=goblins dice=5,4",
		"engage Mira Gob", "engage Roland Gob", "engage Bran Hob", "engage Hob Mira", "next")
	from = tr.E.Log.Len()
	run(t, tr, "dice 2 2 2 2 2", "attack Roland Gob")
	hasEvent(t, tr, from, "Roland attacks Gob with 5 dice, success on 5+ (minor advantage +1d: 3 against 2)")
	// The other side, outnumbered, gets nothing.
	from = tr.E.Log.Len()
	run(t, tr, "dice 2 2 2 2", "force attack Gob Roland")
	hasEvent(t, tr, from, "Gob attacks Roland with 4 dice, success on 5+")
}

// InClose: hand to hand. Both fall prone unless three times the size of
// every opponent InClose; heavy weapons are dropped; light ones get +1 SL,
// bare hands (fists) none. Withdraw is the way out (and up).
func TestInClose(t *testing.T) {
	tr := newTracker(t, "add Roland pc=yes side=heroes weapon=heavy dice=6,5,4,3", "add Gob side=goblins weapon=light dice=5,4,4",
		"add Troll side=goblins size=3 weapon=large dice=6,6,6", "next")
	from := tr.E.Log.Len()
	run(t, tr, "close Roland Gob")
	hasEvent(t, tr, from, "Roland spends 4 on closing with Gob (cost 4)")
	hasEvent(t, tr, from, "Roland and Gob are InClose")
	hasEvent(t, tr, from, "Roland falls prone (InClose)")
	hasEvent(t, tr, from, "Gob falls prone (InClose)")
	hasEvent(t, tr, from, "Roland drops the heavy weapon: it cannot be used InClose (dropped=heavy; set Roland weapon=heavy to take it up)")
	wantGet(t, tr, "Roland", "weapon", "fists")
	wantGet(t, tr, "Roland", "dropped", "heavy")
	if m := rowMarks(t, tr, "Gob"); !strings.Contains(m, "in close: Roland") || !strings.Contains(m, "prone") {
		t.Errorf("Gob's marks %q", m)
	}
	// The goblin's light blade gains an SL InClose; Roland's fists do not.
	from = tr.E.Log.Len()
	run(t, tr, "dice 2 2 2 2", "force attack Gob Roland")
	hasEvent(t, tr, from, "Gob attacks Roland with 4 dice, success on 4+ (+1 SL: light weapon InClose)")
	run(t, tr, "set Roland weapon=heavy")
	fails(t, tr, "attack Roland Gob", "heavy weapon cannot be used InClose")
	// The troll, three times Roland's size, stays on its feet.
	tr = newTracker(t, "add Roland pc=yes side=heroes dice=6,5,4,3", "add Troll side=goblins size=3 weapon=large dice=6,6,6", "next")
	from = tr.E.Log.Len()
	run(t, tr, "close Roland Troll")
	hasEvent(t, tr, from, "Troll stays on its feet: three times the size of every foe InClose")
	if comb(t, tr, "Troll").HasCond("prone") || !comb(t, tr, "Roland").HasCond("prone") {
		t.Error("prone is wrong")
	}
	// Withdraw: out of InClose and up; again: Alone.
	from = tr.E.Log.Len()
	run(t, tr, "withdraw Roland cost=2")
	hasEvent(t, tr, from, "Roland withdraws from InClose with Troll and gets up: still InContact")
	if comb(t, tr, "Roland").HasCond("prone") || !comb(t, tr, "Roland").EngagedWith(comb(t, tr, "Troll").ID) {
		t.Error("withdraw from InClose")
	}
	from = tr.E.Log.Len()
	run(t, tr, "withdraw Roland cost=2")
	hasEvent(t, tr, from, "Roland withdraws from contact with Troll: Alone")
	if len(comb(t, tr, "Roland").Engaged) != 0 {
		t.Error("still InContact")
	}
}

// Moving away from InContact risks an opportunity attack from each foe in
// contact; InClose one must withdraw first.
func TestMoveOutOfContact(t *testing.T) {
	tr := newTracker(t, "add Roland pc=yes side=heroes dice=6,5,4,3", "add Gob side=goblins dice=5,4",
		"set Roland zone=1", "set Gob zone=1", "engage Roland Gob", "next")
	from := tr.E.Log.Len()
	run(t, tr, "move Roland 2")
	hasEvent(t, tr, from, "Gob may take an opportunity attack as Roland leaves (attack Gob Roland free)")
	hasEvent(t, tr, from, "Roland moves from zone 1 to zone 2")
	if len(comb(t, tr, "Roland").Engaged) != 0 {
		t.Error("still InContact after moving off")
	}
	tr = newTracker(t, "add Roland pc=yes side=heroes dice=6,5,4,3", "add Gob side=goblins dice=5,4",
		"set Roland zone=1", "set Gob zone=1", "next", "close Roland Gob")
	fails(t, tr, "move Roland 2", "withdraw")
}

// A reach weapon strikes from Alone and keeps its wielder out of contact;
// it cannot be used InContact.
func TestReach(t *testing.T) {
	tr := newTracker(t, "add Pike pc=yes side=heroes reach=yes dice=6,5,4,3", "add Gob side=goblins dice=5,4", "next")
	from := tr.E.Log.Len()
	run(t, tr, "dice 2 2 2 2", "attack Pike Gob")
	hasEvent(t, tr, from, "Pike strikes with its reach from out of contact")
	if len(comb(t, tr, "Pike").Engaged) != 0 {
		t.Error("a reach attack brought Pike InContact")
	}
	run(t, tr, "engage Gob Pike")
	fails(t, tr, "attack Pike Gob", "cannot be used InContact")
}

// "Friends may stand alone as a group, as long as no enemies are touching
// them. However if they do and one enemy does move into contact then they
// all immediately count as InContact." Friends engaged with each other
// (engage A B on one side) stand Alone together; once a foe touches one,
// each of them is InContact: a reach weapon is no use to any of them, and
// the rows say so.
func TestFriendsAloneTogether(t *testing.T) {
	tr := newTracker(t, "add Roland pc=yes side=heroes dice=6,5,4,3", "add Mira pc=yes side=heroes reach=yes dice=6,6,5,5,4",
		"add Bran pc=yes side=heroes dice=6", "add Gob side=goblins dice=5,4", "add Hob side=goblins dice=5,4",
		"engage Roland Mira", "engage Mira Bran", "next")
	if m := rowMarks(t, tr, "Mira"); !strings.Contains(m, "alone with: Roland, Bran") {
		t.Errorf("Mira's marks %q, want her Alone with her friends", m)
	}
	run(t, tr, "dice 2 2 2 2", "attack Mira Hob") // a reach weapon strikes from Alone
	from := tr.E.Log.Len()
	run(t, tr, "dice 2 2", "force attack Gob Roland")
	hasEvent(t, tr, from, "Mira, Bran stand with Roland: all InContact with Gob")
	for _, name := range []string{"Roland", "Mira", "Bran"} {
		if m := rowMarks(t, tr, name); !strings.Contains(m, "×Gob") || strings.Contains(m, "in contact") {
			t.Errorf("%s's marks %q, want InContact with Gob", name, m)
		}
	}
	fails(t, tr, "attack Mira Hob", "Mira is InContact with Gob: a reach weapon cannot be used InContact")
}
