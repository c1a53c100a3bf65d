package tui

import (
	"testing"

	"fray/rules"
	"fray/rules/systems"
	"fray/rules/systems/bigfight"
	"fray/saves"
	"fray/saves/savestest"
)

// TestArchivedLogPane: a big file's log, kept as the file has it, shows
// on screen as the same fight's log in memory, turn after turn and
// scrolled back into the entries the file holds.
func TestArchivedLogPane(t *testing.T) {
	reg := systems.Default()
	for _, sys := range reg.All() {
		e, path := savestest.BigFile(t, sys, 40, 3000, 2)
		le, _, err := saves.Load(path, reg)
		if err != nil {
			t.Fatal(err)
		}
		if le.Archive == nil {
			t.Fatalf("%s: the log of a big file is not kept as read", sys.ID())
		}
		mine, kept := rules.NewTracker(e, sys), rules.NewTracker(le, sys)
		a, b := sized(mine, Options{}, 160, 48), sized(kept, Options{}, 160, 48)
		same := func(when string) {
			t.Helper()
			if a.View() != b.View() {
				t.Fatalf("%s, %s: the screens differ:\n%s\n---\n%s", sys.ID(), when, a.View(), b.View())
			}
		}
		same("opened")
		for range 5 {
			line := bigfight.Turn(mine)
			if _, err := a.run(line); err != nil {
				t.Fatal(err)
			}
			if _, err := b.run(line); err != nil {
				t.Fatal(err)
			}
			a.refresh()
			b.refresh()
			same(line)
		}
		// Scroll the log back past the entries written since the load.
		for _, m := range []*Model{a, b} {
			m.log.back = 40
			m.refresh()
		}
		same("scrolled back")
	}
}
