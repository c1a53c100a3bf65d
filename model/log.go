package model

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
