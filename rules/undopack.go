package rules

import (
	"encoding/binary"
	"slices"
	"time"
	"unsafe"

	"fray/model"
)

// An undo step keeps the old records of the combatants a command changed
// packed: for each, its place, a byte of flags and the old values of the
// fields that differ from the record that replaced it, as varints. A new
// round in osr changes every combatant three times (clears its roll and
// its mark, sets its count, marks it as having acted), and each change
// touches a field or two of the 32-byte record: kept as records, with a
// pointer each, undo held 40 bytes a change (1.3 MB after 100 turns at
// 1000 combatants); packed it holds 3 to 5. An old profile, when a
// command changed one, is kept as the pointer it was (profiles).
//
// A packed step is read against the state it was made from: undo and
// redo apply steps in the order that makes that so, and the combatants
// stand in the same places on both sides of a step that is not rebuilt.
type packed struct {
	b        []byte           // the entries, places ascending
	profiles []*model.Profile // the old profiles of the entries flagged packProfile, in order
}

// The flags byte of an entry: which old values follow (in this order),
// and the old record's three marks.
const (
	packInit = 1 << iota
	packTime
	packTurns
	packStatus
	packProfile // the old profile is the next of profiles
	packHasInit
	packDelaying
	packActed
)

// packer builds a packed step in a buffer it reuses.
type packer struct {
	b        []byte
	profiles []*model.Profile
	n, prev  int
	size     int // what the step keeps, for the undo budget
}

func (p *packer) reset(buf []byte) { *p = packer{b: buf[:0]} }

// add packs old, the record at place that now replaced; places come
// ascending. sheetSize sizes a kept profile's sheet (sizeOf).
func (p *packer) add(place int, old, now *model.Combatant, sheetSize func(model.Sheet) int) {
	start := len(p.b)
	p.b = binary.AppendUvarint(p.b, uint64(place-p.prev))
	p.prev = place
	var f byte
	if old.Init != now.Init {
		f |= packInit
	}
	if old.TurnTime != now.TurnTime {
		f |= packTime
	}
	if old.Turns != now.Turns {
		f |= packTurns
	}
	if old.Status != now.Status {
		f |= packStatus
	}
	if old.Profile != now.Profile {
		f |= packProfile
		p.profiles = append(p.profiles, old.Profile)
		p.size += 8 + sizeOf(old, now, sheetSize) - combatantSize
	}
	if old.HasInit {
		f |= packHasInit
	}
	if old.Delaying {
		f |= packDelaying
	}
	if old.Acted {
		f |= packActed
	}
	p.b = append(p.b, f)
	if f&packInit != 0 {
		p.b = binary.AppendVarint(p.b, int64(old.Init))
	}
	if f&packTime != 0 {
		p.b = binary.AppendVarint(p.b, int64(old.TurnTime))
	}
	if f&packTurns != 0 {
		p.b = binary.AppendVarint(p.b, int64(old.Turns))
	}
	if f&packStatus != 0 {
		p.b = append(p.b, byte(old.Status))
	}
	p.size += len(p.b) - start
	p.n++
}

// done returns the step packed, made to its size, and what it keeps.
func (p *packer) done() (packed, int) {
	if p.n == 0 {
		return packed{}, 0
	}
	return packed{b: slices.Clone(p.b), profiles: slices.Clip(p.profiles)}, p.size + 24*2
}

// packWas packs the old records of the combatants at places, which the
// frozen records now there replaced.
func (t *Tracker) packWas(places []int32, was, now []*model.Combatant) (packed, int) {
	var p packer
	p.reset(t.packBuf)
	for k, i := range places {
		p.add(int(i), was[k], now[i], t.sheetSize)
	}
	t.packBuf = p.b
	return p.done()
}

