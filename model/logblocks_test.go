package model

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"testing"
)

// logPlay drives a log as the tracker does, from ops: E, the working log,
// takes entries; a command that works commits them (last = E) and may be
// snapshotted (a copy kept, with the entries it must always hold); one
// that fails gives E back last's log, room and all; undo cuts last
// (Truncate) and E takes it; a copy made for a dry run (Sealed) takes
// entries of its own. After every op every log must hold what it held,
// and an undo's first entry must share every full block below the cut.
func logPlay(t *testing.T, ops []byte) {
	type kept struct {
		log  Log
		want []Entry
	}
	var e, last Log
	var eWant, lastWant []Entry
	var copies []kept
	n := 0
	entry := func() Entry { n++; return Entry{Seq: n, Kind: KindEvent, Text: "e" + strconv.Itoa(n)} }
	same := func(what string, l Log, want []Entry) {
		t.Helper()
		if l.Len() != len(want) {
			t.Fatalf("%s: %d entries, want %d", what, l.Len(), len(want))
		}
		for i, en := range l.All() {
			if en.Text != want[i].Text || l.At(i).Text != want[i].Text {
				t.Fatalf("%s: entry %d is %q, want %q", what, i, en.Text, want[i].Text)
			}
		}
		if got := l.From(0); len(want) > 0 && !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: From(0) differs", what)
		}
	}
	for i := 0; i+1 < len(ops); i += 2 {
		op, arg := ops[i]%7, int(ops[i+1])
		switch op {
		case 0, 1: // a command's entries
			for range arg%40 + 1 {
				en := entry()
				e.Add(en)
				eWant = append(eWant, en)
			}
		case 2: // it works: last takes E's log; a save may keep it
			last, lastWant = e, slices.Clone(eWant)
			if arg%2 == 0 {
				copies = append(copies, kept{last, lastWant})
			}
		case 3: // it fails: E takes last's log back
			e, eWant = last, slices.Clone(lastWant)
		case 4: // undo back to some length
			cut := arg * last.Len() / 255
			was := last
			last, lastWant = last.Truncate(cut), slices.Clone(lastWant[:cut])
			e, eWant = last, slices.Clone(lastWant)
			en := entry()
			e.Add(en)
			eWant = append(eWant, en)
			if s, full := e.Shared(was), cut/LogBlock*LogBlock; s < full {
				t.Fatalf("after a cut at %d the first entry shares %d entries with the log before, not its %d in full blocks", cut, s, full)
			}
		case 5: // a dry run's copy takes entries of its own
			c, want := last.Sealed(), slices.Clone(lastWant)
			for range arg%300 + 1 {
				en := entry()
				c.Add(en)
				want = append(want, en)
			}
			same("a dry run's copy", c, want)
		case 6: // entries read back from a file
			from := slices.Clone(lastWant)
			l := LogOf(from)
			same("a log read", l, lastWant)
			en := entry()
			l.Add(en)
			same("a log read, one added", l, append(slices.Clone(lastWant), en))
		}
		same("E", e, eWant)
		same("last", last, lastWant)
		for k, c := range copies {
			same("copy "+strconv.Itoa(k), c.log, c.want)
		}
	}
}

// TestLogCopiesStay plays logPlay with random ops: thousands of entries,
// cut and grown again across blocks.
func TestLogCopiesStay(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 50 {
		ops := make([]byte, 200)
		for i := range ops {
			ops[i] = byte(r.UintN(256))
		}
		logPlay(t, ops)
	}
}

// FuzzLogCopiesStay plays logPlay with the fuzzer's ops.
func FuzzLogCopiesStay(f *testing.F) {
	f.Add([]byte{0, 39, 2, 0, 0, 200, 2, 1, 4, 100, 0, 5, 2, 0, 3, 0, 5, 40, 6, 0})
	f.Fuzz(func(t *testing.T, ops []byte) {
		if len(ops) > 400 {
			return
		}
		logPlay(t, ops)
	})
}

// TestLogBlocks: a log grows by a block at a time and no more, shares a
// full block with every copy, and reads the same by At, All and From.
func TestLogBlocks(t *testing.T) {
	var l Log
	var want []Entry
	for i := range 5*LogBlock + 7 {
		l.Add(Entry{Seq: i + 1})
		want = append(want, Entry{Seq: i + 1})
	}
	copyOf := l
	for _, from := range []int{0, 1, LogBlock - 1, LogBlock, 3*LogBlock + 5, 5 * LogBlock, len(want) - 1, len(want)} {
		got := l.From(from)
		if len(got) != len(want)-from || (len(got) > 0 && got[0].Seq != want[from].Seq) || cap(got) != len(got) {
			t.Fatalf("From(%d): %d entries (room %d), want %d", from, len(got), cap(got), len(want)-from)
		}
	}
	if got := l.From(5*LogBlock + 2); &got[0] != &l.tail[2] {
		t.Error("From within the tail copies it")
	}
	if l.Shared(copyOf) != l.Len() {
		t.Errorf("a copy shares %d entries, want %d", l.Shared(copyOf), l.Len())
	}
	u := l.Truncate(2*LogBlock + 3)
	if len(u.full) != 2 || len(u.tail) != 3 || cap(u.tail) != 3 || cap(u.full) != 2 {
		t.Fatalf("Truncate: %d full blocks (room %d), tail %d (room %d)", len(u.full), cap(u.full), len(u.tail), cap(u.tail))
	}
	u.Add(Entry{Seq: -1})
	if &u.tail[0] == &l.full[2][0] || u.full[1] != l.full[1] || cap(u.tail) != LogBlock {
		t.Error("the first entry after a cut does not copy only the cut block into a block of its own")
	}
	if l.At(2*LogBlock+3).Seq != 2*LogBlock+4 {
		t.Error("an entry after the cut was written over")
	}
	var small Log
	small.Add(Entry{})
	if cap(small.tail) != 8 {
		t.Errorf("a new log's first room is %d entries, want 8", cap(small.tail))
	}
	for l.Len() < 6*LogBlock {
		before := len(l.full)
		l.Add(Entry{})
		if len(l.full) > before && (l.tail != nil || len(l.full) != before+1) {
			t.Fatal("a full tail does not join the blocks whole")
		}
	}
	if cap(l.tail) != 0 || len(l.full) != 6 {
		t.Fatalf("at %d entries: %d blocks, tail room %d", l.Len(), len(l.full), cap(l.tail))
	}
	if got := l.From(5*LogBlock + 1); &got[0] != &l.full[5][1] {
		t.Error("From within the last full block copies it")
	}
	l.Add(Entry{})
	if cap(l.tail) != LogBlock {
		t.Errorf("past a full block the log takes room for %d entries, want a block (%d)", cap(l.tail), LogBlock)
	}
}
