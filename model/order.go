package model

import "strings"

// Place moves one combatant to where SortOrder(less) would put it, given
// that the rest of Order is already in that order: after everyone less
// puts before it and after those tied with it who were added before it
// (a lower ID), before everyone else. A combatant that is not in Order
// yet is placed too. It costs O(log n) comparisons, so adding a
// combatant to a big fight does not sort the whole order again; when
// more than one combatant's place may have changed, use SortOrder.
func (e *Encounter) Place(id int, less func(a, b *Combatant) bool) {
	c := e.ByID(id)
	if c == nil {
		return
	}
	// Take it out: a newcomer is at the end, where Add puts it.
	if n := len(e.Order); n > 0 && e.Order[n-1] == id {
		e.Order = e.Order[:n-1]
	} else if i := e.OrderIndex(id); i >= 0 {
		e.Order = append(e.Order[:i], e.Order[i+1:]...)
	}
	// The first place whose combatant does not come before c.
	before := func(o *Combatant) bool {
		if o == nil {
			return false
		}
		return less(o, c) || (!less(c, o) && o.ID < c.ID)
	}
	lo, hi := 0, len(e.Order)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if before(e.ByID(e.Order[m])) {
			lo = m + 1
		} else {
			hi = m
		}
	}
	e.Order = append(e.Order, 0)
	copy(e.Order[lo+1:], e.Order[lo:])
	e.Order[lo] = id
}

// sameName reports whether a combatant called a is called b too: equal
// ignoring case, the test Add and Find use. A differing first or last
// ASCII letter settles it without the full comparison, which keeps
// adding to a fight of thousands quick.
func sameName(a, b string) bool {
	if len(a) == 0 || len(b) == 0 {
		return len(a) == len(b)
	}
	if x, y := a[len(a)-1], b[len(b)-1]; x < 0x80 && y < 0x80 && lower(x) != lower(y) {
		return false
	}
	if x, y := a[0], b[0]; x < 0x80 && y < 0x80 && lower(x) != lower(y) {
		return false
	}
	return strings.EqualFold(a, b)
}

// lowerPrefix reports whether strings.ToLower(s) starts with q (q in lower
// case already), without making the lower-case copy when s is ASCII as far
// as q reaches: Find asks it of every combatant.
func lowerPrefix(s, q string) bool {
	for i := 0; i < len(q); i++ {
		if i >= len(s) {
			return false
		}
		c := s[i]
		if c >= 0x80 || q[i] >= 0x80 {
			return strings.HasPrefix(strings.ToLower(s), q)
		}
		if lower(c) != q[i] {
			return false
		}
	}
	return true
}

// trimmed is strings.TrimSpace, quicker for the usual name that has no
// space at either end.
func trimmed(s string) string {
	if len(s) > 0 && s[0] > ' ' && s[0] < 0x80 && s[len(s)-1] > ' ' && s[len(s)-1] < 0x80 {
		return s
	}
	return strings.TrimSpace(s)
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
