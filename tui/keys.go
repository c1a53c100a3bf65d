package tui

import (
	"github.com/charmbracelet/bubbles/key"

	"fray/rules"
)

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
	Options, Fold       key.Binding
	Help                key.Binding
	Quit, ForceQuit     key.Binding

	// System holds the rule system's own keys (rules.Shortcuts), built
	// once by New; Lines[i] is what System[i] runs. Title heads their
	// column in the full help. The slices are shared by every copy of
	// the model, which only ever enables or disables their bindings.
	System []key.Binding
	Lines  []rules.Shortcut
	Title  key.Binding
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
		Options:   b("o", "options", "o"),
		Fold:      b("z/space", "open/fold group", "z", " "),
		Help:      b("?", "help", "?"),
		Quit:      b("q", "quit", "q"),
		ForceQuit: b("ctrl+c", "quit, even typing", "ctrl+c"),
	}
}

// ShortHelp lists the bindings of the one-line help bar, most used first;
// the bar drops what does not fit.
// The system's own keys come right after next and the command line: in
// a system that has them they are what a turn is run with.
func (k keyMap) ShortHelp() []key.Binding {
	out := []key.Binding{k.Next, k.Command}
	out = append(out, k.System...)
	return append(out, k.Attack, k.Damage, k.Undo, k.Fold, k.Help, k.Quit,
		k.Down, k.Up, k.Prev, k.FocusNext, k.Options, k.Delay, k.Act, k.Fatigue, k.Init, k.Cond, k.Add)
}

// FullHelp lists every binding in columns: turns, the system's own keys
// under its name, actions, the command line and history, then moving
// about and scrolling. The help screen packs these columns into as many
// rows as its width needs (helpview.go), so no key is ever left out.
func (k keyMap) FullHelp() [][]key.Binding {
	cols := k.globalHelp()
	if len(k.System) == 0 {
		return cols
	}
	sys := append([]key.Binding{k.Title}, k.System...)
	return append([][]key.Binding{cols[0], sys}, cols[1:]...)
}

// globalHelp is the full help of the screen's own keys: every one of
// them, so it is also the list a system's key must not clash with.
func (k keyMap) globalHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Next, k.Prev, k.Init, k.Delay, k.Act},
		{k.Attack, k.Damage, k.Fatigue, k.Cond, k.Add},
		{k.Command, k.Undo, k.Redo, k.Physical, k.Options, k.Help},
		{k.Down, k.Up, k.FocusNext, k.FocusPrv, k.Quit, k.ForceQuit},
		{k.Top, k.Bottom, k.PageUp, k.PageDown, k.Fold},
	}
}

// enabledMask packs the enabled state of every binding into bits, so the
// rendered help can be cached until one of them changes. New keeps the
// bindings under 64 (maxShortcuts).
func (k keyMap) enabledMask() uint64 {
	var m uint64
	n := 0
	for _, g := range k.FullHelp() {
		for _, b := range g {
			if b.Enabled() && n < 64 {
				m |= 1 << uint(n)
			}
			n++
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

// optionKeys are the keys of the options screen.
type optionKeys struct {
	Down, Up     key.Binding
	Change, Back key.Binding
	Close        key.Binding
}

func defaultOptionKeys() optionKeys {
	b := func(help, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return optionKeys{
		Down:   b("j/↓", "next option", "j", "down"),
		Up:     b("k/↑", "prev option", "k", "up"),
		Change: b("enter/space/→", "change", "enter", " ", "right", "l"),
		Back:   b("←", "previous value", "left", "h"),
		Close:  b("esc/o", "close", "esc", "o"),
	}
}

// ShortHelp lists the options screen's keys for the help bar.
func (k optionKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Change, k.Close, k.Down, k.Up, k.Back}
}

// FullHelp lists the options screen's keys in one column.
func (k optionKeys) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }
