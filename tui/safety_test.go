package tui

import (
	"errors"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"fray/model"
	"fray/rules"
	"fray/tui/cells"
)

// fakeStore is a Store that remembers what it was given; its Save fails
// while fail is set.
type fakeStore struct {
	mu       sync.Mutex
	recorded []rules.Applied
	versions []int
	syncs    int
	saved    []int
	fail     error
	syncFail error
	launched int // LaunchJournal calls
}

func (s *fakeStore) LaunchJournal() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.launched++
}

func (s *fakeStore) Record(a rules.Applied, ver int) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.recorded = append(s.recorded, a)
	s.versions = append(s.versions, ver)
	return nil
}

func (s *fakeStore) Sync() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.syncs++
	return s.syncFail
}

func (s *fakeStore) Save(e *model.Encounter, ver int) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fail != nil {
		return s.fail
	}
	s.saved = append(s.saved, ver)
	return nil
}

// TestCommandJournaledBeforeShown: the command is in the journal when
// Update returns, before any frame shows it (issue 12, item 8), and the
// top bar says "saved" only once a flush or a save has covered it.
func TestCommandJournaledBeforeShown(t *testing.T) {
	tr := newTracker(t, trio...)
	st := &fakeStore{}
	m := sized(tr, Options{Path: "f.toml", Store: st}, 100, 30)
	n, cmd := m.Update(keyMsg("n"))
	m = n.(*Model)
	if len(st.recorded) != 1 || st.recorded[0].Line != "next" || st.versions[0] != tr.Version() {
		t.Fatalf("recorded %+v at %v", st.recorded, st.versions)
	}
	if v := plainView(m); strings.Contains(v, "saved") || !strings.Contains(v, "saving…") {
		t.Fatalf("top bar claims a save that has not happened:\n%s", v)
	}
	msgs := runCmd(cmd)
	for _, msg := range msgs {
		m = send(m, msg)
	}
	if st.syncs != 1 || len(st.saved) != 1 || !strings.Contains(plainView(m), "saved ") {
		t.Fatalf("syncs %d saves %v:\n%s", st.syncs, st.saved, plainView(m))
	}
	// The faces typed in physical mode are journaled with the command.
	m = sendCmd(m, keyMsg("R"))
	m = press(m, ":")
	m = typeText(m, "roll 2d6 test")
	m = sendCmd(m, keyMsg("enter"))
	m = typeText(m, "3")
	m = sendCmd(m, keyMsg("enter"))
	m = typeText(m, "5")
	m = sendCmd(m, keyMsg("enter"))
	last := st.recorded[len(st.recorded)-1]
	if last.Line != "roll 2d6 test" || !last.Physical || len(last.Faces) != 2 || last.Faces[0] != 3 || last.Faces[1] != 5 {
		t.Fatalf("physical roll recorded as %+v", last)
	}
}

// TestSavedOnlyWhenTrue: a save that fails shows as failed; a journal
// flush alone counts as saved while the journal works.
func TestSavedOnlyWhenTrue(t *testing.T) {
	tr := newTracker(t, trio...)
	st := &fakeStore{fail: errors.New("disk full")}
	m := sized(tr, Options{Path: "f.toml", Store: st}, 120, 30)
	m = sendCmd(m, keyMsg("n"))
	if v := plainView(m); !strings.Contains(v, "save failed, the journal keeps every command: disk full") {
		t.Fatalf("top bar:\n%s", v)
	}
	st.syncFail = errors.New("journal gone")
	m = sendCmd(m, keyMsg("n"))
	if v := plainView(m); !strings.Contains(v, "save failed: disk full") || strings.Contains(v, "saved ") {
		t.Fatalf("top bar:\n%s", v)
	}
}

