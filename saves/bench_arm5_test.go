package saves

import (
	"fmt"
	"path/filepath"
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/systems"
)

// BenchmarkArm5 saves and loads a real Ars Magica encounter: 1000
// combatants with full sheets (weapon, shield and armor from the
// catalogue) and a 10,000-entry log, the budget's largest case with the
// biggest sheet fray has. The other benchmarks use a small test sheet.
func BenchmarkArm5(b *testing.B) {
	reg := systems.Default()
	sys, err := reg.Lookup("arm5")
	if err != nil {
		b.Fatal(err)
	}
	tr := rules.NewTracker(model.New("arm5", 1), sys)
	for i := 0; i < 1000; i++ {
		line := fmt.Sprintf(`add F%04d side=s%d qik=%d dex=1 str=1 sta=2 ability=5 weapon="long sword" shield="round shield" armor="mail hauberk" init=%d`, i, i%2, i%3, i%20)
		if _, err := tr.Apply(line); err != nil {
			b.Fatal(err)
		}
	}
	for len(tr.E.Log) < 10000 {
		tr.E.Event("filler event %d", len(tr.E.Log))
	}
	path := filepath.Join(b.TempDir(), "arm5.toml")
	if err := Save(path, tr.E); err != nil {
		b.Fatal(err)
	}
	b.Run("save", func(b *testing.B) {
		for b.Loop() {
			if err := Save(path, tr.E); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("load", func(b *testing.B) {
		for b.Loop() {
			if _, _, err := Load(path, reg); err != nil {
				b.Fatal(err)
			}
		}
	})
}
