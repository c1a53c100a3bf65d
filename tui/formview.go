package tui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// Drawing a form. Every field is one line: a marker (› on the focused
// field), the label in a column, then the value in brackets, so the form
// reads the same without colour. Fields of a group (the verb's toggles,
// its short number options) share lines after the group's name, in as
// many columns as the width allows. The error of the last apply and the
// line the form will run sit at the bottom; when the fields do not all
// fit, they scroll to keep the focused one in sight, and the frame's
// edges say there is more above or below.

// groupBox is the width of a short box in a group: two brackets, four
// cells of text and the cursor's.
const groupBox = 7

// maxGroupBox is the widest a group's boxes grow for their placeholders.
const maxGroupBox = 12

// formNote sits in the bottom edge of the form's frame.
const formNote = "enter applies · esc cancels"

// moreAbove and moreBelow join the form's title and note when fields are
// scrolled out of view above or below.
const (
	moreAbove = "↑ more"
	moreBelow = "↓ more"
)

// rowBox is the width of the box of a field on its own line.
func rowBox(iw, lw int) int { return max(6, iw-lw-4) }

// labelWidth is the width of the label column: the labels of fields on
// their own line and the names of groups.
func (f *form) labelWidth() int {
	w := 0
	for i := range f.fields {
		fl := &f.fields[i]
		if fl.group != "" {
			w = max(w, width(fl.group))
		} else {
			w = max(w, width(fl.label))
		}
	}
	return w
}

// box draws a field's value: "[text]" in bw cells for text (the live
// input with its cursor when focused), "[x]" or "[ ]" for a toggle,
// "‹value›" for another choice.
func (f *form) box(i, bw int) string {
	fl := &f.fields[i]
	if fl.kind == choiceField {
		switch {
		case !fl.toggle():
			return "‹" + f.st.Value.Render(fl.choices[fl.pick]) + "›"
		case fl.pick == 1:
			return "[x]"
		}
		return "[ ]"
	}
	var s string
	switch v := fl.in.Value(); {
	case i == f.focus && fl.in.Focused():
		s = fl.in.View()
	case v != "":
		s = f.st.Value.Render(v)
	default:
		s = f.st.Hint.Render(fl.in.Placeholder)
	}
	return "[" + fit(s, bw-2) + "]"
}

// mark returns the focus marker and the label's style for field i.
func (f *form) mark(i int) (string, ink) {
	if i == f.focus {
		return "›", f.st.Current
	}
	return " ", f.st.Label
}

// lines draws the fields at inner width iw. at and end are the first and
// last lines that belong to the focused field.
func (f *form) lines(iw int) (out []string, at, end int) {
	lw := f.labelWidth()
	for i := 0; i < len(f.fields); {
		fl := &f.fields[i]
		if fl.group == "" {
			m, st := f.mark(i)
			if i == f.focus {
				at = len(out)
			}
			out = append(out, fit(st.Render(m+" "+pad(fl.label, lw))+"  "+f.box(i, rowBox(iw, lw)), iw))
			if fl.hint != "" {
				hw := max(1, iw-lw-4)
				for _, l := range strings.Split(ansi.Wrap(fl.hint, hw, ""), "\n") {
					out = append(out, fit(strings.Repeat(" ", lw+4)+f.st.Hint.Render(l), iw))
				}
			}
			if i == f.focus {
				end = len(out) - 1
			}
			i++
			continue
		}
		j := i
		for j < len(f.fields) && f.fields[j].group == fl.group {
			j++
		}
		ls, a := f.groupLines(i, j, lw, iw)
		if a >= 0 {
			at, end = len(out)+a, len(out)+a
		}
		out = append(out, ls...)
		i = j
	}
	return out, at, end
}

// groupLines draws fields [from, to) of one group as a grid of equal
// cells; a is the line holding the focused field, or −1.
func (f *form) groupLines(from, to, lw, iw int) (out []string, a int) {
	glw := 0 // the widest label of a text field in the group
	for i := from; i < to; i++ {
		if f.fields[i].kind == textField {
			glw = max(glw, width(f.fields[i].label))
		}
	}
	cells := make([]string, 0, to-from)
	cw := 0
	for i := from; i < to; i++ {
		fl := &f.fields[i]
		m, st := f.mark(i)
		var c string
		if fl.kind == textField {
			c = st.Render(m+pad(fl.label, glw)) + " " + f.box(i, f.groupBoxOf(fl.group, iw, lw))
		} else {
			c = st.Render(m) + f.box(i, 0) + " " + st.Render(fl.label)
		}
		cells = append(cells, c)
		cw = max(cw, width(c))
	}
	per := max(1, (iw-lw-4+2)/(cw+2))
	a = -1
	indent := strings.Repeat(" ", lw+4)
	var b strings.Builder
	for k := 0; k < len(cells); k += per {
		b.Reset()
		if k == 0 {
			b.WriteString("  " + f.st.Label.Render(pad(f.fields[from].group, lw)) + "  ")
		} else {
			b.WriteString(indent)
		}
		for j := k; j < min(k+per, len(cells)); j++ {
			if j > k {
				b.WriteString("  ")
			}
			b.WriteString(pad(cells[j], cw))
		}
		if f.focus >= from+k && f.focus < from+k+per {
			a = len(out)
		}
		out = append(out, fit(b.String(), iw))
	}
	return out, a
}

