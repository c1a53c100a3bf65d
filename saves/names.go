package saves

import (
	"hash/maphash"
	"unicode/utf8"

	"fray/model"
)

// names finds the combatants read so far by name, ignoring case as
// foldKey does. It is a table of pointers addressed by the folded name's
// hash, the name read from the combatant itself: a map keyed by folded
// names cost a load at 1000 combatants some 70 KB (the map, and a
// lowered copy of each name with a capital), this 16 KB.
type names struct {
	slots []*model.Combatant // a power of two long, at most half full
	n     int
}

var nameSeed = maphash.MakeSeed()

// newNames makes room for n names.
func newNames(n int) *names {
	size := 8
	for size < 2*n {
		size *= 2
	}
	return &names{slots: make([]*model.Combatant, size)}
}

// nameHash hashes s as folded. An ASCII name of up to 64 bytes is
// folded in a buffer on the stack: the order names every combatant.
func nameHash(s string) uint64 {
	var buf [64]byte
	if len(s) <= len(buf) {
		b := buf[:len(s)]
		ascii := true
		for i := 0; i < len(s) && ascii; i++ {
			c := s[i]
			ascii = c < utf8.RuneSelf
			if c >= 'A' && c <= 'Z' {
				c += 'a' - 'A'
			}
			b[i] = c
		}
		if ascii {
			return maphash.Bytes(nameSeed, b)
		}
	}
	return maphash.String(nameSeed, foldKey(s))
}

// sameName reports whether foldKey makes a and b one key: ASCII names
// compared as they are, others folded.
func sameName(a, b string) bool {
	if !isASCII(a) || !isASCII(b) {
		return foldKey(a) == foldKey(b)
	}
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if x >= 'A' && x <= 'Z' {
			x += 'a' - 'A'
		}
		if y >= 'A' && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// slot returns where name is, or the empty slot where it would go.
func (t *names) slot(name string) *(*model.Combatant) {
	mask := uint64(len(t.slots) - 1)
	for i := nameHash(name) & mask; ; i = (i + 1) & mask {
		if c := t.slots[i]; c == nil || sameName(c.Name, name) {
			return &t.slots[i]
		}
	}
}

// get returns the combatant called s (ignoring case), if any.
func (t *names) get(s string) (*model.Combatant, bool) {
	c := *t.slot(s)
	return c, c != nil
}

// add adds c under its name, or returns the combatant of that name (and
// adds nothing).
func (t *names) add(c *model.Combatant) (dup *model.Combatant) {
	at := t.slot(c.Name)
	if *at != nil {
		return *at
	}
	*at = c
	if t.n++; 2*t.n > len(t.slots) {
		old := t.slots
		t.slots = make([]*model.Combatant, 2*len(old))
		for _, o := range old {
			if o != nil {
				*t.slot(o.Name) = o
			}
		}
	}
	return nil
}
