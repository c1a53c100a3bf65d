package tui

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"fray/rules"
)

// sheetPane shows the selected combatant: side, status, conditions, note
// and the system's fields with live totals. The lines are built when the
// combatant, the tracker version or the width changes, not on every frame.
type sheetPane struct {
	st   *Styles
	keys scrollKeys
	w, h int

	ver, id, lw int // what lines were built for
	title       string
	lines       []string
	edges       edges // the frame's edges as last drawn
	off         int
}

func newSheetPane(st *Styles, k keyMap) sheetPane {
	return sheetPane{st: st, keys: newScrollKeys(k), ver: -1, lw: -1}
}

// SetSize sets the outer size of the pane, border included.
func (p *sheetPane) SetSize(w, h int) {
	p.w, p.h = w, h
	p.clamp()
}

func (p *sheetPane) inner() (int, int) { return inner(p.w, p.h) }

func (p *sheetPane) clamp() {
	_, ih := p.inner()
	p.off = max(0, min(p.off, len(p.lines)-ih))
}

// sync rebuilds the lines for combatant id if anything they show changed.
func (p *sheetPane) sync(t *rules.Tracker, id int) {
	iw, _ := p.inner()
	if p.ver == t.Version() && p.id == id && p.lw == iw {
		return
	}
	if p.id != id {
		p.off = 0
	}
	p.ver, p.id, p.lw = t.Version(), id, iw
	cb := t.E.ByID(id)
	if cb == nil {
		p.title = "Sheet"
		hint := "select a combatant with j/k"
		if len(t.E.Combatants) == 0 {
			hint = "the sheet of whoever you select shows here" // the order says how to add
		}
		p.lines = p.lines[:0]
		for _, l := range wrapWords(hint, iw) {
			p.lines = append(p.lines, p.st.Hint.Render(l))
		}
		p.clamp()
		return
	}
	p.title = cb.Name
	fields := rules.SheetFields(t.E, t.Sys, cb)
	p.lines = p.render(fields, iw)
	p.clamp()
}

// render lays fields out as "label value" lines, the value wrapped under
// itself; alert fields are marked with "!" and drawn in the alert style.
// A label wider than the label column stands on a line of its own, the
// value under it.
func (p *sheetPane) render(fields []rules.Field, iw int) []string {
	lw := 0
	for _, f := range fields {
		lw = max(lw, width(f.Label))
	}
	lw = min(lw, max(4, iw*2/5))
	vw := max(1, iw-lw-2)
	indent := lw + 2
	out := p.lines[:0] // the lines before are not drawn again: built anew here
	for _, f := range fields {
		if f.Label == "" && f.Value == "" {
			out = append(out, "")
			continue
		}
		mark, ls, vs := " ", p.st.Label, p.st.Value
		if f.Alert {
			mark, ls, vs = "!", p.st.Alert, p.st.Alert
		}
		var one, oneV [1]string
		one[0] = f.Label
		labels := one[:]
		if width(f.Label) > lw {
			// Too long for the column: the label has the line, whole.
			// Wrapped beside the value, its last word would read as a
			// label of its own ("rank  Trauma >3").
			out = append(out, ls.Render(mark+fit(f.Label, iw-1)))
			labels = nil
		}
		oneV[0] = f.Value
		values := oneV[:]
		if strings.Contains(f.Value, "\n") || width(f.Value) > vw {
			values = strings.Split(ansi.Wrap(glueNumbers(f.Value), vw, ""), "\n")
		}
		for i := range max(len(labels), len(values)) {
			v := ""
			if i < len(values) {
				v = values[i]
			}
			switch {
			case i < len(labels):
				out = append(out, sheetLine(ls, vs, mark, labels[i], lw, v))
				mark = " " // the alert mark goes on the first line only
			case v != "":
				out = append(out, sheetLine(ls, vs, "", "", indent, v))
			}
		}
	}
	return out
}

