package rules

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Wrap breaks the words of text into lines, only between words where it
// can: the first line holds at most first cells, the others at most rest
// (the caller puts what it likes before them: a hanging indent, a
// label). A word wider than a line breaks after one of the characters
// seps names inside it (the alternatives of a usage, [a|b|c]), its pieces
// following each other with no space. With cut (a screen's box must hold
// every line), such a word starts a line of its own, and a piece still
// too wide is cut where the line is full; without, the word goes on from
// where the line is, and a piece too wide stands whole on a line of its
// own (a terminal wraps it, and a file's name stays one word to copy). Empty text gives no line. Both the
// command line's text (WrapHanging) and the screen's wrap with it.
func Wrap(text string, first, rest int, seps string, cut bool) []string {
	first, rest = max(1, first), max(1, rest)
	var out []string
	var line strings.Builder
	col, room := 0, first
	newLine := func() {
		out = append(out, line.String())
		line.Reset()
		col, room = 0, rest
	}
	for _, word := range strings.Fields(text) {
		pieces := wordPieces(word, rest, seps, cut)
		for i, p := range pieces {
			n := ansi.StringWidth(p)
			switch {
			case line.Len() == 0:
			case i == 0 && cut && len(pieces) > 1:
				newLine() // a word broken up starts its own line
			case i > 0 && col+n <= room: // the rest of a word broken after a separator
			case i == 0 && col+1+n <= room:
				line.WriteByte(' ')
				col++
			default:
				newLine()
			}
			line.WriteString(p)
			col += n
		}
	}
	if line.Len() > 0 {
		out = append(out, line.String())
	}
	return out
}

// wordPieces is a word as Wrap lays it out: whole when it fits in room
// cells or has none of seps (and cut is off), else cut after each of
// seps, and, with cut, each piece still wider than room cut to fit.
func wordPieces(w string, room int, seps string, cut bool) []string {
	if ansi.StringWidth(w) <= room {
		return []string{w}
	}
	var pieces []string
	for len(w) > 0 {
		i := strings.IndexAny(w, seps)
		if i < 0 || seps == "" {
			pieces = append(pieces, w)
			break
		}
		pieces = append(pieces, w[:i+1])
		w = w[i+1:]
	}
	if !cut {
		return pieces
	}
	var out []string
	for _, p := range pieces {
		for ansi.StringWidth(p) > room {
			k := 0 // bytes of p that fit in room cells (at least one rune)
			for k < len(p) {
				_, n := utf8.DecodeRuneInString(p[k:]) // 1 for a byte that is no UTF-8
				if k > 0 && ansi.StringWidth(p[:k+n]) > room {
					break
				}
				k += n
			}
			out = append(out, p[:k])
			p = p[k:]
		}
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}

// WrapHanging fills text into lines of at most width columns, the first
// after first and the rest after hang, breaking only between words. A word
// too long for a line breaks after a | where it has one (a list of options
// such as [behind|invisible|…]); else it stands alone on its own line.
func WrapHanging(text string, width int, first, hang string) string {
	ls := Wrap(text, width-cellWidth(first), width-cellWidth(hang), "|", false)
	for i := range ls {
		if i == 0 {
			ls[i] = first + ls[i]
		} else {
			ls[i] = hang + ls[i]
		}
	}
	return strings.Join(ls, "\n")
}
