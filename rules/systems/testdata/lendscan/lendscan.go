// Package lendscan is TestNoWriteThroughSheet's own test: each line that
// ends in "want" changes a sheet read with Sheet(), in one of the ways
// the scan follows; the other functions change what they may.
package lendscan

import (
	"slices"
	"sort"
	"strconv"

	"fray/model"
)

type sheet struct {
	n    int
	list []int
	m    map[string]int
	sub  struct{ k int }
}

func (s *sheet) Clone() model.Sheet {
	c := *s
	c.list = slices.Clone(s.list)
	return &c
}
func (s *sheet) Keys() []string { return []string{"n"} }
func (s *sheet) Get(string) (string, bool) {
	return strconv.Itoa(s.n), true
}
func (s *sheet) Set(_, v string) error {
	n, err := strconv.Atoi(v)
	s.n = n
	return err
}
func (s *sheet) bump()     { s.n++ }
func (s *sheet) size() int { return len(s.list) }

func read(cb *model.Combatant) *sheet { s, _ := cb.Sheet().(*sheet); return s }
func write(s *sheet)                  { s.n = 3 }
func pass(x int, s *sheet)            { write(s) }

type opts struct{ sh *sheet }

func direct(cb *model.Combatant) {
	cb.Sheet().(*sheet).n = 1 // want
}

func element(cb *model.Combatant) {
	s := cb.Sheet().(*sheet)
	s.list[0] = 2 // want
	s.m["a"]++    // want
	s.sub.k--     // want
}

func method(cb *model.Combatant) {
	s, ok := cb.Sheet().(*sheet)
	if ok && s.size() > 0 {
		s.bump() // want
	}
}

func set(cb *model.Combatant) {
	_ = cb.Sheet().Set("n", "1") // want
}

func helpers(cb *model.Combatant) {
	pass(1, read(cb)) // want
}

func field(cb *model.Combatant) {
	o := &opts{sh: read(cb)}
	o.sh.n = 4 // want
}

func slice(cb *model.Combatant) {
	ss := []*sheet{read(cb)}
	ss[0].n = 5 // want
	m := map[int]*sheet{}
	m[1] = read(cb)
	for _, s := range m {
		s.list = nil // want
	}
}

func builtins(cb *model.Combatant) {
	sort.Ints(read(cb).list) // want
	clear(read(cb).m)        // want
}

func closure(cb *model.Combatant) {
	s := read(cb)
	func() {
		s.n = 7 // want
	}()
}

func allowed(cb *model.Combatant) {
	cb.OwnSheet().(*sheet).n = 1
	write(cb.OwnSheet().(*sheet))
	c := *read(cb)
	c.n = 2
	write(&sheet{})
	ss := []*sheet{read(cb)}
	ss[0] = nil
	_ = read(cb).Clone().Set("n", "2")
	_ = read(cb).size()
}
