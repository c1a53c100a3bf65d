// Package cells measures, cuts and pads lines of terminal text by the
// cells they take on screen, styled or not. The GM's screen and the
// player view both lay their lines out with it.
package cells

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Width returns the cells s takes. Plain ASCII (most names, scores and
// log lines) is measured by its length, and ASCII with the screen's own
// marks (oneCell) styled by CSI sequences (a row of the order in colour)
// by its characters less the sequences: the screen measures every row
// it draws, two or three times, and ansi.StringWidth reads byte by byte
// through its parser's table. Anything else is measured by
// ansi.StringWidth.
func Width(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == 0x1b {
			end := csiEnd(s, i)
			if end < 0 {
				return ansi.StringWidth(s)
			}
			i = end
			continue
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if !oneCell(r) {
				return ansi.StringWidth(s)
			}
			i += size - 1
		} else if c == 0x7f || c < 0x20 {
			return ansi.StringWidth(s)
		}
		n++
	}
	return n
}

// oneCell reports whether r is one of the marks the screen draws its
// rows and frames with (oneCellMarks) while they take one cell each: each
// is a grapheme cluster of its own beside ASCII, a CSI sequence or
// another of them, so Width counts it as ansi.StringWidth would. Most
// are of ambiguous East Asian width, two cells with RUNEWIDTH_EASTASIAN
// set: then none is counted here.
func oneCell(r rune) bool {
	if !marksOneCell {
		return false
	}
	switch r {
	case '…', '·', '−', '—', '–', '×', '→', '←', '↑', '↓', '›', '‹', '•', '†', '±', '▸', '▾', '▶',
		'─', '━', '│', '┃', '╭', '╮', '╰', '╯', '┏', '┓', '┗', '┛', '▒', '✓', '▷', '≤', '≥', '\u00a0':
		return true
	}
	return false
}

// oneCellMarks are the runes of oneCell's switch (TestOneCellMarks).
var oneCellMarks = []rune("…·−—–×→←↑↓›‹•†±▸▾▶─━│┃╭╮╰╯┏┓┗┛▒✓▷≤≥\u00a0")

// marksOneCell is set when ansi.StringWidth measures every mark one cell.
var marksOneCell = func() bool {
	for _, r := range oneCellMarks {
		if ansi.StringWidth(string(r)) != 1 {
			return false
		}
	}
	return true
}()

// csiEnd is the place of the final byte of the CSI sequence that starts
// at s[i] (ESC [, parameter bytes, intermediate bytes, a final byte),
// which takes no cell, or -1 when s has none there. A parameter byte
// after an intermediate one is not taken: ansi.StringWidth's parser
// prints some of what follows.
func csiEnd(s string, i int) int {
	if i+1 >= len(s) || s[i+1] != '[' {
		return -1
	}
	inter := false
	for j := i + 2; j < len(s); j++ {
		switch c := s[j]; {
		case c >= 0x30 && c <= 0x3f && !inter:
		case c >= 0x20 && c <= 0x2f:
			inter = true
		case c >= 0x40 && c <= 0x7e:
			return j
		default:
			return -1
		}
	}
	return -1
}

// Fit cuts a (possibly styled) line to w cells, ending a cut line in …,
// and pads it with spaces to exactly w, so blocks can be joined side by
// side without measuring again.
func Fit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	s = Cut(s, w)
	if sw := Width(s); sw < w {
		s += strings.Repeat(" ", w-sw)
	}
	return s
}

// Cut is Fit without the padding: s cut to w cells, ending in … when
// cut, and as it is when it fits.
func Cut(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if Width(s) > w {
		return ansi.Truncate(s, w, "…")
	}
	return s
}

// PadLeft right-aligns s in w cells; a longer s is left as it is.
func PadLeft(s string, w int) string {
	sw := Width(s)
	if sw >= w {
		return s
	}
	return strings.Repeat(" ", w-sw) + s
}
