package rules

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

func TestSplit(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"   \t ", nil},
		{"next", []string{"next"}},
		{"  attack  Paul\tBruce  ", []string{"attack", "Paul", "Bruce"}},
		{`add "Brother Marcus" side=monks`, []string{"add", "Brother Marcus", "side=monks"}},
		{`add 'Old Tom' note="he said \"hi\""`, []string{"add", "Old Tom", `note=he said "hi"`}},
		{`a\ b c`, []string{"a b", "c"}},
		{`x\\y`, []string{`x\y`}},
		{`"it's"`, []string{"it's"}},
		{`'say "no"'`, []string{`say "no"`}},
		{`""`, []string{""}},
		{`a "" b`, []string{"a", "", "b"}},
		{`ab"c d"ef`, []string{"abc def"}},
		{"one\ntwo\r\nthree", []string{"one", "two", "three"}},
		{`end\`, []string{`end\`}},
		{"Ælfric Þórr", []string{"Ælfric", "Þórr"}},
		// An apostrophe after a letter is one, not a quote: "add O'Brien"
		// answered "a quote (') is not closed".
		{"add O'Brien", []string{"add", "O'Brien"}},
		{"damage D'Arcy's 3", []string{"damage", "D'Arcy's", "3"}},
		{`set O'Brien note='a tall man'`, []string{"set", "O'Brien", "note=a tall man"}},
		{`damage 'Goblin 1','Goblin 2' 5`, []string{"damage", "Goblin 1,Goblin 2", "5"}},
	} {
		got, err := Split(tc.in)
		if err != nil {
			t.Errorf("Split(%q): %v", tc.in, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Split(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestSplitUnclosedQuote(t *testing.T) {
	for _, in := range []string{`add "Brother Marcus`, `'`, `a "b\"`, `x 'y"`} {
		_, err := Split(in)
		if err == nil || !strings.Contains(err.Error(), "not closed") {
			t.Errorf("Split(%q): %v, want a not-closed error", in, err)
		}
	}
}

func TestSplitKV(t *testing.T) {
	plain, kvs := SplitKV([]string{"Alan", "HP=5", "=odd", "side=", "x", "note=a=b"})
	if want := []string{"Alan", "=odd", "x"}; !reflect.DeepEqual(plain, want) {
		t.Errorf("plain %q, want %q", plain, want)
	}
	want := []KV{{"hp", "5"}, {"side", ""}, {"note", "a=b"}}
	if !reflect.DeepEqual(kvs, want) {
		t.Errorf("kvs %q, want %q", kvs, want)
	}
	if p, k := SplitKV(nil); p != nil || k != nil {
		t.Errorf("SplitKV(nil) = %v %v", p, k)
	}
}

func TestInt(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int
		ok   bool
	}{
		{"0", 0, true}, {"+7", 7, true}, {"-3", -3, true}, {"1000000", 1_000_000, true},
		{"-1000000", -1_000_000, true}, {"1000001", 0, false}, {"-1000001", 0, false},
		{"99999999999999999999999", 0, false}, {"", 0, false}, {"3.5", 0, false}, {"x", 0, false},
		{" 3", 0, false}, {"+", 0, false},
	} {
		got, err := Int("damage", tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("Int(%q) = %d, %v", tc.in, got, err)
		}
		if err != nil && !strings.Contains(err.Error(), "damage") {
			t.Errorf("Int(%q): error %q does not name what the number is for", tc.in, err)
		}
	}
}

func TestQuoteRoundTrip(t *testing.T) {
	for _, s := range []string{"Alan", "Brother Marcus", "", `say "hi"`, "it's", `back\slash`,
		`\`, `"`, "'", " lead", "trail ", "Ælfric", "a=b"} {
		q := Quote(s)
		got, err := Split(q)
		if err != nil || len(got) != 1 || got[0] != s {
			t.Errorf("Split(Quote(%q)) = %q (%q), %v", s, got, q, err)
		}
		// Quoted inside a command line it is still one word.
		got, err = Split("set " + q + " hp=3")
		if err != nil || len(got) != 3 || got[1] != s {
			t.Errorf("in a line: Split(%q) = %q, %v", "set "+q+" hp=3", got, err)
		}
	}
	if Quote("Alan") != "Alan" {
		t.Errorf("a plain name was quoted: %s", Quote("Alan"))
	}
}

// TestSplitRefusesControlCharacters: no word may hold a control
// character, quoted, escaped or bare; between words tabs and line ends
// only separate.
func TestSplitRefusesControlCharacters(t *testing.T) {
	for _, line := range []string{"add \"\x1b[2J evil\"", "note \x1b]0;pwned\a", "add \"tab\there\"", "add a\\\tb",
		"add \"new\nline\"", "note \u009b31m", "add x\x7f", "note \x00"} {
		words, err := Split(line)
		var ce *ControlError
		if !errors.As(err, &ce) || words != nil {
			t.Errorf("Split(%q) = %q, %v; want a ControlError", line, words, err)
			continue
		}
		if !strings.Contains(err.Error(), "control character") {
			t.Errorf("Split(%q): message %q", line, err)
		}
	}
	got, err := Split("add\tPaul \t side=players\r")
	if err != nil || fmt.Sprint(got) != "[add Paul side=players]" {
		t.Errorf("tabs between words: %q, %v", got, err)
	}
}

func TestFlagGroups(t *testing.T) {
	if got := FlagGroups([]string{"a", "b", "c", "d", "e"}, 2); got != "[a|b] [c|d] [e]" {
		t.Fatalf("got %q", got)
	}
	if got := FlagGroups(nil, 3); got != "" {
		t.Fatalf("no flags: %q", got)
	}
}
