package tui

import (
	"cmp"
	"errors"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"fray/model"
	"fray/rules"
	"fray/rules/dice"
)

// Update implements tea.Model. Messages are routed in this order:
//
//  1. tea.WindowSizeMsg: recompute the layout and size every pane.
//  2. Save results (savedMsg, errMsg): the top bar, the status line, and
//     the next save if the encounter changed while one was running.
//  3. Keys while something captures input (an open form, the `:` command
//     line or the physical-die prompt): all of them go there, so letter
//     keys type instead of acting; ctrl+c still quits.
//  4. Keys on the options screen go to it.
//  5. Global keys: quit, help, focus, the command line, turn and action
//     keys, then the rule system's own keys.
//  6. Scroll keys go to the focused pane only.
//  7. The mouse, on the main screen and the help screen (mouse.go).
//  8. Anything else (the cursor's blink) goes to the text input in use.
//
// Every path ends in refresh, which brings the panes up to the tracker's
// version and the key map up to what can apply now.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		if !m.sized {
			cmd = m.startCmd() // after the first frame is drawn, not before
		}
		m.sized = true
		m.resize(msg.Width, msg.Height)
	case readAgainMsg:
		// Nothing was saved or journaled: the check held both back.
		m.readAgain, m.saver.settled = msg.err, true
		return m, tea.Quit
	case savedMsg, syncedMsg:
		cmd = m.saveResult(msg)
	case savedAsMsg:
		cmd = m.savedAs(msg)
	case reloadMsg:
		cmd = m.reloaded(msg)
	case overwroteMsg:
		cmd = m.overwrote(msg)
	case tickMsg:
		cmd = m.onTick()
	case watchersMsg:
		m.watchers = int(msg)
	case fightFiles:
		cmd = m.gotFiles(msg)
	case fightRead:
		cmd = m.gotFight(msg)
	case fightDeleted:
		cmd = m.deletedFight(msg)
	case reportMsg:
		if msg.err != nil {
			m.setErr(msg.err)
		} else {
			m.status, m.statusErr = "wrote the report to "+rules.Printable(msg.path), false
		}
	case errMsg:
		var se *saveError
		if errors.As(msg.err, &se) {
			first := !editedOutside(m.saver.saveErr)
			cmd = m.saveResult(se)
			if m.mode == modeQuit {
				break // the status line holds the choices
			}
			if editedOutside(se) {
				if first {
					m.editedGuide()
				}
				break // the top bar keeps saying it
			}
		}
		m.setErr(msg.err)
	case tea.MouseMsg:
		m.mouse(msg)
	case tea.KeyMsg:
		if msg.Type == tea.KeyRunes && len(msg.Runes) > 1 && !msg.Paste {
			// Keys typed faster than one read arrive together ("aBr");
			// take them one by one so `a` opens the line the rest go to.
			return m.eachRune(msg)
		}
		if msg.Alt && !m.altBound(msg) {
			// Esc then a key, read together, arrive as Alt+key; fray
			// binds no Alt key here, so they are the two keys.
			return m.escThen(msg)
		}
		if key.Matches(msg, m.keys.ForceQuit) && m.mode != modeQuit && m.mode != modeSaveAs {
			cmd = m.quit()
			break
		}
		switch m.mode {
		case modeNormal:
			cmd = m.updateKey(msg)
		case modeForm:
			cmd = m.updateForm(msg)
		case modeOptions:
			cmd = m.updateOptions(msg)
		case modeFights:
			cmd = m.updateFights(msg)
		case modeQuit:
			cmd = m.updateQuit(msg)
		case modeSaveAs:
			cmd = m.updateSaveAs(msg)
		default:
			cmd = m.updateLine(msg)
		}
	default:
		cmd = m.updateInputs(msg)
	}
	m.refresh()
	return m, cmd
}

// updateInputs passes any other message (the cursor's blink) to the form
// or line being typed in. A function of its own: the form and text input
// it copies would otherwise be slots of Update's frame, which every key
// press goes through (TestKeyStack).
func (m *Model) updateInputs(msg tea.Msg) (cmd tea.Cmd) {
	switch m.mode {
	case modeNormal, modeOptions, modeFights:
	case modeForm:
		m.form, cmd = m.form.Update(msg)
	default:
		m.line.in, cmd = m.line.in.Update(msg)
	}
	return cmd
}

