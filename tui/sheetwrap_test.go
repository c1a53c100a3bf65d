package tui

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"fray/rules"
)

// The arm5 sheet wraps its characteristics and abilities between them,
// never between a label and its value (at 80x24 "Ride" ended one line and
// its "0" began the next).
func TestSheetKeepsLabelWithValue(t *testing.T) {
	for _, s := range [][2]int{{80, 24}, {100, 30}, {120, 40}} {
		m := sized(brawl(t), Options{}, s[0], s[1])
		view := ansi.Strip(m.View())
		if !strings.Contains(view, "Characteristics") {
			t.Fatalf("%dx%d: no characteristics in the sheet:\n%s", s[0], s[1], view)
		}
		for _, l := range strings.Split(view, "\n") {
			l = strings.TrimRight(l, " │┃")
			for _, label := range []string{"Qik", "Dex", "Str", "Sta", "Pre", "Size", "Weapon", "Brawl", "Ride"} {
				if strings.HasSuffix(l, " "+label) {
					t.Errorf("%dx%d: %q is cut from its value:\n%s", s[0], s[1], label, view)
				}
			}
		}
	}
}

// Whatever the width, an arm5 sheet keeps each ability with its score,
// ("Single Weapon 3 · Brawl 2 · Ride 0" broke between "Ride" and "0" in a
// pane 30 columns wide).
func TestSheetKeepsAbilityWithScore(t *testing.T) {
	tr := brawl(t)
	st := newStyles()
	p := newSheetPane(st, defaultKeyMap())
	for _, cb := range tr.E.Combatants {
		fields := rules.SheetFields(tr.E, tr.Sys, cb)
		for iw := 26; iw <= 60; iw++ { // narrower, "Encumbrance 0" alone is wider than the value column
			for _, l := range p.render(fields, iw) {
				l = strings.TrimRight(ansi.Strip(l), " ")
				// …nor a weapon's, shield's or armour's number from its name
				// ("Dam" / "+5"), nor the load's ("Encumbrance" / "0").
				for _, label := range []string{"Weapon", "Brawl", "Ride", "Leadership",
					"Init", "(Init", "Atk", "(Atk", "Dfn", "(Dfn", "Dam", "(Dam", "(Prot", "Evasion", "Burden", "Encumbrance"} {
					if strings.HasSuffix(l, " "+label) {
						t.Errorf("%s at %d columns: %q is cut from its score: %q", cb.Name, iw, label, l)
					}
				}
			}
		}
	}
}

// An empty fight's sheet pane explains itself in whole words: at 80x24
// it read "the sheet of whoever you select shows …".
func TestEmptySheetHintWraps(t *testing.T) {
	for _, s := range [][2]int{{80, 24}, {100, 30}} {
		v := plainView(sized(newTracker(t), Options{}, s[0], s[1]))
		if !strings.Contains(v, "whoever you select shows") || strings.Contains(v, "shows …") || strings.Contains(v, "select …") {
			t.Errorf("%dx%d: the hint is cut:\n%s", s[0], s[1], v)
		}
	}
}

// In every system's sheet a number stays with the word before it where
// the value wraps: "missile" / "+2" (osr), "WIT" / "10" (factions),
// "Int" / "+1" (swords), "rank" / "3" (sst) each read as two fields.
func TestSheetKeepsNumbersWithTheirWords(t *testing.T) {
	num := regexp.MustCompile(`^[+−-]?[0-9]`)
	word := regexp.MustCompile(`\pL:?$`)
	st := newStyles()
	p := newSheetPane(st, defaultKeyMap())
	for name, mk := range demoTrackers(t) {
		tr := mk()
		for _, cb := range tr.E.Combatants {
			fields := rules.SheetFields(tr.E, tr.Sys, cb)
			labels := map[string]bool{} // a label too long for its column stands alone
			for _, f := range fields {
				labels[f.Label] = true
			}
			for iw := 28; iw <= 60; iw++ {
				lines := p.render(fields, iw)
				for i := 1; i < len(lines); i++ {
					a := strings.TrimRight(ansi.Strip(lines[i-1]), " ")
					b := strings.TrimSpace(ansi.Strip(lines[i]))
					if word.MatchString(a) && num.MatchString(b) && !labels[strings.TrimLeft(a, " !")] {
						t.Errorf("%s, %s at %d columns: a number is cut from its word:\n%s\n%s", name, cb.Name, iw, a, ansi.Strip(lines[i]))
					}
				}
			}
		}
	}
}

// TestGlueNumbersAsRegexp holds glueNumbers' plain scan to the regular
// expression it replaced, on hand-picked values and on random ones made
// of the characters that matter.
func TestGlueNumbersAsRegexp(t *testing.T) {
	re := regexp.MustCompile(`(\pL:?) ([+−-]?[0-9])`)
	want := func(v string) string { return re.ReplaceAllString(v, "$1\u00a0$2") }
	cases := []string{"", " ", "WIT 10", "missile +2", "rank 3, Soak: 4", "a -1 b −2 c +x 3", "x: y 5", "1 2", ": 3",
		"é 4", "日 5", "a  6", "a:: 7", "a 1 b 2 c 3", "a +", "a −", "Trauma >3", "\xff 3", "a\u00a03"}
	alphabet := []string{"a", "Z", "é", ":", " ", "+", "−", "-", "1", "9", ",", "\xff"}
	r := rand.New(rand.NewPCG(1, 2))
	for range 5000 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		cases = append(cases, b.String())
	}
	for _, v := range cases {
		if got, w := glueNumbers(v), want(v); got != w {
			t.Fatalf("glueNumbers(%q) = %q, want %q", v, got, w)
		}
	}
}
