package model

import (
	"fmt"
	"runtime"
	"sync"
	"unsafe"
)

// lentFrom is, under CheckLending, the frozen sheet each working profile
// borrowed a copy of (by the profile's address), so that OwnSheet can
// tell a copy changed before it was taken: a change made through Sheet
// that an OwnSheet later in the same command would otherwise carry into
// the profile's own sheet, where commit no longer sees it. An entry goes
// when its profile does (runtime.AddCleanup) or takes its sheet.
var lentFrom = struct {
	sync.Mutex
	m map[uintptr]Sheet
}{m: map[uintptr]Sheet{}}

// noteLent records that p borrowed a copy of f.
func noteLent(p *Profile, f Sheet) {
	k := uintptr(unsafe.Pointer(p))
	lentFrom.Lock()
	_, had := lentFrom.m[k]
	lentFrom.m[k] = f
	lentFrom.Unlock()
	if !had {
		runtime.AddCleanup(p, forgetLent, k)
	}
}

func forgetLent(k uintptr) {
	lentFrom.Lock()
	delete(lentFrom.m, k)
	lentFrom.Unlock()
}

// checkOwned panics if p's borrowed copy no longer holds what the frozen
// sheet it was copied from holds, and forgets the loan.
func checkOwned(p *Profile) {
	k := uintptr(unsafe.Pointer(p))
	lentFrom.Lock()
	f, ok := lentFrom.m[k]
	delete(lentFrom.m, k)
	lentFrom.Unlock()
	if ok && !SheetsEqual(f, p.sheet) {
		panic(fmt.Sprintf("%s's sheet was changed without OwnSheet before OwnSheet took it: undo would miss the change", p.Name))
	}
}
