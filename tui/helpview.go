package tui

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"

	"fray/rules"
)

// The help bar and the help screen (?), both generated from the key maps
// and the rules' tables, so neither can list a key or a command the
// program does not have.
//
// The help bar starts with the keys every fight uses, shown even while
// they are off (dimmed), then the system's keys and the rest while they
// work; it shows as many whole entries as fit and never cuts one.
//
// The help screen lists every key (the main screen's, the system's, a
// form's and the options screen's), those off at the moment dimmed with
// the reason; then every command of the system with its usage; then the
// shorthand the order and sheet panes write. Its text wraps between words
// at any width.

// scoreLegend explains what the score column shows before a score.
var scoreLegend = legendItem{"—", "in the score column: no initiative yet"}

// --- Text that wraps between words ---

// wrapWords breaks plain text into lines of at most w columns between
// words. A word wider than w breaks after a | , / or = inside it (the
// alternatives of a usage), and only failing that anywhere (rules.Wrap).
func wrapWords(s string, w int) []string {
	return wrapHanging(s, w, w)
}

// hangWords is wrapWords with the lines after the first indented by two
// columns (a usage that goes on under its command).
func hangWords(s string, w int) []string {
	if w < 8 {
		return wrapWords(s, w)
	}
	ls := wrapHanging(s, w, w-2)
	for i := 1; i < len(ls); i++ {
		ls[i] = "  " + ls[i]
	}
	return ls
}

// wrapHanging is rules.Wrap as the screen wraps: the first line first
// columns wide, the rest rest, cut where nothing else fits, and one empty
// line for no text.
func wrapHanging(s string, first, rest int) []string {
	if ls := rules.Wrap(s, first, rest, "|,/=", true); len(ls) > 0 {
		return ls
	}
	return []string{""}
}

// cutWords shortens one line of plain text to w columns at a word
// boundary, ending with … when anything is left out.
func cutWords(s string, w int) string {
	if width(s) <= w {
		return s
	}
	ls := wrapWords(s, max(1, w-1))
	return ls[0] + "…"
}

// --- The help bar ---

// barEntry is one key of a help bar: its key, what it does, and whether
// it works now.
type barEntry struct {
	key, desc string
	on        bool
}

// barLine draws entries one after another while they fit in w columns,
// whole: a key that does not fit is left out, never cut.
func (m *Model) barLine(es []barEntry, w int) string {
	h := m.st.Help
	sep := " • "
	var b strings.Builder
	used := 0
	for _, e := range es {
		n := width(e.key) + 1 + width(e.desc)
		if used > 0 {
			n += width(sep)
		}
		if used+n > w {
			break
		}
		if used > 0 {
			b.WriteString(h.ShortSeparator.Render(sep))
		}
		if e.on {
			b.WriteString(h.ShortKey.Render(e.key) + " " + h.ShortDesc.Render(e.desc))
		} else {
			b.WriteString(m.st.HelpOff.Render(e.key + " " + e.desc))
		}
		used += n
	}
	return b.String()
}

// bindingsBar lists bindings in a help bar: those that work, and those of
// always even while off.
func (m *Model) bindingsBar(bs, always []key.Binding, w int) string {
	shown := map[string]bool{}
	for _, b := range always {
		shown[b.Help().Key] = true
	}
	es := make([]barEntry, 0, len(bs))
	for _, b := range bs {
		h := b.Help()
		if h.Key == "" || (!b.Enabled() && !shown[h.Key]) {
			continue
		}
		es = append(es, barEntry{key: h.Key, desc: h.Desc, on: b.Enabled()})
	}
	return m.barLine(es, w)
}

// hintBar is a line of hints, cut between words.
func (m *Model) hintBar(s string) []string {
	out := blank(m.scr.W, m.scr.Help)
	if len(out) > 0 {
		out[0] = fit(m.st.Hint.Render(cutWords(s, m.scr.W)), m.scr.W)
	}
	return out
}