// TestQuitAfterFailedSave: q with the file unsaved saves first; if that
// fails it does not quit but offers retry, another file, or quitting with
// the loss counted (issue 12, item 6).
func TestQuitAfterFailedSave(t *testing.T) {
	tr := newTracker(t, trio...)
	st := &fakeStore{fail: errors.New("disk full")}
	var savedAs string
	opt := Options{Path: "f.toml", Store: st, SaveAs: func(p string, e *model.Encounter) error {
		if p == "bad.toml" {
			return errors.New("no room there either")
		}
		savedAs = p
		return nil
	}}
	m := sized(tr, opt, 120, 30)
	m = sendCmd(m, keyMsg("n"))
	m = sendCmd(m, keyMsg("n"))
	st.syncFail = errors.New("journal gone")
	m = sendCmd(m, keyMsg("n"))
	m = quitHeld(t, m)
	v := plainView(m)
	for _, want := range []string{"cannot quit yet: f.toml lacks the last 3 changes", "r retry", "a save as another file", "q quit and lose the last 3 changes"} {
		if !strings.Contains(v, want) {
			t.Errorf("the quit choices lack %q:\n%s", want, v)
		}
	}
	// esc goes back to the fight; q asks again.
	m = send(m, keyMsg("esc"))
	if m.mode != modeNormal {
		t.Fatal("esc did not go back")
	}
	m = sendCmd(m, keyMsg("q"))
	if m.mode != modeQuit {
		t.Fatal("q did not ask again")
	}
	// Save as: a failure comes back to the choices, a success quits.
	m = press(m, "a")
	if m.mode != modeSaveAs || m.line.in.Value() != "f-copy.toml" {
		t.Fatalf("save as: mode %d, %q", m.mode, m.line.in.Value())
	}
	m.line.in.SetValue("bad.toml")
	m = sendCmd(m, keyMsg("enter"))
	if m.mode != modeQuit || !strings.Contains(plainView(m), "no room there either") {
		t.Fatalf("failed save as:\n%s", plainView(m))
	}
	m = press(m, "a")
	m.line.in.SetValue("good.toml")
	n, cmd := m.Update(keyMsg("enter"))
	m = n.(*Model)
	if msgs := runCmd(cmd); len(msgs) != 1 {
		t.Fatalf("save as gave %v", msgs)
	} else if _, q := m.Update(msgs[0]); !isQuit(q) || savedAs != "good.toml" {
		t.Fatalf("save as did not quit (%q)", savedAs)
	}
	// Retry, once the disk has room: it saves and quits.
	st.fail = nil
	n, cmd = m.Update(keyMsg("r"))
	m = n.(*Model)
	quit := false
	for _, msg := range runCmd(cmd) {
		_, c := m.Update(msg)
		quit = quit || isQuit(c)
	}
	if !quit || len(st.saved) == 0 || st.saved[len(st.saved)-1] != tr.Version() {
		t.Fatalf("retry: quit %v, saved %v", quit, st.saved)
	}
}

// TestQuitAfterFailedSaveWithoutJournal: with a bare save function, a
// failed save holds q too.
func TestQuitAfterFailedSaveWithoutJournal(t *testing.T) {
	tr := newTracker(t, trio...)
	m := sized(tr, Options{Path: "f.toml", Save: func(*model.Encounter) error { return errors.New("disk full") }}, 120, 30)
	m = sendCmd(m, keyMsg("n"))
	m = quitHeld(t, m)
	if !strings.Contains(plainView(m), "q quit and lose the last change") {
		t.Fatalf("choices:\n%s", plainView(m))
	}
}

// TestQuitWaitsForJournalOrSave: with the journal flushed, quitting is
// offered without loss; with everything saved, q quits at once.
func TestQuitWaitsForJournalOrSave(t *testing.T) {
	tr := newTracker(t, trio...)
	st := &fakeStore{fail: errors.New("disk full")}
	m := sized(tr, Options{Path: "f.toml", Store: st}, 140, 30)
	m = sendCmd(m, keyMsg("n"))
	m = sendCmd(m, keyMsg("q"))
	if !strings.Contains(plainView(m), "q quit: the journal keeps them") {
		t.Fatalf("choices:\n%s", plainView(m))
	}
	if _, cmd := m.Update(keyMsg("q")); !isQuit(cmd) {
		t.Fatal("q in the choices did not quit")
	}
	st.fail = nil
	m = sized(tr, Options{Path: "f.toml", Store: st}, 140, 30)
	if _, cmd := m.Update(keyMsg("q")); !isQuit(cmd) {
		t.Fatal("q with nothing unsaved did not quit")
	}
}

