package tui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"fray/model"
	"fray/saves"
)

// editedFile is a file a GM edits outside fray: saves are refused while
// the edit stands, as saves.Session refuses them.
type editedFile struct {
	edited   bool
	saved    []int // rounds saved
	aside    string
	reloaded *model.Encounter
	ver      int
}

func (f *editedFile) options() Options {
	return Options{Path: "crypt.toml",
		Save: func(e *model.Encounter) error {
			if f.edited {
				return &saves.ChangedError{File: "crypt.toml"}
			}
			f.saved = append(f.saved, e.Round)
			return nil
		},
		Overwrite: func() (string, error) {
			if !f.edited {
				return "", nil
			}
			f.edited, f.aside = false, "crypt.edited.toml"
			return f.aside, nil
		},
		Reload: func(e *model.Encounter, ver int) error {
			f.reloaded, f.ver = e, ver
			return nil
		},
	}
}

// quits reports whether cmd ends the program.
func quits(cmd tea.Cmd) bool {
	for _, msg := range runCmd(cmd) {
		if _, ok := msg.(tea.QuitMsg); ok {
			return true
		}
	}
	return false
}

// editedThenNext opens a fight, has the file edited outside fray, and
// steps a turn, whose save is refused.
func editedThenNext(t *testing.T, f *editedFile) *Model {
	t.Helper()
	tr := newTracker(t, trio...)
	m := sized(tr, f.options(), 100, 30)
	f.edited = true
	m = sendCmd(m, keyMsg("n"))
	if len(f.saved) != 0 {
		t.Fatal("saved over the edit")
	}
	v := plainView(m)
	if !strings.Contains(v, "edited outside fray: :reload or :overwrite") {
		t.Errorf("the top bar does not say the file was edited:\n%s", v)
	}
	if !strings.Contains(m.status, "crypt.toml changed outside fray") || !strings.Contains(m.status, ":reload takes the edit") {
		t.Errorf("status %q does not say what happened and what to do", m.status)
	}
	return m
}

// TestOverwriteKeepsFraysFight: :overwrite keeps the edit aside, saves
// fray's fight and says where the edit went.
func TestOverwriteKeepsFraysFight(t *testing.T) {
	f := &editedFile{}
	m := editedThenNext(t, f)
	m = sendCmd(m, keyMsg("n")) // another command: still not saved, still said
	if len(f.saved) != 0 || !strings.Contains(plainView(m), "edited outside fray") {
		t.Fatal("a second command saved over the edit or forgot it")
	}
	m = press(m, ":")
	m = typeText(m, "overwrite")
	n, cmd := m.Update(keyMsg("enter"))
	m = n.(*Model)
	for _, msg := range runCmd(cmd) {
		m = sendCmd(m, msg) // the overwrite, then its save
	}
	if f.aside == "" || len(f.saved) != 1 || f.saved[0] != m.t.E.Round {
		t.Fatalf("overwrite: aside %q, saves %v; want the edit aside and fray's round %d saved", f.aside, f.saved, m.t.E.Round)
	}
	if !strings.Contains(m.status, "the edit is in crypt.edited.toml") {
		t.Errorf("status %q does not say where the edit went", m.status)
	}
	if v := plainView(m); strings.Contains(v, "edited outside fray") || !strings.Contains(v, "saved ") {
		t.Errorf("the top bar still warns after overwriting:\n%s", v)
	}
}

// TestReloadTakesTheEdit: :reload hands fray's fight as it stands to be
// kept aside and quits, with no last save over the edit.
func TestReloadTakesTheEdit(t *testing.T) {
	f := &editedFile{}
	m := editedThenNext(t, f)
	m = press(m, ":")
	m = typeText(m, "reload")
	n, cmd := m.Update(keyMsg("enter"))
	m = n.(*Model)
	msgs := runCmd(cmd)
	if len(msgs) != 1 {
		t.Fatalf(":reload gave %v", msgs)
	}
	n, cmd = m.Update(msgs[0])
	m = n.(*Model)
	if !quits(cmd) {
		t.Fatal(":reload did not quit for the file to be opened again")
	}
	if f.reloaded == nil || f.reloaded.Round != m.t.E.Round || f.ver != m.t.Version() {
		t.Errorf("Reload got round %v version %d, want fray's fight as it stands (version %d)", f.reloaded, f.ver, m.t.Version())
	}
	if !m.saver.settled {
		t.Error("quitting after :reload would save over the edit")
	}
}

