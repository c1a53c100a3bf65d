package player

import (
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"fray/rules/systems"
	"fray/saves"
	"fray/saves/savestest"
)

// BenchmarkReload is fray's own work between a save landing and a player
// seeing it, at 1000 combatants with a 10,000-entry log: read the file,
// build the players' view of it, and draw a 120x40 screen. (The rest of
// the 200 ms is waiting: Follow looks every 40 ms, Bubble Tea draws at
// most every 16 ms.) The budget for this part is 50 ms.
func BenchmarkReload(b *testing.B) {
	reg := systems.Default()
	for _, id := range []string{"arm5", "osr"} {
		b.Run(id, func(b *testing.B) {
			sys, err := reg.Lookup(id)
			if err != nil {
				b.Fatal(err)
			}
			e, path := savestest.BigFile(b, sys, 1000, 10000, 1)
			var m tea.Model = New(plain(), "big.toml", WithoutTicks(), WithClock(time.Now))
			m, _ = m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
			b.Run("all", func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					e, sys, err := saves.Load(path, reg)
					if err != nil {
						b.Fatal(err)
					}
					m, _ = m.Update(StateOf(saves.Reading{E: e, Sys: sys}))
					_ = m.View()
				}
			})
			// The parts: the players' view of the encounter, and the
			// drawing of a screen of it (loading is saves.BenchmarkLoad).
			b.Run("view", func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					_ = StateOf(saves.Reading{E: e, Sys: sys})
				}
			})
			st := StateOf(saves.Reading{E: e, Sys: sys})
			b.Run("draw", func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					m, _ = m.Update(st)
					_ = m.View()
				}
			})
		})
	}
}
