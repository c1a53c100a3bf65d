package player

import "github.com/charmbracelet/bubbles/key"

// keyMap is every key of the player view. None of them changes the
// fight: they scroll, follow the turn, and leave.
type keyMap struct {
	Down, Up         key.Binding
	PageDown, PageUp key.Binding
	Top, Bottom      key.Binding
	Follow           key.Binding
	Quit             key.Binding
}

func defaultKeyMap() keyMap {
	b := func(help, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return keyMap{
		Down:     b("j/↓", "scroll down", "j", "down"),
		Up:       b("k/↑", "scroll up", "k", "up"),
		PageDown: b("pgdn/space", "page down", "pgdown", " ", "ctrl+d"),
		PageUp:   b("pgup", "page up", "pgup", "ctrl+u"),
		Top:      b("g/home", "top", "g", "home"),
		Bottom:   b("G/end", "bottom", "G", "end"),
		Follow:   b("f", "follow the turn", "f", "."),
		Quit:     b("q", "leave", "q", "ctrl+c", "esc"),
	}
}

// help lists the keys as the help line shows them, most needed first;
// pairs that go together share an entry.
func (k keyMap) help() []string {
	pair := func(a, b key.Binding, desc string) string { return a.Help().Key + " " + b.Help().Key + " " + desc }
	one := func(a key.Binding) string { return a.Help().Key + " " + a.Help().Desc }
	return []string{pair(k.Down, k.Up, "scroll"), one(k.Quit), one(k.Follow),
		pair(k.PageDown, k.PageUp, "page"), pair(k.Top, k.Bottom, "top/bottom")}
}
