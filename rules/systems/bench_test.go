package systems_test

import (
	"fmt"
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/systems"
)

// BenchmarkNextAndOrder measures, for every shipped system, one `next`
// through the tracker plus the order view the screen draws after it, at
// 1000 combatants: the work behind the GM's most frequent key.
func BenchmarkNextAndOrder(b *testing.B) {
	for _, sys := range systems.Default().All() {
		b.Run(sys.ID(), func(b *testing.B) {
			tr := rules.NewTracker(model.New(sys.ID(), 1), sys)
			for i := 0; i < 1000; i++ {
				side := []string{"red", "blue"}[i%2]
				if _, err := tr.Apply(fmt.Sprintf("add F%04d side=%s", i, side)); err != nil {
					b.Fatal(err)
				}
			}
			if _, err := tr.Apply("next"); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				// A system may stop to ask the GM a choice; the order view
				// is drawn either way.
				_, _ = tr.Apply("next")
				_ = sys.Order(tr.E)
			}
		})
	}
}