// quitHeld presses q and feeds back what it starts, failing the test if
// anything quits.
func quitHeld(t *testing.T, m *Model) *Model {
	t.Helper()
	n, cmd := m.Update(keyMsg("q"))
	m = n.(*Model)
	for _, msg := range runCmd(cmd) {
		if _, ok := msg.(tea.QuitMsg); ok {
			t.Fatal("q quit with the file unsaved")
		}
		n, cmd = m.Update(msg)
		m = n.(*Model)
		if isQuit(cmd) {
			t.Fatal("quit after a failed save")
		}
	}
	return m
}

func isQuit(cmd tea.Cmd) bool {
	for _, msg := range runCmd(cmd) {
		if _, ok := msg.(tea.QuitMsg); ok {
			return true
		}
	}
	return false
}

// TestEscThenKeyIsNotAlt: Esc and the next key read together arrive as
// Alt+key; fray binds no Alt key on the main screen, so it is Esc and the
// key (issue 12, item 9: Esc then : ran the rest of the command as keys).
func TestEscThenKeyIsNotAlt(t *testing.T) {
	tr := newTracker(t, trio...)
	m := sized(tr, Options{}, 100, 30)
	m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{':'}, Alt: true})
	if m.mode != modeCommand {
		t.Fatal("Esc then : did not open the command line")
	}
	m = typeText(m, "set Paul note=x")
	m = sendCmd(m, keyMsg("enter"))
	if tr.E.Round != 0 || tr.E.ByID(1).Note != "x" {
		t.Fatalf("round %d, note %q", tr.E.Round, tr.E.ByID(1).Note)
	}
	// In a form, Esc then a key closes the form and acts on the key.
	m = press(m, "a")
	m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{':'}, Alt: true})
	if m.mode != modeCommand {
		t.Fatalf("Esc then : from a form: mode %d", m.mode)
	}
	// The command line's own Alt keys still work: alt+b moves back a word.
	m.line.in.SetValue("note Paul")
	m.line.in.CursorEnd()
	m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'b'}, Alt: true})
	if m.mode != modeCommand || m.line.in.Position() != len("note ") {
		t.Fatalf("alt+b in the command line: mode %d, cursor %d", m.mode, m.line.in.Position())
	}
}

// TestEscThenColonThroughTheInputReader feeds the bytes a busy terminal
// delivers in one read through Bubble Tea's own input reader.
func TestEscThenColonThroughTheInputReader(t *testing.T) {
	tr := newTracker(t, trio...)
	st := &fakeStore{}
	m := sized(tr, Options{Store: st}, 100, 30)
	r, w := io.Pipe()
	p := tea.NewProgram(m, tea.WithInput(r), tea.WithOutput(io.Discard), tea.WithoutSignals())
	done := make(chan tea.Model, 1)
	go func() {
		final, err := p.Run()
		if err != nil {
			t.Error(err)
		}
		done <- final
	}()
	w.Write([]byte("\x1b:set Paul note=fast\r"))
	deadline := time.After(5 * time.Second)
	for ran := false; !ran; {
		select {
		case <-deadline:
			p.Quit()
			<-done
			t.Fatalf("the command did not run; round %d, note %q", tr.E.Round, tr.E.ByID(1).Note)
		case <-time.After(10 * time.Millisecond):
		}
		st.mu.Lock()
		ran = len(st.recorded) > 0
		st.mu.Unlock()
	}
	p.Quit()
	<-done
	w.Close()
	if tr.E.Round != 0 || tr.E.ByID(1).Note != "fast" || len(st.recorded) != 1 {
		t.Fatalf("keys of the command ran as shortcuts: round %d, ran %+v", tr.E.Round, st.recorded)
	}
}

