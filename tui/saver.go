package tui

import (
	"fmt"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"fray/model"
	"fray/rules"
	"fray/tui/hangup"
)

// Store keeps an encounter on disk for the screen. Record is called on
// the event loop and must be quick; Sync and Save run off it, one call of
// each at a time.
type Store interface {
	// Record writes an applied command, which made tracker version ver,
	// to the journal: one write, no flush.
	Record(a rules.Applied, ver int) error
	// Sync flushes everything recorded so far to disk.
	Sync() error
	// Save writes the whole encounter as it stands at version ver.
	Save(e *model.Encounter, ver int) error
}

// funcStore is a Store made from a bare save function: no journal.
type funcStore func(e *model.Encounter) error

func (funcStore) Record(rules.Applied, int) error        { return nil }
func (funcStore) Sync() error                            { return nil }
func (f funcStore) Save(e *model.Encounter, _ int) error { return f(e) }

// saver keeps the encounter on disk from the screen. Each applied command
// is recorded in the journal on the event loop, before the screen shows
// it; a flush of the journal and a save of the file then run off the
// event loop, one of each at a time: a command applied while one runs is
// picked up when it reports back, so a burst of keys costs one flush and
// one save, and saves never land out of order.
//
// The top bar says "saved" only for what is on disk: the current version
// is in the file, or flushed in a working journal.
type saver struct {
	store   Store // nil: nothing is saved
	journal bool  // the store keeps a journal
	wg      sync.WaitGroup

	// Touched only on the event loop (and by Run once it has ended).
	saving, syncing bool
	fileVer         int   // newest version in the file
	syncedVer       int   // newest version flushed in the journal
	journalErr      error // the journal failed: from then on only the file counts
	saveErr         error // the last save of the file failed
	at              time.Time
	settled         bool // the GM chose how to quit with the file unsaved: no last save
}

func newSaver(opt Options, ver int) *saver {
	s := &saver{fileVer: ver, syncedVer: ver}
	switch {
	case opt.Store != nil:
		s.store, s.journal = opt.Store, true
	case opt.Save != nil:
		s.store = funcStore(opt.Save)
	}
	return s
}

// durable reports whether version ver is on disk.
func (s *saver) durable(ver int) bool {
	return s.fileVer >= ver || (s.journal && s.journalErr == nil && s.syncedVer >= ver)
}

// record journals a command that made version ver, before it is shown.
func (m *Model) record(a rules.Applied, ver int) {
	s := m.saver
	if !s.journal || s.journalErr != nil {
		return
	}
	if err := s.store.Record(a, ver); err != nil {
		s.journalErr = err
	}
}

// persistCmd starts what takes the current version to disk.
func (m *Model) persistCmd() tea.Cmd {
	m.noteSave()
	return tea.Batch(m.syncCmd(), m.saveCmd())
}

// syncCmd flushes the journal off the event loop, unless a flush is
// running already or the journal is off.
func (m *Model) syncCmd() tea.Cmd {
	s := m.saver
	if !s.journal || s.journalErr != nil || s.syncing || s.syncedVer >= m.t.Version() {
		return nil
	}
	s.syncing = true
	ver, now, store := m.t.Version(), m.now, s.store
	s.wg.Add(1)
	return func() tea.Msg {
		defer s.wg.Done()
		if err := store.Sync(); err != nil {
			return errMsg{&saveError{err: err, ver: ver, journal: true}}
		}
		return syncedMsg{at: now(), ver: ver}
	}
}

// saveCmd snapshots the encounter (on the event loop, so no command is
// half applied) and returns the command that writes it, unless a save is
// already running.
func (m *Model) saveCmd() tea.Cmd {
	if m.saver.fileVer == m.t.Version() {
		return nil
	}
	return m.saveAnewCmd()
}

// saveAnewCmd is saveCmd even when the file holds the current version
// already: for a change made outside commands (the clock started again).
func (m *Model) saveAnewCmd() tea.Cmd {
	s := m.saver
	if s.store == nil || s.saving {
		return nil
	}
	s.saving = true
	ver := m.t.Version()
	snap := m.t.Snapshot() // frozen; shares the log, which only grows past its end
	now, store := m.now, s.store
	s.wg.Add(1)
	return func() tea.Msg {
		defer s.wg.Done()
		if err := store.Save(snap, ver); err != nil {
			return errMsg{&saveError{err: err, ver: ver}}
		}
		return savedMsg{at: now(), ver: ver}
	}
}

