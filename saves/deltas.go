package saves

import (
	"bytes"
	"encoding/binary"
	"slices"
	"unsafe"
)

// A big fight is a few kinds of fighter over and over (a band of goblins,
// a unit of archers), their tables alike but for a line or two: sst's
// dice, rolled for each, the hit points a blow took, osr's initiative
// rolled each round. The encoder keeps such a table (who a combatant is,
// its state, its sheet) as a difference from a base, a table it is mostly the same
// as: the base's first pre bytes, its own part, the base's last suf
// bytes. At 1000 combatants sst's 577 different sheet tables (300 KB)
// are then six bases and a line each, osr's thousand states after a
// round its initiatives and a base, and a table a command changed keeps
// the line or two that changed, not the table.

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

// maxBases bounds the bases an encoder keeps, and so their search; a
// variable for the tests.
var maxBases = 64

// minBase is the length from which a table written whole is made a base
// for those written after it: who a combatant is, shorter, its id and
// name its own, would fill the bases with one each, leaving no room for
// the states of the next round (TestBasesStayFew).
const minBase = 128

// emptyPart is the own part of a table that is its base whole.
var emptyPart = []byte{}

// The bases. A base is never written over: it lies in the shared block
// (inShared), or is a copy of a table written whole, made a base for the
// tables written after it (an osr round rolls a thousand initiatives into
// tables alike but for that number). Each counts the tables written as
// differences from it; one no table needs any more makes room for the
// next.

// delta returns the tableDelta of a table of n bytes written as a
// difference from base (1 + its place in bases), sharing its first pre
// and last suf bytes, and whether that is worth it: at most half the
// table its own.
func delta(base uint16, pre, suf, n int) (tableDelta, bool) {
	mid := n - pre - suf
	if base == 0 || mid < 0 || 2*mid > n || pre > 1<<16-1 || suf > 1<<16-1 {
		return tableDelta{}, false
	}
	return tableDelta{base, uint16(pre), uint16(suf)}, true
}

