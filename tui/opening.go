package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"fray/rules"
	"fray/tui/hangup"
)

// Opening reads the fight the screen is to show, and its options; an
// error says why there is none.
type Opening func() (*rules.Tracker, Options, error)

// OpenError is RunOpening's answer when its Opening failed: the screen
// ended before showing anything but a blank, and Err says why.
type OpenError struct{ Err error }

func (e *OpenError) Error() string { return e.Err.Error() }
func (e *OpenError) Unwrap() error { return e.Err }

// RunOpening is Run for a fight read while the terminal is made ready.
// Bubble Tea's first frame waits for its frame clock (up to 1/120 s after
// it starts) whatever is ready to draw; reading the file first and then
// starting Bubble Tea made a big file's first frame wait for both, one
// after the other. Here open runs beside Bubble Tea's start, and the fight
// shows at the first frame after it returns; keys typed meanwhile are
// kept and handed to the fight's screen in order. If open fails the
// screen ends at once and the error comes back as an *OpenError.
func RunOpening(open Opening, noMouse bool) error {
	o := &opening{open: open, done: make(chan struct{})}
	go o.read() // now: Bubble Tea takes a few milliseconds to get to Init
	popts := []tea.ProgramOption{tea.WithAltScreen(), tea.WithFPS(120)}
	if !noMouse {
		popts = append(popts, tea.WithMouseCellMotion())
	}
	p := tea.NewProgram(o, popts...)
	stop := hangup.Quit(p) // as Run
	final, err := p.Run()
	stop()
	m, shown := final.(*Model)
	if !shown {
		// Quit before the fight was read (the terminal went away): wait
		// for the reading, whose session the caller closes next. Nothing
		// was shown, so nothing is saved.
		<-o.done
		if err == nil && o.err != nil {
			err = &OpenError{o.err}
		}
		return err
	}
	return m.ended(err, o.path)
}

// opening is the screen's model until the fight is read: a blank, which
// keeps the terminal's size and the keys typed for the fight's screen.
type opening struct {
	open Opening
	done chan struct{} // closed once got is what open returned
	got  openedMsg
	err  error  // open's error, once done
	path string // the fight's, as given (Options.Path)

	size *tea.WindowSizeMsg
	keys []tea.Msg
}

// openedMsg brings the fight read by an opening's Init, and its screen.
type openedMsg struct {
	m   *Model
	err error
}

// read runs open, once.
func (o *opening) read() {
	defer close(o.done)
	t, opt, err := o.open()
	var m *Model
	if err == nil {
		m = New(t, opt) // here too, not on the event loop, which waits for it
		o.path = opt.Path
	}
	o.got, o.err = openedMsg{m, err}, err
}

// Init waits for the fight being read.
func (o *opening) Init() tea.Cmd {
	return func() tea.Msg {
		<-o.done
		return o.got
	}
}

func (o *opening) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case openedMsg:
		if msg.err != nil {
			return o, tea.Quit
		}
		return o.show(msg.m)
	case tea.WindowSizeMsg:
		o.size = &msg
	case tea.KeyMsg:
		o.keys = append(o.keys, msg)
	}
	return o, nil
}

// show hands the screen to the fight's model m, with the terminal's size
// and the keys typed so far, as if it had been there from the start.
func (o *opening) show(m *Model) (tea.Model, tea.Cmd) {
	cmds := []tea.Cmd{m.Init()}
	msgs := o.keys
	if o.size != nil {
		msgs = append([]tea.Msg{*o.size}, msgs...)
	}
	for _, msg := range msgs {
		n, cmd := m.Update(msg)
		m = n.(*Model)
		cmds = append(cmds, cmd)
	}
	return m, tea.Batch(cmds...)
}

func (o *opening) View() string { return "" }
