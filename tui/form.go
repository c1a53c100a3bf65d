package tui

import (
	"errors"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"fray/rules"
)

// A form is a titled list of labelled fields whose only product is a
// command line: the root applies form.command() through the tracker like
// anything typed at `:`, so undo, the log and autosave see no difference.
// The form moves between fields, edits them, completes names and shows
// the line it will run; applying and cancelling belong to the root, which
// is the only part that calls the tracker.

// fieldKind says how a field is edited.
type fieldKind int

const (
	textField   fieldKind = iota // typed text
	choiceField                  // one of a fixed set, cycled with space or ←/→
)

// argKind says how a field's value goes into the command line.
type argKind int

const (
	argWord argKind = iota // a positional word, quoted as needed; required
	argKey                 // key=value, left out when empty
	argFlag                // the field's key as a plain word when the choice is "yes"
	argRaw                 // the text as typed (already command words), left out when empty
)

// yesNo are the choices of a toggle.
var yesNo = []string{"no", "yes"}

// formField is one labelled entry of a form.
type formField struct {
	label    string
	group    string // fields of one group share rows after the group's name
	kind     fieldKind
	arg      argKind
	key      string // the option's name (argKey) or word (argFlag)
	in       textinput.Model
	choices  []string
	pick     int
	pool     []string // what tab completes the text from
	required bool
	hint     string // a line under the field
	about    string // what the option does, shown while the field has the focus
}

// value is the field's text or chosen value, trimmed.
func (f *formField) value() string {
	if f.kind == choiceField {
		return f.choices[f.pick]
	}
	return strings.TrimSpace(f.in.Value())
}

// toggle reports whether the field is a yes/no choice.
func (f *formField) toggle() bool {
	return f.kind == choiceField && slices.Equal(f.choices, yesNo)
}

func newInput(st *Styles, value, placeholder string) textinput.Model {
	in := textinput.New()
	in.Prompt = ""
	in.Placeholder = placeholder
	in.PlaceholderStyle = st.Hint.Style
	in.CharLimit = 300
	// Tab, up and down move between fields here.
	in.KeyMap.AcceptSuggestion.SetEnabled(false)
	in.KeyMap.NextSuggestion.SetEnabled(false)
	in.KeyMap.PrevSuggestion.SetEnabled(false)
	in.SetValue(value)
	in.CursorEnd()
	return in
}

// nameField is a positional combatant name, completed with tab from pool.
func nameField(st *Styles, label, value string, pool []string) formField {
	return formField{label: label, arg: argWord, required: true, pool: pool,
		in: newInput(st, value, "a name")}
}

// wordField is a positional word that must be filled in.
func wordField(st *Styles, label, value, placeholder string) formField {
	return formField{label: label, arg: argWord, required: true, in: newInput(st, value, placeholder)}
}

// keyField is an optional key=value; in a group it is a short box.
func keyField(st *Styles, group, key, label, placeholder string) formField {
	return formField{label: label, group: group, arg: argKey, key: key, in: newInput(st, "", placeholder)}
}

// flagField is a yes/no toggle that adds word to the command when yes.
func flagField(group, word string) formField {
	return formField{label: word, group: group, kind: choiceField, arg: argFlag, key: word, choices: yesNo}
}

// rawField is free text passed on as command words.
func rawField(st *Styles, label, placeholder, hint string) formField {
	return formField{label: label, arg: argRaw, hint: hint, in: newInput(st, "", placeholder)}
}

// form is an open form. It is a value like the panes; Update returns the
// changed copy.
type form struct {
	st     *Styles
	keys   formKeys
	title  string
	verb   string
	fields []formField
	focus  int
	err    error // the last failed apply, shown until the line changes
	force  bool  // the line being applied goes with force (ctrl+f)

	// quote writes a field's value as a command word (Model.quote, so
	// that a name cannot run on into a longer one); nil is rules.Quote.
	quote func(string) string

	comps   []string // completion candidates being cycled
	matches []string // the names a completion went as far as, shown until the next key
	compIdx int

	// submit, when set, is what enter does instead of running the
	// command line (a form that makes a file rather than a command).
	submit func(f *form) (tea.Cmd, error)
	// build, when set, writes the command line instead of the fields in
	// order (a form whose words go in another order, or another verb).
	build func(f *form) string
	// left, when set, is told of each field the focus leaves (the attack
	// form offers a new attacker's foe as the target).
	left func(f *form, field int)

	w, h int
}

