package model

import (
	"fmt"
	"iter"
)

// LogBlock is how many entries a block of the log holds (18 KB of
// entries). A log grows by a block at a time, and the first entry written
// after undo copies at most one block.
const LogBlock = 128

type logBlock = [LogBlock]Entry

// Log is the entries written since the archive, kept in blocks of
// LogBlock. A full block never changes again, so every copy of a Log (the
// tracker's frozen state, each snapshot a save reads on its own
// goroutine, the log the saver wrote last) shares it; only the last
// block, the tail, is written, and only past the length of every copy
// anyone else holds. So a Log is a value, like a slice: a copy is the log
// as it stood and stays so, taking one costs nothing, and growing adds a
// block instead of doubling the whole (a slice full at 10,912 entries
// took 3.1 MB of new room at once).
//
// As with a slice, a copy that grows writes in the room past its length,
// which its origin shares: Truncate and Sealed return a log whose appends
// copy the tail first (at most a block) and leave every other copy alone.
// The zero Log is empty and ready to use.
type Log struct {
	full []*logBlock // the full blocks, never written again
	tail []Entry     // the entries after them, fewer than LogBlock (nil for none)
}

// LogOf wraps entries as a log, copying none: the caller gives them up.
// Its tail is sealed, so the first entry added copies it (a decoded log is
// one array, which no other copy may see written).
func LogOf(entries []Entry) Log {
	var l Log
	k := len(entries) / LogBlock
	if k > 0 {
		l.full = make([]*logBlock, k)
		for i := range k {
			l.full[i] = (*logBlock)(entries[i*LogBlock:])
		}
	}
	if t := entries[k*LogBlock:]; len(t) > 0 {
		l.tail = t[:len(t):len(t)]
	}
	return l
}

// Len is how many entries the log holds.
func (l Log) Len() int { return len(l.full)*LogBlock + len(l.tail) }

// At returns entry i (0 ≤ i < Len()).
func (l Log) At(i int) Entry {
	if k := i / LogBlock; k < len(l.full) {
		return l.full[k][i%LogBlock]
	}
	return l.tail[i-len(l.full)*LogBlock]
}

// All iterates over the entries with their places.
func (l Log) All() iter.Seq2[int, Entry] {
	return func(yield func(int, Entry) bool) {
		for k, b := range l.full {
			for j := range b {
				if !yield(k*LogBlock+j, b[j]) {
					return
				}
			}
		}
		at := len(l.full) * LogBlock
		for j := range l.tail {
			if !yield(at+j, l.tail[j]) {
				return
			}
		}
	}
}

// From returns the entries from place i on (0 ≤ i ≤ Len()), to be read,
// not written: the log's own memory when they lie in one block (with no
// room past them), else a copy. A command's entries are in one block but
// when it crosses into the next.
func (l Log) From(i int) []Entry {
	n := l.Len()
	if i < 0 || i > n {
		panic(fmt.Sprintf("model.Log.From(%d) of a log of %d", i, n))
	}
	if i == n {
		return nil
	}
	k, t := i/LogBlock, len(l.full)*LogBlock
	switch {
	case i >= t:
		return l.tail[i-t : len(l.tail) : len(l.tail)]
	case k == len(l.full)-1 && len(l.tail) == 0:
		return l.full[k][i%LogBlock : LogBlock : LogBlock]
	}
	out := make([]Entry, 0, n-i)
	for _, b := range l.full[k:] {
		out = append(out, b[max(i-k*LogBlock, 0):]...)
		k++
	}
	return append(out, l.tail...)
}

// Add puts an entry at the end, as it is (Encounter.Append numbers it).
func (l *Log) Add(en Entry) {
	if len(l.tail) == cap(l.tail) {
		l.grow()
	}
	l.tail = append(l.tail, en)
	if len(l.tail) == LogBlock {
		l.full = append(l.full, (*logBlock)(l.tail))
		l.tail = nil
	}
}

// grow makes room for one more entry in a new block, copying the tail's
// entries into it: the tail is sealed (Truncate, LogOf) or the first
// block, which grows by doubling from 8 so that a small fight's log stays
// small.
func (l *Log) grow() {
	room := LogBlock
	if len(l.full) == 0 {
		room = min(LogBlock, max(8, 2*len(l.tail)))
	}
	l.tail = append(make([]Entry, 0, room), l.tail...)
}

// Truncate returns the first n entries (0 ≤ n ≤ Len()), sealed: the
// first entry added to the result copies its tail, at most a block, so
// entries a copy of l holds past n are never written over. Undo cuts so.
func (l Log) Truncate(n int) Log {
	if n < 0 || n > l.Len() {
		panic(fmt.Sprintf("model.Log.Truncate(%d) of a log of %d", n, l.Len()))
	}
	k, m := n/LogBlock, n%LogBlock
	if k < len(l.full) {
		l.tail = l.full[k][:m:m]
	} else {
		l.tail = l.tail[:m:m]
	}
	l.full = l.full[:k:k]
	if k == 0 {
		l.full = nil
	}
	if m == 0 {
		l.tail = nil
	}
	return l
}

// Sealed returns the log with no room past its end: what is added to it
// copies its tail first, and never reaches another copy's entries.
func (l Log) Sealed() Log { return l.Truncate(l.Len()) }

// Shared is how many of l's first entries o holds in the same memory:
// entries below both logs' lengths in one block never change, so those
// are the same entries without a look at them (a saver that kept the log
// it wrote last knows so where the new entries begin).
func (l Log) Shared(o Log) int {
	n := 0
	for k := 0; ; k++ {
		a, b := l.block(k), o.block(k)
		if len(a) == 0 || len(b) == 0 || &a[0] != &b[0] {
			return n
		}
		n += min(len(a), len(b))
		if len(a) < LogBlock || len(b) < LogBlock {
			return n
		}
	}
}

// block returns block k's entries: a full block, the tail, or none.
func (l Log) block(k int) []Entry {
	switch {
	case k < len(l.full):
		return l.full[k][:]
	case k == len(l.full):
		return l.tail
	}
	return nil
}

// cutOwn drops the entries from place i on, keeping their room: they
// must be l's alone, seen by no copy (a command's own, before it
// returns), since what is added next is written over them.
func (l *Log) cutOwn(i int) {
	if k := i / LogBlock; k < len(l.full) {
		l.tail = l.full[k][:i%LogBlock]
		l.full = l.full[:k]
		if k == 0 {
			l.full = nil
		}
	} else {
		l.tail = l.tail[:i-k*LogBlock]
	}
}
