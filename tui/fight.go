package tui

import (
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"fray/model"
	"fray/rules"
)

// The fight as a whole on the GM's screen: the clocks and the number of
// players watching in the top bar, the end of the fight (E) and its
// summary, and the report (X).

// Messages of this file.
type (
	// tickMsg moves the clocks on, once a second.
	tickMsg time.Time
	// watchersMsg says how many watch the fight (Options.Watchers).
	watchersMsg int
	// reportMsg is the result of writing the report.
	reportMsg struct {
		path string
		err  error
	}
)

// ticking reports whether the screen has clocks or watchers to keep up
// to date, and so ticks once a second.
func (m *Model) ticking() bool { return m.opt.Watchers != nil || !m.t.Now().IsZero() }

// tickCmd waits for the next second.
func (m *Model) tickCmd() tea.Cmd {
	if !m.ticking() {
		return nil
	}
	return tea.Tick(time.Second, func(t time.Time) tea.Msg { return tickMsg(t) })
}

// watchersCmd counts the watchers off the event loop (it reads a folder).
func (m *Model) watchersCmd() tea.Cmd {
	count := m.opt.Watchers
	if count == nil {
		return nil
	}
	return func() tea.Msg { return watchersMsg(count()) }
}

// onTick redraws the clocks and, every other second, counts watchers.
func (m *Model) onTick() tea.Cmd {
	m.ticks++
	cmds := []tea.Cmd{m.tickCmd()}
	if m.ticks%2 == 1 {
		cmds = append(cmds, m.watchersCmd())
	}
	return tea.Batch(cmds...)
}

// clockText is the top bar's clocks: how long the turn and the fight
// have run, or how long the fight took once it has ended; "" when no
// time is kept.
func (m *Model) clockText() string {
	e := m.t.E
	now := m.t.Now()
	if now.IsZero() || (!e.Clock.Running() && e.Clock.Fight == 0) {
		return ""
	}
	fight, turn := e.Clock.At(now)
	if e.Ended || !e.Clock.Running() {
		return "fight " + rules.Clock(fight)
	}
	return "turn " + rules.Clock(turn) + " · fight " + rules.Clock(fight)
}

// watchText says how many watch the fight, or "" when nobody does.
func (m *Model) watchText() string {
	switch {
	case m.watchers <= 0:
		return ""
	case m.watchers == 1:
		return "1 watching"
	}
	return strconv.Itoa(m.watchers) + " watching"
}

// endFight is E: end the fight (and show its summary), or, once it has
// ended, show or hide the summary.
func (m *Model) endFight() tea.Cmd {
	if m.t.E.Ended {
		m.showSummary = !m.showSummary
		m.sumOff = 0
		return nil
	}
	return m.apply("end") // refresh shows the summary once the fight has ended
}

// reportCmd is X: write the report beside the encounter, off the event
// loop.
func (m *Model) reportCmd() tea.Cmd {
	write := m.opt.Report
	if write == nil {
		m.setErr(errNoReport)
		return nil
	}
	snap := m.t.Snapshot()
	m.status, m.statusErr = "writing the report…", false
	return func() tea.Msg {
		path, err := write(snap)
		return reportMsg{path: path, err: err}
	}
}

// errNoReport answers X when nobody told the screen where reports go.
var errNoReport = errorString("this fight is not kept in a file, so there is nowhere to write its report: fray report FILE writes one")

type errorString string

func (e errorString) Error() string { return string(e) }

// summaryKeys handles a key while the summary is shown; it reports
// whether the key was the summary's.
func (m *Model) summaryKey(msg tea.KeyMsg) bool {
	if !m.showSummary {
		return false
	}
	page := max(1, m.scr.Body.H-4)
	k := &m.keys
	switch {
	case msg.Type == tea.KeyEsc:
		m.showSummary = false
	case key.Matches(msg, k.Down):
		m.sumOff++
	case key.Matches(msg, k.Up):
		m.sumOff--
	case key.Matches(msg, k.PageDown):
		m.sumOff += page
	case key.Matches(msg, k.PageUp):
		m.sumOff -= page
	case key.Matches(msg, k.Top):
		m.sumOff = 0
	case key.Matches(msg, k.Bottom):
		m.sumOff = len(m.t.E.Combatants)
	default:
		return false
	}
	m.sumOff = max(0, min(m.sumOff, len(m.t.E.Combatants)-1))
	return true
}