// escThen runs Update on Esc, then on the key without Alt.
func (m *Model) escThen(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	n, first := m.Update(tea.KeyMsg{Type: tea.KeyEsc})
	msg.Alt = false
	n, second := n.(*Model).Update(msg)
	return n, tea.Batch(first, second)
}

// altBound reports whether an Alt key does something where it is typed:
// only the text inputs bind any (alt+b, alt+f, alt+d… move and delete by
// word). Everywhere else Alt+key is read as Esc then the key.
func (m *Model) altBound(msg tea.KeyMsg) bool {
	switch m.mode {
	case modeCommand, modeFace, modeSaveAs:
		return inputBindsAlt(msg)
	case modeForm:
		return m.form.typing() && inputBindsAlt(msg)
	}
	return false
}

// inputBindsAlt reports whether a text input binds this Alt key.
func inputBindsAlt(msg tea.KeyMsg) bool {
	km := textinput.DefaultKeyMap
	for _, b := range []key.Binding{km.WordForward, km.WordBackward, km.DeleteWordBackward, km.DeleteWordForward} {
		if key.Matches(msg, b) {
			return true
		}
	}
	return false
}

// eachRune runs Update once per rune of a multi-rune key message.
func (m *Model) eachRune(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	var cmds []tea.Cmd
	for _, r := range msg.Runes {
		k := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}, Alt: msg.Alt}
		n, cmd := m.Update(k)
		m = n.(*Model)
		cmds = append(cmds, cmd)
	}
	return m, tea.Batch(cmds...)
}

// updateKey handles a key on the main screen.
func (m *Model) updateKey(msg tea.KeyMsg) tea.Cmd {
	m.status, m.statusErr = "", false // the status line clears on the next key
	refused := m.refused              // and what ctrl+f would force goes with it
	m.refused = ""
	k := &m.keys
	kt := keyText(msg.String()) // named once for the forty bindings below
	sel := m.selected()
	switch {
	case key.Matches(kt, k.Force) && refused != "":
		return m.apply("force " + refused)
	case key.Matches(kt, k.Quit):
		return m.quit()
	case key.Matches(kt, k.Help):
		m.showHelp = !m.showHelp
		m.helpOff = 0
		m.relayout()
	case m.showHelp && msg.Type == tea.KeyEsc:
		m.showHelp = false
		m.relayout()
	case m.showHelp && m.scrollHelp(msg):
	case m.summaryKey(msg):
	case key.Matches(kt, k.End):
		return m.endFight()
	case key.Matches(kt, k.Report):
		return m.reportCmd()
	case key.Matches(kt, k.FocusNext):
		m.focus = (m.focus + 1) % numFocus
	case key.Matches(kt, k.FocusPrv):
		m.focus = (m.focus + numFocus - 1) % numFocus
	case key.Matches(kt, k.Command):
		return m.openLine("")
	case key.Matches(kt, k.Find):
		return m.openFind()
	case key.Matches(kt, k.Physical):
		m.t.SetPhysical(!m.t.Physical())
		if m.t.Physical() {
			m.status = "physical dice: you will be asked for every face"
		} else {
			m.status = "the program rolls the dice again"
		}
	case key.Matches(kt, k.Next):
		return m.apply("next")
	case key.Matches(kt, k.Prev):
		return m.apply("prev")
	case key.Matches(kt, k.Undo):
		return m.apply("undo")
	case key.Matches(kt, k.Redo):
		return m.apply("redo")
	case key.Matches(kt, k.Down):
		m.order.move(1)
	case key.Matches(kt, k.Up):
		m.order.move(-1)
	case key.Matches(kt, k.Attack):
		return m.openAttack()
	case key.Matches(kt, k.Damage):
		return m.openForm(m.damageForm())
	case key.Matches(kt, k.Fatigue):
		return m.openTargetLine("fatigue", "+1")
	case key.Matches(kt, k.Heal):
		return m.openTargetLine("heal", "")
	case key.Matches(kt, k.Init):
		return m.openLine("init " + m.quoted(sel))
	case key.Matches(kt, k.Cond):
		return m.openTargetLine("cond", "")
	case key.Matches(kt, k.Mark):
		m.toggleMark()
	case key.Matches(kt, k.Unmark):
		m.clearMarks()
		m.status = "marks cleared"
	case key.Matches(kt, k.Fights):
		return m.openFights()
	case key.Matches(kt, k.Add):
		return m.openForm(m.addForm())
	case key.Matches(kt, k.Delay) && sel != nil:
		return m.apply("delay " + m.quote(sel.Name))
	case key.Matches(kt, k.Act) && sel != nil:
		return m.apply("act " + m.quote(sel.Name))
	case key.Matches(kt, k.Options):
		m.openOptions()
	case key.Matches(kt, k.Fold):
		m.order.toggle()
	default:
		if cmd, ok := m.shortcut(kt); ok {
			return cmd
		}
		if why := m.offKey(msg); why != "" {
			m.status = msg.String() + " does nothing now: " + why
			return nil
		}
		var cmd tea.Cmd
		switch m.focus {
		case focusOrder:
			m.order, cmd = m.order.Update(msg)
		case focusSheet:
			m.sheet, cmd = m.sheet.Update(msg)
		case focusLog:
			m.log, cmd = m.log.Update(msg)
		}
		return cmd
	}
	return nil
}

