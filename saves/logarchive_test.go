package saves

import (
	"bytes"
	"hash/crc32"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"fray/model"
	"fray/rules"
	"fray/rules/systems"
	"fray/rules/systems/bigfight"
)

// TestArchivedLogPlays: a big fight read with its log kept as read plays
// on exactly as the same fight read into entries: the same commands give
// the same files, saved incrementally after each command as autosave
// does, and the new entries are numbered after the archived ones (the
// turn's time, logged before the command that ended the turn, too). Undo
// back to the start leaves the archive alone. Halfway the archive is
// packed (as once the journal holds the base), which changes none of it.
func TestArchivedLogPlays(t *testing.T) {
	defer func(n int) { packBlock = n }(packBlock)
	packBlock = 2 << 10 // many blocks
	reg := systems.Default()
	for _, sys := range reg.All() {
		e, err := bigfight.Build(sys, 40, 3000, 1)
		if err != nil {
			t.Fatal(err)
		}
		e.Clock.Mark = time.Unix(1e9, 0) // the clock runs: each turn's time is logged
		var b bytes.Buffer
		if err := Encode(&b, e); err != nil {
			t.Fatal(err)
		}
		src := b.String()
		ae, _, ok := decodeStream("f.toml", src, reg)
		if !ok || ae.Archive == nil {
			t.Fatalf("%s: the log is not kept as read", sys.ID())
		}
		te, _, err := decodeTree("f.toml", src, reg)
		if err != nil {
			t.Fatal(err)
		}
		now := time.Unix(2e9, 0)
		clock := func() time.Time { return now }
		at, tt := rules.NewTracker(ae, sys), rules.NewTracker(te, sys)
		at.SetClock(clock)
		tt.SetClock(clock)
		var enc Encoder
		enc.Encode(at.Snapshot())
		for i := range 12 {
			if i == 6 {
				a := ae.Archive.(*logArchive)
				a.pack()
				if tx := a.text.Load(); tx.src != "" || len(tx.blocks) < 10 {
					t.Fatalf("%s: the archive is not packed in blocks (%d)", sys.ID(), len(tx.blocks))
				}
			}
			now = now.Add(time.Second)
			line := bigfight.Turn(tt)
			_, aerr := at.Apply(line)
			_, terr := tt.Apply(line)
			if (aerr == nil) != (terr == nil) {
				t.Fatalf("%s: %s: %v against %v", sys.ID(), line, aerr, terr)
			}
			got, want := string(enc.Encode(at.Snapshot())), encoded(t, tt.E)
			if got != want {
				t.Fatalf("%s: after %d commands (%s) the files differ", sys.ID(), i+1, line)
			}
		}
		timed := false
		for _, en := range at.E.Log {
			timed = timed || en.Why == "turn time"
		}
		if !timed {
			t.Fatalf("%s: no turn's time logged", sys.ID())
		}
		for i, en := range at.E.WholeLog() {
			if en.Seq != i+1 {
				t.Fatalf("%s: entry %d has number %d", sys.ID(), i+1, en.Seq)
			}
		}
		if !reflect.DeepEqual(at.E.WholeLog(), tt.E.WholeLog()) {
			t.Fatalf("%s: the packed log's entries differ", sys.ID())
		}
		for i := at.E.LogLen() - 1; i >= 0; i -= 7 { // backwards, over blocks, as the log pane reads
			if got, want := at.E.LogEntry(i), tt.E.LogEntry(i); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: entry %d of the packed log is %+v, want %+v", sys.ID(), i, got, want)
			}
		}
		n := at.E.Archive.Len()
		for {
			if _, err := at.Undo(); err != nil {
				break
			}
		}
		if got := string(enc.Encode(at.Snapshot())); got != encoded(t, at.E) || len(at.E.Log) != 0 || at.E.LogLen() != n {
			t.Fatalf("%s: undone to the start, the file differs", sys.ID())
		}
	}
}

func encoded(t *testing.T, e *model.Encounter) string {
	t.Helper()
	var b bytes.Buffer
	if err := Encode(&b, e); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestPackedArchiveWrittenOver: a save over a file that holds the head
// and the log already (the spare) counts a packed archive's tables by the
// checksum they gave after the same head, and reads them again when the
// head changed; size and checksum are the whole file's either way.
func TestPackedArchiveWrittenOver(t *testing.T) {
	defer func(n int) { packBlock = n }(packBlock)
	packBlock = 2 << 10
	reg := systems.Default()
	sys, _ := reg.Lookup("osr")
	e, err := bigfight.Build(sys, 40, 3000, 1)
	if err != nil {
		t.Fatal(err)
	}
	ae, _, ok := decodeStream("f.toml", encoded(t, e), reg)
	if !ok || ae.Archive == nil {
		t.Fatal("the log is not kept as read")
	}
	ae.Archive.(*logArchive).pack()
	tr := rules.NewTracker(ae, sys)
	var enc Encoder
	for i := range 6 {
		snap := tr.Snapshot()
		if i == 4 {
			c := *snap
			c.Title = "Another title" // a head of another length
			snap = &c
		}
		whole := enc.Encode(snap)
		skip := len(enc.top) + enc.archN
		var b bytes.Buffer
		size, crc, err := enc.emit(&b, skip)
		if err != nil {
			t.Fatal(err)
		}
		if size != len(whole) || crc != crc32.ChecksumIEEE(whole) || !bytes.Equal(b.Bytes(), whole[skip:]) {
			t.Fatalf("save %d: size %d, checksum %x, %d bytes written; want %d, %x, %d", i, size, crc, b.Len(), len(whole), crc32.ChecksumIEEE(whole), len(whole)-skip)
		}
		if _, err := tr.Apply(bigfight.Turn(tr)); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSessionPacksTheLog: the tracker's session reads a big file's log
// aside and packs it once the journal holds the base; its saves, a crash
// and the journal's recovery give the files they gave unpacked.
func TestSessionPacksTheLog(t *testing.T) {
	defer func(n, m int) { minLogAside, packBlock = n, m }(minLogAside, packBlock)
	minLogAside, packBlock = 64, 2<<10
	reg := systems.Default()
	sys, _ := reg.Lookup("osr")
	e, err := bigfight.Build(sys, 40, 3000, 1)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "f.toml")
	if err := Save(path, e); err != nil {
		t.Fatal(err)
	}
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := s.Load(reg)
	if err != nil {
		t.Fatal(err)
	}
	a, ok := tr.E.Archive.(*logArchive)
	if !ok || a.around != "" {
		t.Fatal("the log is not kept as read, or what is around it was not taken")
	}
	if err := s.StartJournal(tr.Snapshot()); err != nil {
		t.Fatal(err)
	}
	for i := 0; a.text.Load().blocks == nil; i++ {
		if i == 1000 {
			t.Fatal("the log was not packed")
		}
		time.Sleep(time.Millisecond)
	}
	for i := range 8 {
		apply(t, s, tr, bigfight.Turn(tr))
		if i%3 == 0 {
			if err := s.Save(tr.Snapshot(), tr.Version()); err != nil {
				t.Fatal(err)
			}
			if data, _ := os.ReadFile(path); string(data) != encoded(t, tr.E) {
				t.Fatalf("save %d differs", i)
			}
		}
	}
	want := encoded(t, tr.E)
	s.crash()
	s, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := s.Load(reg)
	if err != nil {
		t.Fatal(err)
	}
	if encoded(t, got.E) != want || !strings.Contains(s.Note(), "brought back") {
		t.Fatalf("the fight brought back after a crash differs (%s)", s.Note())
	}
}
