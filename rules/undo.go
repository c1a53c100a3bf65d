package rules

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"unsafe"

	"fray/model"
)

// Undo by structural sharing.
//
// The tracker keeps two encounters: E, the working copy that commands
// change in place, and last, the state after the last change. After a
// command, commit compares E with last field by field and combatant by
// combatant, brings last up to E by copying only what differs, and keeps
// the old values it replaced as the undo step. Nothing else is copied: a
// next turn at 1000 combatants copies the one or two combatants it
// touched, the turn state and its log entries, not the encounter.
//
// Because the comparison finds the changes, rules code may change E's
// own fields, maps and lists and a combatant's record (Encounter.Turn,
// Order, initiative, status) in any way, with no copy-on-write call; a
// combatant's profile and sheet, which E borrows from last (below), it
// changes only after OwnProfile or OwnSheet. Combatant.Equal, Encounter
// state and every sheet's Equal must see every field; model/equal_test.go
// and rules/systems/equal_test.go check that by changing each field in
// turn.
//
// The combatants in last are never changed in place: commit and undo
// replace them, so Snapshot can hand them to another goroutine.
//
// Lent profiles and sheets. Kept as above, every profile and sheet is
// there twice, E's and last's, and every command compares the two in
// depth. A system whose rules change a sheet only through OwnSheet (its
// sheet is model.Lendable) does without both: E's combatant borrows
// last's whole profile, sheet and all (model/lend.go), OwnProfile copies
// the profile the first time a command changes one of its fields,
// OwnSheet the sheet (after the profile), and commit compares a lent
// profile, and a lent sheet, by its pointer. A changed profile is not
// copied at commit: last takes E's, which E borrows back (CloneSharing,
// Relend). A change made without OwnProfile or OwnSheet would reach last
// and every snapshot unseen, so the rules' tests run with
// model.CheckLending, under which E borrows a copy and commit and restore
// stop on a lent profile or sheet that changed (escaped), as do
// OwnProfile and OwnSheet; TestNoWriteThroughSheet finds such a change
// in the source, on paths no test takes. Every shipped system lends: at
// 1000 combatants one profile and sheet per combatant instead of two,
// and a turn key compares a thousand pointers, not a thousand profiles
// (see docs/performance.md, "Lent sheets" and "Lent profiles").

// kv is a map entry as it was: ok is false if the key was absent.
type kv struct {
	k, v string
	ok   bool
}

// mapDiff is how a map was: the entries that differed, or the whole map
// when it went from nil to empty or back (whole then holds it, or nil).
type mapDiff struct {
	kvs   []kv
	whole bool
	old   map[string]string
}

func (d mapDiff) empty() bool { return !d.whole && len(d.kvs) == 0 }

// step is one undo or redo step: the values one state had where it
// differs from its neighbour. Every combatant in it is frozen.
type step struct {
	line    string
	state   *model.Encounter // scalar fields (Round, Current…); nil if the same
	options mapDiff
	turn    mapDiff
	order   *intsDiff // how Order was, if it differed
	queue   *intsDiff // how Queue was, if it differed

	rebuilt *rebuilt // the whole list, when combatants joined or left
	packed  packed   // else the old records of the combatants that differed (undopack.go)

	logLen  int           // the log's length
	entries []model.Entry // redo only: the entries the command wrote
	size    int           // bytes the step holds, roughly
}

// rebuilt is the list of combatants as it was, for a step that changed
// who is in it (the rest of a step is kept in every step of a long
// fight: its size counts).
type rebuilt struct {
	list  []*model.Combatant
	fresh []int // the places in the new list of the combatants copied anew, for the range check
}

// Sizes for the undo budget. A combatant costs its struct and, when its
// profile is not the one it replaced (shared), the profile, its sheet's
// struct (shallow) and its slices; text is shared and not counted.
var (
	combatantSize = int(unsafe.Sizeof(model.Combatant{}))
	profileSize   = int(unsafe.Sizeof(model.Profile{}))
	entrySize     = int(unsafe.Sizeof(model.Entry{}))
	stateSize     = int(unsafe.Sizeof(model.Encounter{}))
)

// sizeOf is what the undo step keeping c, which now replaced, holds.
func sizeOf(c, now *model.Combatant, sheetSize func(model.Sheet) int) int {
	if c.Profile == now.Profile {
		return combatantSize
	}
	return combatantSize + profileSize + sheetSize(c.Sheet()) + len(c.Conds)*int(unsafe.Sizeof(model.Condition{})) + 8*len(c.Engaged) +
		len(c.TurnState)*int(unsafe.Sizeof(model.TurnVal{}))
}

