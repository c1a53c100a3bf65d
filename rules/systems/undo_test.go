package systems_test

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/systems"
	"fray/rules/systems/bigfight"
)

// Undo keeps only what each command changed (see rules/undo.go). These
// tests hold it to what a full copy of the encounter before and after
// every command would give back, on every demo of every system, with
// random command lines built from each verb's usage: whatever rules code
// does to an encounter, undo and redo must restore it exactly, a failed
// command must leave it exactly as it was, and a snapshot must equal it
// and never change afterwards.

// full is a deep copy of an encounter, log included.
func full(e *model.Encounter) *model.Encounter {
	c := e.Clone()
	c.Log = slices.Clone(e.Log)
	return c
}

// liner makes random command lines for a tracker's system.
type liner struct {
	r     *rand.Rand
	tr    *rules.Tracker
	verbs []rules.Verb
	keys  []string
}

func newLiner(tr *rules.Tracker, seed uint64) *liner {
	l := &liner{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), tr: tr}
	for _, v := range tr.Verbs() {
		if v.Name != "undo" && v.Name != "redo" {
			l.verbs = append(l.verbs, v)
		}
	}
	if s := tr.Sys.NewSheet(); s != nil {
		l.keys = s.Keys()
	}
	return l
}

func (l *liner) pick(list []string) string { return list[l.r.IntN(len(list))] }

func (l *liner) name() string {
	cs := l.tr.E.Combatants
	if len(cs) == 0 || l.r.IntN(20) == 0 {
		return "Newcomer" + strconv.Itoa(l.r.IntN(3))
	}
	return rules.Quote(cs[l.r.IntN(len(cs))].Name)
}

func (l *liner) side() string {
	cs := l.tr.E.Combatants
	if len(cs) == 0 {
		return "red"
	}
	return rules.Quote(cs[l.r.IntN(len(cs))].Side)
}

func (l *liner) number() string {
	n := l.r.IntN(12) - 2
	if l.r.IntN(3) == 0 {
		return fmt.Sprintf("%+d", n)
	}
	return strconv.Itoa(n)
}

// value fills a placeholder of a usage line.
func (l *liner) value(ph string) string {
	ph = strings.Trim(ph, "…,±")
	switch ph {
	case "NAME", "ATTACKER", "TARGET", "DEFENDER", "RIDER", "HORSE", "HELPER", "MAGUS", "OPPONENT",
		"WHO", "A", "B", "C", "OTHER", "MEMBER", "CHARGE", "ALLY", "GROUP", "NAMES":
		return l.name()
	case "SIDE":
		return l.side()
	case "LEVEL":
		return l.pick([]string{"light", "medium", "heavy", "incap"})
	case "EXPR":
		return l.pick([]string{"2d6", "d20+3", "stress+5", "simple", "d10"})
	case "ZONE", "LOCATION":
		return l.pick([]string{"1", "2", "gate", "wall", "head", "arm"})
	case "TEXT", "WORD", "LABEL", "WEAPON", "KIND", "WEIGHT", "STATE", "FILTER", "WHAT", "what", "why":
		return l.pick([]string{"prone", "sword", "light", "stunned", "soft", "hello"})
	case "KEY":
		if len(l.keys) > 0 {
			return l.pick(l.keys)
		}
	case "VALUE":
		return l.number()
	case "COMMAND":
		return "next"
	case "FACES", "DICE":
		return l.number() + "," + l.number()
	}
	return l.number()
}

// line builds a random line for a random verb: each word of its usage,
// optional ones (in brackets) now and then, one of each set of
// alternatives.
func (l *liner) line() string {
	v := l.verbs[l.r.IntN(len(l.verbs))]
	for v.Name == "end" && l.r.IntN(10) != 0 {
		v = l.verbs[l.r.IntN(len(l.verbs))] // the end of the fight stops most commands
	}
	forms := strings.Split(v.Usage, " | ")
	form := strings.Fields(forms[l.r.IntN(len(forms))])
	out := []string{v.Name}
	for _, w := range form[1:] {
		optional := strings.HasPrefix(w, "[")
		w = strings.Trim(w, "[]")
		if w == "" || (optional && l.r.IntN(3) != 0) {
			continue
		}
		alt := l.pick(strings.Split(w, "|"))
		if k, ph, ok := strings.Cut(alt, "="); ok {
			if k == "key" {
				k = l.value("KEY")
			}
			out = append(out, k+"="+l.value(ph))
			continue
		}
		if strings.ToLower(alt) == alt && !strings.ContainsAny(alt, "±…") {
			out = append(out, alt) // a literal flag or word
			continue
		}
		out = append(out, l.value(alt))
	}
	return strings.Join(out, " ")
}

