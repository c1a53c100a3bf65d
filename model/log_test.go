package model

import (
	"reflect"
	"strconv"
	"testing"
)

// sliceArchive is a LogArchive over entries in memory.
type sliceArchive []Entry

func (a sliceArchive) Len() int          { return len(a) }
func (a sliceArchive) Entry(i int) Entry { return a[i] }
func (a sliceArchive) Entries() []Entry  { return append([]Entry(nil), a...) }

// TestArchivedLog: an archive is the start of the log for every reader,
// and new entries are numbered after it.
func TestArchivedLog(t *testing.T) {
	e := New("osr", 1)
	var old sliceArchive
	for i := range 3 {
		old = append(old, Entry{Seq: i + 1, Kind: KindEvent, Text: "old " + strconv.Itoa(i)})
	}
	e.Archive = old
	if e.LogLen() != 3 || e.LogEntry(2).Text != "old 2" {
		t.Fatalf("archive only: %d entries, last %+v", e.LogLen(), e.LogEntry(2))
	}
	e.Event("new")
	if e.LogLen() != 4 || e.Log.Len() != 1 || e.Log.At(0).Seq != 4 || e.LogEntry(3).Text != "new" || e.LogEntry(0).Text != "old 0" {
		t.Fatalf("after an event: %d entries, Log %+v", e.LogLen(), e.Log)
	}
	want := append(old.Entries(), e.Log.From(0)...)
	if got := e.WholeLog(); !reflect.DeepEqual(got, want) {
		t.Fatalf("WholeLog = %+v, want %+v", got, want)
	}
	// Without an archive a log of one block is read in place, not copied.
	e.Archive = nil
	if got := e.WholeLog(); &got[0] != &e.Log.From(0)[0] || e.LogLen() != 1 {
		t.Fatal("WholeLog copies a log of one block with no archive")
	}
}

// TestInsertEntry: an entry put among the command's own is numbered in
// its place and those after it renumbered, across a block's end.
func TestInsertEntry(t *testing.T) {
	e := New("osr", 1)
	e.Archive = sliceArchive{{Seq: 1}, {Seq: 2}}
	for range LogBlock - 2 {
		e.Event("before")
	}
	at := e.Log.Len()
	copyOf := e.Log
	for range 4 {
		e.Event("the command's")
	}
	e.InsertEntry(at+1, Entry{Kind: KindEvent, Text: "inserted"})
	if e.Log.Len() != at+5 || e.Log.At(at+1).Text != "inserted" || e.Log.At(at+2).Text != "the command's" {
		t.Fatalf("%d entries, at %d %+v", e.Log.Len(), at+1, e.Log.At(at+1))
	}
	for i, en := range e.Log.All() {
		if en.Seq != i+3 {
			t.Fatalf("entry %d numbered %d, want %d", i, en.Seq, i+3)
		}
	}
	if copyOf.Len() != at || copyOf.At(at-1).Text != "before" {
		t.Error("a copy from before the command changed")
	}
}
