package bigfight

import (
	"testing"

	"fray/rules"
	"fray/rules/rulestest"
)

// Play sets up a demo with seed and applies n random lines to it (one in
// three the GM's turn command, the others built from the verbs' usage),
// calling after for each line that works. It returns the tracker and how
// many lines worked, for rulestest.EveryDemo.
func Play(t *testing.T, sys rules.System, demo string, seed uint64, n int, after func(tr *rules.Tracker, line string)) int {
	t.Helper()
	e, err := rules.BuildDemo(sys, demo, seed)
	if err != nil {
		t.Fatal(err)
	}
	tr := rules.NewTracker(e, sys)
	l := rulestest.NewLiner(tr, seed)
	worked := 0
	for range n {
		line := l.Line()
		if l.R.IntN(3) == 0 {
			line = Turn(tr)
		}
		if _, err := tr.Apply(line); err != nil {
			continue
		}
		worked++
		after(tr, line)
	}
	return worked
}
