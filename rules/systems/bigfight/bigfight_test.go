package bigfight

import (
	"testing"

	"fray/rules"
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
			if len(e.Combatants) != 40 || len(e.Log) != 500 || e.Round == 0 {
				t.Fatalf("%d combatants, %d log entries, round %d", len(e.Combatants), len(e.Log), e.Round)
			}
			tr := rules.NewTracker(e, sys)
			round := e.Round
			for i := 0; i < 400; i++ {
				line := Turn(tr)
				if _, err := tr.Apply(line); err != nil {
					t.Fatalf("turn %d: %s: %v", i, line, err)
				}
			}
			if tr.E.Round <= round+1 {
				t.Errorf("400 turns went from round %d to %d only", round, tr.E.Round)
			}
		})
	}
}
