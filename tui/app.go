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
	// Store keeps the encounter on disk: each applied command goes to its
	// journal before the screen shows it, and the whole encounter is
	// saved after commands, off the event loop. saves.Session is one.
	Store Store
	// Save, when there is no Store, writes the encounter after every
	// applied command (undo and redo included), with no journal. With
	// neither, the encounter is not saved.
	Save func(e *model.Encounter) error
	// SaveAs writes the encounter to another file, for quitting when the
	// file cannot be saved. Nil leaves that choice out.
	SaveAs func(path string, e *model.Encounter) error
	// Note is shown on the status line at the start (what opening the
	// file brought back from a crash, say).
	Note string
	// Physical starts in physical-dice mode: the GM types each face.
	Physical bool
	// Fights is the library of fights the L screen shows; nil leaves L
	// off.
	Fights Fights
	// NoMouse leaves the mouse to the terminal (its own selection and
	// scrolling); otherwise a click selects a row or a pane and the wheel
	// scrolls.
	NoMouse bool
	// Watchers counts the players watching the fight (fray watch, fray
	// serve), for the top bar; it is called off the event loop every two
	// seconds. Nil shows no count.
	Watchers func() int
	// Report writes the fight's report and returns where (the X key).
	// Nil: X says there is nowhere to write it.
	Report func(e *model.Encounter) (string, error)
	// Reload takes an edit made to the file outside fray (:reload): e,
	// the fight at tracker version ver, is kept in another file, and the
	// file is opened again once the screen has quit. An error (the edited
	// file does not load, or was not edited) changes nothing. Nil leaves
	// :reload out.
	Reload func(e *model.Encounter, ver int) error
	// Overwrite keeps fray's fight over an edit made to the file outside
	// fray (:overwrite): the edited file is kept aside, under the name it
	// returns ("" if the file was not edited), and saves write again.
	// Nil leaves :overwrite out.
	Overwrite func() (string, error)
	// Started is called once the first frame is drawn, off the event
	// loop. Nil: nothing.
	Started func()
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
	modeQuit         // quitting with the file not saved: retry, save as, quit
	modeSaveAs       // the bottom line asks for another file to save to
	modeFights       // the library of fights (L) is open
)

// Messages.
type (
	// savedMsg reports a finished save of tracker version ver.
	savedMsg struct {
		at  time.Time
		ver int
	}
	// syncedMsg reports that the journal is flushed up to version ver.
	syncedMsg struct {
		at  time.Time
		ver int
	}
	// savedAsMsg reports the end of a save to another file.
	savedAsMsg struct {
		path string
		err  error
	}
	// errMsg carries an error to the status line.
	errMsg struct{ err error }
)

// saveError marks an error that came from saving, for the top bar.
type saveError struct {
	err     error
	ver     int  // the version that failed to save
	journal bool // the journal's flush failed, not the file's save
}

func (e *saveError) Error() string {
	if e.journal {
		return "journal failed: " + e.err.Error()
	}
	return "save failed: " + e.err.Error()
}
func (e *saveError) Unwrap() error { return e.err }

// Model is the root of the screen. It is the only part that calls the
// tracker; panes get what they show and return their own state.
//
// *Model is the tea.Model: Update changes it in place and returns the same
// pointer. A value model of this size (some 14 KB of panes, forms and
// caches) was copied on every message, twice per key with View, which
// alone cost more than a next turn's own work.
type Model struct {
	t    *rules.Tracker
	opt  Options
	st   *Styles
	keys keyMap
	help help.Model
	now  func() time.Time

	scr       screen
	orderSize orderSize // what the order pane asked for at the last layout
	laidForm  bool      // the last layout made room for a form
	sized     bool
	readAgain error // the store's log must be read again (logChecker): quit, saving nothing
	focus     focus

	order orderPane
	sheet sheetPane
	log   logPane

	mode     mode
	lineBack mode // where the command line returns: normal or options
	line     cmdLine
	form     form                // the open form, when mode is modeForm
	opts     optionsPane         // the options screen, shown in modeOptions
	fights   fightsPane          // the library of fights, shown in modeFights
	pending  string              // the command waiting for a physical face
	need     *dice.NeedFaceError // the face it waits for

	status    string
	statusErr bool
	refused   string // the line the rules just refused, for ctrl+f to force; cleared by the next key
	showHelp  bool
	helpOff   int
	hc        *helpCache // the help screen's lines, shared by copies

	finding  bool // the bottom line finds a name (/), in modeCommand
	findFrom int  // the selection before /, restored by esc

	saveNote string // "saved 21:03:12", "saving…" or the save error
	saveErr  bool
	saver    *saver
	quitting bool // q was pressed: quit once the file is saved
	cache    *viewCache

	keyMask uint64            // which keys updateKeys left on, one bit per keyRules entry (the others never go off)
	ruleBuf []keyRule         // keyRules' list, lent to each caller in turn: every refresh asks it
	said    map[string]string // sysSays

	verbs               []rules.Verb
	hasAttack, hasDmg   bool
	hasFatigue, delayer bool
	hasHeal             bool

	lastSide   string       // the side typed in the add form last, offered again
	marks      map[int]bool // marked combatants (x); replaced, never changed in place
	usingMarks bool         // the open line or form was built from the marks

	ticks       int  // seconds ticked (fight.go)
	watchers    int  // players watching, as last counted
	showSummary bool // the fight's summary is in the body (E)
	sawEnded    bool // the fight had ended at the last refresh
	sumOff      int  // the summary's first row shown
}

