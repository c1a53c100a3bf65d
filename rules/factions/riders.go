package factions

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"fray/model"
)

// riderIndex answers whether a character carries anyone (ridersOf(e, m)
// is not empty) without a scan of the fight, for the order view and the
// turn key, which ask it of every character on every press: the riders
// kept in an open-addressed table by their sheet's on=, hashed as
// strings.EqualFold folds it. One entry a mount named, however many
// ride it. TestRiderIndexIsRidersOf holds it to ridersOf.
type riderIndex struct {
	cs []*model.Combatant
	// slots hold 1 + the place in cs of the first rider of a name, negated
	// when others ride the same name; 0 is empty. At most half full, its
	// length a power of two.
	slots []int32
}

func newRiderIndex(cs []*model.Combatant) riderIndex {
	n := 0
	for _, cb := range cs {
		if onOf(cb) != "" {
			n++
		}
	}
	if n == 0 {
		return riderIndex{}
	}
	size := 8
	for size < 2*n {
		size <<= 1
	}
	x := riderIndex{cs: cs, slots: make([]int32, size)}
	mask := uint64(size - 1)
	for i, cb := range cs {
		on := onOf(cb)
		if on == "" {
			continue
		}
		for h := foldHash(on) & mask; ; h = (h + 1) & mask {
			v := x.slots[h]
			if v == 0 {
				x.slots[h] = int32(i + 1)
				break
			}
			if first := x.cs[abs32(v)-1]; strings.EqualFold(onOf(first), on) {
				x.slots[h] = -abs32(v)
				break
			}
		}
	}
	return x
}

// carries reports whether anyone but m itself rides m.
func (x *riderIndex) carries(m *model.Combatant) bool {
	if len(x.slots) == 0 {
		return false
	}
	mask := uint64(len(x.slots) - 1)
	for h := foldHash(m.Name) & mask; x.slots[h] != 0; h = (h + 1) & mask {
		v := x.slots[h]
		if first := x.cs[abs32(v)-1]; strings.EqualFold(onOf(first), m.Name) {
			return first != m || v < 0
		}
	}
	return false
}

// onOf is the mount a character's sheet names, or "".
func onOf(cb *model.Combatant) string {
	if sh, ok := cb.Sheet.(*Sheet); ok {
		return sh.On
	}
	return ""
}

func abs32(v int32) int32 {
	if v < 0 {
		return -v
	}
	return v
}

// foldHash hashes s (FNV-1a) so that strings strings.EqualFold holds the
// same hash the same: each rune stands for the least of the runes it
// folds with (unicode.SimpleFold's orbit), an ASCII capital for its
// small letter.
func foldHash(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); {
		c, size := rune(s[i]), 1
		if c >= utf8.RuneSelf {
			var r rune
			r, size = utf8.DecodeRuneInString(s[i:])
			c = r
			for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
				c = min(c, f)
			}
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		i += size
		h ^= uint64(c)
		h *= 1099511628211
	}
	return h
}
