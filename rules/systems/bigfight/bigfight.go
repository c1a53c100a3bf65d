// Package bigfight builds large encounters for benchmarks and speed
// measurements: the first built-in demo of a system, its combatants
// repeated up to the size asked for (the demo's own sheets: weapons,
// armour, ranks, groups…), a log filled to the length asked for, and the
// fight started. Turn says which command a game master would type next in
// each system, so that a benchmark times a command that works.
//
// It is meant for tests, benchmarks and tools, never for the program a
// game master runs.
package bigfight

import (
	"fmt"
	"strconv"
	"strings"

	"fray/model"
	"fray/rules"
	"fray/rules/factions"
	"fray/rules/sst"
)

// Build sets up a fight of n combatants in the system: the lines of the
// system's first demo, with each add line repeated under new names
// (Paul, Paul2, Paul3 …) until there are n combatants, the fight started
// with next, and log entries (rolls and events, as a fight writes them)
// added until the log holds logLen entries. The tracker it returns has
// nothing to undo.
func Build(sys rules.System, n, logLen int, seed uint64) (*model.Encounter, error) {
	return build(sys, n, logLen, seed, true, false)
}

// BuildMounted is Build in factions with half the fight riding the
// other half: within each side, every first of two in the order of
// adding rides the second (on=), so a fight of 1000 has 500 riders on
// 500 mounts, all in the saddle when the fight starts.
func BuildMounted(sys rules.System, n, logLen int, seed uint64) (*model.Encounter, error) {
	if sys.ID() != "factions" {
		return nil, fmt.Errorf("%s has no mounts", sys.ID())
	}
	return build(sys, n, logLen, seed, true, true)
}

// BuildBefore is Build without the next that starts the fight: the
// combatants and the log as Build makes them, in round 0.
func BuildBefore(sys rules.System, n, logLen int, seed uint64) (*model.Encounter, error) {
	return build(sys, n, logLen, seed, false, false)
}

func build(sys rules.System, n, logLen int, seed uint64, start, mounted bool) (*model.Encounter, error) {
	demos := sys.Demos()
	if len(demos) == 0 {
		return nil, fmt.Errorf("%s has no demo to build from", sys.ID())
	}
	d := demos[0]
	var adds, rest []string
	for _, line := range d.Script {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if w, _ := rules.Split(line); len(w) > 1 && strings.EqualFold(w[0], "add") {
			adds = append(adds, line)
		} else {
			rest = append(rest, line)
		}
	}
	if len(adds) == 0 {
		return nil, fmt.Errorf("demo %s adds nobody", d.Name)
	}
	e := model.New(sys.ID(), seed)
	e.Title = d.Title
	t := rules.NewTracker(e, sys)
	apply := func(line string) error {
		if _, err := t.Apply(line); err != nil {
			return fmt.Errorf("%s: %w", line, err)
		}
		return nil
	}
	for i := 0; i < n; i++ {
		line, err := renamed(adds[i%len(adds)], i/len(adds))
		if err != nil {
			return nil, err
		}
		if err := apply(line); err != nil {
			return nil, err
		}
	}
	for _, line := range rest {
		if err := apply(line); err != nil {
			return nil, err
		}
	}
	if mounted {
		rider := map[string]*model.Combatant{} // by side, the one waiting for a mount
		for _, cb := range t.E.Combatants {
			r := rider[cb.Side]
			if r == nil {
				rider[cb.Side] = cb
				continue
			}
			delete(rider, cb.Side)
			if err := apply("set " + rules.Quote(r.Name) + " on=" + rules.Quote(cb.Name)); err != nil {
				return nil, err
			}
		}
	}
	if start {
		if err := apply("next"); err != nil {
			return nil, err
		}
	}
	e = t.E
	for i := e.Log.Len(); i < logLen; i++ {
		cb := e.Combatants[i%len(e.Combatants)]
		if i%3 == 0 {
			e.Append(model.Entry{Kind: model.KindRoll, Who: cb.Name, Why: "attack", Expr: "stress die+9",
				Faces: []int{1, 7}, Special: "exploded ×2", Total: 23})
		} else {
			e.Event("%s strikes and the blow is turned aside (%d)", cb.Name, i)
		}
	}
	return e, nil
}

// renamed gives an add line's combatant the k-th copy's name: the name
// itself for k = 0, else the name without spaces and k+1 (Paul2,
// Goblinhorde2).
func renamed(line string, k int) (string, error) {
	w, err := rules.Split(line)
	if err != nil {
		return "", err
	}
	if k > 0 {
		w[1] = strings.ReplaceAll(w[1], " ", "") + strconv.Itoa(k+1)
	}
	for i := range w {
		w[i] = quoteWord(w[i])
	}
	return strings.Join(w, " "), nil
}

// quoteWord quotes a word of a command line, or the value of a key=value
// word, when it holds spaces.
func quoteWord(w string) string {
	if !strings.ContainsAny(w, " \t\"'\\") {
		return w
	}
	if k, v, ok := strings.Cut(w, "="); ok && !strings.ContainsAny(k, " \t\"'\\") {
		return k + "=" + rules.Quote(v)
	}
	return rules.Quote(w)
}

// Turn returns the command a game master types for the next turn in the
// tracker's system: next where next passes the turn, and in the systems
// where a turn is something done (sst spends dice, factions activate a
// character or pass) that command.
func Turn(t *rules.Tracker) string {
	e := t.E
	switch t.Sys.ID() {
	case "sst":
		// The combatant with the turn pays for an action, then next hands
		// the turn on (or settles the refresh).
		cb := e.ByID(e.Current)
		if cb == nil || cb.Acted || e.Phase != "" {
			return "next"
		}
		if s, ok := cb.Sheet().(*sst.Sheet); ok && len(s.Dice) > 0 && s.Dice[0] > 1 {
			return "spend " + rules.Quote(cb.Name) + " " + strconv.Itoa(s.Dice[0])
		}
		return "pass " + rules.Quote(cb.Name)
	case "factions":
		side, ok := factions.Active(e)
		if !ok && e.Phase == factions.PhaseChoose {
			side, ok = factions.Holder(e)
		}
		if !ok {
			return "next"
		}
		if factions.Acting(e) != nil {
			// activate ends the open activation: the next faction chooses.
			fs := factions.Factions(e)
			for i, f := range fs {
				if f == side {
					side = fs[(i+1)%len(fs)]
					break
				}
			}
		}
		for _, cb := range e.Combatants {
			if cb.Side == side && factions.Ready(e, cb) {
				return "activate " + rules.Quote(cb.Name)
			}
		}
		return "pass"
	}
	return "next"
}
