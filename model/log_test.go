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
	if e.LogLen() != 4 || len(e.Log) != 1 || e.Log[0].Seq != 4 || e.LogEntry(3).Text != "new" || e.LogEntry(0).Text != "old 0" {
		t.Fatalf("after an event: %d entries, Log %+v", e.LogLen(), e.Log)
	}
	want := append(old.Entries(), e.Log...)
	if got := e.WholeLog(); !reflect.DeepEqual(got, want) {
		t.Fatalf("WholeLog = %+v, want %+v", got, want)
	}
	// Without an archive the whole log is Log itself, not a copy.
	e.Archive = nil
	if got := e.WholeLog(); &got[0] != &e.Log[0] || e.LogLen() != 1 {
		t.Fatal("WholeLog copies a log with no archive")
	}
}
