package tui

import (
	"errors"
	"path/filepath"

	tea "github.com/charmbracelet/bubbletea"

	"fray/saves"
)

// This file is the file edited outside fray while the fight is open. The
// store refuses to save over the edit (saves.ChangedError); the top bar
// says so until the GM chooses, and the journal keeps every command
// meanwhile:
//   - :reload takes the edit: fray's fight as it stands goes to
//     NAME.recovered.toml and the file is opened again (Options.Reload);
//   - :overwrite keeps fray's fight: the edit goes to NAME.edited.toml
//     and saving goes on (Options.Overwrite).
//
// Quitting meanwhile keeps fray's commands in the journal: the next open
// puts them in NAME.recovered.toml and opens the edited file.

// reloadMsg reports the end of :reload.
type reloadMsg struct{ err error }

// overwroteMsg reports the end of :overwrite: where the edit went.
type overwroteMsg struct {
	aside string
	err   error
}

// editedOutside reports whether err is a save refused because the file
// was edited outside fray.
func editedOutside(err error) bool {
	var ce *saves.ChangedError
	return errors.As(err, &ce)
}

// editedNote is the top bar's word while an edit waits for a choice.
func (m *Model) editedNote() string {
	return "edited outside fray: :reload or :overwrite"
}

// editedGuide says, the first time a save finds the file edited, what
// happened and what each choice does.
func (m *Model) editedGuide() {
	m.status = filepath.Base(m.opt.Path) + " changed outside fray; fray did not save over it · " +
		":reload takes the edit · :overwrite keeps fray's · the other is kept beside it"
	m.statusErr = true
}

// reloadCmd is :reload: the edited file is opened again once fray's fight
// is kept aside.
func (m *Model) reloadCmd() tea.Cmd {
	reload := m.opt.Reload
	if reload == nil {
		m.setErr(errors.New("this fight is not kept in a file: there is nothing to reload"))
		return nil
	}
	m.status, m.statusErr = "taking the edit to "+filepath.Base(m.opt.Path)+"…", false
	snap, ver := m.t.Snapshot(), m.t.Version()
	s := m.saver
	s.wg.Add(1)
	return func() tea.Msg {
		defer s.wg.Done()
		return reloadMsg{err: reload(snap, ver)}
	}
}

// reloaded takes the end of :reload: the screen quits for the file to be
// opened again, or says why not (the edited file does not load).
func (m *Model) reloaded(msg reloadMsg) tea.Cmd {
	if msg.err != nil {
		m.setErr(msg.err)
		return nil
	}
	m.saver.settled = true // fray's fight is in the other file: no last save
	return tea.Quit
}

// overwriteCmd is :overwrite: the edit is kept aside and fray's fight
// saved over the file.
func (m *Model) overwriteCmd() tea.Cmd {
	overwrite := m.opt.Overwrite
	if overwrite == nil {
		m.setErr(errors.New("this fight is not kept in a file: there is nothing to overwrite"))
		return nil
	}
	s := m.saver
	s.wg.Add(1)
	return func() tea.Msg {
		defer s.wg.Done()
		name, err := overwrite()
		return overwroteMsg{aside: name, err: err}
	}
}

// overwrote takes the end of :overwrite and saves.
func (m *Model) overwrote(msg overwroteMsg) tea.Cmd {
	base := filepath.Base(m.opt.Path)
	switch {
	case msg.err != nil:
		m.setErr(msg.err)
		return nil
	case msg.aside == "":
		m.status, m.statusErr = base+" has not changed outside fray: there is no edit to overwrite", false
		return m.saveCmd()
	default:
		m.status, m.statusErr = "kept fray's fight in "+base+"; the edit is in "+msg.aside, false
	}
	s := m.saver
	if editedOutside(s.saveErr) {
		s.saveErr = nil
	}
	m.noteSave()
	return m.saveAnewCmd()
}
