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
	// slots hold, for a name ridden, 1 + the place in cs of its first
	// rider (the low idxBits), bits of the name's hash (a tag, so that a
	// probe past another name reads neither sheet), and multiBit when
	// others ride the same name; 0 is empty. At most half full, its
	// length a power of two.
	slots []uint32
}

const (
	idxBits  = 20
	idxMask  = 1<<idxBits - 1
	tagMask  = 0x7ff << idxBits
	multiBit = 1 << 31
)

// indexable reports whether newRiderIndex can index a fight this size.
func indexable(cs []*model.Combatant) bool { return len(cs) < idxMask }

// tagOf is the bits of a name's hash a slot keeps.
func tagOf(h uint64) uint32 { return uint32(h>>(64-11)) << idxBits }

// newRiderIndex indexes cs's riders; cs must be indexable.
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
	x := riderIndex{cs: cs, slots: make([]uint32, size)}
	mask := uint64(size - 1)
	for i, cb := range cs {
		on := onOf(cb)
		if on == "" {
			continue
		}
		h := foldHash(on)
		tag := tagOf(h)
		for j := h & mask; ; j = (j + 1) & mask {
			v := x.slots[j]
			if v == 0 {
				x.slots[j] = uint32(i+1) | tag
				break
			}
			if v&tagMask == tag && strings.EqualFold(onOf(x.cs[v&idxMask-1]), on) {
				x.slots[j] = v | multiBit
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
	h := foldHash(m.Name)
	tag := tagOf(h)
	for j := h & mask; x.slots[j] != 0; j = (j + 1) & mask {
		v := x.slots[j]
		if v&tagMask != tag {
			continue
		}
		if first := x.cs[v&idxMask-1]; strings.EqualFold(onOf(first), m.Name) {
			return first != m || v&multiBit != 0
		}
	}
	return false
}

// onOf is the mount a character's sheet names, or "".
func onOf(cb *model.Combatant) string {
	if sh, ok := cb.Sheet().(*Sheet); ok {
		return sh.On
	}
	return ""
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
