// Package tui is fray's terminal screen: the turn order, the selected
// combatant's sheet and the dice log side by side (or one at a time on a
// narrow terminal), a help bar generated from the key map, the `:`
// command line, and forms for adding, attacking and damaging.
//
// Every change goes through rules.Tracker.Apply as a command line: the
// keys, the forms and the prefilled command lines only build commands, so
// the screen, the headless runner and scripts change an encounter in
// exactly the same way. After each applied command the encounter is saved
// through Options.Save, off the event loop. The package is the only one
// that knows about the terminal.
package tui

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/charmbracelet/bubbles/help"
	tea "github.com/charmbracelet/bubbletea"

	"fray/model"
	"fray/rules"
	"fray/rules/dice"
)

// Options configures the screen.
type Options struct {
	// Path is where the encounter is saved, shown in the top bar.
	Path string
	// Save writes the encounter; it is called after every applied command
	// (undo and redo included). Nil means the encounter is not saved.
	Save func(e *model.Encounter) error
	// Physical starts in physical-dice mode: the GM types each face.
	Physical bool
}

// focus is the pane that receives the scroll keys (and, on a narrow
// terminal, the one on screen).
type focus int

const (
	focusOrder focus = iota
	focusSheet
	focusLog
	numFocus
)

// String names the pane as the tab bar shows it.
func (f focus) String() string {
	switch f {
	case focusOrder:
		return "Order"
	case focusSheet:
		return "Sheet"
	case focusLog:
		return "Log"
	}
	return "?"
}

// mode says what the bottom line is doing.
type mode int

const (
	modeNormal  mode = iota
	modeCommand      // the `:` command line is open
	modeFace         // asking for the face of a physical die
	modeForm         // a form (add, attack, damage) is open
	modeOptions      // the options screen is open
)

// Messages.
type (
	// savedMsg reports a finished save of tracker version ver.
	savedMsg struct {
		at  time.Time
		ver int
	}
	// errMsg carries an error to the status line.
	errMsg struct{ err error }
)

// saveError marks an error that came from saving, for the top bar.
type saveError struct {
	err error
	ver int // the version that failed to save
}

func (e *saveError) Error() string { return "save failed: " + e.err.Error() }
func (e *saveError) Unwrap() error { return e.err }

// Model is the root of the screen. It is the only part that calls the
// tracker; panes get what they show and return their own state.
type Model struct {
	t    *rules.Tracker
	opt  Options
	st   *Styles
	keys keyMap
	help help.Model
	now  func() time.Time

	scr       screen
	orderWant int  // the order pane's width at the last layout
	laidForm  bool // the last layout made room for a form
	sized     bool
	focus     focus

	order orderPane
	sheet sheetPane
	log   logPane

	mode     mode
	lineBack mode // where the command line returns: normal or options
	line     cmdLine
	form     form                // the open form, when mode is modeForm
	opts     optionsPane         // the options screen, shown in modeOptions
	pending  string              // the command waiting for a physical face
	need     *dice.NeedFaceError // the face it waits for

	status    string
	statusErr bool
	showHelp  bool
	helpOff   int

	saveNote string // "saved 21:03:12" or the save error
	saveErr  bool
	saver    *saver
	cache    *viewCache

	verbs               []rules.Verb
	hasAttack, hasDmg   bool
	hasFatigue, delayer bool
}

var _ tea.Model = Model{}

// New builds the screen for a tracker.
func New(t *rules.Tracker, opt Options) Model {
	st := newStyles()
	keys := defaultKeyMap()
	note := bindShortcuts(&keys, t.Sys)
	h := help.New()
	h.Styles = st.Help
	m := Model{
		t: t, opt: opt, st: &st, keys: keys, help: h, now: time.Now,
		order: newOrderPane(&st, keys),
		sheet: newSheetPane(&st, keys),
		log:   newLogPane(&st, keys),
		line:  newCmdLine(&st),
		opts:  newOptionsPane(rules.AllOptions(t.Sys)),
		saver: &saver{save: opt.Save, savedVer: t.Version()},
		cache: &viewCache{},
		verbs: t.Verbs(),
	}
	_, m.hasAttack = t.Verb("attack")
	_, m.hasDmg = t.Verb("damage")
	_, m.hasFatigue = t.Verb("fatigue")
	_, m.delayer = t.Sys.(rules.Delayer)
	if opt.Physical {
		t.SetPhysical(true)
	}
	if note != "" {
		m.setErr(errors.New(note))
	}
	m.refresh()
	return m
}

// Run shows the screen until the GM quits. It waits for saves in flight and,
// if the last state is not on disk yet, saves it once more before returning.
func Run(t *rules.Tracker, opt Options) error {
	m := New(t, opt)
	p := tea.NewProgram(m, tea.WithAltScreen(), tea.WithFPS(120))
	_, err := p.Run()
	m.saver.wg.Wait()
	if err != nil {
		return err
	}
	if opt.Save != nil && m.saver.version() != t.Version() {
		if err := opt.Save(t.E); err != nil {
			return fmt.Errorf("saving on exit: %w", err)
		}
	}
	return nil
}

// Init implements tea.Model.
func (m Model) Init() tea.Cmd { return nil }

// saver runs saves off the event loop, one at a time: a command applied
// while a save is running is picked up when that save reports back, so a
// burst of keys costs one snapshot per save, not one per key, and saves
// can never land out of order.
type saver struct {
	save func(*model.Encounter) error
	wg   sync.WaitGroup
	busy bool // a save is running; touched only on the event loop

	mu       sync.Mutex
	savedVer int // newest version written successfully
}

// saveCmd snapshots the encounter (on the event loop, so no command is
// half applied) and returns the command that writes it, unless a save is
// already running.
func (m *Model) saveCmd() tea.Cmd {
	s := m.saver
	if s.save == nil || s.busy {
		return nil
	}
	s.busy = true
	ver := m.t.Version()
	snap := m.t.Snapshot() // frozen; shares the log, which only grows past its end
	now := m.now
	s.wg.Add(1)
	return func() tea.Msg {
		defer s.wg.Done()
		if err := s.save(snap); err != nil {
			return errMsg{&saveError{err: err, ver: ver}}
		}
		s.mu.Lock()
		s.savedVer = ver
		s.mu.Unlock()
		return savedMsg{at: now(), ver: ver}
	}
}

// saveDone records that a save finished and starts the next one if the
// encounter changed meanwhile.
func (m *Model) saveDone(ver int) tea.Cmd {
	m.saver.busy = false
	if m.t.Version() != ver {
		return m.saveCmd()
	}
	return nil
}

// version returns the newest version on disk.
func (s *saver) version() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.savedVer
}
