package rules

import (
	"strconv"
	"strings"
)

// Minus is the sign fray writes before negative numbers in the log and on
// sheets: a real minus, not a hyphen.
const Minus = "−"

// Signed writes a whole number with a real minus sign when negative.
func Signed(n int) string {
	if n < 0 {
		return Minus + strconv.Itoa(-n)
	}
	return strconv.Itoa(n)
}

// Total is a sum the log shows term by term, so a GM can check the
// arithmetic: "Dex 1 + Single Weapon 5 − wounds 3 + stress 7 = 10". Terms
// that are zero are left out, except dice, which always show.
type Total struct{ terms []term }

type term struct {
	label string
	n     int
	die   bool
}

// Add adds a labelled term.
func (t *Total) Add(label string, n int) { t.terms = append(t.terms, term{label: label, n: n}) }

// Die adds a die's result, shown even when it is 0.
func (t *Total) Die(label string, n int) {
	t.terms = append(t.terms, term{label: label, n: n, die: true})
}

// AddAll appends every term of another total.
func (t *Total) AddAll(o Total) { t.terms = append(t.terms, o.terms...) }

// Sum is the total's value.
func (t Total) Sum() int {
	s := 0
	for _, p := range t.terms {
		s += p.n
	}
	return s
}

// Len is the number of terms added, shown or not.
func (t Total) Len() int { return len(t.terms) }

// Terms writes the shown terms ("Dex 1 + Single Weapon 5 − wounds 3"; a
// first negative term reads "Qik −1") and says how many were shown; "0"
// when none is.
func (t Total) Terms() (string, int) {
	var b strings.Builder
	shown := 0
	for _, p := range t.terms {
		if p.n == 0 && !p.die {
			continue
		}
		switch {
		case shown == 0:
			b.WriteString(p.label + " " + Signed(p.n))
		case p.n < 0:
			b.WriteString(" " + Minus + " " + p.label + " " + strconv.Itoa(-p.n))
		default:
			b.WriteString(" + " + p.label + " " + strconv.Itoa(p.n))
		}
		shown++
	}
	if shown == 0 {
		return "0", 0
	}
	return b.String(), shown
}

// String writes the terms and the sum: "Dex 1 + Single Weapon 5 = 6".
func (t Total) String() string {
	s, shown := t.Terms()
	if shown < 2 {
		return s // "2d6 9": a sum of one term would only say it again
	}
	return s + " = " + Signed(t.Sum())
}

// Possessive writes a name's possessive for the log: "Sybilla's", and a
// bare apostrophe after a final s: "Goblin archers'".
func Possessive(name string) string {
	switch {
	case name == "":
		return ""
	case strings.HasSuffix(name, "s"), strings.HasSuffix(name, "S"):
		return name + "'"
	}
	return name + "'s"
}
