// Package player is the players' view of a fight: a read-only screen of
// the turn order, whose turn it is and who is next, each combatant's
// conditions and what players may know of its harm. One Model serves
// both `fray watch` (a second terminal at the table) and every player of
// `fray serve` (over SSH).
//
// The model never sees the game master's screen: it is fed readings of
// the encounter file (StateMsg, built with rules.PlayerViewOf, which
// leaves hidden combatants out and shows foes' harm only as the reveal
// option allows) and draws them. No key changes anything: players scroll,
// follow the turn, and leave.
package player

import (
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"fray/rules"
	"fray/saves"
)

// StateMsg is a new reading of the encounter, as the players may see it.
type StateMsg struct {
	// View is the last good state; Loaded is false until there is one.
	View   rules.PlayerView
	Loaded bool
	// Err is why the newest version of the file could not be read; the
	// view keeps showing the last good state, with a notice.
	Err error
	// Kept is whether the game master's fray has the file open: only
	// then do the fight's clocks run on between saves.
	Kept bool
}

// StateOf turns a reading of the file into a StateMsg. It does the work
// once for every screen that shows the reading.
func StateOf(r saves.Reading) StateMsg {
	m := StateMsg{Err: r.Err, Kept: r.Kept}
	if r.E != nil && r.Sys != nil {
		m.View, m.Loaded = rules.PlayerViewOf(r.E, r.Sys), true
	}
	return m
}

// tickMsg moves the clocks on the screen on.
type tickMsg time.Time

// Model is the player view. It is a value; Update returns the new one.
type Model struct {
	st   *styles
	keys keyMap
	now  func() time.Time
	name string // what the top bar calls the fight until it is read

	state  StateMsg
	w, h   int
	sized  bool
	off    int  // first row shown
	follow bool // keep the current turn in sight
	notice string
	ticks  bool
}

var _ tea.Model = Model{}

// Option configures a Model.
type Option func(*Model)

// WithClock makes the view tell the time with now (tests fix it).
func WithClock(now func() time.Time) Option { return func(m *Model) { m.now = now } }

// WithoutTicks stops the view from redrawing its clocks every second
// (for tests that compare screens).
func WithoutTicks() Option { return func(m *Model) { m.ticks = false } }

// New returns the player view, drawn with the renderer r (each SSH
// session has its own); name is shown until the file is first read.
func New(r *lipgloss.Renderer, name string, opts ...Option) Model {
	m := Model{st: newStyles(r), keys: defaultKeyMap(), now: time.Now, name: name, follow: true, ticks: true}
	for _, o := range opts {
		o(&m)
	}
	return m
}

// Init implements tea.Model.
func (m Model) Init() tea.Cmd { return m.tick() }

func (m Model) tick() tea.Cmd {
	if !m.ticks {
		return nil
	}
	return tea.Every(time.Second, func(t time.Time) tea.Msg { return tickMsg(t) })
}

// Update implements tea.Model. Messages in this order: the size, a new
// reading (which keeps the current turn in sight while following), the
// clock's tick, then keys, which only scroll or leave; any other key
// says that this screen changes nothing.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.h, m.sized = msg.Width, msg.Height, true
		m.clamp()
	case StateMsg:
		m.state = msg
		m.clamp()
	case tickMsg:
		return m, m.tick()
	case tea.KeyMsg:
		return m.key(msg)
	}
	return m, nil
}

func (m Model) key(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	k := m.keys
	m.notice = ""
	page := max(1, m.listHeight()-1)
	switch {
	case key.Matches(msg, k.Quit):
		return m, tea.Quit
	case key.Matches(msg, k.Down):
		m.scroll(1)
	case key.Matches(msg, k.Up):
		m.scroll(-1)
	case key.Matches(msg, k.PageDown):
		m.scroll(page)
	case key.Matches(msg, k.PageUp):
		m.scroll(-page)
	case key.Matches(msg, k.Top):
		m.scroll(-len(m.state.View.Rows))
	case key.Matches(msg, k.Bottom):
		m.scroll(len(m.state.View.Rows))
	case key.Matches(msg, k.Follow):
		m.follow = true
		m.clamp()
	default:
		m.notice = msg.String() + readOnlyNotice
	}
	return m, nil
}

// readOnlyNotice follows a key that would change the fight at the game
// master's screen.
const readOnlyNotice = " changes nothing here: this is the players' view, and the game master runs the fight."

// scroll moves the rows shown by d and stops following the turn.
func (m *Model) scroll(d int) {
	m.follow = false
	m.off += d
	m.clamp()
}

// clamp keeps the offset in range and, while following, the current
// turn (or, before the fight, the top) in sight.
func (m *Model) clamp() {
	rows := m.state.View.Rows
	h := m.listHeight()
	if m.follow {
		cur := -1
		for i, r := range rows {
			if r.Current {
				cur = i
				break
			}
		}
		switch {
		case cur < 0:
			m.off = 0
		case cur < m.off || cur >= m.off+h:
			m.off = cur - h/3
		}
	}
	m.off = max(0, min(m.off, len(rows)-h))
}
