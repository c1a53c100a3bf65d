package tui

import (
	"cmp"
	"errors"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"fray/model"
	"fray/rules"
)

// This file builds the add, attack and damage forms from what the system
// offers, and runs an open form for the root: keys, apply, cancel.

// combatantNames lists every combatant's name, for completion.
func (m *Model) combatantNames() []string {
	out := make([]string, 0, len(m.t.E.Combatants))
	for _, c := range m.t.E.Combatants {
		out = append(out, c.Name)
	}
	return out
}

func nameOf(c *model.Combatant) string {
	if c == nil {
		return ""
	}
	return c.Name
}

// optionFields turns a verb's usage options into fields: toggles under
// "options", short boxes under "values", each with what it does (the
// verb's OptionHelp) for the form's hint line.
func (m *Model) optionFields(v rules.Verb) []formField {
	flags, keys := rules.UsageOptions(v.Usage)
	var fs []formField
	for _, fl := range flags {
		f := flagField("options", fl)
		f.about = v.OptionHelp[fl]
		fs = append(fs, f)
	}
	for _, k := range keys {
		f := keyField(m.st, "values", k.Name, k.Name, k.Value)
		f.about = v.OptionHelp[k.Name+"="]
		fs = append(fs, f)
	}
	return fs
}

// attackPair picks who attacks whom. The attacker is one who may attack
// now by the system's rules (rules.MayAct): the selected combatant when
// its row is marked as acting now (several may act on one count), else
// whoever's turn it is, else the selection, else the first who may. When
// nobody may, it is the one whose turn it is, or the selection: the GM
// may still force the attack at the command line. The target is the
// selection when that is someone else and not on the attacker's side (an
// ally only when there is no foe left), else the next foe in the order.
func (m *Model) attackPair() (atk, tgt *model.Combatant) {
	e := m.t.E
	sel := m.selected()
	cur := e.ByID(e.Current)
	may := func(cb *model.Combatant) bool {
		return cb != nil && rules.MayAct(m.t.Sys, e, cb, rules.Attack) == nil
	}
	switch {
	case may(sel) && m.rowOf(sel.ID).Current:
		atk = sel
	case may(cur):
		atk = cur
	case may(sel):
		atk = sel
	default:
		if as := rules.Actors(m.t.Sys, e, rules.Attack); len(as) > 0 {
			atk = as[0]
		} else if atk = cur; atk == nil {
			atk = sel
		}
	}
	if atk == nil {
		return nil, nil
	}
	// A target the attacker's verb takes: an army fights an army, and a
	// person a person (rules.AttackVerbs).
	verb := rules.AttackVerb(m.t.Sys, e, atk)
	fits := func(c *model.Combatant) bool { return rules.AttackVerb(m.t.Sys, e, c) == verb }
	if sel != nil && sel.ID != atk.ID && fits(sel) && (sel.Side != atk.Side || !hasFoe(e, atk)) {
		return atk, sel
	}
	return atk, nextFoe(m.t.Sys, e, atk, fits)
}

// actorNames lists those who may attack now with verb, for the attack
// form.
func (m *Model) actorNames(verb string) []string {
	as := rules.Actors(m.t.Sys, m.t.E, rules.Attack)
	out := make([]string, 0, len(as))
	for _, c := range as {
		if rules.AttackVerb(m.t.Sys, m.t.E, c) == verb {
			out = append(out, c.Name)
		}
	}
	return out
}

// rowOf returns the order row of a combatant (the zero row if it has
// none): from the order pane's view while it shows the tracker as it
// is, else from a view built anew.
func (m *Model) rowOf(id int) rules.OrderRow {
	rows := m.order.view.Rows
	if m.order.ver != m.t.Version() {
		rows = m.t.Sys.Order(m.t.E).Rows
	}
	for _, r := range rows {
		if r.ID == id && !r.Heading {
			return r
		}
	}
	return rules.OrderRow{}
}

