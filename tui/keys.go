package tui

import (
	"github.com/charmbracelet/bubbles/key"

	"fray/model"
	"fray/rules"
)

// keyMap is every key binding of the main screen, declared once. The help
// bar and the help screen are generated from it; a binding that cannot
// apply right now is disabled (SetEnabled) so it does not match, and
// keyRules says why, for the help screen and for the status line when
// the GM presses it anyway.
type keyMap struct {
	Next, Prev          key.Binding
	Down, Up            key.Binding
	Attack, Damage      key.Binding
	Fatigue, Init       key.Binding
	Delay, Act          key.Binding
	Cond, Add           key.Binding
	Undo, Redo          key.Binding
	Command, Find       key.Binding
	Force               key.Binding
	FocusNext, FocusPrv key.Binding
	Top, Bottom         key.Binding
	PageUp, PageDown    key.Binding
	Physical            key.Binding
	Options, Fold       key.Binding
	Mark, Unmark        key.Binding
	Heal, Fights        key.Binding
	End, Report         key.Binding
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

// binding is a key binding, made in a call of its own: key.NewBinding
// and its options, inlined at each of defaultKeyMap's forty bindings,
// were 13.6 KB of code and 15 KB of stack maps (docs/performance.md,
// "Peak memory").
func binding(help, desc string, keys ...string) key.Binding {
	var kb key.Binding
	kb.SetKeys(keys...)
	kb.SetHelp(help, desc)
	return kb
}

// defaultKeyMap returns the bindings with every key enabled. The
// descriptions are short: the help bar shows them one after another.
func defaultKeyMap() keyMap {
	b := binding
	return keyMap{
		Next:      b("n", "next", "n"),
		Prev:      b("p", "previous turn", "p"),
		Down:      b("j/↓", "select down", "j", "down"),
		Up:        b("k/↑", "select up", "k", "up"),
		Attack:    b("a", "attack", "a"),
		Damage:    b("d", "damage", "d"),
		Fatigue:   b("f", "fatigue", "f"),
		Init:      b("i", "initiative", "i"),
		Delay:     b("D", "delay", "D"),
		Act:       b("A", "act now", "A"),
		Cond:      b("c", "condition", "c"),
		Add:       b("+", "add", "+"),
		Undo:      b("u", "undo", "u"),
		Redo:      b("ctrl+r", "redo", "ctrl+r"),
		Command:   b(":", "command", ":"),
		Force:     b("ctrl+f", "force the refused command", "ctrl+f"),
		Find:      b("/", "find a name", "/"),
		FocusNext: b("tab", "next pane", "tab"),
		FocusPrv:  b("⇧tab", "prev pane", "shift+tab"),
		Top:       b("g/home", "top", "g", "home"),
		Bottom:    b("G/end", "bottom", "G", "end"),
		PageUp:    b("pgup", "page up", "pgup"),
		PageDown:  b("pgdn", "page down", "pgdown"),
		Physical:  b("R", "physical dice", "R"),
		Options:   b("o", "options", "o"),
		Fold:      b("z/space", "open/fold group", "z", " "),
		Mark:      b("x", "mark", "x"),
		Unmark:    b("esc", "clear marks", "esc"),
		Heal:      b("h", "heal", "h"),
		Fights:    b("L", "fights", "L"),
		End:       b("E", "end fight", "E"),
		Report:    b("X", "write report", "X"),
		Help:      b("?", "help", "?"),
		Quit:      b("q", "quit", "q"),
		ForceQuit: b("ctrl+c", "quit, even typing", "ctrl+c"),
	}
}

// everyFight are the keys every fight uses, which start the help bar
// whatever the system adds, shown even while off (dimmed).
func (k keyMap) everyFight() []key.Binding {
	return []key.Binding{k.Next, k.Attack, k.Damage, k.Undo, k.Help, k.Quit}
}

// ShortHelp lists the bindings of the one-line help bar in order: the
// keys every fight uses, then the system's own (what its turns are run
// with), then the rest, most used first. The bar shows as many whole
// entries as fit (helpview.go).
func (k keyMap) ShortHelp() []key.Binding {
	out := append(append(k.everyFight(), k.Force), k.System...)
	return append(out, k.Command, k.Down, k.Up, k.Prev, k.Mark, k.Unmark, k.Find, k.FocusNext, k.Options,
		k.Delay, k.Act, k.Fatigue, k.Init, k.Cond, k.Heal, k.Add, k.Fights, k.Redo, k.Fold, k.End, k.Report)
}

// FullHelp lists every binding in columns: turns, the system's own keys
// under its name, actions, the command line and history, then moving
// about and scrolling.
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
		{k.Attack, k.Damage, k.Fatigue, k.Cond, k.Heal, k.Add},
		{k.Command, k.Force, k.Undo, k.Redo, k.Physical, k.Options, k.Fights, k.Help},
		{k.End, k.Report},
		{k.Down, k.Up, k.Mark, k.Unmark, k.Find, k.FocusNext, k.FocusPrv, k.Quit, k.ForceQuit},
		{k.Top, k.Bottom, k.PageUp, k.PageDown, k.Fold},
	}
}

