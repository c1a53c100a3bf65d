package rules

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// No text fray keeps holds a control character: not a name, side, note,
// label, title, option or sheet value, nor a line of the log. Split refuses
// them in every command (every change is a command line), the tracker
// refuses a command whose changes hold one all the same (text a template
// or a party brought: see inRange), the save loader refuses them in a
// file's text and cleans them out of its log, so the screens can measure
// and print any text as it is. Printable is for text
// from elsewhere (a file name, an error), and for printing to a terminal
// at all.

// ControlError says a command holds a control character.
type ControlError struct {
	Char rune
	At   int // position in characters, from 1
}

func (e *ControlError) Error() string {
	return fmt.Sprintf("a command cannot hold control characters: %s at character %d (names, notes and labels are plain text)",
		ControlName(e.Char), e.At)
}

// IsControl reports whether r is a control character: C0 (tab, newline,
// escape…), DEL or C1.
func IsControl(r rune) bool { return unicode.IsControl(r) }

// FindControl returns the first control character in s and its position
// in characters (from 1); the position is 0 when there is none (the
// character alone cannot say: NUL is 0).
func FindControl(s string) (rune, int) {
	n := 0
	for _, r := range s {
		n++
		if IsControl(r) {
			return r, n
		}
	}
	return 0, 0
}

// ControlName names a control character for a message: "a tab",
// "an escape (U+001B)".
func ControlName(r rune) string {
	switch r {
	case '\t':
		return "a tab"
	case '\n':
		return "a line break"
	case '\r':
		return "a carriage return"
	case 0x1b:
		return "an escape (U+001B)"
	}
	return fmt.Sprintf("control character U+%04X", r)
}

// Printable returns s safe to print to a terminal: valid UTF-8 in which
// each control character is replaced (a tab by a space, any other by
// U+FFFD). Text without any is returned as it is.
func Printable(s string) string {
	clean := utf8.ValidString(s)
	for i := 0; clean && i < len(s); i++ {
		c := s[i]
		clean = c >= 0x20 && c != 0x7f && !(c == 0xc2 && i+1 < len(s) && s[i+1] < 0xa0)
	}
	if clean {
		return s
	}
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t':
			return ' '
		case IsControl(r):
			return utf8.RuneError
		}
		return r
	}, strings.ToValidUTF8(s, "\uFFFD"))
}

// CleanLine returns a command line as the log keeps it, once Split has
// accepted it: separators that are control characters (tabs, a stray
// carriage return) become spaces, and invalid UTF-8 becomes U+FFFD, as
// Split reads it.
func CleanLine(line string) string {
	return strings.TrimSpace(Printable(line))
}