// hasFoe reports whether anyone on another side than atk is still alive.
func hasFoe(e *model.Encounter, atk *model.Combatant) bool {
	for _, c := range e.Combatants {
		if c.Side != atk.Side && c.Status != model.Dead {
			return true
		}
	}
	return false
}

// nextFoe finds a target for atk, going round the order from it: a foe
// it is engaged with, else the next foe (another side) able to fight,
// else the next foe still alive, else anyone still alive, so the form
// rarely needs the target retyped. Those that fit (the attack's verb
// takes them) come before those that do not, at each step; a foe that
// carries another (a horse under its rider: rules.Carriers) comes after
// every foe who fights, as a GM means the rider.
func nextFoe(s rules.System, e *model.Encounter, atk *model.Combatant, fits func(*model.Combatant) bool) *model.Combatant {
	n := len(e.Order)
	i := e.OrderIndex(atk.ID)
	engaged := len(atk.Engaged) > 0
	// best[r] is the first candidate of rank r: 0 a fitting foe engaged
	// with atk, or able to fight while atk is engaged with nobody (a
	// fighter of rank 0 is taken at once), 1 a fitting foe able to
	// fight, then fitting foe alive, foe able, foe alive; 5 to 9 the
	// same for carriers; then fitting anyone alive, anyone alive.
	const carrier = 5
	var best [2*carrier + 2]*model.Combatant
	var carries func(*model.Combatant) bool // asked of a foe of each rank until a fighter fills it
	for k := 1; k <= n; k++ {
		c := e.ByID(e.Order[((i+k)%n+n)%n])
		if c == nil || c.ID == atk.ID || c.Status == model.Dead {
			continue
		}
		fit := fits(c)
		rank := 2*carrier + 1
		foe, able := c.Side != atk.Side, c.Status.CanAct()
		switch {
		case foe && fit && engaged && atk.EngagedWith(c.ID), foe && able && fit && !engaged:
			rank = 0
		case foe && able && fit:
			rank = 1
		case foe && fit:
			rank = 2
		case foe && able:
			rank = 3
		case foe:
			rank = 4
		case fit:
			rank = 2 * carrier
		}
		if foe && best[rank] == nil {
			if carries == nil {
				carries = rules.CarriesIn(s, e)
			}
			if carries(c) {
				rank += carrier
			} else if rank == 0 {
				return c
			}
		}
		best[rank] = cmp.Or(best[rank], c)
	}
	for _, c := range best {
		if c != nil {
			return c
		}
	}
	return nil
}

// attackForm builds the form of the system's attack verb. When the
// attacker fights in a group and the attack verb takes the group's name
// as the attacker (the whole group strikes), the group is prefilled.
func (m *Model) attackForm() form {
	atk, tgt := m.attackPair()
	verb := rules.AttackVerb(m.t.Sys, m.t.E, atk)
	v, ok := m.t.Verb(verb)
	if !ok {
		verb = "attack"
		v, _ = m.t.Verb(verb)
	}
	attacker := nameOf(atk)
	if g := m.groupOf(atk); g != "" && tgt != nil &&
		m.t.Try(verb+" "+m.quote(g)+" "+m.quote(tgt.Name)) == nil {
		attacker = g
	}
	target := nameOf(tgt)
	list, words := m.markedTargets(atk, v)
	if list != "" {
		target, m.usingMarks = list, true
	}
	names := m.combatantNames()
	actors := m.actorNames(verb)
	who := nameField(m.st, "attacker", attacker, actors)
	if len(actors) == 0 {
		who.hint = "nobody may attack now"
		if atk != nil {
			who.hint = formError(rules.MayAct(m.t.Sys, m.t.E, atk, rules.Attack))
		}
	}
	fs := []formField{
		who,
		nameField(m.st, "target", target, names),
	}
	if words {
		fs[1].arg = argRaw // already command words, each quoted
	}
	title := strings.ToUpper(verb[:1]) + verb[1:]
	f := newForm(m.st, title, verb, append(fs, m.optionFields(v)...))
	if !words {
		f.left = m.retarget(target)
	}
	return f
}