// keyRule is when one key of the main screen can act: on, or off with
// the reason, in a few words a GM can act on.
type keyRule struct {
	b   *key.Binding
	on  bool
	why string
}

// keyRules says, for every key that is not always on, whether it can act
// now and why not. updateKeys switches the keys by it; the help screen
// and a press of a key that is off show the reason. The list is the
// model's, written again by the next call: read it, keep nothing of it.
func (m *Model) keyRules() []keyRule {
	k := &m.keys
	e := m.t.E
	sel := m.selected()
	none := "nobody in the fight yet: + adds someone"
	pick := "select a combatant first: j/k"
	some := len(e.Combatants) > 0
	if !some {
		pick = none // nobody to select
	}
	target := sel != nil || len(m.marks) > 0 // whom d, c, h and f act on
	r := func(b *key.Binding, on bool, why string) keyRule { return keyRule{b: b, on: on, why: why} }
	out := m.ruleBuf[:0]
	out = append(out,
		r(&k.Next, some, none),
		m.prevRule(),
		r(&k.Down, len(e.Combatants) > 1, "fewer than two combatants"),
		r(&k.Up, len(e.Combatants) > 1, "fewer than two combatants"),
		r(&k.Attack, m.hasAttack && some, m.lacks(m.hasAttack, "an attack command", none)),
		r(&k.Damage, m.hasDmg && target, m.lacks(m.hasDmg, "a damage command", pick)),
		r(&k.Fatigue, m.hasFatigue && target, m.lacks(m.hasFatigue, "fatigue", pick)),
		r(&k.Heal, m.hasHeal && target, m.lacks(m.hasHeal, "heal command", pick)),
		r(&k.Mark, sel != nil, pick),
		r(&k.Unmark, len(m.marks) > 0, "nothing marked: x marks the selected row"),
		r(&k.Fights, m.opt.Fights != nil, "this screen was opened without the data folder"),
		r(&k.Init, sel != nil && !rules.IsUnused(m.t.Sys, "init"), m.lacks(!rules.IsUnused(m.t.Sys, "init"), "initiative scores", pick)),
		r(&k.Cond, target, pick),
		m.delayRule(sel),
		m.actRule(sel),
		r(&k.Undo, m.t.CanUndo(), "nothing to undo since fray opened the file"),
		r(&k.Redo, m.t.CanRedo(), "nothing undone to redo"),
		r(&k.Force, m.refused != "", "nothing refused just now"),
		r(&k.Options, len(m.opts.opts) > 0, m.lacks(len(m.opts.opts) > 0, "options", "")),
		r(&k.Fold, m.order.selectedGroup() != "", "the selected combatant fights in no group"),
		r(&k.Find, some, none),
		r(&k.End, e.Round > 0, "the fight has not started: n starts it"),
		r(&k.Report, m.opt.Report != nil, "this fight is kept in no file: fray report FILE writes one"),
	)
	cur := e.ByID(e.Current)
	for i := range k.System {
		s := k.Lines[i]
		switch {
		case s.NeedsSelected() && sel == nil:
			out = append(out, r(&k.System[i], false, pick))
		case s.NeedsCurrent() && cur == nil:
			out = append(out, r(&k.System[i], false, "it is nobody's turn yet: n starts the fight"))
		case s.Off != nil:
			why := s.Off(e, sel, cur)
			out = append(out, r(&k.System[i], why == "", why))
		default:
			out = append(out, r(&k.System[i], true, ""))
		}
	}
	m.ruleBuf = out
	return out
}