// checkUndo applies n random lines to tr (with the GM's turn command and
// chains of undo and redo mixed in) and fails t at the first state that
// undo, redo, a failure or a snapshot gets wrong. It returns how many
// lines worked.
func checkUndo(t *testing.T, tr *rules.Tracker, seed uint64, n int) int {
	t.Helper()
	l := newLiner(tr, seed)
	type kept struct{ snap, copy *model.Encounter }
	var snaps []kept
	worked := 0
	history := []*model.Encounter{full(tr.E)} // history[i] is the state i commands back… in order
	for i := 0; i < n; i++ {
		var line string
		switch k := l.r.IntN(10); {
		case k < 3:
			line = bigfight.Turn(tr)
		case k == 3 && len(history) > 1:
			// Undo a few steps, checking each state, then redo them.
			steps := 1 + l.r.IntN(min(4, len(history)-1))
			for s := 1; s <= steps && tr.CanUndo(); s++ {
				if _, err := tr.Apply("undo"); err != nil {
					t.Fatalf("seed %d, line %d: undo: %v", seed, i, err)
				}
				if want := history[len(history)-1-s]; !reflect.DeepEqual(want, full(tr.E)) {
					t.Fatalf("seed %d, line %d: %d undos did not restore the encounter", seed, i, s)
				}
			}
			for s := steps - 1; s >= 0 && tr.CanRedo(); s-- {
				if _, err := tr.Apply("redo"); err != nil {
					t.Fatalf("seed %d, line %d: redo: %v", seed, i, err)
				}
				if want := history[len(history)-1-s]; !reflect.DeepEqual(want, full(tr.E)) {
					t.Fatalf("seed %d, line %d: redo after %d undos did not restore the encounter", seed, i, steps)
				}
			}
			continue
		default:
			line = l.line()
		}
		before := full(tr.E)
		_, err := tr.Apply(line)
		if err != nil {
			if !reflect.DeepEqual(before, full(tr.E)) {
				t.Fatalf("seed %d: %q failed (%v) but changed the encounter", seed, line, err)
			}
			continue
		}
		after := full(tr.E)
		worked++
		if _, err := tr.Apply("undo"); err != nil {
			t.Fatalf("seed %d: undo of %q: %v", seed, line, err)
		}
		if !reflect.DeepEqual(before, full(tr.E)) {
			t.Fatalf("seed %d: undo of %q did not restore the encounter", seed, line)
		}
		if _, err := tr.Apply("redo"); err != nil {
			t.Fatalf("seed %d: redo of %q: %v", seed, line, err)
		}
		if !reflect.DeepEqual(after, full(tr.E)) {
			t.Fatalf("seed %d: redo of %q did not restore the encounter", seed, line)
		}
		history = append(history, after)
		if l.r.IntN(4) == 0 {
			s := tr.Snapshot()
			if !reflect.DeepEqual(after, full(s)) {
				t.Fatalf("seed %d: the snapshot after %q is not the encounter", seed, line)
			}
			snaps = append(snaps, kept{s, full(s)})
		}
	}
	for _, k := range snaps {
		if !reflect.DeepEqual(k.copy, full(k.snap)) {
			t.Fatalf("seed %d: a snapshot changed after it was taken", seed)
		}
	}
	return worked
}

// TestUndoRestoresEveryDemo runs random commands on every demo of every
// system.
func TestUndoRestoresEveryDemo(t *testing.T) {
	n := 150
	if testing.Short() {
		n = 40
	}
	for _, sys := range systems.Default().All() {
		for _, d := range sys.Demos() {
			t.Run(sys.ID()+"/"+d.Name, func(t *testing.T) {
				for seed := uint64(1); seed <= 3; seed++ {
					e, err := rules.BuildDemo(sys, d.Name, seed)
					if err != nil {
						t.Fatal(err)
					}
					if worked := checkUndo(t, rules.NewTracker(e, sys), seed, n); worked < n/8 {
						t.Errorf("seed %d: only %d of %d lines worked: the test checks too little", seed, worked, n)
					}
				}
			})
		}
	}
}

// FuzzUndoDemos is the same with the fuzzer choosing the system, the demo
// and the random seed.
func FuzzUndoDemos(f *testing.F) {
	for i := range 8 {
		f.Add(uint8(i), uint64(i*7919))
	}
	all := systems.Default().All()
	f.Fuzz(func(t *testing.T, which uint8, seed uint64) {
		sys := all[int(which)%len(all)]
		ds := sys.Demos()
		if len(ds) == 0 {
			return
		}
		d := ds[int(which)/len(all)%len(ds)]
		e, err := rules.BuildDemo(sys, d.Name, seed)
		if err != nil {
			t.Fatal(err)
		}
		checkUndo(t, rules.NewTracker(e, sys), seed, 40)
	})
}