// maxAboutLines is the most lines the focused option's description
// takes under a form's fields.
const maxAboutLines = 2

// aboutNone takes the about line while the focused field is not an
// option, so a GM learns the line is there.
const aboutNone = "an option says here what it does"

// aboutLines is what the about line says of field i, wrapped to iw: its
// label and what it does, or only what it does when the label would
// push it past maxAboutLines (the marker › shows which option it is);
// none for a field that is no option.
func (f *form) aboutLines(i, iw int) []string {
	fl := &f.fields[i]
	if fl.about == "" {
		return nil
	}
	if ls := wrapHang(fl.label+": "+fl.about, iw); len(ls) <= maxAboutLines {
		return ls
	}
	return wrapHang(fl.about, iw)
}

// about draws the focused field's description (its about), wrapped to
// iw. Every form with a described field gives it as many lines as its
// longest description takes (up to maxAboutLines), whichever field has
// the focus, so the fields above do not jump as the focus moves; a
// description longer than that ends in ….
func (f *form) about(iw int) []string {
	n := 0
	for i := range f.fields {
		n = max(n, len(f.aboutLines(i, iw)))
	}
	if n == 0 {
		return nil
	}
	n = min(n, maxAboutLines)
	ls := f.aboutLines(f.focus, iw)
	if ls == nil {
		ls = wrapHang(aboutNone, iw)
	}
	if len(ls) > n {
		ls = ls[:n]
		ls[n-1] = ansi.Truncate(ls[n-1], max(1, iw-1), "") + "…"
	}
	out := make([]string, n)
	for i := range out {
		if i < len(ls) {
			out[i] = fit(f.st.Hint.Render(ls[i]), iw)
		}
	}
	return out
}

// wrapHang wraps s to iw cells, the lines after the first indented by
// two; an empty s gives no line.
func wrapHang(s string, iw int) []string {
	if s == "" || iw <= 0 {
		return nil
	}
	ls := strings.Split(ansi.Wrap(s, max(1, iw-2), ""), "\n")
	for i := 1; i < len(ls); i++ {
		ls[i] = "  " + ls[i]
	}
	return ls
}

// bottom draws what follows the fields: the focused option's
// description, completion candidates, the error of the last apply and
// the line the form will run, wrapped to iw.
func (f *form) bottom(iw int) []string {
	if iw <= 0 {
		return nil
	}
	out := f.about(iw)
	add := func(st ink, lead, s string) { // continuation lines indented under lead
		for i, l := range strings.Split(ansi.Wrap(s, max(1, iw-2), ""), "\n") {
			if i > 0 {
				lead = "  "
			}
			out = append(out, fit(st.Render(lead+l), iw))
		}
	}
	if len(f.comps) > 0 {
		add(f.st.Hint, "", "tab: "+strings.Join(f.comps, "  "))
	} else if len(f.matches) > 0 {
		add(f.st.Hint, "", "matches: "+strings.Join(f.matches, "  "))
	}
	if f.err != nil {
		add(f.st.StatusErr, "! ", formError(f.err))
	}
	add(f.st.LogCommand, "→ ", f.command())
	return out
}

// View draws the form in its frame: exactly h lines of exactly w cells.
func (f *form) View() []string {
	if f.w <= 0 || f.h <= 0 {
		return nil
	}
	iw, ih := inner(f.w, f.h)
	rows, at, end := f.lines(iw)
	bot := f.bottom(iw)
	if len(bot) > ih {
		bot = bot[len(bot)-ih:]
	}
	room := ih - len(bot)
	off := 0
	if len(rows) > room {
		off = min(at, max(0, end-room+1), len(rows)-room)
	}
	lines := make([]string, 0, ih)
	for i := off; i < len(rows) && len(lines) < room; i++ {
		lines = append(lines, rows[i])
	}
	for len(lines) < room {
		lines = append(lines, "")
	}
	lines = append(lines, bot...)
	// Fields scrolled out of sight are announced in the frame's edges, so
	// no field loses its line to the news.
	title, note := f.title, formNote
	if off > 0 {
		title += " " + moreAbove
	}
	if off+room < len(rows) {
		note = moreBelow + " · " + note
		if width(note) > f.w-6 { // the frame's edge holds w-6 cells of note
			note = moreBelow // the help bar under the form names enter and esc
		}
	}
	return frame(f.st.pane(true), title, note, lines, f.w, f.h)
}
