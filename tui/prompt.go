package tui

import (
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"fray/rules"
	"fray/rules/dice"
)

// This file is the bottom line while it captures keys: the `:` command
// line (history, completion, the usage of the verb being typed) and the
// prompt for the face of a physical die.

// openLine opens the command line with some text already typed.
func (m *Model) openLine(text string) tea.Cmd {
	m.mode, m.lineBack = modeCommand, modeNormal
	cmd := m.line.open(":", text)
	m.fitLine()
	return cmd
}

// updateLine handles a key while the bottom line captures input.
func (m *Model) updateLine(msg tea.KeyMsg) tea.Cmd {
	if m.mode == modeFace {
		return m.updateFace(msg)
	}
	if m.finding {
		return m.updateFind(msg)
	}
	m.status, m.statusErr = "", false
	if msg.Type != tea.KeyTab && msg.Type != tea.KeyShiftTab {
		m.line.comps = nil
	}
	switch msg.Type {
	case tea.KeyEsc:
		m.mode = m.lineBack
		m.line.close()
		m.usingMarks = false // the marks stay for the next key
		return nil
	case tea.KeyEnter:
		text := strings.TrimSpace(m.line.in.Value())
		m.line.remember(text)
		m.mode = m.lineBack
		m.line.close()
		switch strings.ToLower(text) {
		case "":
			return nil
		case "help", "?":
			m.mode = modeNormal
			m.showHelp = true
			m.relayout()
			return nil
		case "options":
			m.openOptions()
			return nil
		case "quit", "q":
			return m.quit()
		case "reload":
			return m.reloadCmd()
		case "overwrite":
			return m.overwriteCmd()
		}
		if w, verb, ok := strings.Cut(text, " "); ok && strings.EqualFold(w, "help") {
			return m.helpOn(strings.TrimSpace(verb))
		}
		return m.apply(text)
	case tea.KeyUp:
		m.line.walk(-1)
		return nil
	case tea.KeyDown:
		m.line.walk(1)
		return nil
	case tea.KeyTab, tea.KeyShiftTab:
		dir := 1
		if msg.Type == tea.KeyShiftTab {
			dir = -1
		}
		var words []string
		if v, ok := m.lineVerb(); ok {
			words = optionWords(v)
		}
		m.line.complete(m.verbNames(), m.names(), words, m.quote, dir)
		return nil
	}
	var cmd tea.Cmd
	m.line.in, cmd = m.line.in.Update(msg)
	return cmd
}

// updateFace handles a key at the physical-die prompt.
func (m *Model) updateFace(msg tea.KeyMsg) tea.Cmd {
	switch msg.Type {
	case tea.KeyEsc:
		m.t.CancelFaces()
		m.mode, m.pending, m.need = modeNormal, "", nil
		m.line.close()
		m.status, m.statusErr = "roll cancelled: nothing changed", false
		return nil
	case tea.KeyEnter:
		face, err := parseFace(m.line.in.Value(), m.need.Sides)
		if err != nil {
			// The prompt line is where the GM looks: say it there, ask again.
			m.setErr(err)
			why := err.Error() + " · "
			m.line.in.Prompt = why + facePrompt(m.need, m.t.Typed(), m.scr.W-faceRoom-width(why))
			m.line.in.SetValue("")
			m.fitLine()
			return nil
		}
		m.status, m.statusErr = "", false
		m.t.Supply(face)
		line := m.pending
		m.mode, m.pending, m.need = modeNormal, "", nil
		m.line.close()
		return m.apply(line)
	}
	var cmd tea.Cmd
	m.line.in, cmd = m.line.in.Update(msg)
	return cmd
}

// parseFace reads a typed die face: 1 to sides, or 0 for a d10's zero.
func parseFace(s string, sides int) (int, error) {
	n, err := rules.Int("the face", strings.TrimSpace(s))
	if err != nil {
		return 0, err
	}
	if n < 0 || n > sides || (n == 0 && sides != 10) {
		zero := ""
		if sides == 10 {
			zero = " (type 0 for its zero face)"
		}
		return 0, fmt.Errorf("a d%d shows 1–%d%s, not %d", sides, sides, zero, n)
	}
	return n, nil
}

// facePrompt asks for one die, saying whose roll it is and what for, in
// at most room cells: where the whole does not fit, the faces typed so
// far give way to the last few of them, then the reason, then whose roll
// it is; what it asks for stays.
func facePrompt(n *dice.NeedFaceError, typed []int, room int) string {
	const ask = " — type the face: "
	who, why := "", ""
	if n.Who != "" {
		who = " for " + n.Who
	}
	if n.Why != "" {
		why = ", " + n.Why
	}
	roll := fmt.Sprintf("Roll a d%d", n.Sides)
	fits := func(parts ...string) bool {
		w := 0
		for _, p := range parts {
			w += width(p)
		}
		return w <= room
	}
	if len(typed) > 0 {
		// Every face typed for the command, not only this die's.
		faces := strings.Trim(fmt.Sprint(typed), "[]")
		if so := " (faces typed for this command: " + faces + ")"; fits(roll, who, why, so, ask) {
			return roll + who + why + so + ask
		}
		for i := range typed {
			so := " (faces typed: … " + strings.Trim(fmt.Sprint(typed[i:]), "[]") + ")"
			if i == 0 {
				so = " (faces typed: " + faces + ")"
			}
			if fits(roll, who, why, so, ask) {
				return roll + who + why + so + ask
			}
		}
	}
	switch {
	case fits(roll, who, why, ask):
		return roll + who + why + ask
	case fits(roll, who, ask):
		return roll + who + ask
	}
	return roll + ask
}

// faceRoom is the room the face prompt leaves for typing a face.
const faceRoom = 4

// faceHelp is the key help under the face prompt; only a d10 has a zero
// face to mention.
func faceHelp(n *dice.NeedFaceError) string {
	h := "enter: use this face · esc: cancel the command"
	if n != nil && n.Sides == 10 {
		h += " · 0 is the d10's zero"
	}
	return h
}

// helpOn is help VERB at the command line: the help screen, scrolled to
// the command; a word that names no command gets the error a command line
// of it would (with the command it may be a slip for), and no screen.
func (m *Model) helpOn(verb string) tea.Cmd {
	if _, ok := m.t.Verb(verb); !ok && !strings.EqualFold(verb, "undo") && !strings.EqualFold(verb, "redo") {
		if err := m.t.Try(verb); err != nil {
			m.setErr(err)
			return nil
		}
	}
	m.mode = modeNormal
	m.showHelp = true
	m.relayout()
	m.helpOff = 0
	want := strings.ToLower(verb)
	for i, l := range m.helpLines(max(1, m.scr.Body.W-2)) {
		if f := strings.Fields(ansi.Strip(l)); len(f) > 0 && strings.ToLower(f[0]) == want {
			m.helpOff = i
			break
		}
	}
	return nil
}