// helpBar is the generated key help, or while typing a command, the usage
// of its verb or the completion candidates.
func (m *Model) helpBar() []string {
	s := m.scr
	switch {
	case m.mode == modeCommand && m.finding:
		return m.hintBar(m.findHint())
	case m.mode == modeCommand:
		return m.hintBar(m.lineHint())
	case m.mode == modeFace:
		return m.hintBar(faceHelp(m.need))
	case m.mode == modeQuit || m.mode == modeSaveAs:
		return m.hintBar(m.quitHint())
	case m.mode == modeForm:
		out := blank(s.W, s.Help)
		out[0] = fit(m.bindingsBar(m.form.keys.ShortHelp(), nil, s.W), s.W)
		return out
	case m.mode == modeOptions:
		out := blank(s.W, s.Help)
		out[0] = fit(m.bindingsBar(m.optionsHelp(), nil, s.W), s.W)
		return out
	case m.mode == modeFights:
		out := blank(s.W, s.Help)
		out[0] = fit(m.bindingsBar(m.fights.keys.ShortHelp(), nil, s.W), s.W)
		return out
	case m.showHelp:
		return m.hintBar(helpScreenHint)
	}
	k := helpKey{mask: m.keyMask, attack: m.keys.Attack.Help().Desc, w: s.W, h: s.Help, focused: m.focus}
	c := m.cache
	if c.help != nil && c.helpKey == k {
		return c.help
	}
	out := blank(s.W, s.Help)
	if len(out) > 0 {
		out[0] = fit(m.bindingsBar(m.keys.ShortHelp(), m.keys.everyFight(), s.W), s.W)
	}
	c.help, c.helpKey = out, k
	return out
}

// lineHint explains the command being typed: what the option just typed
// does, else its usage and summary once the verb is known, the
// candidates while completing, else how to start.
func (m *Model) lineHint() string {
	if len(m.line.comps) > 0 {
		return "tab: " + strings.Join(m.line.comps, "  ")
	}
	v, ok := m.lineVerb()
	if !ok {
		return "enter: apply · esc: cancel · tab: complete · ↑/↓: history · help: all commands"
	}
	line := strings.TrimRight(m.line.in.Value(), " ")
	if at, word := lastWord(line); at > verbAt(line) {
		word = strings.ToLower(word)
		name, _, isKey := strings.Cut(word, "=")
		if isKey {
			word = name + "="
		}
		if about := v.OptionHelp[word]; about != "" {
			return name + ": " + about + " — " + v.Usage
		}
	}
	return v.Usage + " — " + v.Summary
}

// lineVerb is the verb of the command being typed, once its first word
// (after force, if the line starts with it) names one.
func (m *Model) lineVerb() (rules.Verb, bool) {
	v := m.line.in.Value()
	word, _, _ := strings.Cut(strings.TrimLeft(v[verbAt(v):], " "), " ")
	for _, v := range m.verbs {
		if word != "" && v.Name == strings.ToLower(word) {
			return v, true
		}
	}
	return rules.Verb{}, false
}

// helpScreenHint is the help bar under the help screen.
const helpScreenHint = "j/k, pgup/pgdn, g/G: scroll · ? or esc: close"

// --- The help screen ---

// helpEntry is one line of the help screen before wrapping: a key (or a
// usage, or a shorthand) and what it does; also says more of it; off
// says why it does nothing now.
type helpEntry struct {
	key, desc, also, off string
}

// helpGroup is a titled block of entries.
type helpGroup struct {
	title   string
	entries []helpEntry
}