// newForm builds a form whose command starts with verb. The focus starts
// on the first required field left empty, else on the first field.
func newForm(st *Styles, title, verb string, fields []formField) form {
	f := form{st: st, keys: defaultFormKeys(), title: title, verb: verb, fields: fields}
	for i := range f.fields {
		if fl := &f.fields[i]; fl.required && fl.value() == "" {
			f.focus = i
			break
		}
	}
	f.updateKeys()
	return f
}

// typing reports whether the focused field is a text input.
func (f *form) typing() bool { return len(f.fields) > 0 && f.cur().kind == textField }

// cur returns the focused field.
func (f *form) cur() *formField { return &f.fields[f.focus] }

// focusCmd focuses the input of the focused field (its cursor blinks).
func (f *form) focusCmd() tea.Cmd {
	if fl := f.cur(); fl.kind == textField {
		fl.in.CursorEnd()
		return fl.in.Focus()
	}
	return nil
}

// blur blurs the focused input.
func (f *form) blur() { f.cur().in.Blur() }

// quoteWord writes a value as one command word (Model.quote).
func (f *form) quoteWord(v string) string {
	if f.quote == nil {
		return rules.Quote(v)
	}
	return f.quote(v)
}

// command builds the line the form runs.
func (f *form) command() string {
	if f.build != nil {
		return f.build(f)
	}
	quote := f.quoteWord
	parts := []string{f.verb}
	for i := range f.fields {
		fl := &f.fields[i]
		v := fl.value()
		switch fl.arg {
		case argWord:
			if v != "" {
				parts = append(parts, quote(v))
			}
		case argKey:
			if v != "" {
				parts = append(parts, fl.key+"="+quote(v))
			}
		case argFlag:
			if v == "yes" {
				parts = append(parts, fl.key)
			}
		case argRaw:
			if v != "" {
				parts = append(parts, v)
			}
		}
	}
	return strings.Join(parts, " ")
}

// valueOf returns the value of the field with this label ("" if none).
func (f *form) valueOf(label string) string {
	for i := range f.fields {
		if f.fields[i].label == label {
			return f.fields[i].value()
		}
	}
	return ""
}

// check finds a required field left empty and moves the focus there.
func (f *form) check() (tea.Cmd, error) {
	for i := range f.fields {
		if fl := &f.fields[i]; fl.required && fl.value() == "" {
			return f.moveTo(i), errors.New("fill in " + fl.label)
		}
	}
	return nil, nil
}

// Update handles a key (or the cursor's blink) for the focused field.
func (f form) Update(msg tea.Msg) (form, tea.Cmd) {
	f.fields = slices.Clone(f.fields) // the copy the caller keeps is untouched
	fl := f.cur()
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		var cmd tea.Cmd
		if fl.kind == textField {
			fl.in, cmd = fl.in.Update(msg)
		}
		return f, cmd
	}
	before := f.command()
	if km.Type != tea.KeyTab && km.Type != tea.KeyShiftTab {
		f.comps = nil
	}
	f.matches = nil
	var cmd tea.Cmd
	switch {
	case km.Type == tea.KeyTab && f.complete(1) == completedSome:
		// several candidates: stay to cycle through them
	case km.Type == tea.KeyShiftTab && len(f.comps) > 0 && f.complete(-1) == completedSome:
	case key.Matches(km, f.keys.Next):
		cmd = f.moveTo(f.focus + 1)
	case key.Matches(km, f.keys.Prev):
		cmd = f.moveTo(f.focus - 1)
	case fl.kind == choiceField:
		if key.Matches(km, f.keys.Toggle) {
			d := 1
			if km.Type == tea.KeyLeft {
				d = -1
			}
			n := len(fl.choices)
			fl.pick = (fl.pick + d + n) % n
		}
	default:
		fl.in, cmd = fl.in.Update(km)
	}
	if f.command() != before {
		f.err = nil
	}
	return f, cmd
}

