package cells

import "strings"

// Safe makes a frame safe to send to the terminal: it keeps line
// breaks and the colour sequences (SGR: ESC [ … m) the styles draw, and
// drops every other control character and escape sequence whole. The text
// an encounter holds has no control characters (rules.Printable says
// why), so this only ever catches something from elsewhere: a file name,
// an error from the system. A sequence is dropped whole, as the width
// measure skipped it whole, so the columns stay where they were laid out.
// A frame with nothing to drop is returned as it is, without copying.
func Safe(s string) string {
	i := unsafeAt(s, 0)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i >= 0 {
		b.WriteString(s[:i])
		s = s[i+controlLen(s[i:]):]
		i = unsafeAt(s, 0)
	}
	b.WriteString(s)
	return b.String()
}

// unsafeAt returns the index of the first byte from i on that starts
// something safeView drops, or -1.
func unsafeAt(s string, i int) int {
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case c == 0x1b:
			if n := sgrLen(s[i:]); n > 0 {
				i += n - 1
				continue
			}
			return i
		case c == '\n':
		case c < 0x20 || c == 0x7f:
			return i
		case c == 0xc2 && i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] < 0xa0:
			return i // a C1 control, U+0080–U+009F
		}
	}
	return -1
}

// sgrLen returns the length of the SGR sequence s starts with, or 0.
func sgrLen(s string) int {
	if len(s) < 3 || s[1] != '[' {
		return 0
	}
	for j := 2; j < len(s); j++ {
		c := s[j]
		switch {
		case c >= '0' && c <= '9' || c == ';' || c == ':':
		case c == 'm':
			return j + 1
		default:
			return 0
		}
	}
	return 0
}

// controlLen returns how many bytes of the control character or escape
// sequence s starts with are dropped: a CSI sequence to its final byte,
// an OSC, DCS, SOS, PM or APC string to its terminator, other escapes two
// bytes, a C1 control two bytes (its UTF-8), anything else one.
func controlLen(s string) int {
	if s[0] == 0xc2 {
		return 2
	}
	if s[0] != 0x1b || len(s) < 2 {
		return 1
	}
	switch s[1] {
	case '[':
		for j := 2; j < len(s); j++ {
			if s[j] >= 0x40 && s[j] <= 0x7e {
				return j + 1
			}
			if s[j] < 0x20 || s[j] > 0x7e {
				return j // a broken sequence ends before what cannot be in it
			}
		}
		return len(s)
	case ']', 'P', 'X', '^', '_':
		for j := 2; j < len(s); j++ {
			if s[j] == 0x07 {
				return j + 1
			}
			if s[j] == 0x1b && j+1 < len(s) && s[j+1] == '\\' {
				return j + 2
			}
			if s[j] == '\n' {
				return j // never swallow the rest of the frame
			}
		}
		return len(s)
	}
	return 2
}
