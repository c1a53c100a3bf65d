package rules

import (
	"slices"
	"strings"
	"testing"

	"fray/model"
)

func TestWrap(t *testing.T) {
	for _, tc := range []struct {
		name        string
		text        string
		first, rest int
		seps        string
		cut         bool
		want        []string
	}{
		{"between words", "the ogre hits the knight", 10, 10, "", false, []string{"the ogre", "hits the", "knight"}},
		{"a narrower rest", "the ogre hits the knight", 12, 8, "", false, []string{"the ogre", "hits the", "knight"}},
		{"a wider first", "aa bb cc dd", 8, 2, "", false, []string{"aa bb cc", "dd"}},
		{"empty", "  ", 10, 10, "", false, nil},
		// Without cut a word too wide goes on from the line, after each
		// separator, and a piece still too wide stands whole.
		{"after |", "go [left|right|up|down]", 12, 12, "|", false, []string{"go [left|", "right|up|", "down]"}},
		{"a path stays whole", "in /a/very/long/path/to/a/file.toml now", 10, 10, "|", false, []string{"in", "/a/very/long/path/to/a/file.toml", "now"}},
		// With cut it starts its own line, and what still does not fit is
		// cut at the line's end.
		{"cut after |", "go [left|right|up|down]", 12, 12, "|,", true, []string{"go", "[left|right|", "up|down]"}},
		{"cut anywhere", "x abcdefghij", 4, 4, "|", true, []string{"x", "abcd", "efgh", "ij"}},
		{"cut counts cells", "ééééé", 2, 2, "", true, []string{"éé", "éé", "é"}},
	} {
		if got := Wrap(tc.text, tc.first, tc.rest, tc.seps, tc.cut); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// fray show --log and fray run wrap each entry at the terminal's width,
// its further lines indented under it; with no width, one line each.
func TestLogTextWidth(t *testing.T) {
	es := []model.Entry{
		{Kind: model.KindCommand, Text: "attack Paul Bruce"},
		{Kind: model.KindEvent, Text: "Paul hits Bruce: Attack 16 vs Defense 7 → Advantage 9"},
	}
	want := "> attack Paul Bruce\n  Paul hits Bruce:\n    Attack 16 vs Defense\n    7 → Advantage 9\n"
	if got := LogTextWidth(es, 24); got != want {
		t.Errorf("at 24 columns:\n%s\nwant\n%s", got, want)
	}
	if got := LogTextWidth(es, 0); got != LogText(es) || strings.Count(got, "\n") != 2 {
		t.Errorf("with no width:\n%s", got)
	}
}

// No text breaks Wrap: every line it gives is within its width where a
// line can be (a cut one always), and no word is lost.
func FuzzWrap(f *testing.F) {
	f.Add("go [left|right|up|down] now", 12, 8, true)
	f.Add("ééé \xff\xfe 漢字漢字", 1, 1, true)
	f.Fuzz(func(t *testing.T, text string, first, rest int, cut bool) {
		first, rest = first%200, rest%200
		ls := Wrap(text, first, rest, "|,", cut)
		// Each line's words on their own: lines joined first could make
		// one rune of two bytes that are none apart ("\xc2", "\xa0": a
		// no-break space, which Fields drops).
		var words []string
		for _, l := range ls {
			words = append(words, strings.Fields(l)...)
		}
		if got, want := strings.Join(words, ""), strings.Join(strings.Fields(text), ""); cut && got != want {
			t.Fatalf("words lost: %q from %q", ls, text)
		}
	})
}
