package saves

import (
	"bytes"
	"errors"
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
		for _, en := range at.E.Log.All() {
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
		if got := string(enc.Encode(at.Snapshot())); got != encoded(t, at.E) || at.E.Log.Len() != 0 || at.E.LogLen() != n {
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
	if fi, err := os.Stat(path); !ok || err != nil || len(s.read.b)+len(a.text.Load().src)-1 != int(fi.Size()) {
		t.Fatal("the log is not kept as read, or not read into a buffer of its own")
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

// TestCheckLogLater: a session that leaves a big log's check for after
// the first frame (CheckLogLater) loads at once, and writes nothing
// until the check is done: a log that reads then saves as ever; one that
// does not answers ErrReadAgain to every save and to the journal, leaves
// the file as it was, and loading it again whole names the problem or
// reads what the lean reader did not take.
func TestCheckLogLater(t *testing.T) {
	reg := systems.Default()
	e, err := bigfight.Build(must(reg.Lookup("arm5")), 200, 2000, 3)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := Encode(&b, e); err != nil {
		t.Fatal(err)
	}
	good := b.String()
	if cut, _ := logSpan(good); cut == 0 {
		t.Fatal("the log of a big fight is not read aside")
	}
	open := func(t *testing.T, src string, later bool) (*Session, string, *rules.Tracker, error) {
		t.Helper()
		path := filepath.Join(t.TempDir(), "f.toml")
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		sess, err := Open(path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { sess.Close() })
		if later {
			sess.CheckLogLater()
		}
		tr, err := sess.Load(reg)
		return sess, path, tr, err
	}

	t.Run("reads", func(t *testing.T) {
		sess, path, tr, err := open(t, good, true)
		if err != nil {
			t.Fatal(err)
		}
		if tr.E.Archive == nil || tr.E.LogLen() != 2000 || tr.E.LogEntry(1999).Seq != e.Log.At(1999).Seq {
			t.Fatalf("the log before its check: %d entries", tr.E.LogLen())
		}
		if err := sess.LogChecked(); err != nil {
			t.Fatal(err)
		}
		if a := tr.E.Archive.(*logArchive); !a.written {
			t.Error("the check did not keep the finding that every table is as fray writes it")
		}
		if err := sess.BeginJournal(tr.Snapshot()); err != nil {
			t.Fatal(err)
		}
		if _, err := tr.Apply("next"); err != nil {
			t.Fatal(err)
		}
		if err := sess.Save(tr.Snapshot(), tr.Version()); err != nil {
			t.Fatal(err)
		}
		want := mustEncode(t, tr.E)
		if got, err := os.ReadFile(path); err != nil || string(got) != want {
			t.Fatalf("saved file differs from the encounter's encoding (%v)", err)
		}
	})

	for _, c := range []struct {
		name, from, to string
		wantErr        string // loading whole: the problem named, or "" if it reads
	}{
		{"a mistake", "seq = 1500\n", "seq = 1500\nseq = 1501\n", "already been defined"},
		{"valid but unusual", "", "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := strings.Replace(good, c.from, c.to, 1)
			if c.from == "" {
				// One entry's text as a multi-line string, which only the
				// tree reads.
				i := strings.Index(good, "\ntext = \"")
				j := i + strings.Index(good[i+1:], "\n") + 1
				line := good[i+1 : j]
				src = good[:i+1] + "text = \"\"\"" + line[len("text = \""):len(line)-1] + "\"\"\"" + good[j:]
			}
			if _, _, ok := decodeStream("f.toml", src, reg); ok {
				t.Fatal("the lean reader takes the edited file; the test needs one it leaves to the tree")
			}
			sess, path, tr, err := open(t, src, true)
			if err != nil {
				t.Fatalf("loading with the check left for later: %v", err)
			}
			if err := sess.LogChecked(); !errors.Is(err, ErrReadAgain) {
				t.Fatalf("LogChecked: %v", err)
			}
			if err := sess.BeginJournal(tr.Snapshot()); err != nil {
				t.Fatal(err)
			}
			if _, err := tr.Apply("next"); err != nil {
				t.Fatal(err)
			}
			if err := sess.Record(rules.Applied{Line: "next"}, tr.Version()); !errors.Is(err, ErrReadAgain) {
				t.Errorf("Record: %v", err)
			}
			if err := sess.Save(tr.Snapshot(), tr.Version()); !errors.Is(err, ErrReadAgain) {
				t.Errorf("Save: %v", err)
			}
			if _, err := sess.SetAsideOurs(tr.Snapshot(), tr.Version()); !errors.Is(err, ErrReadAgain) {
				t.Errorf("SetAsideOurs: %v", err)
			}
			if err := sess.Close(); err != nil {
				t.Fatal(err)
			}
			if got, err := os.ReadFile(path); err != nil || string(got) != src {
				t.Fatalf("the file changed (%v)", err)
			}
			if left, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "*")); len(left) != 1 {
				t.Fatalf("files beside it: %v", left)
			}
			if _, err := os.Stat(journalPath(path)); err == nil {
				t.Fatal("a journal was written")
			}
			// Read whole, as fray then does.
			_, _, tr2, err := open(t, src, false)
			switch {
			case c.wantErr == "" && err != nil:
				t.Fatalf("read whole: %v", err)
			case c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)):
				t.Fatalf("read whole: %v, want the problem's %s", err, c.wantErr)
			case err == nil && tr2.E.LogLen() != 2000:
				t.Fatalf("read whole: %d entries", tr2.E.LogLen())
			}
		})
	}
}

func mustEncode(t *testing.T, e *model.Encounter) string {
	t.Helper()
	var b bytes.Buffer
	if err := Encode(&b, e); err != nil {
		t.Fatal(err)
	}
	return b.String()
}