// keyText is a key's name as a key.Matches argument: KeyMsg.String
// builds the name anew for every binding it is matched against.
type keyText string

func (k keyText) String() string { return string(k) }

// quoted returns a name as a command word followed by a space, or nothing.
func (m *Model) quoted(c *model.Combatant) string {
	if c == nil {
		return ""
	}
	return m.quote(c.Name) + " "
}

// quote writes a name as a command word that names exactly that
// combatant, even where a longer name begins with it (rules.QuoteIn).
func (m *Model) quote(name string) string { return rules.QuoteIn(m.t.E, name) }

// apply runs one command through the tracker; an error goes to the
// status line and changes nothing.
func (m *Model) apply(line string) tea.Cmd {
	cmd, err := m.run(line)
	if err != nil {
		m.setErr(err)
		var r *rules.Refusal
		if errors.As(err, &r) {
			// The rules refuse it, for a reason the GM may overrule:
			// ctrl+f, the next key, runs it with force (statusLine).
			m.refused, m.status = line, r.Reason
		}
		m.updateKeys()
	}
	return cmd
}

// run applies one command line. A roll waiting for a physical die opens
// the face prompt, which applies the line again once the face is typed;
// success records the command in the journal before anything shows it,
// then saves; an error is returned, and nothing has changed.
func (m *Model) run(line string) (tea.Cmd, error) {
	cur := m.t.E.Current
	res, applied, err := m.t.ApplyRecorded(line)
	var need *dice.NeedFaceError
	if errors.As(err, &need) {
		m.pending, m.need, m.mode = line, need, modeFace
		cmd := m.line.open(facePrompt(need, m.t.Typed(), m.scr.W-faceRoom), "")
		m.fitLine()
		return cmd, nil
	}
	if err != nil {
		return nil, err
	}
	m.record(applied, m.t.Version())
	m.status, m.statusErr = res.Message, false
	m.marksUsed()
	if now := m.t.E.Current; now != cur {
		// The sheet follows the turn: select before refresh draws it.
		// A turn that rests with nobody (a faction to choose who goes)
		// selects the first who may take it.
		if now == 0 && m.t.E.Round > 0 && !m.t.E.Ended {
			if first := rules.FirstActor(m.t.Sys, m.t.E, rules.OnTurn); first != nil {
				now = first.ID
			}
		}
		if now != 0 {
			m.order.sync(m.t)
			m.order.selectID(now)
		}
	}
	m.refresh()
	return m.persistCmd(), nil
}

func (m *Model) setErr(err error) {
	m.status, m.statusErr = err.Error(), true
}

// selected returns the selected combatant, or nil.
func (m *Model) selected() *model.Combatant {
	if m.order.selID == 0 {
		return nil
	}
	return m.t.E.ByID(m.order.selID)
}

func (m *Model) verbNames() []string {
	out := make([]string, len(m.verbs))
	for i, v := range m.verbs {
		out[i] = v.Name
	}
	return out
}