// moveTables returns k's tables in a new order: the i-th is k's
// from[i]-th, or none for -1. Those left out no longer need their bases.
func (x *Encoder) moveTables(k *deltas, from []int) deltas {
	m := deltas{t: make([][]byte, len(from))}
	if len(k.d) > 0 {
		m.d = make([]tableDelta, len(from))
	}
	carried := make([]bool, len(k.t))
	for i, j := range from {
		if j >= 0 {
			m.t[i], carried[j] = k.t[j], true
			if j < len(k.d) {
				m.d[i] = k.d[j]
			}
		}
	}
	for j, c := range carried {
		if !c {
			x.unbase(k.at(j).base)
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

// holds reports whether k's i-th table is t.
func (x *Encoder) holds(k *deltas, i int, t []byte) bool {
	d := k.at(i)
	if d.base == 0 {
		return bytes.Equal(k.t[i], t)
	}
	b, mid := x.bases[d.base-1], k.t[i]
	pre, suf := int(d.pre), int(d.suf)
	return len(t) == pre+len(mid)+suf && bytes.Equal(t[:pre], b[:pre]) &&
		bytes.Equal(t[pre:pre+len(mid)], mid) && bytes.Equal(t[pre+len(mid):], b[len(b)-suf:])
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

// setTable makes t the i-th of k's tables: a difference from the base
// it differs least from, of its own (or its old table, when that lies in
// the shared block) and those used last, when little of it differs; else
// whole, as rewrite keeps it, and made a base for the tables after it
// when it is minBase bytes or more and its length fits a tableDelta.
func (x *Encoder) setTable(k *deltas, i int, t []byte) {
	old, d := k.t[i], k.at(i)
	if old == nil && x.shared != nil && x.fileAt >= 0 || len(t) == 0 {
		k.t[i] = x.rewrite(old, t) // the first encoding, taking tables from the file
		x.setDelta(k, i, tableDelta{})
		return
	}
	own := d.base
	if own == 0 && len(old) > 0 && x.inShared(old) {
		own = x.baseOf(old)
	}
	best, pre, suf := uint16(0), 0, 0
	try := func(base uint16) bool {
		p, s := common(x.bases[base-1], t)
		if best == 0 || p+s > pre+suf {
			best, pre, suf = base, p, s
		}
		return 8*(len(t)-p-s) <= len(t) // as good as needed
	}
	done := own != 0 && try(own)
	for _, base := range x.recent {
		if done {
			break
		}
		if base != own {
			done = try(base)
		}
	}
	nd, ok := delta(best, pre, suf, len(t))
	if _, fits := delta(1, len(t), 0, len(t)); !ok && len(t) >= minBase && fits {
		if base := x.newBase(t); base != 0 {
			nd, ok = tableDelta{base, uint16(len(t)), 0}, true
			pre, suf = len(t), 0
		}
	}
	if ok {
		if d.base == 0 {
			old = nil // a whole table's room is not kept for a part
		}
		if mid := t[pre : len(t)-suf]; len(mid) == 0 {
			k.t[i] = emptyPart
		} else {
			k.t[i] = x.rewrite(old, mid)
		}
		x.setDelta(k, i, nd)
		x.used(nd.base)
		return
	}
	if d.base != 0 {
		old = nil // a part's room is too small for the whole
	}
	k.t[i] = x.rewrite(old, t)
	x.setDelta(k, i, tableDelta{})
}

// setDelta records how k's i-th table is written, and counts the bases'
// tables.
func (x *Encoder) setDelta(k *deltas, i int, d tableDelta) {
	was := k.at(i)
	if i >= len(k.d) {
		if d.base == 0 {
			return
		}
		k.d = append(k.d, make([]tableDelta, len(k.t)-len(k.d))...)
	}
	k.d[i] = d
	if d.base != 0 {
		x.baseRefs[d.base-1]++
	}
	x.unbase(was.base)
}

// unbase counts a table less written as a difference from base (none for
// 0).
func (x *Encoder) unbase(base uint16) {
	if base != 0 {
		x.baseRefs[base-1]--
	}
}

// used puts base first among those used last.
func (x *Encoder) used(base uint16) {
	j := slices.Index(x.recent, base)
	if j < 0 {
		if len(x.recent) < 4 {
			x.recent = append(x.recent, 0)
		}
		j = len(x.recent) - 1
	}
	copy(x.recent[1:j+1], x.recent[:j])
	x.recent[0] = base
}

// baseOf returns 1 + the place in bases of t, a table in the shared
// block, found by its memory, or made one while there is room; 0 if not.
func (x *Encoder) baseOf(t []byte) uint16 {
	for j, b := range x.bases {
		if unsafe.SliceData(b) == unsafe.SliceData(t) && len(b) == len(t) {
			return uint16(j + 1)
		}
	}
	return x.addBase(t)
}

// newBase makes a copy of t a base, if there is room, and returns 1 +
// its place in bases.
func (x *Encoder) newBase(t []byte) uint16 {
	if x.room() < 0 {
		return 0
	}
	return x.addBase(append(make([]byte, 0, len(t)), t...))
}

// room returns the place in bases of one no table needs, or -1 if
// there is none and no room for another; len(bases) if there is room.
func (x *Encoder) room() int {
	for j, n := range x.baseRefs {
		if n == 0 {
			return j
		}
	}
	if len(x.bases) < maxBases {
		return len(x.bases)
	}
	return -1
}

// addBase makes b, never to be written over, a base, in the place of one
// no table needs or a new one, and returns 1 + its place; 0 if there is
// no room.
func (x *Encoder) addBase(b []byte) uint16 {
	j := x.room()
	switch {
	case j < 0:
		return 0
	case j == len(x.bases):
		x.bases, x.baseRefs = append(x.bases, b), append(x.baseRefs, 0)
	default:
		x.bases[j] = b
		for r, base := range x.recent {
			if base == uint16(j+1) {
				x.recent = append(x.recent[:r], x.recent[r+1:]...)
				break
			}
		}
	}
	return uint16(j + 1)
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
		if _, ok := delta(1, pre, suf, len(t)); best >= 0 && ok && pre+suf < len(t) {
			if d, ok := delta(x.baseOf(recent[best]), pre, suf, len(t)); ok {
				k.t[i] = t[pre : len(t)-suf]
				x.setDelta(k, i, d)
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
