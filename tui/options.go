package tui

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"fray/rules"
)

// The options screen lists the system's per-encounter settings with
// their current values. u and ctrl+r undo and redo here as on the main
// screen. Changing one applies "option KEY VALUE" through
// the tracker like any other key, so undo, the log and autosave see it;
// an option that takes any integer opens the command line with
// "option KEY " instead, and the screen comes back when the line closes.

// optionsPane is the options screen's own state.
type optionsPane struct {
	keys optionKeys
	opts []rules.Option
	sel  int
}

func newOptionsPane(opts []rules.Option) optionsPane {
	return optionsPane{keys: defaultOptionKeys(), opts: opts}
}

// optionValue returns an option's value in the encounter, or its default.
func (m *Model) optionValue(o rules.Option) string {
	if v, ok := m.t.E.Options[o.Key]; ok {
		return v
	}
	return o.Default
}

// openOptions shows the options screen.
func (m *Model) openOptions() {
	m.showHelp = false
	m.mode = modeOptions
	m.relayout()
}

// updateOptions handles a key on the options screen.
func (m *Model) updateOptions(msg tea.KeyMsg) tea.Cmd {
	m.status, m.statusErr = "", false
	p := &m.opts
	k := &p.keys
	n := len(p.opts)
	switch {
	case key.Matches(msg, k.Close):
		m.mode = modeNormal
		m.relayout()
	case key.Matches(msg, m.keys.Undo):
		// The main screen's undo and redo; the screen reads the values
		// afresh on every draw, so it shows the result at once.
		return m.apply("undo")
	case key.Matches(msg, m.keys.Redo):
		return m.apply("redo")
	case n == 0:
	case key.Matches(msg, k.Down):
		p.sel = min(n-1, p.sel+1)
	case key.Matches(msg, k.Up):
		p.sel = max(0, p.sel-1)
	case key.Matches(msg, k.Change):
		return m.changeOption(1)
	case key.Matches(msg, k.Back):
		return m.changeOption(-1)
	}
	return nil
}

// optionsHelp is the options screen's help line: its own keys, then undo
// and redo while they can apply.
func (m *Model) optionsHelp() []key.Binding {
	k := m.opts.keys
	return []key.Binding{k.Change, k.Close, m.keys.Undo, m.keys.Redo, k.Down, k.Up, k.Back}
}

// changeOption steps the selected option to its next (dir 1) or previous
// (dir −1) value, or opens the command line for an integer option.
func (m *Model) changeOption(dir int) tea.Cmd {
	o := m.opts.opts[m.opts.sel]
	if len(o.Values) == 0 {
		cmd := m.openLine("option " + o.Key + " ")
		m.lineBack = modeOptions
		return cmd
	}
	cur := m.optionValue(o)
	i := 0
	for j, v := range o.Values {
		if strings.EqualFold(v, cur) {
			i = j
		}
	}
	n := len(o.Values)
	next := o.Values[((i+dir)%n+n)%n]
	return m.apply("option " + o.Key + " " + rules.Quote(next))
}

// optionsScreen draws the options in the body: one line each (key, value,
// help), then the selected option's help in full when there is room.
func (m *Model) optionsScreen() []string {
	b := m.scr.Body
	p := &m.opts
	iw, ih := inner(b.W, b.H)
	kw, vw := 0, 0
	for _, o := range p.opts {
		kw = max(kw, width(o.Key))
		vw = max(vw, width(m.optionValue(o))+3)
	}
	var list []string
	for i, o := range p.opts {
		mk := " "
		if i == p.sel {
			mk = "›"
		}
		// A value other than the default is starred.
		v := "‹" + m.optionValue(o) + "›"
		if m.optionValue(o) != o.Default {
			v += "*"
		}
		if i == p.sel {
			line := mk + " " + pad(o.Key, kw) + " " + pad(v, vw) + " " + o.Help
			list = append(list, m.st.Selected.Render(fit(line, iw)))
			continue
		}
		list = append(list, fit(m.st.Label.Render(mk+" "+pad(o.Key, kw)+" ")+m.st.Value.Render(pad(v, vw))+" "+m.st.HelpSummary.Render(o.Help), iw))
	}
	if len(p.opts) == 0 {
		list = append(list, m.st.Hint.Render(m.t.Sys.Name()+" has no options"))
	}
	// The selected option's help, wrapped, under the list when it fits.
	var more []string
	if len(p.opts) > 0 && iw > 4 {
		o := p.opts[p.sel]
		hint := "default " + o.Default + " · enter or space: next value"
		if o.Text {
			hint = "default " + o.Default + " · enter: type a value"
		} else if len(o.Values) == 0 {
			hint = "default " + o.Default + " · enter: type a number"
		}
		more = append(more, "")
		for _, l := range strings.Split(ansi.Wrap(o.Help, iw-2, ""), "\n") {
			more = append(more, "  "+m.st.HelpSummary.Render(l))
		}
		more = append(more, "  "+m.st.Hint.Render(hint))
	}
	lines := list
	title, note := "Options of "+m.t.Sys.Name(), "esc closes"
	if len(list)+len(more) <= ih {
		lines = append(lines, more...)
	} else {
		// Keep the selection in sight, and say in the frame's edges
		// when options are out of it, as the forms do.
		off := max(0, min(p.sel-ih+1, len(list)-ih))
		lines = list[off:]
		if off > 0 {
			title += " " + moreAbove
		}
		if off+ih < len(list) {
			note = moreBelow + " · " + note
		}
	}
	ls := frame(m.st.pane(true), title, note, lines, b.W, b.H)
	return joinColumns(b.H, [][]string{ls}, []int{b.W})
}
