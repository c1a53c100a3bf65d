package model

import (
	"fmt"
	"runtime"
	"sync"
	"unsafe"
)

// loans maps, under CheckLending, a working profile (by its address) to
// the frozen thing it borrowed a copy of, so that OwnProfile and
// OwnSheet can tell a copy changed before they took it. An entry goes
// when its profile does (runtime.AddCleanup; a later entry at the same
// address, a new profile there, is kept) or when it is taken.
type loans[V any] struct {
	sync.Mutex
	m map[uintptr]loan[V]
	n uint64 // entries made, to tell them apart
}

type loan[V any] struct {
	v V
	n uint64
}

// note records that p borrowed a copy of v.
func (l *loans[V]) note(p *Profile, v V) {
	k := uintptr(unsafe.Pointer(p))
	l.Lock()
	if l.m == nil {
		l.m = map[uintptr]loan[V]{}
	}
	l.n++
	n := l.n
	l.m[k] = loan[V]{v, n}
	l.Unlock()
	runtime.AddCleanup(p, func(n uint64) { l.forget(k, n) }, n)
}

func (l *loans[V]) forget(k uintptr, n uint64) {
	l.Lock()
	if e, ok := l.m[k]; ok && e.n == n {
		delete(l.m, k)
	}
	l.Unlock()
}

// of returns what p borrowed a copy of; take forgets it too.
func (l *loans[V]) of(p *Profile, take bool) (V, bool) {
	k := uintptr(unsafe.Pointer(p))
	l.Lock()
	defer l.Unlock()
	e, ok := l.m[k]
	if take {
		delete(l.m, k)
	}
	return e.v, ok
}

// lentFrom is the frozen sheet each working profile borrowed a copy of:
// a change made through Sheet that an OwnSheet later in the same command
// would otherwise carry into the profile's own sheet, where commit no
// longer sees it. sharedFrom is the frozen profile each working
// combatant's copy (marked shared) was copied from, for OwnProfile.
var (
	lentFrom   loans[Sheet]
	sharedFrom loans[*Profile]
)

// checkOwned panics if p's borrowed copy no longer holds what the frozen
// sheet it was copied from holds, and forgets the loan.
func checkOwned(p *Profile) {
	if f, ok := lentFrom.of(p, true); ok && !SheetsEqual(f, p.sheet) {
		panic(fmt.Sprintf("%s's sheet was changed without OwnSheet before OwnSheet took it: undo would miss the change", p.Name))
	}
}

// sharedOf returns the frozen profile p is a copy of, or nil.
func sharedOf(p *Profile) *Profile {
	f, _ := sharedFrom.of(p, false)
	return f
}

// checkProfileOwned panics if c, the copy of a frozen profile that
// OwnProfile is making p from, no longer holds what the frozen one holds;
// else it notes that p's sheet is lent by the frozen one's (lentFrom).
func checkProfileOwned(c, p *Profile) {
	f := sharedOf(c)
	if f == nil {
		return // a frozen profile itself
	}
	switch {
	case !SheetsEqual(f.sheet, c.sheet):
		panic(fmt.Sprintf("%s's sheet was changed without OwnSheet before OwnProfile took it: undo would miss the change", c.Name))
	case !c.Equal(f):
		panic(fmt.Sprintf("%s's profile was changed without OwnProfile before OwnProfile took it: undo would miss the change", c.Name))
	}
	if p.sheet != nil {
		lentFrom.note(p, f.sheet)
	}
}