// scalars returns e with its combatants, log, maps and slices left out:
// the fields a struct copy carries whole.
func scalars(e *model.Encounter) *model.Encounter {
	s := *e
	s.Combatants, s.Log, s.Options, s.Turn, s.Order, s.Queue = nil, model.Log{}, nil, nil, nil, nil
	return &s
}

// setScalars copies src's scalar fields into dst, keeping dst's own
// combatants, log, maps and slices.
func setScalars(dst, src *model.Encounter) {
	c, l, o, t, ord, q := dst.Combatants, dst.Log, dst.Options, dst.Turn, dst.Order, dst.Queue
	*dst = *src
	dst.Combatants, dst.Log, dst.Options, dst.Turn, dst.Order, dst.Queue = c, l, o, t, ord, q
}

// sameScalars compares what setScalars copies.
func sameScalars(a, b *model.Encounter) bool {
	return scalars(a).SameState(scalars(b))
}

// syncMap makes *dst equal to src, changing only the entries that differ,
// and returns how *dst was.
func syncMap(dst *map[string]string, src map[string]string) mapDiff {
	if (*dst == nil) != (src == nil) {
		d := mapDiff{whole: true, old: *dst}
		*dst = maps.Clone(src)
		return d
	}
	var d mapDiff
	m := *dst
	for k, v := range src {
		if o, ok := m[k]; !ok || o != v {
			d.kvs = append(d.kvs, kv{k, o, ok})
			m[k] = v
		}
	}
	if len(m) > len(src) {
		for k, o := range m {
			if _, ok := src[k]; !ok {
				d.kvs = append(d.kvs, kv{k, o, true})
				delete(m, k)
			}
		}
	}
	return d
}

// undoMap puts the entries of d back into the frozen map *f and the
// working map *w, and returns how *f was (the inverse of d).
func undoMap(f, w *map[string]string, d mapDiff) mapDiff {
	if d.whole {
		back := mapDiff{whole: true, old: *f}
		*f, *w = d.old, maps.Clone(d.old)
		return back
	}
	var back mapDiff
	for _, e := range d.kvs {
		o, ok := (*f)[e.k]
		back.kvs = append(back.kvs, kv{e.k, o, ok})
		if e.ok {
			(*f)[e.k], (*w)[e.k] = e.v, e.v
		} else {
			delete(*f, e.k)
			delete(*w, e.k)
		}
	}
	return back
}

// syncSlice makes *dst equal to src (a copy, never shared) and returns
// how it was.
func syncSlice(dst *[]int, src []int) *intsDiff {
	d := diffInts(*dst, src)
	if d != nil {
		*dst = slices.Clone(src)
	}
	return d
}

// copySlice makes *dst equal to src (a copy, never shared).
func copySlice(dst *[]int, src []int) {
	if !model.SameSlice(*dst, src) {
		*dst = slices.Clone(src)
	}
}

// commit brings last up to E and returns the undo step: last's old values
// where they differed. It marks what changed for Snapshot. The combatants
// that differed, as they were, are left in t.was for the command's range
// check (inRange), which its caller clears: the step keeps them packed.
func (t *Tracker) commit() step {
	e, l := t.E, t.last
	var s step
	if !sameScalars(l, e) {
		s.state = scalars(l)
		setScalars(l, e)
		s.size += stateSize
	}
	s.options = syncMap(&l.Options, e.Options)
	s.turn = syncMap(&l.Turn, e.Turn)
	s.order = syncSlice(&l.Order, e.Order)
	s.queue = syncSlice(&l.Queue, e.Queue)
	s.size += t.mapsSize(s)
	t.commitCombatants(&s)
	s.logLen = l.Log.Len()
	l.Log = e.Log
	t.mark(s)
	return s
}

// pending returns the step commit would make now, making nothing: which
// map entries and combatants E changed since last, for the range check
// of a dry run (Try), and the combatants that differed (was: last's own,
// not copies). Its maps hold the changed keys only: it serves the check
// and nothing else.
func (t *Tracker) pending() (s step, was []*model.Combatant) {
	e, l := t.E, t.last
	s = step{options: diffMap(l.Options, e.Options), turn: diffMap(l.Turn, e.Turn)}
	lc, ec := l.Combatants, e.Combatants
	if len(lc) == len(ec) && (lc == nil) == (ec == nil) {
		same := true
		for i, c := range ec {
			same = same && lc[i].ID == c.ID
		}
		if same {
			for i, c := range ec {
				if !c.Equal(lc[i]) {
					was = append(was, lc[i])
				}
			}
			return s, was
		}
	}
	byID := make(map[int]*model.Combatant, len(lc))
	for _, c := range lc {
		byID[c.ID] = c
	}
	s.rebuilt = &rebuilt{}
	for i, c := range ec {
		if o := byID[c.ID]; o == nil || !c.Equal(o) {
			s.rebuilt.fresh = append(s.rebuilt.fresh, i)
		}
	}
	return s, nil
}

