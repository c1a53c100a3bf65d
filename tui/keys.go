package tui

import "github.com/charmbracelet/bubbles/key"

// keyMap is every key binding of the main screen, declared once. The help
// bar and the full help are generated from it; a binding that cannot apply
// right now is disabled (SetEnabled) so it neither matches nor shows.
type keyMap struct {
	Next, Prev          key.Binding
	Down, Up            key.Binding
	Attack, Damage      key.Binding
	Fatigue, Init       key.Binding
	Delay, Act          key.Binding
	Cond, Add           key.Binding
	Undo, Redo          key.Binding
	Command             key.Binding
	FocusNext, FocusPrv key.Binding
	Top, Bottom         key.Binding
	PageUp, PageDown    key.Binding
	Physical            key.Binding
	Help                key.Binding
	Quit, ForceQuit     key.Binding
}

// defaultKeyMap returns the bindings with every key enabled.
func defaultKeyMap() keyMap {
	b := func(help, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return keyMap{
		Next:      b("n", "next turn", "n"),
		Prev:      b("p", "prev turn", "p"),
		Down:      b("j/↓", "select down", "j", "down"),
		Up:        b("k/↑", "select up", "k", "up"),
		Attack:    b("a", "attack form", "a"),
		Damage:    b("d", "damage form", "d"),
		Fatigue:   b("f", "fatigue", "f"),
		Init:      b("i", "initiative", "i"),
		Delay:     b("D", "delay", "D"),
		Act:       b("A", "act now", "A"),
		Cond:      b("c", "condition", "c"),
		Add:       b("+", "add form", "+"),
		Undo:      b("u", "undo", "u"),
		Redo:      b("ctrl+r", "redo", "ctrl+r"),
		Command:   b(":", "command", ":"),
		FocusNext: b("tab", "next pane", "tab"),
		FocusPrv:  b("⇧tab", "prev pane", "shift+tab"),
		Top:       b("g/home", "top", "g", "home"),
		Bottom:    b("G/end", "bottom", "G", "end"),
		PageUp:    b("pgup", "page up", "pgup"),
		PageDown:  b("pgdn", "page down", "pgdown"),
		Physical:  b("R", "physical dice", "R"),
		Help:      b("?", "help", "?"),
		Quit:      b("q", "quit", "q"),
		ForceQuit: b("ctrl+c", "quit, even typing", "ctrl+c"),
	}
}

// ShortHelp lists the bindings of the one-line help bar, most used first;
// the bar drops what does not fit.
func (k keyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Next, k.Command, k.Attack, k.Damage, k.Undo, k.Help, k.Quit,
		k.Down, k.Up, k.Prev, k.FocusNext, k.Delay, k.Act, k.Fatigue, k.Init, k.Cond, k.Add}
}

// FullHelp lists every binding in columns: turns, actions, the command line
// and history, then moving about.
func (k keyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Next, k.Prev, k.Init, k.Delay, k.Act},
		{k.Attack, k.Damage, k.Fatigue, k.Cond, k.Add},
		{k.Command, k.Undo, k.Redo, k.Physical, k.Help},
		{k.Down, k.Up, k.FocusNext, k.FocusPrv, k.Quit},
		{k.Top, k.Bottom, k.PageUp, k.PageDown, k.ForceQuit},
	}
}

// enabledMask packs the enabled state of every binding into bits, so the
// rendered help can be cached until one of them changes.
func (k keyMap) enabledMask() uint64 {
	var m uint64
	for i, g := range k.FullHelp() {
		for j, b := range g {
			if b.Enabled() {
				m |= 1 << uint(i*8+j)
			}
		}
	}
	return m
}

// formKeys are the keys of an open form. Enter, esc and ctrl+l are
// handled by the root (they apply, cancel or hand the line over); the
// others move through the fields and edit them inside the form.
type formKeys struct {
	Next, Prev     key.Binding
	Toggle         key.Binding
	Submit, Cancel key.Binding
	AsLine         key.Binding
}

func defaultFormKeys() formKeys {
	b := func(help, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return formKeys{
		Next:   b("tab/↓", "next field", "tab", "down"),
		Prev:   b("⇧tab/↑", "prev field", "shift+tab", "up"),
		Toggle: b("space/←→", "change", " ", "left", "right"),
		Submit: b("enter", "apply", "enter"),
		Cancel: b("esc", "cancel", "esc"),
		AsLine: b("ctrl+l", "edit as a command line", "ctrl+l"),
	}
}

// ShortHelp lists the form's keys for the help bar, most used first.
func (k formKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Submit, k.Cancel, k.Next, k.Prev, k.Toggle, k.AsLine}
}

// FullHelp lists the form's keys in one column.
func (k formKeys) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

// ShortHelp implements help.KeyMap for the root: the key map's bindings,
// enabled or not as the state allows.
func (m Model) ShortHelp() []key.Binding { return m.keys.ShortHelp() }

// FullHelp implements help.KeyMap for the root.
func (m Model) FullHelp() [][]key.Binding { return m.keys.FullHelp() }
