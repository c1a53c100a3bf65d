package saves

import (
	"errors"
	"io"
	"iter"
	"slices"
	"sort"
	"strconv"
	"unicode/utf8"

	"fray/model"
)

// FormatVersion is the version of the file format this fray writes and the
// newest it reads.
const FormatVersion = 4

// fileHeader is the comment that opens every file.
const fileHeader = "# fray encounter file. You may edit it; fray checks everything when it loads.\n" +
	"# The log comes first; the fight as it stands (round, turn, combatants) follows it, from [fight] on.\n"

// Encode writes an encounter as TOML. The output depends only on the
// encounter, so saving an encounter loaded from a file fray wrote gives the
// same bytes. The file refers to combatants by name (current, order); an
// ID in Order or Current that no combatant has, or a repeated one, is left
// out rather than failing a save. Each combatant's ID is written too,
// because systems may keep IDs in Encounter.Turn (rules.InitOrder keeps
// "delay:ID").
//
// The writer is hand-rolled for speed (BurntSushi's encoder reflects over
// every value); the tests read its output back with BurntSushi/toml too.
func Encode(w io.Writer, e *model.Encounter) error {
	if e == nil {
		return errors.New("no encounter to save")
	}
	var x Encoder
	_, err := w.Write(x.Encode(e))
	return err
}

// appendOrder writes the acting order by name, each combatant once.
// seen is scratch space (a bit a combatant), so that a saver can reuse it.
func appendOrder(b []byte, e *model.Encounter, names nameIndex, seen *[]uint64) []byte {
	return appendStrSeq(b, "order", func(yield func(string) bool) {
		s := (*seen)[:0]
		s = append(s, make([]uint64, (len(e.Combatants)+63)/64)...)
		*seen = s
		for _, id := range e.Order {
			i := names.place(id)
			if i < 0 || s[i/64]&(1<<(i%64)) != 0 {
				continue
			}
			s[i/64] |= 1 << (i % 64)
			if !yield(e.Combatants[i].Name) {
				return
			}
		}
	})
}

// nameIndex finds the combatants of the encounter being written by ID:
// by ByID's search while they stand in ID order (always, but in a file
// edited by hand), else by a map of places made once. The zero value
// knows nobody.
type nameIndex struct {
	e      *model.Encounter
	places map[int]int // IDs out of order: each one's place
}

// newNameIndex indexes e's combatants, with a map only if it needs one.
func newNameIndex(e *model.Encounter) nameIndex {
	n := nameIndex{e: e}
	for i := 1; i < len(e.Combatants); i++ {
		if e.Combatants[i-1].ID >= e.Combatants[i].ID {
			n.places = make(map[int]int, len(e.Combatants))
			for j, c := range e.Combatants {
				n.places[c.ID] = j
			}
			break
		}
	}
	return n
}

// place is where the combatant with this ID stands, -1 for nobody.
func (n nameIndex) place(id int) int {
	switch {
	case n.e == nil:
		return -1
	case n.places != nil:
		if i, ok := n.places[id]; ok {
			return i
		}
		return -1
	}
	return model.IndexOf(n.e.Combatants, id)
}

// name is the name of the combatant with this ID, "" for nobody.
func (n nameIndex) name(id int) (string, bool) {
	if i := n.place(id); i >= 0 {
		return n.e.Combatants[i].Name, true
	}
	return "", false
}

// appendInts writes a list of numbers on one line.
func appendInts(b []byte, k string, list []int) []byte {
	b = appendKey(b, k)
	b = append(b, " = ["...)
	for i, f := range list {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = strconv.AppendInt(b, int64(f), 10)
	}
	return append(b, "]\n"...)
}

// appendCombatant writes a combatant's [[combatant]] table but for its
// sheet, which appendSheet writes after it.
func appendCombatant(b []byte, c *model.Combatant, names nameIndex) []byte {
	return appendCombatantState(appendCombatantID(b, c), c, names)
}

// appendCombatantID writes the start of a combatant's table, who it is:
// its ID, name, side and note, which a turn leaves as they were.
func appendCombatantID(b []byte, c *model.Combatant) []byte {
	b = append(b, "\n[[combatant]]\n"...)
	b = appendInt(b, "id", int64(c.ID))
	b = appendStr(b, "name", c.Name)
	b = appendStr(b, "side", c.Side)
	return appendStr(b, "note", c.Note)
}