// TestViewHoldsNoControlCharacters: a file name with an escape in it
// reaches the top bar; the frame keeps only the styles' colour codes.
func TestViewHoldsNoControlCharacters(t *testing.T) {
	tr := newTracker(t, trio...)
	m := sized(tr, Options{Path: "evil\x1b[2J\x1b]0;pwned\a\u009b.toml", Save: func(*model.Encounter) error { return nil }}, 100, 30)
	v := m.View()
	if i := strings.IndexAny(ansi.Strip(v), "\x1b\a\u009b"); i >= 0 || cells.Safe(v) != v {
		t.Fatalf("the frame holds a control character:\n%q", v)
	}
}

// TestStartSavesTheRestartedClock: a fight under way is saved as the
// screen starts, though no command ran, so that watchers see its clock
// start again; that save and the journal's start follow the first frame
// (the first size), and only once.
func TestStartSavesTheRestartedClock(t *testing.T) {
	tr := newTracker(t, trio...)
	tr.SetClock(rules.WallClock)
	if _, err := tr.Apply("next"); err != nil {
		t.Fatal(err)
	}
	tr.SetClock(rules.WallClock)
	st := &fakeStore{}
	m := New(tr, Options{Path: "f.toml", Store: st})
	for range runCmd(m.Init()) {
	}
	if len(st.saved) != 0 || st.launched != 0 {
		t.Fatalf("before the first frame: saves %v, journal started %d times", st.saved, st.launched)
	}
	for range 2 {
		n, cmd := m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
		m = n.(*Model)
		for _, msg := range runCmd(cmd) {
			if _, ok := msg.(savedMsg); ok {
				m = send(m, msg)
			}
		}
	}
	if len(st.saved) != 1 || st.launched != 1 {
		t.Fatalf("after the first frame: saves %v, journal started %d times", st.saved, st.launched)
	}
}

// checkingStore is a fakeStore whose fight was drawn before its log was
// checked (saves.Session.CheckLogLater): LogChecked answers checked.
type checkingStore struct {
	fakeStore
	checked error
}

func (s *checkingStore) LogChecked() error { return s.checked }

// TestLogCheckedAfterFirstFrame: once the first frame is drawn the screen
// waits for the store's log check; a log that must be read again makes it
// quit at once, with nothing to save on the way out, and Run returns the
// store's error (fray then opens the file again, read whole). A log that
// reads changes nothing.
func TestLogCheckedAfterFirstFrame(t *testing.T) {
	again := errors.New("read it again")
	for _, checked := range []error{nil, again} {
		tr := newTracker(t, trio...)
		st := &checkingStore{checked: checked}
		m := New(tr, Options{Path: "f.toml", Store: st})
		n, cmd := m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
		m = n.(*Model)
		quit := false
		for _, msg := range runCmd(cmd) {
			n, c := m.Update(msg)
			m = n.(*Model)
			if c != nil {
				_, quit = c().(tea.QuitMsg)
			}
		}
		if st.launched != 1 {
			t.Fatalf("journal launched %d times", st.launched)
		}
		if checked == nil {
			if quit || m.readAgain != nil || m.saver.settled {
				t.Fatalf("a log that reads: quit %v, readAgain %v", quit, m.readAgain)
			}
			continue
		}
		if !quit || m.readAgain != again || !m.saver.settled {
			t.Fatalf("a log to read again: quit %v, readAgain %v, settled %v", quit, m.readAgain, m.saver.settled)
		}
		if err := m.saver.closeOut(tr, "f.toml"); err != nil || len(st.saved) != 0 {
			t.Fatalf("saved on the way out: %v %v", st.saved, err)
		}
	}
}
