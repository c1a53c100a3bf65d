package rules

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"fray/model"
	"fray/rules/dice"
)

// Text renders an encounter as plain text, the way `fray show` prints it:
// a header, the turn order one combatant a row (a > marks whose turn it is,
// the harm shows its gauge and its grade), then every combatant's sheet
// with conditions and note. Headings that only repeat the scores under
// them are left out (see Echoes).
func Text(e *model.Encounter, s System) string {
	var b strings.Builder
	if e.Title != "" {
		b.WriteString(e.Title)
		b.WriteString("\n")
	}
	ov := s.Order(e)
	head := s.Name()
	switch {
	case e.Ended: // the order's header would still name whose turn it was
		head += " · ended after " + Plural(e.Round, "round")
	case ov.Header != "":
		head += " · " + ov.Header
	}
	b.WriteString(head)
	b.WriteString("\n\n")
	if len(e.Combatants) == 0 {
		b.WriteString("No combatants yet: add one with `add NAME`.\n")
		return b.String()
	}
	writeOrder(&b, e, s, ov.Rows)
	for _, cb := range sheetOrder(e, ov.Rows) {
		b.WriteString("\n")
		writeSheet(&b, e, s, cb)
	}
	return b.String()
}

// writeOrder prints the rows of the turn order as aligned columns:
// score, name, side, marks, the harm's gauge and its grade on the shared
// scale ("badly hurt"). Where that is wider than textWidth, the marks
// go under the row instead.
func writeOrder(b *strings.Builder, e *model.Encounter, s System, rows []OrderRow) {
	const n = 6
	cells := make([][n]string, len(rows))
	var w [n]int
	for i, r := range rows {
		if r.Heading {
			continue
		}
		gauge, grade := "", ""
		if cb := e.ByID(r.ID); cb != nil {
			h := s.Harm(e, cb)
			gauge, grade = h.Gauge, h.Severity.String()
		}
		cells[i] = [n]string{r.Score, r.Name, r.Side, strings.Join(rowMarks(r), ", "), gauge, grade}
		for j, c := range cells[i] {
			w[j] = max(w[j], cellWidth(c))
		}
	}
	// A table wider than the page puts each row's marks on a line of
	// their own under its name, wrapped there.
	const marks = 3
	total := 2 + w[0]
	for j := 1; j < n; j++ {
		if w[j] > 0 {
			total += 2 + w[j]
		}
	}
	under := ""
	if total > textWidth && w[marks] > 0 {
		w[marks] = 0
		under = strings.Repeat(" ", 2+w[0]+2)
	}
	for i, r := range rows {
		if r.Heading {
			if !Echoes(rows, i) {
				fmt.Fprintf(b, "-- %s --\n", headingText(r))
			}
			continue
		}
		var line strings.Builder
		if r.Current && !e.Ended {
			line.WriteString("> ")
		} else {
			line.WriteString("  ")
		}
		line.WriteString(pad(cells[i][0], w[0], true))
		for j := 1; j < n; j++ {
			if w[j] == 0 {
				continue
			}
			line.WriteString("  ")
			line.WriteString(pad(cells[i][j], w[j], false))
		}
		b.WriteString(strings.TrimRight(line.String(), " "))
		b.WriteString("\n")
		if under != "" && cells[i][marks] != "" {
			b.WriteString(WrapHanging(cells[i][marks], textWidth, under, under))
			b.WriteString("\n")
		}
	}
}

// Echoes reports whether rows[i] is a heading that only repeats what the
// rows under it show: each of them (and there is one) has the heading's
// text as its score, as a count heading does ("6" over the rows acting
// at count 6). A view that prints scores may leave such a heading out;
// one that hides scores (the players' view) keeps it.
func Echoes(rows []OrderRow, i int) bool {
	if !rows[i].Heading || rows[i].Name == "" {
		return false
	}
	n := 0
	for _, r := range rows[i+1:] {
		if r.Heading {
			break
		}
		if r.Score != rows[i].Name {
			return false
		}
		n++
	}
	return n > 0
}

func headingText(r OrderRow) string {
	if r.Name != "" {
		return r.Name
	}
	return r.Side
}

// rowMarks adds "out" and "done" to a row's own marks unless the system
// already shows them.
func rowMarks(r OrderRow) []string {
	marks := append([]string(nil), r.Marks...)
	has := func(m string) bool {
		for _, x := range marks {
			if strings.EqualFold(x, m) {
				return true
			}
		}
		return false
	}
	if r.Out && !has("out") {
		marks = append(marks, "out")
	}
	if r.Done && !has("done") {
		marks = append(marks, "done")
	}
	return marks
}

// cellWidth is how many terminal cells s takes: two for a CJK character
// or an emoji, none for a combining accent. It is the measure the TUI
// and the players' view use (x/ansi, a plain string package with no
// terminal in it), so fray show lines up a 李小龙 or a 🐉 row as they do.
func cellWidth(s string) int { return ansi.StringWidth(s) }

// pad fills s with spaces to width w cells, on the left when right is set.
func pad(s string, w int, right bool) string {
	n := w - cellWidth(s)
	if n <= 0 {
		return s
	}
	if right {
		return strings.Repeat(" ", n) + s
	}
	return s + strings.Repeat(" ", n)
}

