package tui

import (
	"strings"
	"testing"

	"fray/model"
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