// summaryScreen draws the fight's summary in the body: how it stands,
// then a row per combatant, side by side. Atk counts attacks made; Dealt
// and Taken count steps of the shared harm scale.
func (m *Model) summaryScreen() []string {
	b := m.scr.Body
	sum := rules.Summarize(m.t.E, m.t.Sys, m.t.Now())
	iw, ih := inner(b.W, b.H)
	head := "The fight ended after " + rules.Plural(sum.Rounds, "round")
	if !sum.Ended {
		head = "The fight so far: " + rules.Plural(sum.Rounds, "round")
	}
	if sum.Timed {
		head += " and " + rules.Clock(sum.Time)
	}
	var top []string
	top = append(top, m.st.Heading.Render(head))
	for _, side := range sum.Sides {
		up, all := sum.Standing(side)
		name := side
		if name == "" {
			name = "no side"
		}
		top = append(top, m.st.Label.Render(name)+": "+strconv.Itoa(up)+" of "+strconv.Itoa(all)+" still up")
	}
	cols := summaryColumns(sum)
	widths := make([]int, len(cols))
	for i, c := range cols[:len(cols)-1] { // the harm, last, takes what is left
		widths[i] = width(c.head)
		for _, r := range sum.Rows {
			widths[i] = max(widths[i], width(c.cell(r)))
		}
	}
	widths[0] = min(widths[0], 20)
	widths[1] = min(widths[1], 12)
	row := func(cells []string) string {
		var sb strings.Builder
		for i, c := range cells {
			if i > 0 {
				sb.WriteString(" ")
			}
			switch {
			case i == len(cells)-1:
				sb.WriteString(c)
			case cols[i].right:
				sb.WriteString(padLeft(c, widths[i]))
			default:
				sb.WriteString(pad(c, widths[i]))
			}
		}
		return sb.String()
	}
	heads := make([]string, len(cols))
	for i, c := range cols {
		heads[i] = c.head
	}
	top = append(top, "", m.st.Label.Render(row(heads)))
	room := iw // what the harm, last, has left
	for _, w := range widths[:len(cols)-1] {
		room -= w + 1
	}
	var rows []string
	for _, r := range sum.Rows {
		cells := make([]string, len(cols))
		for i, c := range cols {
			cells[i] = c.cell(r)
		}
		cells[len(cells)-1] = fitHarm(cells[len(cells)-1], room)
		line := row(cells)
		if !r.Up {
			line = m.st.Row.Down.Render(line)
		}
		rows = append(rows, fit(line, iw))
	}
	off := min(m.sumOff, max(0, len(rows)-1))
	lines := append(top, rows[off:]...)
	lines = append(lines, "", m.st.Hint.Render(fit(summaryUnits, iw)),
		m.st.Hint.Render(summaryHint(sum.Ended, m.t.CanUndo())))
	if len(lines) > ih && ih > 0 {
		// The hint stays in sight below the rows that fit.
		lines = append(lines[:ih-1], lines[len(lines)-1])
	}
	title := "Summary"
	if off > 0 {
		title += " " + moreAbove
	}
	closes := "E or esc: back to the fight" // the frame says how back, the hint what else
	if !sum.Ended {
		closes = "esc: back to the fight"
	}
	ls := frame(m.st.pane(true), title, closes, lines, b.W, b.H)
	return joinColumns(b.H, [][]string{ls}, []int{b.W})
}

// summaryUnits says what Dealt and Taken count: steps of the scale every
// system shares, never the system's own points (8 HP dealt may be 3 steps).
const summaryUnits = "Dealt, Taken: steps of harm (hurt, badly hurt, out, dying, dead)"

// summaryHint says what can be done from the summary; undo says whether
// u can still reach the end.
func summaryHint(ended, undo bool) string {
	switch {
	case ended && undo:
		return "u takes the end back · X writes the report · j/k scroll"
	case ended:
		return ":resume goes on with the fight · X writes the report · j/k scroll"
	}
	return "E ends the fight · X writes the report · j/k scroll"
}

// summaryColumn is one column of the summary table.
type summaryColumn struct {
	head  string
	right bool
	cell  func(rules.SummaryRow) string
}

func summaryColumns(sum rules.FightSummary) []summaryColumn {
	n := func(f func(model.Tally) int) func(rules.SummaryRow) string {
		return func(r rules.SummaryRow) string { return strconv.Itoa(f(r.Tally)) }
	}
	cols := []summaryColumn{
		{"Combatant", false, func(r rules.SummaryRow) string {
			if r.Hidden {
				return r.Name + " (hidden)"
			}
			return r.Name
		}},
		{"Side", false, func(r rules.SummaryRow) string { return r.Side }},
		{"Turns", true, n(func(t model.Tally) int { return t.Turns })},
		{"Atk", true, n(func(t model.Tally) int { return t.Attacks })},
		{"Hits", true, n(func(t model.Tally) int { return t.Hits })},
		{"Dealt", true, n(func(t model.Tally) int { return t.Dealt })},
		{"Taken", true, n(func(t model.Tally) int { return t.Taken })},
		{"Up", false, func(r rules.SummaryRow) string {
			if r.Up {
				return "yes"
			}
			return "no"
		}},
	}
	if sum.Timed {
		cols = append(cols, summaryColumn{"Time", true, func(r rules.SummaryRow) string { return rules.Clock(r.Tally.Time) }})
	}
	return append(cols, summaryColumn{"Harm now", false, func(r rules.SummaryRow) string { return r.Harm }})
}

// fitHarm fits a combatant's harm ("M1 −3, Medium wound": the gauge,
// then the words) into room cells, leaving words out from the end
// rather than cutting one.
func fitHarm(s string, room int) string {
	for width(s) > room {
		i := strings.LastIndex(s, ", ")
		if i < 0 {
			break
		}
		s = s[:i]
	}
	return s
}