// appendCombatantState writes the rest of a combatant's table after
// appendCombatantID: its initiative, status, conditions and the rest of
// what a fight changes.
func appendCombatantState(b []byte, c *model.Combatant, names nameIndex) []byte {
	b = appendInt(b, "init", int64(c.Init))
	b = appendBool(b, "has_init", c.HasInit)
	b = appendInt(b, "tie", int64(c.Tie))
	b = appendBool(b, "delaying", c.Delaying)
	b = appendBool(b, "acted", c.Acted)
	b = appendStr(b, "status", c.Status.String())
	b = appendConds(b, c.Conds, names)
	if c.Hidden {
		b = appendBool(b, "hidden", true)
	}
	if c.Band != "" {
		b = appendStr(b, "band", c.Band)
	}
	if t := c.Tally(); !t.IsZero() {
		b = appendTally(b, t)
	}
	if c.Zone != "" {
		b = appendStr(b, "zone", c.Zone)
	}
	if len(c.Engaged) > 0 {
		foes := make([]string, 0, len(c.Engaged))
		for _, id := range c.Engaged {
			if n, ok := names.name(id); ok {
				foes = append(foes, n)
			}
		}
		b = appendStrList(b, "engaged", foes)
	}
	return appendTurnState(b, c.TurnState)
}

// appendTurnState writes a combatant's turn state as one inline table,
// turn = { kind = value, … }, nothing for none.
func appendTurnState(b []byte, ts []model.TurnVal) []byte {
	if len(ts) == 0 {
		return b
	}
	b = append(b, "turn = {"...)
	for i, t := range ts {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, ' ')
		b = appendKey(b, t.Kind)
		b = append(b, " = "...)
		b = appendTextValue(b, t.Value)
	}
	return append(b, " }\n"...)
}

// appendConds writes a conditions list; names gives the names of those a
// condition tied to a turn waits on.
func appendConds(b []byte, conds []model.Condition, names nameIndex) []byte {
	b = append(b, "conditions = ["...)
	for i, k := range conds {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, "{label = "...)
		b = appendQuoted(b, k.Label)
		b = append(b, ", expires = "...)
		b = strconv.AppendInt(b, int64(k.Expires), 10)
		if k.Until != "" {
			b = appendUntil(b, k, names)
		}
		b = append(b, '}')
	}
	return append(b, "]\n"...)
}

// appendSheet writes a sheet as the table [TABLE.sheet], nothing for none.
func appendSheet(b []byte, table string, sh model.Sheet) []byte {
	if sh == nil {
		return b
	}
	b = append(b, '[')
	b = append(b, table...)
	b = append(b, ".sheet]\n"...)
	for _, k := range model.SheetKeys(sh) {
		if v, ok := sh.Get(k); ok {
			b = appendText(b, k, v)
		}
	}
	return b
}

func appendEntry(b []byte, en *model.Entry) []byte {
	b = appendEntryHead(b, en)
	if en.Text != "" {
		b = appendStr(b, "text", en.Text)
	}
	return b
}

// appendEntryHead writes an entry's table but its text, the last line.
func appendEntryHead(b []byte, en *model.Entry) []byte {
	b = append(b, "\n[[log]]\n"...)
	b = appendInt(b, "seq", int64(en.Seq))
	b = appendInt(b, "round", int64(en.Round))
	b = appendStr(b, "kind", string(en.Kind))
	for _, f := range [...]struct{ k, v string }{{"who", en.Who}, {"why", en.Why}, {"expr", en.Expr}} {
		if f.v != "" {
			b = appendStr(b, f.k, f.v)
		}
	}
	if len(en.Faces) > 0 {
		b = append(b, "faces = ["...)
		for i, f := range en.Faces {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = strconv.AppendInt(b, int64(f), 10)
		}
		b = append(b, "]\n"...)
	}
	if en.Special != "" {
		b = appendStr(b, "special", en.Special)
	}
	if en.Total != 0 || en.Kind == model.KindRoll {
		b = appendInt(b, "total", int64(en.Total))
	}
	return b
}

