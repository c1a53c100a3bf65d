package tui

import (
	"fmt"
	"path/filepath"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
)

// This file is quitting: q saves first if the file lacks the last changes,
// and if that save fails, asks what to do: retry, save to another file, or
// quit anyway, saying how many changes that loses (or that the journal
// keeps them for the next time the file is opened).

// quit handles q, :quit and ctrl+c on the main screen.
func (m *Model) quit() tea.Cmd {
	s := m.saver
	if s.store == nil || s.fileVer == m.t.Version() {
		return tea.Quit
	}
	m.quitting = true
	if s.saving {
		m.status, m.statusErr = "saving before quitting…", false
		return nil // saveResult quits when it lands
	}
	m.status, m.statusErr = "saving before quitting…", false
	return m.saveCmd()
}

// openQuit shows the choices after a save on the way out failed.
func (m *Model) openQuit() {
	m.mode = modeQuit
	m.line.close()
	m.quitStatus()
}

// quitStatus says on the status line what quitting now would lose; the
// help bar shows the choices (quitHint).
func (m *Model) quitStatus() {
	m.statusErr = true
	if editedOutside(m.saver.saveErr) {
		m.status = fmt.Sprintf("cannot quit yet: %s was edited outside fray and lacks the %s",
			filepath.Base(m.opt.Path), changes(m.unsaved()))
		return
	}
	m.status = fmt.Sprintf("cannot quit yet: %s lacks the %s (the save failed, see the top bar)",
		filepath.Base(m.opt.Path), changes(m.unsaved()))
	m.statusErr = true
}

// quitHint lists the choices while quitting is held up.
func (m *Model) quitHint() string {
	if m.mode == modeSaveAs {
		return "enter saves to this file and quits · esc goes back"
	}
	if editedOutside(m.saver.saveErr) {
		// Retrying would fail again: the choice is whose fight stays.
		var b strings.Builder
		if m.opt.Overwrite != nil {
			b.WriteString("o save over it (edit kept aside) · ")
		}
		if m.opt.SaveAs != nil {
			b.WriteString("a save as · ")
		}
		if m.journalKeeps() {
			b.WriteString("q quit: journal keeps them · esc")
		} else {
			b.WriteString("q quit and lose them · esc")
		}
		return b.String()
	}
	var b strings.Builder
	b.WriteString("r retry")
	if m.opt.SaveAs != nil {
		b.WriteString(" · a save as another file")
	}
	if m.journalKeeps() {
		b.WriteString(" · q quit: the journal keeps them")
	} else {
		fmt.Fprintf(&b, " · q quit and lose the %s", changes(m.unsaved()))
	}
	b.WriteString(" · esc back")
	return b.String()
}

// journalKeeps reports whether the journal holds every change.
func (m *Model) journalKeeps() bool {
	s := m.saver
	return s.journal && s.journalErr == nil && s.syncedVer >= m.t.Version()
}

// changes words a count of unsaved changes.
func changes(n int) string {
	if n == 1 {
		return "last change"
	}
	return fmt.Sprintf("last %d changes", n)
}

// updateQuit handles a key while the quit choices are shown.
func (m *Model) updateQuit(msg tea.KeyMsg) tea.Cmd {
	switch {
	case msg.Type == tea.KeyEsc:
		m.mode, m.quitting = modeNormal, false
		m.status, m.statusErr = "", false
		if m.opt.Fights != nil {
			// Back to this fight: a fight L asked to open next is not
			// opened when the GM quits later.
			m.opt.Fights.Open("")
		}
		return nil
	case msg.Type == tea.KeyCtrlC, msg.String() == "q":
		m.saver.settled = true
		return tea.Quit
	case msg.String() == "o" && editedOutside(m.saver.saveErr) && m.opt.Overwrite != nil:
		m.mode = modeNormal
		m.status, m.statusErr = "saving before quitting…", false
		return m.overwriteCmd()
	case msg.String() == "r":
		m.mode = modeNormal
		m.status, m.statusErr = "saving before quitting…", false
		return m.saveCmd()
	case msg.String() == "a" && m.opt.SaveAs != nil:
		m.mode = modeSaveAs
		cmd := m.line.open("save as: ", suggestName(m.opt.Path))
		m.fitLine()
		return cmd
	}
	return nil
}

// suggestName proposes a file beside path: NAME-copy.toml.
func suggestName(path string) string {
	ext := filepath.Ext(path)
	return strings.TrimSuffix(path, ext) + "-copy" + ext
}

// updateSaveAs handles a key while the bottom line asks for a file.
func (m *Model) updateSaveAs(msg tea.KeyMsg) tea.Cmd {
	switch msg.Type {
	case tea.KeyEsc:
		m.line.close()
		m.openQuit()
		return nil
	case tea.KeyEnter:
		path := strings.TrimSpace(m.line.in.Value())
		if path == "" {
			return nil
		}
		m.line.close()
		m.mode = modeQuit
		m.status, m.statusErr = "saving to "+path+"…", false
		snap, saveAs := m.t.Snapshot(), m.opt.SaveAs
		s := m.saver
		s.wg.Add(1)
		return func() tea.Msg {
			defer s.wg.Done()
			return savedAsMsg{path: path, err: saveAs(path, snap)}
		}
	}
	var cmd tea.Cmd
	m.line.in, cmd = m.line.in.Update(msg)
	return cmd
}

// savedAs takes the result of a save to another file: quit, or back to
// the choices with the error.
func (m *Model) savedAs(msg savedAsMsg) tea.Cmd {
	if msg.err == nil {
		m.saver.settled = true
		return tea.Quit
	}
	m.openQuit()
	m.status = "cannot save there: " + msg.err.Error() + " · " + m.status
	return nil
}
