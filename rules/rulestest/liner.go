package rulestest

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"fray/rules"
)

// Liner makes random command lines for a tracker's system, from the usage
// of each of its verbs: the property tests of undo and of saving run them
// on every demo.
type Liner struct {
	R *rand.Rand // the source of every choice, for tests to draw from too
	// Extremes makes numbers range up to the largest a command takes
	// (±1,000,000) as well as small ones.
	Extremes bool
	tr       *rules.Tracker
	verbs    []rules.Verb
	keys     []string
}

// NewLiner makes lines for tr's system; the same seed gives the same lines.
func NewLiner(tr *rules.Tracker, seed uint64) *Liner {
	l := &Liner{R: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), tr: tr}
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

func (l *Liner) pick(list []string) string { return list[l.R.IntN(len(list))] }

func (l *Liner) name() string {
	cs := l.tr.E.Combatants
	if len(cs) == 0 || l.R.IntN(20) == 0 {
		return "Newcomer" + strconv.Itoa(l.R.IntN(3))
	}
	return rules.Quote(cs[l.R.IntN(len(cs))].Name)
}

func (l *Liner) side() string {
	cs := l.tr.E.Combatants
	if len(cs) == 0 {
		return "red"
	}
	return rules.Quote(cs[l.R.IntN(len(cs))].Side)
}

func (l *Liner) number() string {
	n := l.R.IntN(12) - 2
	if l.Extremes && l.R.IntN(4) == 0 {
		n = []int{1_000_000, -1_000_000, 999_999, 100_000, -100_000}[l.R.IntN(5)]
	}
	if l.R.IntN(3) == 0 {
		return fmt.Sprintf("%+d", n)
	}
	return strconv.Itoa(n)
}

// value fills a placeholder of a usage line.
func (l *Liner) value(ph string) string {
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

// Line builds a random line for a random verb: each word of its usage,
// optional ones (in brackets) now and then, one of each set of
// alternatives.
func (l *Liner) Line() string {
	v := l.verbs[l.R.IntN(len(l.verbs))]
	for v.Name == "end" && l.R.IntN(10) != 0 {
		v = l.verbs[l.R.IntN(len(l.verbs))] // the end of the fight stops most commands
	}
	forms := strings.Split(v.Usage, " | ")
	form := strings.Fields(forms[l.R.IntN(len(forms))])
	out := []string{v.Name}
	for _, w := range form[1:] {
		optional := strings.HasPrefix(w, "[")
		w = strings.Trim(w, "[]")
		if w == "" || (optional && l.R.IntN(3) != 0) {
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

// EveryDemo runs check on every demo of every system with seeds 1 to 3,
// n lines each (40 with -short), in a subtest per demo. check returns how
// many lines worked; fewer than one in eight fails the test, which would
// then check too little.
func EveryDemo(t *testing.T, all []rules.System, n int, check func(t *testing.T, sys rules.System, demo string, seed uint64, n int) int) {
	if testing.Short() {
		n = 40
	}
	for _, sys := range all {
		for _, d := range sys.Demos() {
			t.Run(sys.ID()+"/"+d.Name, func(t *testing.T) {
				for seed := uint64(1); seed <= 3; seed++ {
					if worked := check(t, sys, d.Name, seed, n); worked < n/8 {
						t.Errorf("seed %d: only %d of %d lines worked: the test checks too little", seed, worked, n)
					}
				}
			})
		}
	}
}

// FuzzDemos is the fuzz target of the same: the fuzzer chooses the
// system, the demo and the seed; check runs n lines.
func FuzzDemos(f *testing.F, all []rules.System, n int, check func(t *testing.T, sys rules.System, demo string, seed uint64, n int) int) {
	for i := range 8 {
		f.Add(uint8(i), uint64(i*7919))
	}
	f.Fuzz(func(t *testing.T, which uint8, seed uint64) {
		sys := all[int(which)%len(all)]
		ds := sys.Demos()
		if len(ds) == 0 {
			return
		}
		check(t, sys, ds[int(which)/len(all)%len(ds)].Name, seed, n)
	})
}
