package main

import (
	"debug/elf"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestTrackerLinksNoJSONCoder: the journal writes and reads its records
// itself (saves/journalrec.go). encoding/json's coder, which it used,
// was 0.2 MB of code and tables in fray, nearly all of it resident
// (docs/performance.md, "Peak memory"); the package's init stays, as
// BurntSushi/toml and go-colorful import it.
func TestTrackerLinksNoJSONCoder(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads ELF executables")
	}
	f, err := elf.Open(filepath.Join(built(t), "fray"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	syms, err := f.Symbols()
	if err != nil {
		t.Fatal(err)
	}
	size, biggest, biggestSize := uint64(0), "", uint64(0)
	for _, s := range syms {
		if elf.ST_TYPE(s.Info) != elf.STT_FUNC || !strings.Contains(s.Name, "encoding/json.") {
			continue
		}
		size += s.Size
		if s.Size > biggestSize {
			biggest, biggestSize = s.Name, s.Size
		}
	}
	if size > 4<<10 {
		t.Errorf("fray has %d bytes of encoding/json's code (the largest: %s, %d bytes): something uses its coder again", size, biggest, biggestSize)
	}
}
