package tui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// A block is a rectangle of the screen that writes its rows straight into
// the frame View builds. Panes hand View their lines inside a border
// (framed) instead of a new string per bordered line, and View writes
// border, line and padding into one buffer: a frame costs one string, not
// one per line and another per joined row.
type block interface {
	// writeRow writes row y (0 at the top) of the block, exactly as wide
	// as the block, with no newline.
	writeRow(b *strings.Builder, y int)
}

// plain is a block of lines already exactly w cells wide; rows past the
// lines are blank.
type plain struct {
	lines []string
	w     int
}

func (p plain) writeRow(b *strings.Builder, y int) {
	if y < len(p.lines) {
		b.WriteString(p.lines[y])
		return
	}
	spaces(b, p.w)
}

// framed is a pane drawn with a border, its title in the top edge and a
// note in the bottom edge, around lines (see frame).
type framed struct {
	ps          *paneStyle
	top, bottom string   // the edges, drawn
	lines       []string // inside the border, one per row
	inner, h    int
	fitted      bool // every line is already exactly inner cells wide
}

func (f *framed) writeRow(b *strings.Builder, y int) {
	switch {
	case y == 0:
		b.WriteString(f.top)
	case y == f.h-1:
		b.WriteString(f.bottom)
	case y < f.h:
		e := f.ps.Edge
		f.ps.Border.write(b, e.Left)
		l := ""
		if y-1 < len(f.lines) {
			l = f.lines[y-1]
		}
		if f.fitted && l != "" {
			b.WriteString(l)
		} else {
			writeFit(b, l, f.inner)
		}
		f.ps.Border.write(b, e.Right)
	default:
		spaces(b, f.inner+2)
	}
}

// beside is blocks side by side.
type beside []block

func (c beside) writeRow(b *strings.Builder, y int) {
	for _, bl := range c {
		bl.writeRow(b, y)
	}
}

// over is one block over another: h rows of top, then under.
type over struct {
	top, under block
	h          int
}

func (s over) writeRow(b *strings.Builder, y int) {
	if y < s.h {
		s.top.writeRow(b, y)
		return
	}
	s.under.writeRow(b, y-s.h)
}

// frameBlock is frame as a block: the edges are drawn now (or taken from
// c, which keeps the last ones a pane drew), the lines when the block is
// written. fitted says every line is already exactly the inside's width,
// so writing it needs no measuring.
func frameBlock(c *edges, ps *paneStyle, title, note string, lines []string, w, h int, fitted bool) block {
	if w < 3 || h < 3 {
		return plain{frame(ps, title, note, lines, w, h), max(0, w)}
	}
	e := ps.Edge
	if c.ps != ps || c.w != w {
		*c = edges{ps: ps, w: w, title: "\x00", note: "\x00"}
	}
	if c.title != title {
		c.title, c.top = title, edge(ps, e.TopLeft, e.Top, e.TopRight, title, w-2)
	}
	if c.note != note {
		c.note, c.bottom = note, edge(ps, e.BottomLeft, e.Bottom, e.BottomRight, note, w-2)
	}
	// The block is kept with the edges, not made anew: it lives only until
	// the frame is written, and a pane is in a frame once.
	c.block = framed{ps: ps, top: c.top, bottom: c.bottom, lines: lines, inner: w - 2, h: h, fitted: fitted}
	return &c.block
}

// edges keeps a pane's drawn edges for the style, width, title and note
// they were drawn for, and the pane's block as last drawn.
type edges struct {
	ps          *paneStyle
	w           int
	title, note string
	top, bottom string
	block       framed
}

// blockLines draws h rows of a block as lines.
func blockLines(bl block, h int) []string {
	out := make([]string, h)
	var b strings.Builder
	for y := range out {
		b.Reset()
		bl.writeRow(&b, y)
		out[y] = b.String()
	}
	return out
}

// writeFit writes s cut to w cells and padded to exactly w (cells.Fit),
// without building the padded string.
func writeFit(b *strings.Builder, s string, w int) {
	if w <= 0 {
		return
	}
	sw := width(s)
	if sw > w {
		s = ansi.Truncate(s, w, "…")
		sw = width(s)
	}
	b.WriteString(s)
	spaces(b, w-sw)
}

// blanks is a run of spaces to write padding from.
const blanks = "                                                                "

// spaces writes n spaces.
func spaces(b *strings.Builder, n int) {
	for n > 0 {
		k := min(n, len(blanks))
		b.WriteString(blanks[:k])
		n -= k
	}
}

// write writes s in the ink's sequences (Render into b).
func (k ink) write(b *strings.Builder, s string) {
	if s == "" {
		return
	}
	b.WriteString(k.pre)
	b.WriteString(s)
	b.WriteString(k.suf)
}