// diffMap names the keys of now whose values old does not share, as
// syncMap would find them, changing neither map.
func diffMap(old, now map[string]string) mapDiff {
	if (old == nil) != (now == nil) {
		return mapDiff{whole: true}
	}
	var d mapDiff
	for k, v := range now {
		if o, ok := old[k]; !ok || o != v {
			d.kvs = append(d.kvs, kv{k: k})
		}
	}
	return d
}

// commitCombatants brings last's combatants up to E's. When the same
// combatants stand in the same places (a command that joins nobody and
// removes nobody) it compares them one by one and copies those that
// differ; otherwise it rebuilds the list, sharing every combatant that
// did not change.
func (t *Tracker) commitCombatants(s *step) {
	lc, ec := t.last.Combatants, t.E.Combatants
	if len(lc) == len(ec) && (lc == nil) == (ec == nil) {
		for i, c := range ec {
			if lc[i].ID != c.ID {
				goto rebuild
			}
		}
		at := t.scratch[:0]
		for i, c := range ec {
			escaped(c, lc[i])
			if !c.Equal(lc[i]) {
				at = append(at, int32(i))
			} else {
				c.Relend(lc[i])
			}
		}
		t.scratch = at
		if len(at) == 0 {
			return
		}
		was := t.was[:0]
		for _, i := range at {
			was = append(was, lc[i])
			lc[i] = ec[i].CloneSharing(lc[i])
			ec[i].Relend(lc[i])
		}
		t.was = was
		var size int
		s.packed, size = t.packWas(at, was, lc)
		s.size += size
		return
	}
rebuild:
	byID := make(map[int]*model.Combatant, len(lc))
	for _, c := range lc {
		byID[c.ID] = c
	}
	s.rebuilt = &rebuilt{list: lc}
	s.size += 8 * len(lc)
	var list []*model.Combatant
	if ec != nil {
		list = make([]*model.Combatant, len(ec))
	}
	for i, c := range ec {
		o := byID[c.ID]
		if o != nil {
			escaped(c, o)
		}
		if o != nil && c.Equal(o) {
			list[i] = o
			c.Relend(o)
			continue
		}
		s.rebuilt.fresh = append(s.rebuilt.fresh, i)
		if o != nil {
			list[i] = c.CloneSharing(o)
			c.Relend(list[i])
			s.size += sizeOf(o, list[i], t.sheetSize)
		} else {
			list[i] = c.Freeze()
		}
	}
	t.last.Combatants = list
	t.listChanged = true
}

// restore brings E back to last after a failed command, copying only what
// differs, and drops the log entries the command wrote.
func (t *Tracker) restore() {
	e, l := t.E, t.last
	if !sameScalars(e, l) {
		setScalars(e, l)
	}
	syncMap(&e.Options, l.Options)
	syncMap(&e.Turn, l.Turn)
	copySlice(&e.Order, l.Order)
	copySlice(&e.Queue, l.Queue)
	if len(e.Combatants) == len(l.Combatants) && (e.Combatants == nil) == (l.Combatants == nil) {
		same := true
		for i, c := range e.Combatants {
			same = same && c.ID == l.Combatants[i].ID
		}
		if same {
			for i, c := range e.Combatants {
				escaped(c, l.Combatants[i])
				if !c.Equal(l.Combatants[i]) {
					c.Borrow(l.Combatants[i])
				} else {
					c.Relend(l.Combatants[i])
				}
			}
			e.Log = l.Log
			return
		}
	}
	if model.CheckLending {
		// the list changed (a tried add or remove): the check pairs
		// them by ID
		byID := make(map[int]*model.Combatant, len(l.Combatants))
		for _, f := range l.Combatants {
			byID[f.ID] = f
		}
		for _, c := range e.Combatants {
			if f := byID[c.ID]; f != nil {
				escaped(c, f)
			}
		}
	}
	e.Combatants = working(l.Combatants, e.Combatants)
	e.Log = l.Log
}

// working returns a working list for the frozen list: E's own combatant
// where E has one of that ID (brought up to the frozen one), a copy
// otherwise.
func working(frozen, have []*model.Combatant) []*model.Combatant {
	if frozen == nil {
		return nil
	}
	byID := make(map[int]*model.Combatant, len(have))
	for _, c := range have {
		byID[c.ID] = c
	}
	out := make([]*model.Combatant, len(frozen))
	for i, f := range frozen {
		c := byID[f.ID]
		switch {
		case c == nil:
			c = new(model.Combatant)
			c.Borrow(f)
		case !c.Equal(f):
			c.Borrow(f)
		default:
			c.Relend(f)
		}
		out[i] = c
	}
	return out
}