// sheetOrder lists combatants in turn order, then any the order leaves out.
func sheetOrder(e *model.Encounter, rows []OrderRow) []*model.Combatant {
	seen := make(map[int]bool, len(e.Combatants))
	out := make([]*model.Combatant, 0, len(e.Combatants))
	for _, r := range rows {
		if r.Heading || seen[r.ID] {
			continue
		}
		if cb := e.ByID(r.ID); cb != nil {
			seen[r.ID] = true
			out = append(out, cb)
		}
	}
	for _, cb := range e.Combatants {
		if !seen[cb.ID] {
			out = append(out, cb)
		}
	}
	return out
}

func writeSheet(b *strings.Builder, e *model.Encounter, s System, cb *model.Combatant) {
	b.WriteString(cb.Name)
	if cb.Side != "" {
		b.WriteString(" (" + cb.Side + ")")
	}
	b.WriteString("\n")
	fields := SheetFields(e, s, cb)
	if len(fields) > 0 && fields[0].Label == "Side" {
		fields = fields[1:] // the heading names the side
	}
	w := 0
	for _, f := range fields {
		w = max(w, cellWidth(f.Label))
	}
	for _, f := range fields {
		value := f.Value
		if f.Alert {
			value += " !"
		}
		head := "  " + pad(f.Label+":", w+1, false) + " "
		if strings.TrimSpace(value) == "" {
			b.WriteString(strings.TrimRight(head, " "))
		} else {
			// A long value wraps under itself at 80 columns.
			b.WriteString(WrapHanging(value, textWidth, head, strings.Repeat(" ", cellWidth(head))))
		}
		b.WriteString("\n")
	}
}

// textWidth is the column at which fray show wraps a sheet's lines.
const textWidth = 80

// SheetFields is a combatant's sheet as the views show it: what every
// combatant has (side, status, initiative, a delay, conditions, note),
// then the system's own lines (System.Describe). A line the system gives
// itself ("Status", "Conditions"…) wins over the common one of the same
// label, so nothing is said twice.
func SheetFields(e *model.Encounter, s System, cb *model.Combatant) []Field {
	sys := s.Describe(e, cb)
	fields := make([]Field, 0, len(sys)+6)
	add := func(f Field) {
		// A scan, not a set of lowered labels: the sheet is built anew
		// whenever the selection moves, and has a score of lines at most.
		for _, g := range sys {
			if sameLower(g.Label, f.Label) {
				return
			}
		}
		fields = append(fields, f)
	}
	add(Field{Label: "Side", Value: cb.Side})
	add(Field{Label: "Status", Value: cb.Status.String(), Alert: cb.Status != model.Active})
	if cb.HasInit {
		add(Field{Label: "Initiative", Value: strconv.Itoa(cb.Init)})
	}
	if cb.Delaying {
		add(Field{Label: "Turn", Value: "delaying"})
	}
	if len(cb.Conds) > 0 {
		add(Field{Label: "Conditions", Value: CondText(e, cb.Conds), Alert: true})
	}
	if cb.Note != "" {
		add(Field{Label: "Note", Value: cb.Note})
	}
	return append(fields, sys...)
}

// sameLower reports whether strings.ToLower(a) == strings.ToLower(b),
// without making either.
func sameLower(a, b string) bool {
	for a != "" && b != "" {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if unicode.ToLower(ra) != unicode.ToLower(rb) {
			return false
		}
		a, b = a[na:], b[nb:]
	}
	return a == "" && b == ""
}

// CondText lists conditions with the round each one ends at.
func CondText(e *model.Encounter, cs []model.Condition) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.Label
		if c.Expires > 0 {
			parts[i] += " (ends round " + strconv.Itoa(c.Expires) + ")"
		}
		if c.Until != "" {
			parts[i] += " (" + UntilText(e, c) + ")"
		}
	}
	return strings.Join(parts, ", ")
}

// EntryText renders one log entry as one line: a command as "> attack Paul
// Bruce", a roll as "  Paul attack: stress die [1 4] = 8 (exploded ×2)", an
// event as "  Bruce takes a light wound".
func EntryText(en model.Entry) string {
	switch en.Kind {
	case model.KindCommand:
		return "> " + en.Text
	case model.KindRoll:
		return "  " + RollText(en)
	default:
		return "  " + en.Text
	}
}

// RollText writes a roll entry as "who, why: expr [faces] = total (special)".
func RollText(en model.Entry) string {
	return dice.Roll{Who: en.Who, Why: en.Why, Expr: en.Expr, Faces: en.Faces,
		Special: en.Special, Total: en.Total}.String()
}

// LogTextWidth is LogText with each entry wrapped at width cells, its
// further lines indented under its text, as fray show --log and fray run
// print the log to a terminal; a width of 0 wraps nothing.
func LogTextWidth(es []model.Entry, width int) string {
	if width <= 0 {
		return LogText(es)
	}
	var b strings.Builder
	for _, en := range es {
		line := EntryText(en) // "> " or "  " first
		b.WriteString(WrapHanging(line[2:], width, line[:2], "    "))
		b.WriteString("\n")
	}
	return b.String()
}

// LogText renders log entries one line each, as EntryText does.
func LogText(es []model.Entry) string {
	var b strings.Builder
	for _, en := range es {
		b.WriteString(EntryText(en))
		b.WriteString("\n")
	}
	return b.String()
}
