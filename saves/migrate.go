package saves

import (
	"fmt"
	"strconv"
	"strings"
)

// migrations[v] upgrades the tree of a format-v file to format v+1, so an
// old file is read by running each step from its version up to
// FormatVersion. A step works on the parsed tree, before any field is
// read: it may rename, move, add or drop keys, and it must set no line it
// cannot know (0 is fine).
var migrations = map[int]func(root *node) error{
	1: positionsInModel,
	2: fightAfterLog,
	3: turnOnCombatants,
}

// turnOnCombatants is format 3 → 4: a combatant's turn state (what its
// turn used, a delay's round…) may be a turn table of its own, which
// format 3 kept as keys of [turn] ("delay:ID", "use:ID"…). Those keys
// stay where they are in the tree: the system moves them onto the
// combatants once the file is read (rules.TurnAdopter), as only it knows
// which of its keys are whose.
func turnOnCombatants(*node) error { return nil }

// streamFrom is the oldest format the streaming reader (decodeStream)
// takes: no step from it on changes the tree (turnOnCombatants leaves it
// as it is), so such a file reads as one of FormatVersion, and a fight
// saved by the fray before format 4 opens as fast as one saved since.
// A step that changes the tree must move it up.
const streamFrom = 3

// fightAfterLog is format 2 → 3: the fight as it stands (round, turn,
// order, clock, dice) moved from the file's top keys to a [fight] table
// after the log, so that each save shares more of its bytes with the
// last (see Encoder). The keys move as they are; their lines stay.
func fightAfterLog(root *node) error {
	if root.get("fight") != nil {
		return fmt.Errorf("fight is not a key of format 2")
	}
	fight := &node{kind: kTable, explicit: true}
	for _, k := range fightKeys {
		if v := root.get(k); v != nil {
			root.drop(k)
			fight.put(k, v)
		}
	}
	root.put("fight", fight)
	return nil
}

// positionsInModel is format 1 → 2: position became shared. A combatant
// has zone and engaged keys of its own; format 1 kept an sst zone in the
// sheet, and arm5 engagements in the turn table as "eng:ID" = "ID,ID".
func positionsInModel(root *node) error {
	cs := root.get("combatant")
	if cs == nil || cs.kind != kArray {
		return nil
	}
	names := map[int64]string{}
	tables := map[int64]*node{}
	for _, t := range cs.list {
		if t.kind != kTable {
			continue
		}
		if sh := t.get("sheet"); sh != nil && sh.kind == kTable && t.get("zone") == nil {
			if z := sh.get("zone"); z != nil {
				sh.drop("zone")
				t.put("zone", z)
			}
		}
		id, name := t.get("id"), t.get("name")
		if id != nil && id.kind == kInt && name != nil && name.kind == kString {
			names[id.num] = name.str
			tables[id.num] = t
		}
	}
	turn := root.get("turn")
	if turn == nil || turn.kind != kTable {
		return nil
	}
	for _, f := range append([]field(nil), turn.fields...) {
		rest, ok := strings.CutPrefix(f.key, "eng:")
		if !ok {
			continue
		}
		turn.drop(f.key)
		id, err := strconv.ParseInt(rest, 10, 64)
		t := tables[id]
		if err != nil || t == nil || t.get("engaged") != nil {
			continue
		}
		text := f.val.str
		if f.val.kind == kInt {
			text = strconv.FormatInt(f.val.num, 10)
		}
		list := &node{kind: kArray}
		for _, w := range strings.Split(text, ",") {
			if n, err := strconv.ParseInt(strings.TrimSpace(w), 10, 64); err == nil && names[n] != "" {
				list.list = append(list.list, &node{kind: kString, str: names[n]})
			}
		}
		if len(list.list) > 0 {
			t.put("engaged", list)
		}
	}
	return nil
}

// migrate upgrades root from format from to FormatVersion.
func migrate(root *node, from int) error {
	for v := from; v < FormatVersion; v++ {
		step, ok := migrations[v]
		if !ok {
			return fmt.Errorf("no upgrade from format %d to %d", v, v+1)
		}
		if err := step(root); err != nil {
			return err
		}
	}
	return nil
}
