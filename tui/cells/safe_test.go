package cells

import "testing"

// TestSafe: colour codes stay; every other control character and escape
// sequence goes, whole.
func TestSafe(t *testing.T) {
	for in, want := range map[string]string{
		"plain":                       "plain",
		"a\x1b[31mred\x1b[0m":         "a\x1b[31mred\x1b[0m",
		"clear\x1b[2Jscreen":          "clearscreen",
		"title\x1b]0;pwned\atext":     "titletext",
		"title\x1b]0;pwned\x1b\\text": "titletext",
		"bell\a tab\t c1\u009b31m":    "bell tab c131m",
		"keep\nlines":                 "keep\nlines",
		"cut\x1b":                     "cut",
		"\x1b[1;31":                   "",
	} {
		if got := Safe(in); got != want {
			t.Errorf("Safe(%q) = %q, want %q", in, got, want)
		}
	}
}
