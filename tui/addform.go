package tui

import (
	"strings"

	"fray/rules"
)

// The add form (+): a name — a template, a saved party or a new name, tab
// completing the first two — then a count of copies, the side, the
// initiative, group (where the system lets copies act as one) and free
// sheet fields. It builds `add [COUNT] NAME …`, or `party add NAME` when
// the name is a party's. The side typed last is offered again; a
// template's own side wins over that offer unless the GM changes it.

// addForm builds the add form.
func (m *Model) addForm() form {
	var sides []string
	seen := map[string]bool{}
	for _, c := range m.t.E.Combatants {
		if c.Side != "" && !seen[c.Side] {
			seen[c.Side] = true
			sides = append(sides, c.Side)
		}
	}
	templates, parties := m.libraryNames()
	name := wordField(m.st, "name", "", "a template, a party or a new name")
	name.pool = append(append([]string(nil), templates...), parties...)
	switch {
	case len(templates) > 0:
		name.hint = "tab completes templates (" + shortList(templates, 4) + ")"
		if len(parties) > 0 {
			name.hint += " and parties (" + shortList(parties, 3) + ")"
		}
	case len(parties) > 0:
		name.hint = "tab completes parties (" + shortList(parties, 3) + ")"
	}
	count := keyField(m.st, "", "count", "count", "copies of a template, or empty for one")
	side := keyField(m.st, "", "side", "side", "optional")
	side.pool = sides
	if m.lastSide != "" {
		side.in.SetValue(m.lastSide)
		side.in.CursorEnd()
		side.hint = "the side of your last add; a template's own side wins unless you change it"
	}
	hint := ""
	if keys := rules.TypedKeys(m.t.Sys); len(keys) > 0 { // not those the tracker keeps
		hint = "keys: " + strings.Join(keys, " ")
	}
	fields := []formField{name, count, side}
	if !rules.IsUnused(m.t.Sys, "init") { // no scores to enter: no field
		fields = append(fields, keyField(m.st, "", "init", "init", "roll, a number, or empty"))
	}
	if _, ok := m.t.Sys.(rules.Grouper); ok {
		fields = append(fields, formField{label: "group", kind: choiceField, arg: argFlag, key: "group", choices: yesNo,
			hint: "yes: the copies act as one (one initiative, one entry)"})
	}
	fields = append(fields, rawField(m.st, "sheet", "key=value …", hint))
	f := newForm(m.st, "Add to the fight", "add", fields)
	f.build = m.addLine(templates, parties)
	return f
}

// addLine builds the add form's command: add [COUNT] NAME [group]
// [side=…] [init=…] [fields], or party add NAME for a party's name.
func (m *Model) addLine(templates, parties []string) func(f *form) string {
	last := m.lastSide
	return func(f *form) string {
		name := f.valueOf("name")
		count := f.valueOf("count")
		isTemplate := containsFold(templates, name)
		if !isTemplate && count == "" && containsFold(parties, name) {
			return "party add " + rules.Quote(name)
		}
		parts := []string{"add"}
		if count != "" {
			parts = append(parts, count)
		}
		if name != "" {
			parts = append(parts, f.quoteWord(name))
		}
		if f.valueOf("group") == "yes" {
			parts = append(parts, "group")
		}
		if side := f.valueOf("side"); side != "" && !(isTemplate && side == last) {
			parts = append(parts, "side="+f.quoteWord(side))
		}
		if init := f.valueOf("init"); init != "" {
			parts = append(parts, "init="+f.quoteWord(init))
		}
		if raw := f.valueOf("sheet"); raw != "" {
			parts = append(parts, raw)
		}
		return strings.Join(parts, " ")
	}
}

// libraryNames lists the system's template names and the saved parties
// for the add form's completion; none without a library.
func (m *Model) libraryNames() (templates, parties []string) {
	lib := m.t.Library()
	if lib == nil {
		return nil, nil
	}
	ts, _ := lib.Templates(m.t.Sys.ID()) // a broken file: add says so when used
	for _, t := range ts {
		templates = append(templates, t.Name)
	}
	parties, _ = lib.Parties()
	return templates, parties
}

func containsFold(xs []string, s string) bool {
	for _, x := range xs {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// shortList writes the first n of xs, with … if there are more.
func shortList(xs []string, n int) string {
	if len(xs) <= n {
		return strings.Join(xs, ", ")
	}
	return strings.Join(xs[:n], ", ") + ", …"
}
