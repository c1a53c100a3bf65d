package saves

import (
	"encoding/binary"
	"unsafe"
)

// A big fight's sheets are a few kinds of fighter over and over (a band of
// goblins, a unit of archers), their tables alike but for a line or two:
// sst's dice, rolled for each, or the hit points a blow took. The encoder
// keeps such a table as a difference from a base, a table in its shared
// block (inShared) that it is mostly the same as: the base's first pre
// bytes, its own part (sheetT), the base's last suf bytes. At 1000
// combatants sst's 577 different sheet tables (300 KB) are then six
// bases and a line each, and a sheet a command changed keeps the line or
// two that changed, not its table.

// sheetDelta is how a sheet's table is written: whole (base 0), or as the
// first pre bytes of bases[base-1], the encoder's part, then the last suf
// bytes of that base. Six bytes a combatant: a sheet's table is written
// so only when pre and suf fit (delta).
type sheetDelta struct{ base, pre, suf uint16 }

// maxBases bounds the bases an encoder keeps, and so the search of them
// for a table's (baseOf).
const maxBases = 64

// delta returns the sheetDelta of a table written as a difference from
// base (1 + its place in bases), sharing its first pre and last suf
// bytes, and whether that is worth it: at most half the table its own,
// and not nothing.
func delta(base uint16, pre, suf, n int) (sheetDelta, bool) {
	mid := n - pre - suf
	if base == 0 || mid <= 0 || 2*mid > n || pre > 1<<16-1 || suf > 1<<16-1 {
		return sheetDelta{}, false
	}
	return sheetDelta{base, uint16(pre), uint16(suf)}, true
}

// sheetLen is the length of the i-th sheet's table.
func (x *Encoder) sheetLen(i int) int {
	n := len(x.sheetT[i])
	if i < len(x.sheetD) {
		n += int(x.sheetD[i].pre) + int(x.sheetD[i].suf)
	}
	return n
}

// putSheet hands the i-th sheet's table to put, in its parts.
func (x *Encoder) putSheet(i int, put func(p []byte)) {
	if i >= len(x.sheetD) || x.sheetD[i].base == 0 {
		put(x.sheetT[i])
		return
	}
	d := x.sheetD[i]
	b := x.bases[d.base-1]
	put(b[:d.pre])
	put(x.sheetT[i])
	put(b[len(b)-int(d.suf):])
}

// setSheet makes t, written by appendSheet, the i-th sheet's table: a
// difference from its base, or from its old table when that lies in the
// shared block, when little of it differs; else whole, as rewrite keeps
// it.
func (x *Encoder) setSheet(i int, t []byte) {
	for len(x.sheetD) < len(x.sheetT) {
		x.sheetD = append(x.sheetD, sheetDelta{})
	}
	old, d := x.sheetT[i], x.sheetD[i]
	base := d.base
	if base == 0 && len(old) > 0 && x.inShared(old) {
		base = x.baseOf(old, true)
	}
	if base != 0 && len(t) > 0 {
		b := x.bases[base-1]
		pre, suf := common(b, t)
		if pre == len(t) && len(t) == len(b) {
			x.sheetT[i], x.sheetD[i] = b, sheetDelta{} // the base itself
			return
		}
		if nd, ok := delta(base, pre, suf, len(t)); ok {
			if d.base == 0 {
				old = nil // a whole table's room is not kept for a part
			}
			x.sheetT[i], x.sheetD[i] = x.rewrite(old, t[pre:len(t)-suf]), nd
			return
		}
	}
	if d.base != 0 {
		old = nil // a part's room is too small for the whole
	}
	x.sheetT[i], x.sheetD[i] = x.rewrite(old, t), sheetDelta{}
}

// baseOf returns 1 + the place in bases of t, a table in the shared
// block, found by its memory; 0 if it is none, or, with add, it is made
// one while there is room.
func (x *Encoder) baseOf(t []byte, add bool) uint16 {
	for j, b := range x.bases {
		if unsafe.SliceData(b) == unsafe.SliceData(t) && len(b) == len(t) {
			return uint16(j + 1)
		}
	}
	if !add || len(x.bases) >= maxBases {
		return 0
	}
	x.bases = append(x.bases, t)
	return uint16(len(x.bases))
}

// deltaSheets writes each sheet's table taken from the file (shareTables)
// as a difference from an earlier one it is mostly the same as, where
// there is one among the last few kept whole, before ownTables moves
// them: only the parts that differ, and the bases, are moved.
func (x *Encoder) deltaSheets() {
	for len(x.sheetD) < len(x.sheetT) {
		x.sheetD = append(x.sheetD, sheetDelta{})
	}
	whole := make(map[string]bool) // the tables kept whole, by their text
	var recent [][]byte            // the last of them, the latest first
	for i, t := range x.sheetT {
		if len(t) == 0 || !x.inShared(t) || x.sheetD[i].base != 0 || whole[unsafe.String(unsafe.SliceData(t), len(t))] {
			continue
		}
		best, pre, suf := -1, 0, 0
		for j, b := range recent {
			p, s := common(b, t)
			if best < 0 || p+s > pre+suf {
				best, pre, suf = j, p, s
			}
			if 8*(len(t)-p-s) <= len(t) {
				break // as good as needed
			}
		}
		if _, ok := delta(1, pre, suf, len(t)); best >= 0 && ok {
			if d, ok := delta(x.baseOf(recent[best], true), pre, suf, len(t)); ok {
				x.sheetT[i], x.sheetD[i] = t[pre:len(t)-suf], d
				b := recent[best]
				copy(recent[1:best+1], recent[:best])
				recent[0] = b
				continue
			}
		}
		whole[unsafe.String(unsafe.SliceData(t), len(t))] = true
		if len(recent) < 16 {
			recent = append(recent, nil)
		}
		copy(recent[1:], recent)
		recent[0] = t
	}
}

// common returns the length of the longest start b and t share, and of
// the longest end they share after it.
func common(b, t []byte) (pre, suf int) {
	n := min(len(b), len(t))
	for pre+8 <= n && binary.LittleEndian.Uint64(b[pre:]) == binary.LittleEndian.Uint64(t[pre:]) {
		pre += 8
	}
	for pre < n && b[pre] == t[pre] {
		pre++
	}
	for suf < n-pre && b[len(b)-1-suf] == t[len(t)-1-suf] {
		suf++
	}
	return pre, suf
}