// lacks is the reason a key is off: the system has no such thing, or
// else the situation (why).
func (m *Model) lacks(has bool, what, why string) string {
	if !has {
		return m.sysSays("has no " + what)
	}
	return why
}

// sysSays is the system's name and then rest, made once: the keys' rules
// are asked on every change.
func (m *Model) sysSays(rest string) string {
	if s, ok := m.said[rest]; ok {
		return s
	}
	if m.said == nil {
		m.said = map[string]string{}
	}
	s := m.t.Sys.Name() + " " + rest
	m.said[rest] = s
	return s
}

func (m *Model) prevRule() keyRule {
	e := m.t.E
	switch {
	case rules.IsUnused(m.t.Sys, "prev"):
		return keyRule{&m.keys.Prev, false, m.sysSays("steps no turn back: u undoes")}
	case len(e.Combatants) == 0:
		return keyRule{&m.keys.Prev, false, "nobody in the fight yet"}
	case e.Round == 0:
		return keyRule{&m.keys.Prev, false, "the fight has not started: n starts it"}
	}
	return keyRule{&m.keys.Prev, true, ""}
}

func (m *Model) delayRule(sel *model.Combatant) keyRule {
	switch {
	case !m.delayer:
		return keyRule{&m.keys.Delay, false, m.sysSays("has no delayed actions")}
	case sel == nil:
		return keyRule{&m.keys.Delay, false, "select a combatant first: j/k"}
	case sel.Delaying:
		return keyRule{&m.keys.Delay, false, sel.Name + " is delaying already: A acts now"}
	case m.t.E.Round == 0:
		return keyRule{&m.keys.Delay, false, "the fight has not started: n starts it"}
	}
	return keyRule{&m.keys.Delay, true, ""}
}

func (m *Model) actRule(sel *model.Combatant) keyRule {
	switch {
	case !m.delayer:
		return keyRule{&m.keys.Act, false, m.sysSays("has no delayed actions")}
	case sel == nil:
		return keyRule{&m.keys.Act, false, "select a delaying combatant first"}
	case !sel.Delaying:
		for _, cb := range m.t.E.Combatants { // the one the GM is looking for
			if cb.Delaying {
				return keyRule{&m.keys.Act, false, sel.Name + " is not delaying; " + cb.Name + " is delaying: select it, then A"}
			}
		}
		return keyRule{&m.keys.Act, false, sel.Name + " is not delaying: D delays"}
	}
	return keyRule{&m.keys.Act, true, ""}
}

// whyOff returns why a key of the main screen does nothing now, or "" if
// it works (or is not one of the keys that go on and off).
func (m *Model) whyOff(b key.Binding) string {
	if len(b.Keys()) == 0 {
		return ""
	}
	for _, r := range m.keyRules() {
		if !r.on && len(r.b.Keys()) > 0 && r.b.Keys()[0] == b.Keys()[0] {
			return r.why
		}
	}
	return ""
}

// formKeys are the keys of an open form. Enter, ctrl+f, esc and ctrl+l
// are handled by the root (they apply, apply with force, cancel or hand
// the line over); the others move through the fields and edit them
// inside the form.
type formKeys struct {
	Next, Prev     key.Binding
	Toggle         key.Binding
	Submit, Cancel key.Binding
	Force          key.Binding
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
		Force:  b("ctrl+f", "apply with force", "ctrl+f"),
		AsLine: b("ctrl+l", "edit as a command line", "ctrl+l"),
	}
}

// ShortHelp lists the form's keys for the help bar, most used first. The
// toggle key (enabled only on a box or a choice) comes before tab: it is
// the one key such a field needs that nothing else on screen tells.
func (k formKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Submit, k.Cancel, k.Toggle, k.Next, k.Prev, k.AsLine, k.Force}
}

// FullHelp lists the form's keys in one column.
func (k formKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Submit, k.Cancel, k.Next, k.Prev, k.Toggle, k.AsLine, k.Force}}
}

// ShortHelp implements help.KeyMap for the root: the key map's bindings,
// enabled or not as the state allows.
func (m *Model) ShortHelp() []key.Binding { return m.keys.ShortHelp() }

// FullHelp implements help.KeyMap for the root.
func (m *Model) FullHelp() [][]key.Binding { return m.keys.FullHelp() }

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