// saveResult takes a save or flush report on the event loop: the top bar,
// the next save or flush if the encounter changed meanwhile, and the quit
// waiting for it.
func (m *Model) saveResult(msg tea.Msg) tea.Cmd {
	s := m.saver
	var failed *saveError
	switch msg := msg.(type) {
	case savedMsg:
		s.saving, s.saveErr = false, nil
		s.fileVer = max(s.fileVer, msg.ver)
		s.at = msg.at
	case syncedMsg:
		s.syncing = false
		s.syncedVer = max(s.syncedVer, msg.ver)
		s.at = msg.at
	case *saveError:
		failed = msg
		if msg.journal {
			s.syncing, s.journalErr = false, msg.err
		} else {
			s.saving, s.saveErr = false, msg.err
		}
	}
	m.noteSave()
	if m.quitting {
		switch {
		case s.fileVer == m.t.Version():
			return tea.Quit
		case failed != nil && !failed.journal:
			m.openQuit()
			return nil
		}
	}
	if failed != nil && !failed.journal {
		return m.syncCmd() // a failed save is tried again after the next command
	}
	return tea.Batch(m.syncCmd(), m.saveCmd())
}

// noteSave sets the top bar's word on saving from what is on disk.
func (m *Model) noteSave() {
	s := m.saver
	if s.store == nil {
		return
	}
	cur := m.t.Version()
	switch {
	case editedOutside(s.saveErr):
		m.saveNote, m.saveErr = m.editedNote(), true
	case s.saveErr != nil && !s.durable(cur):
		m.saveNote, m.saveErr = "save failed: "+s.saveErr.Error(), true
	case s.saveErr != nil:
		m.saveNote, m.saveErr = "save failed, the journal keeps every command: "+s.saveErr.Error(), true
	case s.journalErr != nil && !s.durable(cur):
		m.saveNote, m.saveErr = "journal failed: "+s.journalErr.Error(), true
	case s.journalErr != nil:
		m.saveNote, m.saveErr = "saved "+s.at.Format("15:04:05")+" (journal failed: "+s.journalErr.Error()+")", true
	case s.durable(cur) && !s.at.IsZero():
		m.saveNote, m.saveErr = "saved "+s.at.Format("15:04:05"), false
	case s.durable(cur):
		m.saveNote, m.saveErr = "", false
	default:
		m.saveNote, m.saveErr = "saving…", false
	}
}

// unsaved returns how many changes the file lacks.
func (m *Model) unsaved() int { return max(0, m.t.Version()-m.saver.fileVer) }

// Run shows the screen until the GM quits. It waits for saves in flight
// and saves once more before returning (closeOut).
func Run(t *rules.Tracker, opt Options) error {
	m := New(t, opt)
	popts := []tea.ProgramOption{tea.WithAltScreen(), tea.WithFPS(120)}
	if !opt.NoMouse {
		popts = append(popts, tea.WithMouseCellMotion())
	}
	p := tea.NewProgram(m, popts...)
	// A terminal that goes away (the window closed, the SSH link
	// dropped) sends SIGHUP, which would end fray on the spot with its
	// journal open. Quit as q does instead: the saves in flight finish
	// and the last changes are saved below.
	stop := hangup.Quit(p)
	_, err := p.Run()
	stop()
	return m.ended(err, opt.Path)
}

// ended is the end of Run, once the screen has gone (err is Bubble
// Tea's): the saves in flight land and the last is made (closeOut).
func (m *Model) ended(err error, path string) error {
	s := m.saver
	s.wg.Wait()
	if err != nil {
		return err
	}
	if m.readAgain != nil {
		return m.readAgain
	}
	return s.closeOut(m.t, path)
}

// closeOut is the last save, once the screen has gone and the saves in
// flight have landed: the clock run up to now (the time since the last
// command counts: rules.Tracker.ClosingSnapshot), and the last changes
// if the file lacks them (the GM quit with the save failing, or fray
// was told to stop). Nothing is saved if the GM chose how to quit with
// the file unsaved.
func (s *saver) closeOut(t *rules.Tracker, path string) error {
	if s.store == nil || s.settled {
		return nil
	}
	snap, moved := t.ClosingSnapshot()
	if s.fileVer == t.Version() && !moved {
		return nil
	}
	if err := s.store.Save(snap, t.Version()); err != nil {
		switch {
		case s.fileVer == t.Version() && editedOutside(err):
			return nil // the edit stands: fray had only the clock to add
		case s.fileVer == t.Version():
			return fmt.Errorf("saving on exit: %w; the fight's clock in %s lacks the time since the last command", err, path)
		case s.journal && s.journalErr == nil:
			return fmt.Errorf("saving on exit: %w; the journal keeps the last %s: they come back when you open %s again", err, rules.Plural(t.Version()-s.fileVer, "change"), path)
		}
		return fmt.Errorf("saving on exit: %w", err)
	}
	s.fileVer = t.Version()
	return nil
}
