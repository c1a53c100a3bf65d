package rules

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// sameLower must agree with comparing strings.ToLower of both, which
// SheetFields compared before, on labels of every kind: cases, letters
// that lower to another length, invalid UTF-8.
func TestSameLowerAsToLower(t *testing.T) {
	alphabet := []string{"a", "A", "s", "S", "ſ", "K", "k", "\u212a", "İ", "i", "ß", "ẞ", "\xff", "\ufffd", " ", "É", "é"}
	r := rand.New(rand.NewPCG(3, 4))
	word := func() string {
		var b strings.Builder
		for range r.IntN(4) {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		return b.String()
	}
	pairs := [][2]string{{"Side", "side"}, {"Status", "STATUS"}, {"Note", "Notes"}, {"", ""}, {"a", ""}}
	for range 20000 {
		pairs = append(pairs, [2]string{word(), word()})
	}
	for _, p := range pairs {
		if got, want := sameLower(p[0], p[1]), strings.ToLower(p[0]) == strings.ToLower(p[1]); got != want {
			t.Fatalf("sameLower(%q, %q) = %v, want %v", p[0], p[1], got, want)
		}
	}
}
