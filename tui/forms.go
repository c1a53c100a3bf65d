package tui

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"fray/model"
)

// This file builds the add, attack and damage forms from what the system
// offers, and runs an open form for the root: keys, apply, cancel.

// usageKey is a key=VALUE option read from a usage text.
type usageKey struct{ Name, Value string }

// verbOptions reads the options a verb takes from its usage text, so a
// form fits any system without the system describing its verbs twice.
// The convention: optional words sit in square brackets after the
// positional arguments. Inside brackets, lower-case words separated by |
// or spaces are flags ("[exert|charge|nonlethal…]"), and key=VALUE words
// are options taking a value ("[mod=±N range=N]", "[skill=striking|archery]"),
// VALUE being a placeholder (its | marks choices, not flags). Upper-case words are placeholders and are skipped, so
// "[±COUNT]" gives nothing; a trailing … or ... is ignored.
func verbOptions(usage string) (flags []string, keys []usageKey) {
	seen := map[string]bool{}
	for rest := usage; ; {
		i := strings.IndexByte(rest, '[')
		if i < 0 {
			break
		}
		j := strings.IndexByte(rest[i:], ']')
		if j < 0 {
			break
		}
		group := rest[i+1 : i+j]
		rest = rest[i+j+1:]
		for _, word := range strings.Fields(group) {
			word = strings.TrimSuffix(strings.TrimSuffix(word, "…"), "...")
			// "skill=striking|archery" is one key whose value has choices;
			// only words without = split on | into separate flags.
			if name, val, isKey := strings.Cut(word, "="); isKey {
				if lowerWord(name) && !seen[name] {
					seen[name] = true
					keys = append(keys, usageKey{Name: name, Value: val})
				}
				continue
			}
			for _, name := range strings.Split(word, "|") {
				if lowerWord(name) && !seen[name] {
					seen[name] = true
					flags = append(flags, name)
				}
			}
		}
	}
	return flags, keys
}

// lowerWord reports whether s is a non-empty word of a–z.
func lowerWord(s string) bool {
	for _, r := range s {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return s != ""
}

// combatantNames lists every combatant's name, for completion.
func (m *Model) combatantNames() []string {
	out := make([]string, 0, len(m.t.E.Combatants))
	for _, c := range m.t.E.Combatants {
		out = append(out, c.Name)
	}
	return out
}

func nameOf(c *model.Combatant) string {
	if c == nil {
		return ""
	}
	return c.Name
}

// optionFields turns a verb's usage options into fields: toggles under
// "options", short boxes under "values".
func (m *Model) optionFields(usage string) []formField {
	flags, keys := verbOptions(usage)
	var fs []formField
	for _, fl := range flags {
		fs = append(fs, flagField("options", fl))
	}
	for _, k := range keys {
		fs = append(fs, keyField(m.st, "values", k.Name, k.Name, k.Value))
	}
	return fs
}

// attackPair picks who attacks whom: whoever's turn it is (else the
// selected combatant) attacks the selected combatant if that is someone
// else, else the next foe in the order (see below).
func (m *Model) attackPair() (atk, tgt *model.Combatant) {
	e := m.t.E
	sel := m.selected()
	if atk = e.ByID(e.Current); atk == nil {
		atk = sel
	}
	switch {
	case atk == nil:
		return nil, nil
	case sel != nil && sel.ID != atk.ID:
		return atk, sel
	}
	// Prefer the next foe (another side) able to fight, then anyone
	// still alive, so the form rarely needs the target retyped.
	n := len(e.Order)
	i := e.OrderIndex(atk.ID)
	var alive *model.Combatant
	for k := 1; k <= n; k++ {
		c := e.ByID(e.Order[((i+k)%n+n)%n])
		if c == nil || c.ID == atk.ID || c.Status == model.Dead {
			continue
		}
		if c.Side != atk.Side && c.Status.CanAct() {
			return atk, c
		}
		if alive == nil {
			alive = c
		}
	}
	return atk, alive
}

// attackForm builds the form of the system's attack verb.
func (m *Model) attackForm() form {
	v, _ := m.t.Verb("attack")
	atk, tgt := m.attackPair()
	names := m.combatantNames()
	fs := []formField{
		nameField(m.st, "attacker", nameOf(atk), names),
		nameField(m.st, "target", nameOf(tgt), names),
	}
	return newForm(m.st, "Attack", "attack", append(fs, m.optionFields(v.Usage)...))
}

// damageForm builds the form of the system's damage verb for the
// selected combatant.
func (m *Model) damageForm() form {
	v, _ := m.t.Verb("damage")
	fs := []formField{
		nameField(m.st, "target", nameOf(m.selected()), m.combatantNames()),
		wordField(m.st, "amount", "", "N"),
	}
	return newForm(m.st, "Damage", "damage", append(fs, m.optionFields(v.Usage)...))
}

// addForm builds the form of the add verb, with the system's sheet keys
// as a hint for the free sheet field.
func (m *Model) addForm() form {
	var sides []string
	seen := map[string]bool{}
	for _, c := range m.t.E.Combatants {
		if c.Side != "" && !seen[c.Side] {
			seen[c.Side] = true
			sides = append(sides, c.Side)
		}
	}
	side := keyField(m.st, "", "side", "side", "optional")
	side.pool = sides
	hint := ""
	if keys := m.t.Sys.NewSheet().Keys(); len(keys) > 0 {
		hint = "keys: " + strings.Join(keys, " ")
	}
	return newForm(m.st, "Add a combatant", "add", []formField{
		wordField(m.st, "name", "", "a new name"),
		side,
		keyField(m.st, "", "init", "init", "roll, a number, or empty"),
		rawField(m.st, "sheet", "key=value …", hint),
	})
}

// openForm shows a form in place of the sheet (or of the one pane of a
// narrow screen); from now on it gets every key.
func (m *Model) openForm(f form) tea.Cmd {
	m.showHelp = false
	m.mode = modeForm
	m.form = f
	m.relayout()
	return m.form.focusCmd()
}

// closeForm goes back to the main screen.
func (m *Model) closeForm() {
	m.form.blur()
	m.mode = modeNormal
}

// formRect is where the form goes: the sheet's place, or the whole body
// when the panes take turns on a narrow screen.
func (m *Model) formRect() rect {
	if m.scr.Arr == single {
		return m.scr.Body
	}
	return m.scr.Sheet
}

// updateForm handles a key while a form is open: enter applies, esc
// cancels, ctrl+l moves the line to the command line for editing, and
// everything else goes to the form.
func (m *Model) updateForm(msg tea.KeyMsg) tea.Cmd {
	k := &m.form.keys
	switch {
	case key.Matches(msg, k.Cancel):
		m.closeForm()
		return nil
	case key.Matches(msg, k.Submit):
		return m.submitForm()
	case key.Matches(msg, k.AsLine):
		line := m.form.command()
		m.closeForm()
		return m.openLine(line + " ")
	}
	var cmd tea.Cmd
	m.form, cmd = m.form.Update(msg)
	return cmd
}

// submitForm applies the form's line. On success the form closes; when
// the roll waits for a physical die, the face prompt takes over with the
// same line; on an error the form stays open with the error and its
// values, and nothing has changed.
func (m *Model) submitForm() tea.Cmd {
	if cmd, err := m.form.check(); err != nil {
		m.form.err = err
		return cmd
	}
	line := m.form.command()
	m.line.remember(line) // ↑ at `:` brings it back for editing
	m.closeForm()
	cmd, err := m.run(line)
	if err != nil {
		m.mode = modeForm
		m.form.err = err
		return m.form.focusCmd()
	}
	return cmd
}