// keyGroups are every key the GM can press, in titled groups.
func (m *Model) keyGroups() []helpGroup {
	k := m.keys
	from := func(title string, bs ...key.Binding) helpGroup {
		g := helpGroup{title: title}
		for _, b := range bs {
			h := b.Help()
			if h.Key == "" {
				continue
			}
			e := helpEntry{key: h.Key, desc: h.Desc}
			if !b.Enabled() {
				e.off = m.whyOff(b)
			}
			g.entries = append(g.entries, e)
		}
		return g
	}
	gs := []helpGroup{from("Turns", k.Next, k.Prev, k.Init, k.Delay, k.Act)}
	if len(k.System) > 0 {
		gs = append(gs, from(m.t.Sys.Name()+" keys", k.System...))
	}
	actions := from("Actions", k.Attack, k.Damage, k.Fatigue, k.Cond, k.Heal, k.Add)
	if av, ok := m.t.Sys.(rules.AttackVerbs); ok && len(actions.entries) > 0 {
		actions.entries[0].also = av.AttackVerbsHelp() // a's verb changes with the attacker
	}
	gs = append(gs,
		actions,
		from("Commands", k.Command, k.Force, k.Undo, k.Redo, k.Physical, k.Options, k.Fights, k.Help),
		from("The fight as a whole", k.End, k.Report),
		from("Moving about and marking", k.Down, k.Up, k.Mark, k.Unmark, k.Find, k.FocusNext, k.FocusPrv, k.Fold),
		from("Scrolling and quitting", k.Top, k.Bottom, k.PageUp, k.PageDown, k.Quit, k.ForceQuit),
		m.mouseGroup(),
		from("In a form", defaultFormKeys().FullHelp()[0]...),
		from("On the options screen", m.optionsHelp()...),
		from("On the fights screen (L)", defaultFightKeys().ShortHelp()...),
	)
	return gs
}

// mouseGroup says what the mouse does, or that it is off.
func (m *Model) mouseGroup() helpGroup {
	off := ""
	if m.opt.NoMouse {
		off = "off: started with --no-mouse"
	}
	return helpGroup{title: "Mouse", entries: []helpEntry{
		{key: "click", desc: "select a row of the order, or move to a pane", off: off},
		{key: "wheel", desc: "scroll the pane under the pointer", off: off},
	}}
}

// legendGroup is the shorthand the order and sheet panes write: the
// order's own marks (orderLegend), each harm mark with what its grade
// means in this system, then the system's shorthand (rules.Doc).
func (m *Model) legendGroup() helpGroup {
	g := helpGroup{title: "Shorthand on the screen"}
	doc := rules.DocOf(m.t.Sys)
	scale := map[string]string{}
	for _, a := range doc.Scale {
		scale[a.Short] = a.Means
	}
	for _, l := range append(orderLegend(), scoreLegend) {
		e := helpEntry{key: l.Mark, desc: l.Meaning}
		if s := scale[l.Meaning]; s != "" {
			e.desc += ": " + s
		}
		g.entries = append(g.entries, e)
	}
	for _, a := range doc.Legend {
		g.entries = append(g.entries, helpEntry{key: a.Short, desc: a.Means})
	}
	return g
}

// renderGroup draws a group as lines of width w: the title, then each
// entry with its key in a column kw wide (a longer key takes a line of
// its own) and its text wrapped beside it; an entry that is off is dimmed
// and says why.
func (m *Model) renderGroup(g helpGroup, w, kw int) []string {
	st := m.st
	out := []string{fit(st.HelpTitle.Render(cutWords(g.title, w)), w)}
	for _, e := range g.entries {
		desc := e.desc
		if e.also != "" {
			desc += " — " + e.also
		}
		if e.off != "" {
			desc += " — off: " + e.off
		}
		keyStyle, descStyle := st.HelpUsage, st.HelpSummary
		if e.off != "" {
			keyStyle, descStyle = st.HelpOff, st.HelpOff
		}
		dw := max(1, w-kw-1)
		keys := wrapWords(e.key, w)
		if len(keys) > 1 || width(keys[0]) > kw {
			for _, l := range keys {
				out = append(out, fit(keyStyle.Render(l), w))
			}
			keys = []string{""}
		}
		for i, l := range wrapWords(desc, dw) {
			kl := ""
			if i == 0 {
				kl = keys[0]
			}
			out = append(out, fit(keyStyle.Render(pad(kl, kw))+" "+descStyle.Render(l), w))
		}
	}
	return out
}