// unpack puts the old records of s back in the frozen list (new records:
// the ones there may be shared) and brings the working combatants up to
// them; it returns the step that goes back, and what that keeps.
func (t *Tracker) unpack(s packed, frozen, working []*model.Combatant) (packed, int) {
	var back packer
	back.reset(t.packBuf)
	off, place, prof := 0, 0, 0
	for off < len(s.b) {
		gap, m := binary.Uvarint(s.b[off:])
		off += m
		place += int(gap)
		cur := frozen[place]
		old := new(model.Combatant)
		*old = *cur
		f := s.b[off]
		off++
		if f&packInit != 0 {
			v, m := binary.Varint(s.b[off:])
			off += m
			old.Init = int(v)
		}
		if f&packTime != 0 {
			v, m := binary.Varint(s.b[off:])
			off += m
			old.TurnTime = time.Duration(v)
		}
		if f&packTurns != 0 {
			v, m := binary.Varint(s.b[off:])
			off += m
			old.Turns = int32(v)
		}
		if f&packStatus != 0 {
			old.Status = model.Status(s.b[off])
			off++
		}
		if f&packProfile != 0 {
			old.Profile = s.profiles[prof]
			prof++
		}
		old.HasInit, old.Delaying, old.Acted = f&packHasInit != 0, f&packDelaying != 0, f&packActed != 0
		back.add(place, cur, old, t.sheetSize)
		frozen[place] = old
		working[place].Borrow(old)
	}
	t.packBuf = back.b
	return back.done()
}

// intsDiff is how a list of IDs (Encounter.Order, Queue) was, against
// the list that replaced it: the ends the two share, by length, and the
// old values between them as varints. sst sorts its order again after
// every action, moving the one who acted, and osr each round: a copy of
// the old order was 8 KB a step at 1000 combatants.
type intsDiff struct {
	mid        []byte // the old values between the ends, as varints
	head, tail int32  // how many values at each end the two lists share
	n          int32  // how many values lie between
	// moved says the values between are now's moved by one place: its
	// last one was first (1), or its first one was last (-1); mid is
	// then empty. That is one combatant moving down or up the order.
	moved  int8
	wasNil bool
}

// diffInts returns how old differs from now; nil if it does not.
func diffInts(old, now []int) *intsDiff {
	if model.SameSlice(old, now) {
		return nil
	}
	head, tail := 0, 0
	for head < len(old) && head < len(now) && old[head] == now[head] {
		head++
	}
	for tail < len(old)-head && tail < len(now)-head && old[len(old)-1-tail] == now[len(now)-1-tail] {
		tail++
	}
	o, w := old[head:len(old)-tail], now[head:len(now)-tail]
	d := &intsDiff{head: int32(head), tail: int32(tail), n: int32(len(o)), wasNil: old == nil}
	switch {
	case len(o) > 1 && len(o) == len(w) && o[0] == w[len(w)-1] && slices.Equal(o[1:], w[:len(w)-1]):
		d.moved = 1
	case len(o) > 1 && len(o) == len(w) && o[len(o)-1] == w[0] && slices.Equal(o[:len(o)-1], w[1:]):
		d.moved = -1
	default:
		var b []byte
		for _, v := range o {
			b = binary.AppendVarint(b, int64(v))
		}
		d.mid = slices.Clip(b)
	}
	return d
}

// old returns the list d was, against now: a new slice.
func (d *intsDiff) old(now []int) []int {
	if d.wasNil {
		return nil
	}
	head, tail := int(d.head), len(now)-int(d.tail)
	out := make([]int, 0, head+int(d.n)+int(d.tail))
	out = append(out, now[:head]...)
	switch w := now[head:tail]; d.moved {
	case 1:
		out = append(append(out, w[len(w)-1]), w[:len(w)-1]...)
	case -1:
		out = append(append(out, w[1:]...), w[0])
	}
	for off := 0; off < len(d.mid); {
		v, m := binary.Varint(d.mid[off:])
		off += m
		out = append(out, int(v))
	}
	return append(out, now[tail:]...)
}

// size is what d keeps, roughly.
func (d *intsDiff) size() int {
	if d == nil {
		return 0
	}
	return int(unsafe.Sizeof(*d)) + len(d.mid)
}