// moveTo focuses field i, wrapping around the ends.
func (f *form) moveTo(i int) tea.Cmd {
	f.cur().in.Blur()
	f.comps = nil
	if f.left != nil {
		f.left(f, f.focus)
	}
	n := len(f.fields)
	f.focus = ((i % n) + n) % n
	f.updateKeys()
	return f.focusCmd()
}

// updateKeys enables the toggle key on choice fields only and names what
// tab does in a field that completes.
func (f *form) updateKeys() {
	fl := f.cur()
	f.keys.Toggle.SetEnabled(fl.kind == choiceField)
	if len(fl.pool) > 0 {
		f.keys.Next.SetHelp("tab/↓", "complete, next field")
	} else {
		f.keys.Next.SetHelp("tab/↓", "next field")
	}
}

// completion is what a tab press did to the focused field.
type completion int

const (
	completedNone completion = iota // nothing to complete: tab moves on
	completedOne                    // the one match was filled in: tab moves on too
	completedSome                   // several matches: filled as far as they agree, or cycled
)

// complete fills in the focused field from its pool, as the command line
// does: one match completes it, several go as far as they agree, then
// further presses cycle through them (dir +1 or −1). It says completedNone
// when there is nothing to complete (no pool, an empty field, a full name
// already, no match) and completedOne when the only match was filled in;
// either way tab then moves on to the next field.
func (f *form) complete(dir int) completion {
	fl := f.cur()
	if len(f.comps) > 0 {
		f.compIdx = (f.compIdx + dir + len(f.comps)) % len(f.comps)
		fl.in.SetValue(f.comps[f.compIdx])
		fl.in.CursorEnd()
		return completedSome
	}
	v := strings.ToLower(fl.value())
	if len(fl.pool) == 0 || v == "" {
		return completedNone
	}
	var cands []string
	for _, p := range fl.pool {
		if strings.ToLower(p) == v {
			return completedNone
		}
		if strings.HasPrefix(strings.ToLower(p), v) {
			cands = append(cands, p)
		}
	}
	done := completedSome
	switch len(cands) {
	case 0:
		return completedNone
	case 1:
		fl.in.SetValue(cands[0])
		done = completedOne
	default:
		if common := commonPrefix(cands); len(common) > len(v) {
			// Filled in as far as they agree: say which there are, or
			// "Goblin" would hide "Goblin archer".
			fl.in.SetValue(common)
			f.matches = cands
		} else {
			f.comps, f.compIdx = cands, 0
			fl.in.SetValue(cands[0])
		}
	}
	fl.in.CursorEnd()
	return done
}

// SetSize sets the outer size of the form, border included, and fits the
// text inputs to their boxes.
func (f *form) SetSize(w, h int) {
	f.w, f.h = w, h
	iw, _ := inner(w, h)
	lw := f.labelWidth()
	for i := range f.fields {
		fl := &f.fields[i]
		bw := f.groupBoxOf(fl.group, iw, lw)
		if fl.group == "" {
			bw = rowBox(iw, lw)
		}
		fl.in.Width = max(1, bw-3) // the brackets and the cursor's cell
	}
}

// groupBoxOf is the width of the boxes of group g in a form iw wide
// inside, labels lw wide: wide enough for the longest placeholder of its
// text fields ("LOCATION" rather than "LOCA…"), up to maxGroupBox, as
// long as the group's grid keeps as many cells a line as with groupBox
// (or all of them).
func (f *form) groupBoxOf(g string, iw, lw int) int {
	want, glw, other, n := groupBox, 0, 0, 0
	for i := range f.fields {
		fl := &f.fields[i]
		if fl.group == g {
			n++
		}
		switch {
		case fl.group != g:
		case fl.kind == textField:
			want = max(want, width(fl.in.Placeholder)+3)
			glw = max(glw, width(fl.label))
		default:
			other = max(other, 4+width(fl.label)) // "[ ] label"
		}
	}
	// Columns past the group's cells do not count: a group of one grows
	// its box as far as the line allows.
	per := func(bw int) int { return min(n, max(1, (iw-lw-2)/(max(1+glw+1+bw, other)+2))) }
	bw := groupBox
	for w := min(want, maxGroupBox); w > groupBox; w-- {
		if per(w) == per(groupBox) {
			bw = w
			break
		}
	}
	return bw
}