// keyWidth is the key column of a group: its widest key that fits in a
// third of w (a wider key takes a line of its own).
func keyWidth(g helpGroup, w int) int {
	kw, most := 1, max(1, w/3)
	for _, e := range g.entries {
		if k := width(e.key); k <= most {
			kw = max(kw, k)
		}
	}
	return kw
}

// helpColumnMin is the narrowest column of groups on the help screen.
const helpColumnMin = 36

// columnsOf lays blocks of lines out side by side in as many columns of
// at least helpColumnMin as w holds, in reading order, the columns about
// equally tall; on a narrow screen they follow one another.
func columnsOf(blocks [][]string, w int, draw func(cw int) [][]string) []string {
	const gap = 3
	n := max(1, min(len(blocks), (w+gap)/(helpColumnMin+gap)))
	cw := (w - gap*(n-1)) / n
	blocks = draw(cw)
	total := 0
	for _, b := range blocks {
		total += len(b) + 1
	}
	target := (total + n - 1) / n
	cols := make([][]string, 0, n)
	var cur []string
	for _, b := range blocks {
		if len(cur) > 0 && len(cur)+len(b) > target && len(cols) < n-1 {
			cols = append(cols, cur)
			cur = nil
		}
		if len(cur) > 0 {
			cur = append(cur, "")
		}
		cur = append(cur, b...)
	}
	cols = append(cols, cur)
	h := 0
	for _, c := range cols {
		h = max(h, len(c))
	}
	out := make([]string, h)
	for i := range out {
		var b strings.Builder
		for j, c := range cols {
			l := ""
			if i < len(c) {
				l = c[i]
			}
			if j < len(cols)-1 {
				b.WriteString(fit(l, cw) + strings.Repeat(" ", gap))
			} else {
				b.WriteString(l)
			}
		}
		out[i] = fit(b.String(), w)
	}
	return out
}

// helpCache keeps the help screen's lines until the width or what they
// say changes.
type helpCache struct {
	w     int
	state string // the keys' reasons and enabled mask, as text
	lines []string
}

// helpState is what the help screen's text depends on besides the width.
func (m *Model) helpState() string {
	var b strings.Builder
	for _, r := range m.keyRules() {
		if !r.on {
			b.WriteString(r.why)
		}
		b.WriteByte('|')
	}
	return b.String()
}

// helpLines is the whole help screen at width w, one string per line.
func (m *Model) helpLines(w int) []string {
	state := m.helpState()
	if c := m.hc; c.lines != nil && c.w == w && c.state == state {
		return c.lines
	}
	groups := m.keyGroups()
	draw := func(cw int) [][]string {
		bs := make([][]string, len(groups))
		for i, g := range groups {
			bs[i] = m.renderGroup(g, cw, keyWidth(g, cw))
		}
		return bs
	}
	out := columnsOf(make([][]string, len(groups)), w, draw)
	out = append(out, "")
	out = append(out, m.commandLines(w)...)
	out = append(out, "")
	lg := m.legendGroup()
	out = append(out, m.renderGroup(lg, w, keyWidth(lg, w))...)
	*m.hc = helpCache{w: w, state: state, lines: out}
	return out
}

// helpScreen draws the help screen in the body, scrolled by helpOff.
func (m *Model) helpScreen() []string {
	b := m.scr.Body
	ls := m.helpLines(max(1, b.W-2))
	off := min(m.helpOff, len(ls))
	fr := frame(m.st.pane(true), "Keys and commands of "+m.t.Sys.Name()+" · ? or esc closes", "", ls[off:], b.W, b.H)
	return joinColumns(b.H, [][]string{fr}, []int{b.W})
}
