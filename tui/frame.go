package tui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"fray/tui/cells"
)

// width returns the cells s takes (cells.Width).
func width(s string) int { return cells.Width(s) }

// fit cuts a line to w cells and pads it to exactly w (cells.Fit).
func fit(s string, w int) string { return cells.Fit(s, w) }

// blank returns h lines of w spaces.
func blank(w, h int) []string {
	out := make([]string, max(0, h))
	sp := strings.Repeat(" ", max(0, w))
	for i := range out {
		out[i] = sp
	}
	return out
}

// inner returns the room for content in a pane of w×h drawn by frame:
// inside the border, or under the bare title when there is no border.
func inner(w, h int) (int, int) {
	if w < 3 || h < 3 {
		return max(0, w), max(0, h-1)
	}
	return w - 2, h - 2
}

// frame draws a pane: a border in the pane's style with the title in the
// top edge and an optional note in the bottom edge, around lines. The
// result is exactly h lines of exactly w cells. Too small for a border
// (under 3×3), it shows the title and as many lines as fit, bare.
func frame(ps *paneStyle, title, note string, lines []string, w, h int) []string {
	if w <= 0 || h <= 0 {
		return nil
	}
	out := make([]string, 0, h)
	if w < 3 || h < 3 {
		out = append(out, fit(ps.Title.Render(title), w))
		for i := 0; len(out) < h; i++ {
			l := ""
			if i < len(lines) {
				l = lines[i]
			}
			out = append(out, fit(l, w))
		}
		return out
	}
	e := ps.Edge
	inner := w - 2
	out = append(out, edge(ps, e.TopLeft, e.Top, e.TopRight, title, inner))
	side := ps.Border.Render(e.Left)
	right := ps.Border.Render(e.Right)
	for i := 0; i < h-2; i++ {
		l := ""
		if i < len(lines) {
			l = lines[i]
		}
		out = append(out, side+fit(l, inner)+right)
	}
	out = append(out, edge(ps, e.BottomLeft, e.Bottom, e.BottomRight, note, inner))
	return out
}

// edge draws a top or bottom border line with a label set into it. It
// builds the line in one buffer made to its size: a pane's edges are
// drawn again whenever its title or note changes, which at the turn key
// is every press.
func edge(ps *paneStyle, left, fill, right, label string, inner int) string {
	if fill == "" {
		fill = " "
	}
	bo, ti := ps.Border, ps.Title
	var b strings.Builder
	if label != "" && inner >= 5 {
		label = ansi.Truncate(label, inner-4, "…")
		n := max(0, inner-(1+ansi.StringWidth(label)+2))
		b.Grow(2*(len(bo.pre)+len(bo.suf)) + len(ti.pre) + len(ti.suf) + len(left) + len(label) + 2 + (n+1)*len(fill) + len(right))
		b.WriteString(bo.pre)
		b.WriteString(left)
		b.WriteString(fill)
		b.WriteString(bo.suf)
		b.WriteString(ti.pre)
		b.WriteByte(' ')
		b.WriteString(label)
		b.WriteByte(' ')
		b.WriteString(ti.suf)
		if n > 0 || right != "" {
			b.WriteString(bo.pre)
			repeatInto(&b, fill, n)
			b.WriteString(right)
			b.WriteString(bo.suf)
		}
		return b.String()
	}
	if left == "" && right == "" && inner <= 0 {
		return ""
	}
	b.Grow(len(bo.pre) + len(bo.suf) + len(left) + inner*len(fill) + len(right))
	b.WriteString(bo.pre)
	b.WriteString(left)
	repeatInto(&b, fill, inner)
	b.WriteString(right)
	b.WriteString(bo.suf)
	return b.String()
}

// repeatInto writes s n times.
func repeatInto(b *strings.Builder, s string, n int) {
	for range n {
		b.WriteString(s)
	}
}

// joinColumns places blocks of lines side by side. Each block must already
// be exactly its rect's width and height; missing lines are padded.
func joinColumns(h int, blocks [][]string, widths []int) []string {
	out := make([]string, h)
	var b strings.Builder
	for y := 0; y < h; y++ {
		b.Reset()
		for i, bl := range blocks {
			if y < len(bl) {
				b.WriteString(bl[y])
			} else {
				b.WriteString(strings.Repeat(" ", widths[i]))
			}
		}
		out[y] = b.String()
	}
	return out
}
