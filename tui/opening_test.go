package tui

import (
	"errors"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"fray/rules"
)

// TestOpening: the screen that starts while the fight is read keeps the
// terminal's size and the keys typed meanwhile, and hands both to the
// fight's screen once the fight is read, in order, as if it had been
// there from the start (the key is journaled and applied); a fight that
// cannot be read ends the screen at once.
func TestOpening(t *testing.T) {
	tr := newTracker(t, trio...)
	st := &fakeStore{}
	o := &opening{done: make(chan struct{}), open: func() (*rules.Tracker, Options, error) {
		return tr, Options{Path: "f.toml", Store: st}, nil
	}}
	go o.read()
	load := o.Init()
	if v := o.View(); v != "" {
		t.Fatalf("the opening screen draws %q", v)
	}
	for _, msg := range []tea.Msg{tea.WindowSizeMsg{Width: 100, Height: 30}, keyMsg("n")} {
		if n, cmd := o.Update(msg); n != o || cmd != nil {
			t.Fatalf("%T: %v %v", msg, n, cmd)
		}
	}
	ver := tr.Version()
	n, cmd := o.Update(load())
	m, ok := n.(*Model)
	if !ok || cmd == nil {
		t.Fatalf("once read: %T", n)
	}
	if !m.sized || m.scr.W != 100 || m.scr.H != 30 {
		t.Fatalf("the fight's screen has not the terminal's size")
	}
	if tr.Version() != ver+1 || len(st.recorded) != 1 || st.recorded[0].Line != "next" {
		t.Fatalf("the key typed while the fight was read: version %d→%d, recorded %+v", ver, tr.Version(), st.recorded)
	}
	select {
	case <-o.done:
	default:
		t.Fatal("done is not closed")
	}

	bad := errors.New("no such file")
	o = &opening{done: make(chan struct{}), open: func() (*rules.Tracker, Options, error) { return nil, Options{}, bad }}
	go o.read()
	n, cmd = o.Update(o.Init()())
	if n != o || cmd == nil || o.err != bad {
		t.Fatalf("a fight not read: %T, err %v", n, o.err)
	}
	if _, quit := cmd().(tea.QuitMsg); !quit {
		t.Fatal("a fight not read does not end the screen")
	}
}
