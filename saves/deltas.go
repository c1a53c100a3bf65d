package saves

import (
	"encoding/binary"
	"unsafe"
)

// A big fight is a few kinds of fighter over and over (a band of goblins,
// a unit of archers), their tables alike but for a line or two: sst's
// dice, rolled for each, the hit points a blow took, osr's initiative
// rolled each round. The encoder keeps such a table (a combatant's state,
// a sheet) as a difference from a base, a table in its shared block
// (inShared) that it is mostly the same as: the base's first pre bytes,
// its own part, the base's last suf bytes. At 1000 combatants sst's 577
// different sheet tables (300 KB) are then six bases and a line each, and
// a table a command changed keeps the line or two that changed, not the
// table.

// deltas are tables kept whole or as differences from bases, by place.
type deltas struct {
	t [][]byte     // each table, or the part of it that differs from its base
	d []tableDelta // how each is written; shorter than t while none has a base
}

// tableDelta is how a table is written: whole (base 0), or as the first
// pre bytes of bases[base-1], the table's own part, then the last suf
// bytes of that base. Six bytes a table: a table is written so only when
// pre and suf fit (delta).
type tableDelta struct{ base, pre, suf uint16 }

// maxBases bounds the bases an encoder keeps, and so the search of them
// for a table's (baseOf).
const maxBases = 64

// delta returns the tableDelta of a table of n bytes written as a
// difference from base (1 + its place in bases), sharing its first pre
// and last suf bytes, and whether that is worth it: at most half the
// table its own, and not nothing.
func delta(base uint16, pre, suf, n int) (tableDelta, bool) {
	mid := n - pre - suf
	if base == 0 || mid <= 0 || 2*mid > n || pre > 1<<16-1 || suf > 1<<16-1 {
		return tableDelta{}, false
	}
	return tableDelta{base, uint16(pre), uint16(suf)}, true
}

// moved returns k's tables in a new order: the i-th is k's from[i]-th,
// or none for -1.
func (k *deltas) moved(from []int) deltas {
	m := deltas{t: make([][]byte, len(from))}
	if len(k.d) > 0 {
		m.d = make([]tableDelta, len(from))
	}
	for i, j := range from {
		if j >= 0 {
			m.t[i] = k.t[j]
			if j < len(k.d) {
				m.d[i] = k.d[j]
			}
		}
	}
	return m
}

// at returns how the i-th table is written.
func (k *deltas) at(i int) tableDelta {
	if i < len(k.d) {
		return k.d[i]
	}
	return tableDelta{}
}

// size is the length of the i-th table.
func (k *deltas) size(i int) int {
	d := k.at(i)
	return len(k.t[i]) + int(d.pre) + int(d.suf)
}

// putTable hands k's i-th table to put, in its parts.
func (x *Encoder) putTable(k *deltas, i int, put func(p []byte)) {
	d := k.at(i)
	if d.base == 0 {
		put(k.t[i])
		return
	}
	b := x.bases[d.base-1]
	put(b[:d.pre])
	put(k.t[i])
	put(b[len(b)-int(d.suf):])
}

// setTable makes t the i-th of k's tables: a difference from its base,
// or from its old table when that lies in the shared block, when little
// of it differs; else whole, as rewrite keeps it.
func (x *Encoder) setTable(k *deltas, i int, t []byte) {
	old, d := k.t[i], k.at(i)
	base := d.base
	if base == 0 && len(old) > 0 && x.inShared(old) {
		base = x.baseOf(old, true)
	}
	if base != 0 && len(t) > 0 {
		b := x.bases[base-1]
		pre, suf := common(b, t)
		if pre == len(t) && len(t) == len(b) {
			k.t[i] = b // the base itself
			k.set(i, tableDelta{})
			return
		}
		if nd, ok := delta(base, pre, suf, len(t)); ok {
			if d.base == 0 {
				old = nil // a whole table's room is not kept for a part
			}
			k.t[i] = x.rewrite(old, t[pre:len(t)-suf])
			k.set(i, nd)
			return
		}
	}
	if d.base != 0 {
		old = nil // a part's room is too small for the whole
	}
	k.t[i] = x.rewrite(old, t)
	k.set(i, tableDelta{})
}

// set records how the i-th table is written.
func (k *deltas) set(i int, d tableDelta) {
	if i >= len(k.d) {
		if d.base == 0 {
			return
		}
		k.d = append(k.d, make([]tableDelta, len(k.t)-len(k.d))...)
	}
	k.d[i] = d
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

// deltaTables writes each of k's tables taken from the file
// (shareTables) as a difference from an earlier one it is mostly the same
// as, where there is one among the last few kept whole, before ownTables
// moves them: only the parts that differ, and the bases, are moved.
func (x *Encoder) deltaTables(k *deltas) {
	whole := make(map[string]bool) // the tables kept whole, by their text
	var recent [][]byte            // the last of them, the latest first
	for i, t := range k.t {
		if len(t) == 0 || !x.inShared(t) || k.at(i).base != 0 || whole[unsafe.String(unsafe.SliceData(t), len(t))] {
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
				k.t[i] = t[pre : len(t)-suf]
				k.set(i, d)
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
