package cells

import (
	"math/rand/v2"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestFit(t *testing.T) {
	// The ellipsis is of ambiguous width: two cells with
	// RUNEWIDTH_EASTASIAN set, so a cut keeps one letter less.
	cut := "Brother…"
	if ansi.StringWidth("…") == 2 {
		cut = "Brothe…"
	}
	for _, c := range []struct {
		in   string
		w    int
		want string
	}{
		{"Paul", 6, "Paul  "}, {"Paul", 4, "Paul"}, {"Brother Marcus", 8, cut},
		{"Élodie", 7, "Élodie "}, {"x", 0, ""}, {"x", -1, ""}, {"\x1b[1mbold\x1b[0m", 5, "\x1b[1mbold\x1b[0m "},
	} {
		if got := Fit(c.in, c.w); got != c.want {
			t.Errorf("Fit(%q, %d) = %q, want %q", c.in, c.w, got, c.want)
		}
	}
	if Width("Élodie") != 6 || Width("戦") != 2 || PadLeft("7", 3) != "  7" || PadLeft("1234", 3) != "1234" {
		t.Error("Width or PadLeft")
	}
}

// widthPieces are what styled lines are made of, and some that a CSI
// sequence may hold or be broken by.
var widthPieces = []string{"a", "Z", " ", "7", "~", "\x1b[0m", "\x1b[1;4m", "\x1b[38;2;10;20;30m", "\x1b[48;5;200m",
	"\x1b[38:2::1:2:3m", "\x1b[?25l", "\x1b[ q", "\x1b[ 1q", "\x1b[", "\x1b", "\x1b]0;x\x07", "\x1b(B", "[", "m", "é", "界",
	"👍🏽", "\x7f", "\t", "\n", "\x00", "\u0301", "\x1b[1\x1bm", "\x1b[1\nm", "\x1b[1é", "·", "…", "│", "›", "×", "\u200d",
	"\ufe0f", "\u0600", "🇫", "\r"}

// The marks Width counts itself take one cell each, alone and beside
// what may join a cluster: as ansi.StringWidth says. oneCell's switch
// holds the marks oneCellMarks lists, no more.
func TestOneCellMarks(t *testing.T) {
	if !marksOneCell {
		t.Skip("the marks take two cells here (RUNEWIDTH_EASTASIAN): Width counts none itself")
	}
	n := 0
	for r := rune(0x80); r < 0x3000; r++ { // every mark is below 0x3000
		if oneCell(r) != slices.Contains(oneCellMarks, r) {
			t.Errorf("%q: oneCell %v, in oneCellMarks %v", r, oneCell(r), !oneCell(r))
		}
		if !oneCell(r) {
			continue
		}
		n++
		for _, s := range []string{string(r), "a" + string(r) + "b", string(r) + "\u0301", string(r) + "\u200d" + string(r),
			string(r) + "\ufe0f", "\u0600" + string(r), string(r) + string(r), "\x1b[1m" + string(r) + "\x1b[0m"} {
			if Width(s) != ansi.StringWidth(s) {
				t.Errorf("Width(%q) = %d, ansi.StringWidth %d", s, Width(s), ansi.StringWidth(s))
			}
		}
	}
	if n != len(oneCellMarks) {
		t.Errorf("%d marks, %d listed", n, len(oneCellMarks))
	}
}

// With RUNEWIDTH_EASTASIAN set, ansi.StringWidth counts the marks two
// cells each: Width still measures as it does (this test's binary run
// again with it set).
func TestWidthEastAsian(t *testing.T) {
	if os.Getenv("RUNEWIDTH_EASTASIAN") != "" {
		if marksOneCell {
			t.Error("the marks take one cell with RUNEWIDTH_EASTASIAN set")
		}
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run", "^(TestWidthIsStringWidth|TestWidthEastAsian|TestOneCellMarks)$", "-test.v")
	cmd.Env = append(os.Environ(), "RUNEWIDTH_EASTASIAN=1")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: TestWidthIsStringWidth") {
		t.Fatalf("with RUNEWIDTH_EASTASIAN=1: %v\n%s", err, out)
	}
}

// Width, which skips CSI sequences itself in ASCII text, measures as
// ansi.StringWidth does, on random lines of those pieces.
func TestWidthIsStringWidth(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 5))
	for range 20000 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(widthPieces[r.IntN(len(widthPieces))])
		}
		if s := b.String(); Width(s) != ansi.StringWidth(s) {
			t.Fatalf("Width(%q) = %d, ansi.StringWidth %d", s, Width(s), ansi.StringWidth(s))
		}
	}
}

func FuzzWidth(f *testing.F) {
	for _, p := range widthPieces {
		f.Add(p + "ab" + p)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if Width(s) != ansi.StringWidth(s) {
			t.Fatalf("Width(%q) = %d, ansi.StringWidth %d", s, Width(s), ansi.StringWidth(s))
		}
	})
}
