package tui

import (
	"strings"
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/systems"
	"fray/rules/systems/bigfight"
)

// BenchmarkFactionsMove measures factions played as a GM mostly plays
// it, in a fight of 1000: one press activates the next character ready
// (the turn key's line), the next moves it a zone, which writes what its
// turn used into its turn state. That state was once a key of the turn
// map per character, which grew through the round and was copied whole
// for undo and the autosave's snapshot on every command.
func BenchmarkFactionsMove(b *testing.B) {
	for _, c := range []struct {
		name string
		opt  Options
	}{{"", Options{}}, {"saving/", Options{Path: "x", Save: func(*model.Encounter) error { return nil }}}} {
		b.Run(c.name+"1000", func(b *testing.B) {
			m := benchModel(b, "factions", 1000, c.opt)
			mover := ""
			b.ReportAllocs()
			b.ResetTimer()
			cpu := startCPU()
			for i := 0; i < b.N; i++ {
				line := bigfight.Turn(m.t)
				if mover != "" {
					line = "move " + mover + " 1"
				}
				mover = ""
				if name, ok := strings.CutPrefix(line, "activate "); ok {
					mover = name
				}
				m, _ = pressLine(b, m, line)
			}
			cpu.report(b)
		})
	}
}

// BenchmarkAttackRound measures a round of a big fight in which everyone
// who may attack does, in every system at 1000: a press attacks with the
// first combatant the rules let attack now (a foe of another side, the
// first standing), or, when nobody may, presses the turn key. Each attack
// writes the attacker's turn state (what it has done this turn or round):
// on the combatant in factions and osr, as [turn] keys elsewhere still.
// Choosing the line (which asks the rules of every combatant) is left out
// of the time and the allocations, so this reports no CPU time.
func BenchmarkAttackRound(b *testing.B) {
	for _, sys := range systems.Default().All() {
		b.Run(sys.ID()+"/saving/1000", func(b *testing.B) {
			m := benchModel(b, sys.ID(), 1000, Options{Path: "x", Save: func(*model.Encounter) error { return nil }})
			b.ReportAllocs()
			b.ResetTimer()
			attacks := 0
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				line := attackLine(m.t)
				if line == "" {
					line = bigfight.Turn(m.t)
				}
				b.StartTimer()
				_, err := m.run(line)
				switch {
				case err == nil && line != "" && strings.HasPrefix(line, "attack "):
					attacks++
				case err != nil && !strings.HasPrefix(line, "attack "):
					b.Fatalf("%s: %v", line, err)
				}
				m.refresh()
				m.saver.saving, m.saver.syncing = false, false
				_ = m.View()
			}
			b.ReportMetric(float64(attacks)/float64(b.N), "attacks/op")
		})
	}
}

// attackLine is an attack the rules allow now, or "".
func attackLine(t *rules.Tracker) string {
	for _, a := range rules.Actors(t.Sys, t.E, rules.Attack) {
		for _, o := range t.E.Combatants {
			if o.Side != a.Side && o.Status == model.Active {
				return "attack " + rules.Quote(a.Name) + " " + rules.Quote(o.Name)
			}
		}
	}
	return ""
}