var _ tea.Model = (*Model)(nil)

// New builds the screen for a tracker.
func New(t *rules.Tracker, opt Options) *Model {
	opt.Path = rules.Printable(opt.Path) // shown in the top bar
	st := newStyles()
	keys := defaultKeyMap()
	note := bindShortcuts(&keys, t.Sys)
	h := help.New()
	h.Styles = st.Help
	m := &Model{
		t: t, opt: opt, st: st, keys: keys, help: h, now: time.Now,
		order: newOrderPane(st, keys),
		sheet: newSheetPane(st, keys),
		log:   newLogPane(st, keys),
		line:  newCmdLine(st),
		opts:  newOptionsPane(rules.AllOptions(t.Sys)),
		saver: newSaver(opt, t.Version()),
		cache: &viewCache{},
		hc:    &helpCache{},
		verbs: t.Verbs(),
	}
	_, m.hasAttack = t.Verb("attack")
	_, m.hasDmg = t.Verb("damage")
	_, m.hasFatigue = t.Verb("fatigue")
	_, m.hasHeal = t.Verb("heal")
	_, m.delayer = t.Sys.(rules.Delayer)
	if opt.Physical {
		t.SetPhysical(true)
	}
	if note != "" {
		m.setErr(errors.New(note))
	}
	if opt.Note != "" {
		m.status = opt.Note
	}
	m.refresh() // a fight that has ended opens on its summary
	return m
}

// Init implements tea.Model: the clocks start ticking and the watchers
// are counted.
func (m *Model) Init() tea.Cmd {
	return tea.Batch(m.tickCmd(), m.watchersCmd())
}

// journalLauncher is a Store whose journal waits to be started (see
// saves.Session.BeginJournal): the screen starts it once its first frame
// is drawn, so that a big fight's first frame does not share the machine
// with writing a copy of it.
type journalLauncher interface{ LaunchJournal() }

// logChecker is a Store that drew its fight before checking a big log
// (saves.Session.CheckLogLater): LogChecked waits for the check, and an
// error says the file must be read again; the screen then quits at once,
// saving nothing (Run returns the error).
type logChecker interface{ LogChecked() error }

// readAgainMsg: the store's log did not pass its check (logChecker).
type readAgainMsg struct{ err error }

// startCmd is what follows the first frame: the journal starts, and a
// fight under way is saved at once, so that players watching see its
// clock start again from now, not from when the file was last closed
// (rules.Tracker.SetClock).
func (m *Model) startCmd() tea.Cmd {
	var launch, save tea.Cmd
	l, _ := m.saver.store.(journalLauncher)
	c, _ := m.saver.store.(logChecker)
	if started := m.opt.Started; l != nil || started != nil || c != nil {
		launch = func() tea.Msg {
			if started != nil {
				started()
			}
			if l != nil {
				l.LaunchJournal()
			}
			if c != nil {
				if err := c.LogChecked(); err != nil {
					return readAgainMsg{err}
				}
			}
			return nil
		}
	}
	if m.t.E.Clock.Running() {
		save = m.saveAnewCmd()
	}
	return tea.Batch(launch, save)
}