// retarget is the attack form's look at a new attacker, as the focus
// leaves the attacker field: a target that is now the attacker itself,
// or the target the form first offered now on the attacker's side,
// gives way to the new attacker's foe. A target the GM typed stays,
// unless it is the attacker.
func (m *Model) retarget(offered string) func(f *form, field int) {
	return func(f *form, field int) {
		if field != 0 || len(f.fields) < 2 {
			return
		}
		e := m.t.E
		atk, err := e.Find(f.valueOf("attacker"))
		if err != nil {
			return
		}
		tgt, err := e.Find(f.valueOf("target"))
		if err != nil || tgt.ID != atk.ID && (tgt.Side != atk.Side || f.valueOf("target") != offered) {
			return
		}
		verb := rules.AttackVerb(m.t.Sys, e, atk)
		fits := func(c *model.Combatant) bool { return rules.AttackVerb(m.t.Sys, e, c) == verb }
		if foe := nextFoe(m.t.Sys, e, atk, fits); foe != nil {
			f.fields[1].in.SetValue(foe.Name)
		}
	}
}

// openAttack is the attack key: the attack form, when the attack it
// offers could be made. When the rules refuse it in a way nothing
// overrules (a crossbowman busy spanning) the key says why at once, as a
// key that is off does, rather than open a form that enter would only
// refuse. A refusal the GM may force (the declare phase, two armies that
// have fought this round) opens the form with the reason already showing,
// so the GM can still pick the target and options and force it there
// (ctrl+f), rather than have ctrl+f roll the attack the key first
// offered. A line that only lacks words (no target to offer) opens the
// form to fill in, and so does one that works against another foe: the
// form then offers that one.
func (m *Model) openAttack() tea.Cmd {
	f := m.attackForm()
	f.quote = m.quote
	err := m.t.Try(f.command())
	var usage *rules.UsageError
	if err == nil || errors.As(err, &usage) {
		return m.openForm(f)
	}
	if !m.usingMarks && m.otherTarget(&f) {
		return m.openForm(f)
	}
	var r *rules.Refusal
	if errors.As(err, &r) {
		if len(f.fields) == 0 || f.fields[0].hint != formError(err) {
			f.err = err // shown at once, with ctrl+f to force it
		}
		return m.openForm(f)
	}
	m.usingMarks = false
	m.setErr(err)
	m.updateKeys()
	return nil
}

// otherTarget looks, among the next few foes in the order (those the
// attacker's verb takes), for one the
// attack form's attacker may strike now, and puts it in the form's
// target field; false when there is none. It tries a few only: each try
// runs the attack (and puts it back).
func (m *Model) otherTarget(f *form) bool {
	e := m.t.E
	atk, err := e.Find(f.valueOf("attacker"))
	if err != nil || len(f.fields) < 2 {
		return false
	}
	tried := f.valueOf("target")
	n, at := len(e.Order), e.OrderIndex(atk.ID)
	for k, left := 1, 6; k < n && left > 0; k++ {
		c := e.ByID(e.Order[((at+k)%n+n)%n])
		if c == nil || c.Side == atk.Side || c.Status == model.Dead || c.Name == tried ||
			rules.AttackVerb(m.t.Sys, e, c) != rules.AttackVerb(m.t.Sys, e, atk) {
			continue
		}
		left--
		f.fields[1].in.SetValue(c.Name)
		if m.t.Try(f.command()) == nil {
			return true
		}
	}
	f.fields[1].in.SetValue(tried)
	return false
}

// markedTargets is the attack form's target when rows are marked: the
// marked combatants but the attacker, as the attack verb takes several
// (one comma-list word, or several words where the verb lists TARGET…);
// "" when nothing else is marked. words reports the second form.
func (m *Model) markedTargets(atk *model.Combatant, v rules.Verb) (list string, words bool) {
	var names []string
	for _, c := range m.marked() {
		if atk == nil || c.ID != atk.ID {
			names = append(names, c.Name)
		}
	}
	switch {
	case len(names) == 0:
		return "", false
	case len(names) == 1:
		return names[0], false
	}
	if v.Targets == 0 && strings.Contains(v.Usage, "TARGET…") {
		quoted := make([]string, len(names))
		for i, n := range names {
			quoted[i] = m.quote(n)
		}
		return strings.Join(quoted, " "), true
	}
	return strings.Join(names, ","), false
}