func (m *Model) names() []string {
	out := make([]string, 0, len(m.t.E.Combatants)+1)
	for _, c := range m.t.E.Combatants {
		out = append(out, c.Name)
	}
	return append(out, "all")
}

// scrollHelp scrolls the help screen; it reports whether msg was a
// scrolling key.
func (m *Model) scrollHelp(msg tea.KeyMsg) bool {
	page := max(1, m.scr.Body.H-3)
	switch {
	case pressed(msg, m.keys.Down):
		m.helpOff++
	case pressed(msg, m.keys.Up):
		m.helpOff--
	case pressed(msg, m.keys.Top):
		m.helpOff = 0
	case pressed(msg, m.keys.Bottom):
		m.helpOff = 1 << 30
	case pressed(msg, m.keys.PageUp):
		m.helpOff -= page
	case pressed(msg, m.keys.PageDown):
		m.helpOff += page
	default:
		return false
	}
	m.clampHelp()
	return true
}

// clampHelp keeps the help screen's scroll within its lines.
func (m *Model) clampHelp() {
	n := len(m.helpLines(max(1, m.scr.Body.W-2)))
	m.helpOff = max(0, min(m.helpOff, n-max(1, m.scr.Body.H-2)))
}

// resize lays the screen out for a new terminal size.
func (m *Model) resize(w, h int) {
	m.scr.W, m.scr.H = w, h
	m.relayout()
}

// relayout recomputes the layout for the current size and help state.
func (m *Model) relayout() {
	m.help.Width = m.scr.W
	m.help.ShowAll = m.showHelp
	m.orderSize, m.laidForm = m.order.size(m.scr.H), m.mode == modeForm
	m.scr = layout(m.scr.W, m.scr.H, m.helpHeight(), m.orderSize, m.laidForm)
	m.order.SetSize(m.scr.Order.W, m.scr.Order.H)
	m.sheet.SetSize(m.scr.Sheet.W, m.scr.Sheet.H)
	m.log.SetSize(m.scr.Log.W, m.scr.Log.H)
	if m.mode == modeForm {
		r := m.formRect()
		m.form.SetSize(r.W, r.H)
	}
	m.fitLine()
}

// fitLine sizes the text input to what the prompt leaves of the width.
func (m *Model) fitLine() {
	m.line.in.Width = max(1, m.scr.W-width(m.line.in.Prompt)-1)
}

// refresh brings panes and keys up to date with the tracker.
func (m *Model) refresh() {
	m.order.sync(m.t)
	if m.order.size(m.scr.H) != m.orderSize || m.laidForm != (m.mode == modeForm) {
		m.relayout() // the order's rows ask for another width, or a form came or went
	}
	m.sheet.sync(m.t, m.order.selID)
	m.log.sync(m.t.E, m.t.Version())
	switch ended := m.t.E.Ended; {
	case !ended:
		m.showSummary = false // the end was undone
	case !m.sawEnded:
		// The fight has just ended, by E, :end or a redo: its summary shows.
		m.showSummary, m.sumOff = true, 0
		m.showHelp = false
	}
	m.sawEnded = m.t.E.Ended
	m.updateKeys()
}

// updateKeys enables exactly the bindings that can do something now
// (keyRules says which, and why not).
func (m *Model) updateKeys() {
	var mask uint64
	for i, r := range m.keyRules() {
		r.b.SetEnabled(r.on)
		if r.on && i < 64 {
			mask |= 1 << uint(i)
		}
	}
	m.keyMask = mask
	m.attackKeyHelp()
}

// attackKeyHelp names the verb the attack key opens when the system has
// combatants fighting with one of their own (rules.AttackVerbs): "a
// battle" while an army has the turn. It asks about one combatant, the
// one whose turn it is (else the selection), as attackPair mostly picks.
func (m *Model) attackKeyHelp() {
	if _, ok := m.t.Sys.(rules.AttackVerbs); !ok {
		return
	}
	e := m.t.E
	atk := e.ByID(e.Current)
	if atk == nil || rules.MayAct(m.t.Sys, e, atk, rules.Attack) != nil {
		atk = cmp.Or(m.selected(), atk)
	}
	verb := "attack"
	if atk != nil {
		verb = rules.AttackVerb(m.t.Sys, e, atk)
	}
	m.keys.Attack.SetHelp(m.keys.Attack.Help().Key, verb)
}
