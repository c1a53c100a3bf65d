package saves

import (
	"fmt"
	"io"
	"path/filepath"
	"testing"
)

// benchSizes are the encounter sizes of the speed budget: 10, 100 and 1000
// combatants, each with no log and with a 10,000-entry log.
var benchSizes = []struct{ combatants, log int }{
	{10, 0}, {100, 0}, {1000, 0},
	{10, 10000}, {100, 10000}, {1000, 10000},
}

func benchName(c, l int) string { return fmt.Sprintf("combatants=%d/log=%d", c, l) }

// BenchmarkSave measures Save itself: encode, write a temp file, fsync,
// rename and fsync the folder.
func BenchmarkSave(b *testing.B) {
	for _, s := range benchSizes {
		e := bigFight(s.combatants, s.log)
		b.Run(benchName(s.combatants, s.log), func(b *testing.B) {
			path := filepath.Join(b.TempDir(), "bench.toml")
			for b.Loop() {
				if err := Save(path, e); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkLoad measures Load itself: read the file and decode it.
func BenchmarkLoad(b *testing.B) {
	reg := testReg(b)
	for _, s := range benchSizes {
		path := filepath.Join(b.TempDir(), "bench.toml")
		if err := Save(path, bigFight(s.combatants, s.log)); err != nil {
			b.Fatal(err)
		}
		b.Run(benchName(s.combatants, s.log), func(b *testing.B) {
			for b.Loop() {
				if _, _, err := Load(path, reg); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkEncode and BenchmarkDecode leave the disk out.
func BenchmarkEncode(b *testing.B) {
	for _, s := range benchSizes {
		e := bigFight(s.combatants, s.log)
		b.Run(benchName(s.combatants, s.log), func(b *testing.B) {
			b.SetBytes(int64(len(encode(b, e))))
			for b.Loop() {
				if err := Encode(io.Discard, e); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkDecode(b *testing.B) {
	reg := testReg(b)
	for _, s := range benchSizes {
		data := encode(b, bigFight(s.combatants, s.log))
		b.Run(benchName(s.combatants, s.log), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, _, err := Decode("bench.toml", data, reg); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
