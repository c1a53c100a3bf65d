package tui

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"fray/saves"
)

// BenchmarkFightsView times a frame of the fights screen listing 200
// fights in a real folder, the fight open now among them: the event
// loop draws it for every key.
func BenchmarkFightsView(b *testing.B) {
	dir := b.TempDir()
	ff := &fakeFights{}
	for i := range 200 {
		path := filepath.Join(dir, fmt.Sprintf("fight-%03d.toml", i))
		if err := os.WriteFile(path, nil, 0o644); err != nil {
			b.Fatal(err)
		}
		ff.list = append(ff.list, saves.Summary{Path: path, Name: filepath.Base(path), System: "tst", Round: i, Title: "A fight",
			Sides: []saves.SideCount{{Side: "party", Alive: 4, Total: 4}, {Side: "foes", Alive: 3, Total: 6}}})
	}
	m := pressRead(sized(newTracker(b, trio...), Options{Path: ff.list[100].Path, Fights: ff}, 120, 40), "L")
	b.ReportAllocs()
	for b.Loop() {
		m = press(m, "j")
		_ = m.View()
	}
}