// appendTextTable writes a string map as a table with sorted keys; an
// empty map writes nothing.
func appendTextTable(b []byte, name string, m map[string]string) []byte {
	if len(m) == 0 {
		return b
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	b = append(b, "\n["...)
	b = append(b, name...)
	b = append(b, "]\n"...)
	for _, k := range keys {
		b = appendText(b, k, m[k])
	}
	return b
}

// appendText writes a text field as a TOML integer when that reads back as
// the same text (so people can edit numbers as numbers), else as a string.
func appendText(b []byte, k, v string) []byte {
	b = appendKey(b, k)
	b = append(b, " = "...)
	return append(appendTextValue(b, v), '\n')
}

// appendTextValue writes the value appendText writes.
func appendTextValue(b []byte, v string) []byte {
	if canonicalInt(v) {
		if n, err := strconv.ParseInt(v, 10, 64); err == nil {
			return strconv.AppendInt(b, n, 10)
		}
	}
	return appendQuoted(b, v)
}

// canonicalInt reports whether v is a whole number as strconv writes one:
// an optional minus, then digits without a leading zero, under 20 bytes.
// Most text is not, and saying so costs less than a failed ParseInt.
func canonicalInt(v string) bool {
	d := v
	if len(d) > 0 && d[0] == '-' {
		d = d[1:]
	}
	if len(d) == 0 || len(v) >= 20 || (d[0] == '0' && (len(d) > 1 || len(v) > 1)) {
		return false
	}
	for i := 0; i < len(d); i++ {
		if d[i] < '0' || d[i] > '9' {
			return false
		}
	}
	return true
}

// appendStrList writes a list of strings on one line, or one per line
// when long.
func appendStrList(b []byte, k string, list []string) []byte {
	return appendStrSeq(b, k, slices.Values(list))
}

// appendStrSeq is appendStrList of the strings list yields, which it
// reads twice.
func appendStrSeq(b []byte, k string, list iter.Seq[string]) []byte {
	b = appendKey(b, k)
	b = append(b, " = ["...)
	width := 0
	for s := range list {
		width += len(s) + 4
	}
	long := width > 72
	i := 0
	for s := range list {
		i++
		switch {
		case long:
			b = append(b, "\n  "...)
		case i > 1:
			b = append(b, ", "...)
		}
		b = appendQuoted(b, s)
		if long {
			b = append(b, ',')
		}
	}
	if long {
		b = append(b, '\n')
	}
	return append(b, "]\n"...)
}

func appendStr(b []byte, k, v string) []byte {
	b = appendKey(b, k)
	b = append(b, " = "...)
	b = appendQuoted(b, v)
	return append(b, '\n')
}

func appendInt(b []byte, k string, v int64) []byte {
	b = appendKey(b, k)
	b = append(b, " = "...)
	b = strconv.AppendInt(b, v, 10)
	return append(b, '\n')
}

func appendBool(b []byte, k string, v bool) []byte {
	b = appendKey(b, k)
	b = append(b, " = "...)
	b = strconv.AppendBool(b, v)
	return append(b, '\n')
}

// appendKey writes a key bare when TOML allows it, else quoted.
func appendKey(b []byte, k string) []byte {
	for i := 0; i < len(k); i++ {
		if !isBare(k[i]) {
			return appendQuoted(b, k)
		}
	}
	if k == "" {
		return append(b, `""`...)
	}
	return append(b, k...)
}

const hexDigits = "0123456789abcdef"

func appendHex16(b []byte, v uint64) []byte {
	for shift := 60; shift >= 0; shift -= 4 {
		b = append(b, hexDigits[(v>>uint(shift))&0xf])
	}
	return b
}

// appendQuoted writes s as a TOML basic string. TOML text must be UTF-8,
// so an invalid byte becomes U+FFFD.
func appendQuoted(b []byte, s string) []byte {
	b = append(b, '"')
	for {
		i := plainUpTo(s)
		b = append(b, s[:i]...)
		if i == len(s) {
			return append(b, '"')
		}
		switch c := s[i]; c {
		case '"':
			b = append(b, `\"`...)
		case '\\':
			b = append(b, `\\`...)
		case '\b':
			b = append(b, `\b`...)
		case '\t':
			b = append(b, `\t`...)
		case '\n':
			b = append(b, `\n`...)
		case '\f':
			b = append(b, `\f`...)
		case '\r':
			b = append(b, `\r`...)
		default:
			if c >= utf8.RuneSelf {
				b = append(b, `\uFFFD`...) // a byte that is not UTF-8
			} else {
				b = append(b, `\u00`...)
				b = append(b, hexDigits[c>>4], hexDigits[c&0xf])
			}
		}
		s = s[i+1:]
	}
}

// plainUpTo returns how much of s appendQuoted writes as it is, up to the
// first byte it escapes.
func plainUpTo(s string) int {
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c != 0x7f && c < utf8.RuneSelf {
			i++
			continue
		}
		if c >= utf8.RuneSelf {
			if r, size := utf8.DecodeRuneInString(s[i:]); r != utf8.RuneError || size != 1 {
				i += size
				continue
			}
		}
		return i
	}
	return len(s)
}