// escaped panics, under model.CheckLending (in tests), when the working
// combatant w holds a profile or sheet lent by the frozen f and it was
// changed without OwnProfile or OwnSheet: the change would reach the
// frozen state in use, and undo would not know of it.
func escaped(w, f *model.Combatant) {
	if what := w.Escaped(f); what != "" {
		panic(fmt.Sprintf("%s's %s: undo would miss the change", w.Name, what))
	}
}

// apply moves last and E to the state s records, and returns the step
// that moves them back. The log is the caller's.
func (t *Tracker) apply(s step) step {
	e, l := t.E, t.last
	back := step{line: s.line}
	if s.state != nil {
		back.state = scalars(l)
		setScalars(l, s.state)
		setScalars(e, s.state)
		back.size += stateSize
	}
	back.options = undoMap(&l.Options, &e.Options, s.options)
	back.turn = undoMap(&l.Turn, &e.Turn, s.turn)
	if s.order != nil {
		old := s.order.old(l.Order)
		back.order = diffInts(l.Order, old)
		l.Order, e.Order = old, slices.Clone(old)
	}
	if s.queue != nil {
		old := s.queue.old(l.Queue)
		back.queue = diffInts(l.Queue, old)
		l.Queue, e.Queue = old, slices.Clone(old)
	}
	back.size += t.mapsSize(back)
	if s.rebuilt != nil {
		back.rebuilt = &rebuilt{list: l.Combatants}
		back.size += 8 * len(l.Combatants)
		l.Combatants = s.rebuilt.list
		e.Combatants = working(s.rebuilt.list, e.Combatants)
		t.listChanged = true
	} else if len(s.packed.b) > 0 {
		var size int
		back.packed, size = t.unpack(s.packed, l.Combatants, e.Combatants)
		back.size += size
	}
	t.mark(back)
	return back
}

// mapsSize is what a step's maps and slices hold, roughly.
func (t *Tracker) mapsSize(s step) int {
	n := 0
	for _, d := range []mapDiff{s.options, s.turn} {
		n += 48 * (len(d.kvs) + len(d.old))
	}
	return n + s.order.size() + s.queue.size()
}

// mark notes for Snapshot which of last's maps and slices a change
// touched (either direction: s may be the change or its inverse).
func (t *Tracker) mark(s step) {
	t.dirtyOptions = t.dirtyOptions || !s.options.empty()
	t.dirtyTurn = t.dirtyTurn || !s.turn.empty()
	t.listChanged = t.listChanged || len(s.packed.b) > 0
}

// sheetSize is the size of a sheet's struct, cached by type.
func (t *Tracker) sheetSize(s model.Sheet) int {
	if s == nil {
		return 0
	}
	if t.sheetBytes == 0 {
		t.sheetBytes = sheetStructSize(s)
	}
	return t.sheetBytes
}

func sheetStructSize(s model.Sheet) int {
	t := reflect.TypeOf(s)
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return int(t.Size())
}

// Snapshot returns a frozen copy of the encounter as it stands after the
// last change. It is never modified afterwards, so it may be saved on
// another goroutine while commands go on. It shares with earlier
// snapshots every combatant, map and slice that has not changed since,
// and its log shares E's blocks (a full block never changes, and what is
// added after the snapshot's end, or after undo cut the log, is written
// where the snapshot does not look), so taking one costs a list of pointers, not a copy of the
// encounter; a saver can tell unchanged combatants by their pointers.
func (t *Tracker) Snapshot() *model.Encounter {
	if t.noHistory {
		return t.E.Clone()
	}
	l, p := t.last, t.snap
	if p == nil || t.snapOf != l {
		t.listChanged, t.dirtyOptions, t.dirtyTurn = true, true, true
	}
	s := *l // scalars, and Order and Queue, which last replaces but never changes in place
	if t.listChanged {
		s.Combatants = slices.Clone(l.Combatants)
	} else {
		s.Combatants = p.Combatants
	}
	if t.dirtyOptions {
		s.Options = maps.Clone(l.Options)
	} else {
		s.Options = p.Options
	}
	if t.dirtyTurn {
		s.Turn = maps.Clone(l.Turn)
	} else {
		s.Turn = p.Turn
	}
	t.snap, t.snapOf = &s, l
	t.listChanged, t.dirtyOptions, t.dirtyTurn = false, false, false
	return &s
}

// resync makes last a fresh copy of E, for a change made to E outside a
// command that undo should not take back (the clock set when a file
// opens).
func (t *Tracker) resync() {
	if t.noHistory {
		return
	}
	t.last = t.E.Freeze()
	t.snap = nil
}
