package saves

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"unsafe"
	"weak"

	"fray/rules/systems"
	"fray/rules/systems/bigfight"
)

// TestFileTextGoes: the text around a big fight's log, read into a
// buffer of its own (readApart), is not kept once the journal holds the
// fight: neither the encounter (names, sheets, conditions, options: the
// decoder's strPool) nor the encoder (ownTables) keeps any of it; nor
// the text of a big fight with a short log, read whole, the log's
// entries copied too. The file saved after is the file as it was, byte
// for byte, and after a few turns what Encode writes.
func TestFileTextGoes(t *testing.T) {
	// The combatants are read on two cores, and the log apart (or, as
	// if it were short, in the file's text), as the tracker reads a big
	// fight.
	defer func(n, m int) { minLogAside, minSplit = n, m }(minLogAside, minSplit)
	minSplit = 16 << 10
	reg := systems.Default()
	for _, sys := range reg.All() {
		for _, apart := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s/apart=%v", sys.ID(), apart), func(t *testing.T) {
				minLogAside = 16 << 10
				if !apart {
					minLogAside = 1 << 30
				}
				e, err := bigfight.Build(sys, 120, 800, 3)
				if err != nil {
					t.Fatal(err)
				}
				path := filepath.Join(t.TempDir(), "big.toml")
				if err := Save(path, e); err != nil {
					t.Fatal(err)
				}
				orig, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				s, err := Open(path)
				if err != nil {
					t.Fatal(err)
				}
				defer s.Close()
				tr, err := s.Load(reg)
				if err != nil {
					t.Fatal(err)
				}
				if s.data.apart() != apart || len(s.read.b) == 0 || unsafe.SliceData(s.read.b) != unsafe.SliceData(s.data.around) || s.read.cut {
					t.Fatalf("the file was not read as the test needs (apart %v, the tree %v)", s.data.apart(), s.read.cut)
				}
				size := len(s.read.b)
				text := weak.Make(&s.read.b[0])
				if err := s.StartJournal(tr.Snapshot()); err != nil {
					t.Fatal(err)
				}
				runtime.GC()
				runtime.GC()
				if text.Value() != nil {
					t.Fatalf("the file's text (%d bytes) is still in memory once the journal holds the fight", size)
				}
				// Saved as it stands, the file is what it was.
				if err := s.Save(tr.Snapshot(), tr.Version()); err != nil {
					t.Fatal(err)
				}
				if got, _ := os.ReadFile(path); !bytes.Equal(got, orig) {
					t.Fatal("saved unchanged, the file is not what it was")
				}
				for range 30 {
					line := bigfight.Turn(tr)
					if _, err := tr.Apply(line); err != nil {
						t.Fatalf("%s: %v", line, err)
					}
					if err := s.Save(tr.Snapshot(), tr.Version()); err != nil {
						t.Fatal(err)
					}
				}
				var want bytes.Buffer
				if err := Encode(&want, tr.Snapshot()); err != nil {
					t.Fatal(err)
				}
				if got, _ := os.ReadFile(path); !bytes.Equal(got, want.Bytes()) {
					t.Fatal("after 30 turns the file is not what Encode writes")
				}
				runtime.KeepAlive(tr)
			})
		}
	}
}

// TestStrPool: a pool's strings are copies, each different one kept
// once, and none points into the text it was cut from, not even an empty
// one (which Go may point at the text's start).
func TestStrPool(t *testing.T) {
	src := `"goblin" "Goblin 1" "goblin" "" ` + string(bytes.Repeat([]byte("long "), 80))
	lo, hi := uintptr(unsafe.Pointer(unsafe.StringData(src))), uintptr(unsafe.Pointer(unsafe.StringData(src)))+uintptr(len(src))
	in := func(s string) bool {
		p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
		return p >= lo && p < hi
	}
	p := newStrPool()
	a, b, c, empty, long := p.keep(src[1:7]), p.copy(src[10:18]), p.keep(src[21:27]), p.keep(src[29:29]), p.keep(src[31:])
	for _, s := range []string{a, b, c, empty, long} {
		if in(s) {
			t.Fatalf("%.20q points into the text it was cut from", s)
		}
	}
	if a != "goblin" || b != "Goblin 1" || c != "goblin" || empty != "" || long != src[31:] {
		t.Fatalf("the pool changed its strings: %q %q %q %q", a, b, c, empty)
	}
	if unsafe.StringData(a) != unsafe.StringData(c) {
		t.Fatal("two equal strings were kept twice")
	}
	var none *strPool
	if s := src[1:7]; none.keep(s) != s || unsafe.StringData(none.keep(s)) != unsafe.StringData(s) || !in(none.copy(s)) {
		t.Fatal("a nil pool copied")
	}
}