// groupOf returns the group a combatant's order row names, or "".
func (m *Model) groupOf(c *model.Combatant) string {
	if c == nil {
		return ""
	}
	return m.rowOf(c.ID).Group
}

// damageForm builds the form of the system's damage verb for the
// selected combatant.
func (m *Model) damageForm() form {
	v, _ := m.t.Verb("damage")
	target, many := m.targets()
	m.usingMarks = many
	fs := []formField{
		nameField(m.st, "target", target, m.combatantNames()),
		wordField(m.st, "amount", "", "N"),
	}
	return newForm(m.st, "Damage", "damage", append(fs, m.optionFields(v)...))
}

// openForm shows a form in place of the sheet (or of the one pane of a
// narrow screen); from now on it gets every key.
func (m *Model) openForm(f form) tea.Cmd {
	f.quote = m.quote
	m.showHelp = false
	m.mode = modeForm
	m.form = f
	m.relayout()
	return m.form.focusCmd()
}

// closeForm goes back to the main screen.
func (m *Model) closeForm() {
	m.form.blur()
	m.mode = modeNormal
	m.relayout()
}

// formRect is where the form goes: the sheet's place, or the whole body
// when there is no room beside the order (see layout).
func (m *Model) formRect() rect { return m.scr.Form }

// updateForm handles a key while a form is open: enter applies, esc
// cancels, ctrl+l moves the line to the command line for editing, and
// everything else goes to the form.
func (m *Model) updateForm(msg tea.KeyMsg) tea.Cmd {
	k := &m.form.keys
	switch {
	case key.Matches(msg, k.Cancel):
		m.closeForm()
		m.usingMarks = false // the marks stay for the next key
		return nil
	case key.Matches(msg, k.Submit):
		return m.submitForm()
	case key.Matches(msg, k.Force) && m.form.submit == nil:
		m.form.force = true
		cmd := m.submitForm()
		m.form.force = false
		return cmd
	case key.Matches(msg, k.AsLine):
		line := m.form.command()
		m.closeForm()
		return m.openLine(line + " ")
	}
	var cmd tea.Cmd
	m.form, cmd = m.form.Update(msg)
	return cmd
}

// formError is an error as a form shows it: a refusal the rules let
// force overrule says which key does it; a line wrongly put says what is
// wrong without the command's usage, which the form's fields lay out.
func formError(err error) string {
	if err == nil {
		return ""
	}
	var r *rules.Refusal
	if errors.As(err, &r) {
		return r.Reason + " — ctrl+f does it anyway"
	}
	if u, ok := err.(*rules.UsageError); ok && u.Problem != "" {
		return u.Problem
	}
	return err.Error()
}

// submitForm applies the form's line. On success the form closes; when
// the roll waits for a physical die, the face prompt takes over with the
// same line; on an error the form stays open with the error and its
// values, and nothing has changed.
func (m *Model) submitForm() tea.Cmd {
	if cmd, err := m.form.check(); err != nil {
		m.form.err = err
		return cmd
	}
	if m.form.submit != nil {
		f := m.form
		cmd, err := f.submit(&f)
		if err != nil {
			m.form.err = err
			return m.form.focusCmd()
		}
		m.form.blur()
		return cmd
	}
	line := m.form.command()
	if m.form.force {
		line = "force " + line
	}
	m.line.remember(line) // ↑ at `:` brings it back for editing
	if m.form.verb == "add" {
		m.lastSide = m.form.valueOf("side")
	}
	m.closeForm()
	cmd, err := m.run(line)
	if err != nil {
		m.mode = modeForm
		m.relayout()
		m.form.err = err
		return m.form.focusCmd()
	}
	return cmd
}
