package saves

import (
	"fmt"
	"path/filepath"
	"testing"

	"fray/rules"
	"fray/rules/systems"
	"fray/rules/systems/bigfight"
)

// BenchmarkListBig times the library of fights as fray ls and the fights
// screen (L) read it: a folder of six fights, one of them 1000 of the
// arm5 demo's combatants with a 10,000-entry log (about 2 MB), the others
// the demo itself; every file summed up and checked that it would open.
func BenchmarkListBig(b *testing.B) {
	reg := systems.Default()
	sys, err := reg.Lookup("arm5")
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	for i, n := range []int{1000, 9, 9, 9, 9, 9} {
		e, err := bigfight.Build(sys, n, n*10, 1)
		if err != nil {
			b.Fatal(err)
		}
		if err := Save(filepath.Join(dir, fmt.Sprintf("fight-%d.toml", i)), e); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	start := cpuTime()
	for b.Loop() {
		sums := listChecked(b, dir, reg)
		if len(sums) != 6 {
			b.Fatalf("%d summaries", len(sums))
		}
		for _, s := range sums {
			if s.Err != nil || s.Alive() == "" {
				b.Fatalf("%s: %q, %v", s.Name, s.Alive(), s.Err)
			}
		}
	}
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
}

// listChecked is the library as fray ls reads it.
func listChecked(b *testing.B, dir string, reg *rules.Registry) []Summary {
	sums, err := List(dir, reg, "")
	if err != nil {
		b.Fatal(err)
	}
	return sums
}
