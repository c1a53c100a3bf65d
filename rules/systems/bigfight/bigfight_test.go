package bigfight

import (
	"testing"

	"fray/rules"
	"fray/rules/factions"
	"fray/rules/systems"
)

// TestTurnsWork: in every system, a big fight takes hundreds of turns of
// the command Turn picks, every one of them accepted.
func TestTurnsWork(t *testing.T) {
	for _, sys := range systems.Default().All() {
		t.Run(sys.ID(), func(t *testing.T) {
			e, err := Build(sys, 40, 500, 7)
			if err != nil {
				t.Fatal(err)
			}
			if len(e.Combatants) != 40 || e.Log.Len() != 500 || e.Round == 0 {
				t.Fatalf("%d combatants, %d log entries, round %d", len(e.Combatants), e.Log.Len(), e.Round)
			}
			playTurns(t, rules.NewTracker(e, sys))
		})
	}
}

// TestMountedTurnsWork: BuildMounted puts half the factions fight in the
// saddle of the other half, and the fight takes its turns all the same.
func TestMountedTurnsWork(t *testing.T) {
	sys, err := systems.Default().Lookup("factions")
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range systems.Default().All() {
		if _, err := BuildMounted(o, 10, 0, 1); (err == nil) != (o == sys) {
			t.Errorf("%s built mounted: %v", o.ID(), err)
		}
	}
	e, err := BuildMounted(sys, 40, 500, 7)
	if err != nil {
		t.Fatal(err)
	}
	riders := 0
	for _, cb := range e.Combatants {
		if sh, ok := cb.Sheet().(*factions.Sheet); ok && sh.On != "" {
			riders++
		}
	}
	if riders < 18 {
		t.Fatalf("%d riders of 40", riders)
	}
	playTurns(t, rules.NewTracker(e, sys))
}

// playTurns applies 400 of the commands Turn picks, each of which must
// be accepted, and checks that they took the fight on by rounds.
func playTurns(t *testing.T, tr *rules.Tracker) {
	t.Helper()
	round := tr.E.Round
	for i := 0; i < 400; i++ {
		line := Turn(tr)
		if _, err := tr.Apply(line); err != nil {
			t.Fatalf("turn %d: %s: %v", i, line, err)
		}
	}
	if tr.E.Round <= round+1 {
		t.Errorf("400 turns went from round %d to %d only", round, tr.E.Round)
	}
}