// TestQuitWithAnEditOffersOverwrite: q with the file edited says why it
// cannot quit and offers o, which keeps the edit aside, saves and quits.
func TestQuitWithAnEditOffersOverwrite(t *testing.T) {
	f := &editedFile{}
	m := editedThenNext(t, f)
	m = sendCmd(m, keyMsg("q"))
	if m.mode != modeQuit || !strings.Contains(m.status, "was edited outside fray") {
		t.Fatalf("q with an edit: mode %v, status %q", m.mode, m.status)
	}
	if h := m.quitHint(); !strings.HasPrefix(h, "o save over it") || strings.Contains(h, "retry") {
		t.Errorf("quit choices %q", h)
	}
	n, cmd := m.Update(keyMsg("o"))
	m = n.(*Model)
	quit := false
	for _, msg := range runCmd(cmd) {
		n, cmd := m.Update(msg)
		m = n.(*Model)
		for _, msg := range runCmd(cmd) {
			n, cmd := m.Update(msg)
			m = n.(*Model)
			quit = quit || quits(cmd)
		}
	}
	if !quit || len(f.saved) != 1 {
		t.Fatalf("o: quit %v, saves %v; want fray's fight saved, then quit", quit, f.saved)
	}
}

// TestReloadWithoutAnEdit: with no edit there is nothing to take or to
// overwrite, and saying so changes nothing.
func TestReloadWithoutAnEdit(t *testing.T) {
	tr := newTracker(t, trio...)
	m := sized(tr, Options{Path: "crypt.toml"}, 100, 30)
	m = press(m, ":")
	m = typeText(m, "reload")
	m = sendCmd(m, keyMsg("enter"))
	if !m.statusErr || !strings.Contains(m.status, "nothing to reload") {
		t.Errorf("status %q", m.status)
	}
}

// A fight L asked to open, held up because the open one could not be
// saved (edited outside fray), is forgotten when the GM goes back with
// esc: quitting later quits, it does not open that other fight.
func TestEscFromQuitForgetsTheNextFight(t *testing.T) {
	f := &editedFile{}
	ff := &fakeFights{list: []saves.Summary{
		{Path: "crypt.toml", Name: "crypt", System: "tst"},
		{Path: "/data/vault.toml", Name: "vault", System: "tst"},
	}}
	tr := newTracker(t, trio...)
	opt := f.options()
	opt.Fights = ff
	m := sized(tr, opt, 100, 30)
	f.edited = true
	m = sendCmd(m, keyMsg("n"))
	m = pressRead(m, "L")
	m.fights.sel = 1
	m = sendCmd(m, keyMsg("enter"))
	if ff.opened != "/data/vault.toml" || m.mode != modeQuit {
		t.Fatalf("opening vault with crypt edited: opened %q, mode %v", ff.opened, m.mode)
	}
	m = press(m, "esc")
	if ff.opened != "" || m.mode != modeNormal {
		t.Errorf("after esc: still to open %q, mode %v", ff.opened, m.mode)
	}
}

// At 80 columns with the clocks running, the top bar's warning is whole:
// the clocks give way to what the GM must do.
func TestEditedWarningBeatsTheClock(t *testing.T) {
	clk := &clockAt{t: time.Date(2025, 5, 1, 20, 0, 0, 0, time.UTC)}
	f := &editedFile{}
	tr := newTracker(t, trio...)
	tr.SetClock(clk.now)
	opt := f.options()
	m := sized(tr, opt, 80, 24)
	m.now = clk.now
	m = sendCmd(m, keyMsg("n"))
	if top := strings.Split(plainView(m), "\n")[0]; !strings.Contains(top, "fight 0:00") {
		t.Fatalf("no clock on the top bar: %q", top)
	}
	f.edited = true
	m = sendCmd(m, keyMsg("n"))
	if top := strings.Split(plainView(m), "\n")[0]; !strings.Contains(top, "edited outside fray: :reload or :overwrite") {
		t.Errorf("the warning is cut: %q", top)
	}
}

// The help screen names the screen's own commands, reload and overwrite
// among them, which the top bar points to when the file was edited.
func TestHelpNamesReloadAndOverwrite(t *testing.T) {
	m := sized(newTracker(t, trio...), Options{}, 80, 24)
	help := strings.Join(m.commandLines(78), "\n")
	for _, want := range []string{"reload", "overwrite", "quit"} {
		if !strings.Contains(ansi.Strip(help), want) {
			t.Errorf("the help's commands do not name %s", want)
		}
	}
}
