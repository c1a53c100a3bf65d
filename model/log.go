package model

import (
	"slices"
)

// EntryKind says what a log entry records.
type EntryKind string

// Kinds of log entry.
const (
	KindCommand EntryKind = "command" // a command as the GM typed it
	KindRoll    EntryKind = "roll"    // one roll: who, why, faces, total
	KindEvent   EntryKind = "event"   // a consequence: a wound, a turn, an expiry
)

// Entry is one line of the encounter's log. Rolls fill Who, Why, Expr,
// Faces, Special and Total; commands and events fill Text.
type Entry struct {
	Seq     int
	Round   int
	Kind    EntryKind
	Who     string
	Why     string
	Expr    string
	Faces   []int
	Special string
	Total   int
	Text    string
}

// LogArchive is the start of a log kept as it was read, not as entries:
// a big fight's log is mostly history that no one looks at again, and
// 10,000 decoded entries cost 1.4 MB (their text as read 1.2 MB, and
// packed 0.12 MB). The saves package makes one when a file's log is long;
// an entry is decoded again when asked for. It never changes.
type LogArchive interface {
	Len() int
	Entry(i int) Entry // 0 ≤ i < Len()
	Entries() []Entry  // every entry, in a slice of the caller's
}

// archived is how many of the log's entries the archive holds.
func (e *Encounter) archived() int {
	if e.Archive == nil {
		return 0
	}
	return e.Archive.Len()
}

// LogLen is the length of the whole log: the archive's entries and Log's.
func (e *Encounter) LogLen() int { return e.archived() + e.Log.Len() }

// LogEntry returns entry i (0-based) of the whole log.
func (e *Encounter) LogEntry(i int) Entry {
	if n := e.archived(); i < n {
		return e.Archive.Entry(i)
	}
	return e.Log.At(i - e.archived())
}

// WholeLog returns the whole log in one slice, to be read: Log's own
// memory when nothing is archived and Log is one block, else a new slice
// of the archive's entries and Log's.
func (e *Encounter) WholeLog() []Entry {
	if e.archived() == 0 {
		return e.Log.From(0)
	}
	all := e.Archive.Entries()
	all = slices.Grow(all[:len(all):len(all)], e.Log.Len())
	for _, en := range e.Log.All() {
		all = append(all, en)
	}
	return all
}

// InsertEntry puts en at place i of Log (the entries after the archive)
// and numbers it and those after it anew. The entries from i on must be
// the current command's own, which no copy has seen yet.
func (e *Encounter) InsertEntry(i int, en Entry) {
	rest := slices.Clone(e.Log.From(i))
	e.Log.cutOwn(i)
	seq := e.archived() + i
	for _, x := range append([]Entry{en}, rest...) {
		seq++
		x.Seq = seq
		e.Log.Add(x)
	}
}