// sheetLine is one line of the sheet: mark and label padded to lw in the
// label's ink, a space and v in the value's; with no mark, lw spaces and
// v. It is built in one buffer made to its size: the sheet is drawn anew
// whenever the selection moves, at the turn key every press.
func sheetLine(ls, vs ink, mark, label string, lw int, v string) string {
	var b strings.Builder
	if mark == "" {
		b.Grow(lw + len(vs.pre) + len(v) + len(vs.suf))
		spaces(&b, lw)
		vs.write(&b, v)
		return b.String()
	}
	gap := 0
	if lw > 0 {
		if sw := width(label); sw > lw {
			label = ansi.Truncate(label, lw, "…") // as pad: cut short, not padded
		} else {
			gap = lw - sw
		}
	} else {
		label = ""
	}
	b.Grow(len(ls.pre) + len(mark) + len(label) + lw + len(ls.suf) + 1 + len(vs.pre) + len(v) + len(vs.suf))
	b.WriteString(ls.pre)
	b.WriteString(mark)
	b.WriteString(label)
	spaces(&b, gap)
	b.WriteString(ls.suf)
	b.WriteByte(' ')
	vs.write(&b, v)
	return b.String()
}

// glueNumbers ties each number to the word before it with a no-break
// space, so a wrapped value never leaves "WIT" on one line and "10" on
// the next, which read as two fields: a space between a letter (or a
// letter and a colon) and a digit, or a sign and a digit ("missile +2",
// "WIT 10", "rank 3", "Soak: 4"). A value with none is returned as it is.
func glueNumbers(v string) string {
	var b strings.Builder
	done := 0
	for i := 0; i < len(v); i++ {
		if v[i] != ' ' || !numberStarts(v[i+1:]) || !wordEnds(v[:i]) {
			continue
		}
		if done == 0 {
			b.Grow(len(v) + 8)
		}
		b.WriteString(v[done:i])
		b.WriteString("\u00a0")
		done = i + 1
	}
	if done == 0 {
		return v
	}
	b.WriteString(v[done:])
	return b.String()
}

// numberStarts reports whether s starts with a digit, or a sign (+, −
// or -) and a digit.
func numberStarts(s string) bool {
	for _, sign := range [...]string{"+", "−", "-"} {
		if strings.HasPrefix(s, sign) {
			s = s[len(sign):]
			break
		}
	}
	return s != "" && s[0] >= '0' && s[0] <= '9'
}

// wordEnds reports whether s ends with a letter, or a letter and a colon.
func wordEnds(s string) bool {
	r, n := utf8.DecodeLastRuneInString(s)
	if r == ':' {
		r, _ = utf8.DecodeLastRuneInString(s[:len(s)-n])
	}
	return unicode.IsLetter(r)
}

// Update scrolls the sheet with the scroll keys when the pane has focus.
func (p sheetPane) Update(msg tea.Msg) (sheetPane, tea.Cmd) {
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		return p, nil
	}
	_, ih := p.inner()
	switch {
	case key.Matches(km, p.keys.Top):
		p.off = 0
	case key.Matches(km, p.keys.Bottom):
		p.off = len(p.lines)
	case key.Matches(km, p.keys.PageUp):
		p.off -= max(1, ih-1)
	case key.Matches(km, p.keys.PageDown):
		p.off += max(1, ih-1)
	}
	p.clamp()
	return p, nil
}

// View draws the pane at its size.
func (p *sheetPane) View(focused bool) []string {
	return blockLines(p.block(focused), max(0, p.h))
}

// block draws the pane at its size.
func (p *sheetPane) block(focused bool) block {
	_, ih := p.inner()
	end := min(len(p.lines), p.off+ih)
	note := ""
	switch {
	case ih <= 0:
	case end < len(p.lines):
		note = "↓ more"
	case p.off > 0:
		note = "↑ more"
	}
	return frameBlock(&p.edges, p.st.pane(focused), p.title, note, p.lines[min(p.off, end):end], p.w, p.h, false)
}
