package saves

import (
	"strings"
	"unsafe"
)

// The tracker's session reads the text around a big log into a buffer of
// its own (readApart): half a megabyte or more at 1000 combatants. A
// string cut from it keeps all of it in memory, and the encounter keeps a
// few thousand (names, sides, notes, sheet values, conditions, options)
// for as long as it runs. So its decoder copies each into a pool: text
// written many times over (a side, a weapon, a note shared by a band) is
// kept once, the rest packed into a few small blocks, and the buffer goes
// once the saver no longer needs it either (Encoder.ownTables).

// strPool keeps copies of the strings a decoder hands the encounter,
// each different one once. A nil pool copies nothing: its strings stay
// where they were read (Decode's own copy of the text, or a file a caller
// keeps).
type strPool struct {
	seen  map[string]string // every string kept, by itself
	block []byte            // where short ones are copied to, never written over
}

// newStrPool returns an empty pool.
func newStrPool() *strPool { return &strPool{seen: make(map[string]string, 64)} }

// poolBlock is the size of the blocks short strings are copied into, and
// poolLong the length from which a string is copied alone.
const (
	poolBlock = 4 << 10
	poolLong  = 256
)

// keep returns s in memory of the pool's own: the copy made before of an
// equal string, else a new one.
func (p *strPool) keep(s string) string {
	if p == nil || s == "" {
		return p.copy(s)
	}
	if k, ok := p.seen[s]; ok {
		return k
	}
	k := p.copy(s)
	p.seen[k] = k
	return k
}

// copy returns a copy of s in memory of the pool's own, without looking
// for an equal one: for text no other string kept is equal to (a
// combatant's name), which would only grow the pool's map.
func (p *strPool) copy(s string) string {
	switch {
	case p == nil:
		return s
	case s == "":
		return "" // not s: an empty string cut from a text may point into it
	case len(s) >= poolLong:
		return strings.Clone(s)
	}
	if cap(p.block)-len(p.block) < len(s) {
		p.block = make([]byte, 0, poolBlock)
	}
	n := len(p.block)
	p.block = append(p.block, s...)
	return unsafe.String(&p.block[n], len(s))
}
