package tui

import (
	"cmp"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"fray/saves"
)

// The library of fights (L): the encounters in the data folder, one line
// each, as `fray ls` prints them. enter opens one: the screen quits as q
// would (the open fight saved first), and the program opens the other
// file, whose lock it takes once this one's is let go. n makes a new one
// (name, system, title, optional party) and opens it; d deletes one after
// asking. The screen only lists and asks: making, deleting and opening
// files is the program's (Options.Fights).
//
// Reading the folder decodes every file (a big fight takes 10 ms or
// more), so nothing of it is done on the event loop: a command lists the
// files (fightFiles: names and save times, no file read), and then one
// command after another reads them, those nearest the selection first
// (fightRead), each row filled in as its file is read; until then it says "reading…", or
// keeps what the screen showed before of a file unchanged since. Keys
// work meanwhile, and an answer to a reading the screen no longer waits
// for (it was closed, or asked again) is dropped.

// Fights is the data folder's library of fights, as the L screen uses it.
type Fights interface {
	// Files lists the encounter files there are, the last saved first,
	// with their paths, names and save times only (saves.Files).
	Files() ([]saves.Summary, error)
	// Summarize reads one of them and sums it up, checking that it would
	// open (saves.Summarize). The screen calls these two on goroutines
	// of their own.
	Summarize(path string) saves.Summary
	// Systems lists the ids of the rule systems a new encounter may play.
	Systems() []string
	// Parties names the saved parties (read off the event loop too,
	// with Files).
	Parties() []string
	// Create makes a new encounter: name is a bare name or a path, as on
	// the command line; party, if not "", joins it. It returns the file.
	Create(name, system, title, party string) (string, error)
	// Delete removes an encounter file; it refuses one that is open.
	Delete(path string) error
	// Open asks for path to be opened once this screen has quit; "" asks
	// for nothing (the GM went back to the fight open now).
	Open(path string)
}

// fightKeys are the keys of the library screen.
type fightKeys struct {
	Down, Up      key.Binding
	Open, New     key.Binding
	Delete, Close key.Binding
}

func defaultFightKeys() fightKeys {
	b := func(help, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return fightKeys{
		Down:   b("j/↓", "next", "j", "down"),
		Up:     b("k/↑", "previous", "k", "up"),
		Open:   b("enter", "open", "enter"),
		New:    b("n", "new fight", "n"),
		Delete: b("d", "delete…", "d"),
		Close:  b("esc/L", "close", "esc", "L"),
	}
}

// ShortHelp lists the library screen's keys for the help bar.
func (k fightKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Open, k.New, k.Delete, k.Close, k.Down, k.Up}
}

// FullHelp lists them in one column.
func (k fightKeys) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

// fightsPane is the library screen's state.
type fightsPane struct {
	keys    fightKeys
	list    []saves.Summary
	known   []bool // which rows of list were read (or kept from before)
	err     error
	sel     int
	confirm string // a file waiting for y to be deleted
	// asked counts the readings asked for; reading is that of the
	// reading the screen waits for, 0 when it waits for none.
	asked, reading int
	// moves counts j (+1) and k (-1) typed before the reading listed the
	// files: the selection moves by them once it has.
	moves int
	// open is the path, as listed, of the fight open now ("" if not
	// listed): which file that is was found off the event loop, as it
	// follows links (a look at every folder on the way, for every row).
	open string
	// parties are the saved parties the last reading found, offered by
	// a new fight's form.
	parties []string
}

// fightFiles is the list of files one reading found.
type fightFiles struct {
	n       int // which reading (fightsPane.asked)
	list    []saves.Summary
	err     error
	open    string   // the path of the fight open now, as list has it
	parties []string // the saved parties, for a new fight's form
}

// fightRead is one file a reading read, row i of its list.
type fightRead struct {
	n, i int
	sum  saves.Summary
}

// openFights shows the library and reads it afresh.
func (m *Model) openFights() tea.Cmd {
	if m.opt.Fights == nil {
		return nil
	}
	m.showHelp = false
	m.fights.keys = defaultFightKeys()
	m.fights.confirm, m.fights.moves = "", 0
	m.mode = modeFights
	m.relayout()
	return m.readFights()
}

// readFights asks for the folder to be listed and read afresh, off the
// event loop (gotFiles, gotFight).
func (m *Model) readFights() tea.Cmd {
	p := &m.fights
	p.asked++
	p.reading = p.asked
	n, f, open := p.asked, m.opt.Fights, m.opt.Path
	return func() tea.Msg {
		r := fightFiles{n: n}
		r.list, r.err = f.Files()
		r.open = openIn(r.list, open)
		r.parties = f.Parties()
		return r
	}
}

// openIn finds the fight open now, path, in a list of the folder's files,
// and returns its path as listed ("" if it is not there). The files are
// regular files, not links, so only one named as path's target can be
// it: only those are compared by following links.
func openIn(list []saves.Summary, path string) string {
	if path == "" {
		return ""
	}
	target, err := saves.Resolve(path)
	for _, s := range list {
		if (err != nil || filepath.Base(s.Path) == filepath.Base(target)) && saves.SamePath(s.Path, path) {
			return s.Path
		}
	}
	return ""
}

// readFight reads row i of reading n's list.
func (m *Model) readFight(n, i int) tea.Cmd {
	f, path := m.opt.Fights, m.fights.list[i].Path
	return func() tea.Msg { return fightRead{n: n, i: i, sum: f.Summarize(path)} }
}

// waitsFor reports whether the screen still waits for reading n.
func (m *Model) waitsFor(n int) bool {
	return n == m.fights.reading && m.mode == modeFights
}

// gotFiles shows a reading's list of files, if the screen still waits
// for it, and reads the first. The selection stays on the file selected
// now, or the first time goes to the fight open now; a file that went
// leaves the selection where it was. A row whose file is unchanged since
// the screen last read it shows what it showed until it is read again.
func (m *Model) gotFiles(r fightFiles) tea.Cmd {
	p := &m.fights
	if !m.waitsFor(r.n) {
		return nil // stale: the screen closed or asked again since
	}
	at := p.sel
	path := r.open
	if at >= 0 && at < len(p.list) {
		path = p.list[at].Path
	}
	before := map[string]saves.Summary{}
	for i, s := range p.list {
		if i < len(p.known) && p.known[i] {
			before[s.Path] = s
		}
	}
	p.list, p.err, p.open, p.parties = r.list, r.err, r.open, r.parties
	p.known = make([]bool, len(p.list))
	for i, s := range p.list {
		if b, ok := before[s.Path]; ok && b.Saved.Equal(s.Saved) {
			p.list[i], p.known[i] = b, true
		}
	}
	p.sel = max(0, min(at, len(p.list)-1))
	for i, s := range p.list {
		if s.Path == path {
			p.sel = i
		}
	}
	p.sel = max(0, min(p.sel+p.moves, len(p.list)-1))
	p.moves = 0
	return m.readNext(r.n)
}

// readNext reads the row not yet read nearest the selection (those on
// screen first, then outwards), or says the reading is done.
func (m *Model) readNext(n int) tea.Cmd {
	p := &m.fights
	next, far := -1, 0
	for i, known := range p.known {
		if d := max(i-p.sel, p.sel-i); !known && (next < 0 || d < far) {
			next, far = i, d
		}
	}
	if next < 0 {
		p.reading = 0
		return nil
	}
	return m.readFight(n, next)
}

// gotFight fills in a row read, if the screen still waits for its
// reading, and reads the next.
func (m *Model) gotFight(r fightRead) tea.Cmd {
	p := &m.fights
	if !m.waitsFor(r.n) || r.i >= len(p.list) || p.list[r.i].Path != r.sum.Path {
		return nil
	}
	p.list[r.i], p.known[r.i] = r.sum, true
	if r.i == p.sel {
		m.sayBroken()
	}
	return m.readNext(r.n)
}

// fightDeleted says how deleting a fight went: d, y delete it off the
// event loop (Delete takes the file's lock and looks through the folder).
type fightDeleted struct {
	path string
	err  error
}

// deletedFight says how deleting went, wherever the GM is now, and on the
// fights screen takes the row away and reads the folder again.
func (m *Model) deletedFight(r fightDeleted) tea.Cmd {
	if r.err != nil {
		m.setErr(r.err)
		return nil
	}
	m.status, m.statusErr = "deleted "+r.path, false
	p := &m.fights
	if i := slices.IndexFunc(p.list, func(s saves.Summary) bool { return s.Path == r.path }); i >= 0 {
		p.list = slices.Delete(p.list, i, i+1) // gone now, whatever a reading finds
		if i < len(p.known) {
			p.known = slices.Delete(p.known, i, i+1)
		}
		if p.sel > i || p.sel >= len(p.list) {
			p.sel = max(0, p.sel-1)
		}
	}
	if m.mode != modeFights {
		return nil
	}
	return m.readFights()
}

// sayBroken says on the status line, in full, why the selected fight
// will not open, or that another fray holds it or a crash left changes
// for it: its row has room for the start only.
func (m *Model) sayBroken() {
	p := &m.fights
	if p.sel < 0 || p.sel >= len(p.list) || m.status != "" {
		return
	}
	switch s := p.list[p.sel]; {
	case s.Err != nil:
		m.status, m.statusErr = s.Name+" "+s.Problem(), true
	case s.Held() != "":
		m.status, m.statusErr = s.Name+": "+s.Held(), false
	}
}

// updateFights handles a key on the library screen.
func (m *Model) updateFights(msg tea.KeyMsg) tea.Cmd {
	p := &m.fights
	k := &p.keys
	if p.confirm != "" {
		path := p.confirm
		p.confirm = ""
		if msg.String() != "y" {
			m.status, m.statusErr = "kept "+filepath.Base(path), false
			return nil
		}
		m.status, m.statusErr = "deleting "+filepath.Base(path)+"…", false
		f := m.opt.Fights
		return func() tea.Msg { return fightDeleted{path: path, err: f.Delete(path)} }
	}
	m.status, m.statusErr = "", false
	n := len(p.list)
	switch {
	case key.Matches(msg, k.Close):
		m.mode = modeNormal
		m.relayout()
	case key.Matches(msg, k.New):
		return m.openForm(m.newFightForm())
	case n == 0 && p.reading != 0:
		// Typed before the names came: the selection moves once they do.
		switch {
		case key.Matches(msg, k.Down):
			p.moves++
		case key.Matches(msg, k.Up):
			p.moves--
		}
	case n == 0:
	case key.Matches(msg, k.Down):
		p.sel = min(n-1, p.sel+1)
		m.sayBroken()
	case key.Matches(msg, k.Up):
		p.sel = max(0, p.sel-1)
		m.sayBroken()
	case key.Matches(msg, k.Open):
		return m.openFight(p.list[p.sel])
	case key.Matches(msg, k.Delete):
		s := p.list[p.sel]
		if s.Path == p.open {
			m.setErr(errors.New("this is the fight that is open: open another before deleting it"))
			return nil
		}
		p.confirm = s.Path
		m.status, m.statusErr = fmt.Sprintf("delete %s (%s)? y deletes the file for good; any other key keeps it", s.Name, s.Title), true
	}
	return nil
}

// openFight quits to open another fight, the open one saved first.
func (m *Model) openFight(s saves.Summary) tea.Cmd {
	switch {
	case s.Path == m.fights.open:
		m.mode = modeNormal
		m.status = "that is the fight open now"
		m.relayout()
		return nil
	case s.Err != nil:
		m.setErr(fmt.Errorf("cannot open %s: %s", s.Name, strings.TrimPrefix(s.Problem(), "won't open: ")))
		return nil
	case s.HeldBy != 0:
		m.setErr(fmt.Errorf("cannot open %s: another fray has it open (process %d); quit that one first", s.Name, s.HeldBy))
		return nil
	}
	m.opt.Fights.Open(s.Path)
	m.mode = modeNormal
	return m.quit()
}

// newFightForm asks what a new fight needs: a name, a system, a title and
// optionally a party.
func (m *Model) newFightForm() form {
	ids := m.opt.Fights.Systems()
	sys := formField{label: "system", kind: choiceField, arg: argKey, key: "system", choices: ids}
	for i, id := range ids {
		if id == m.t.Sys.ID() {
			sys.pick = i
		}
	}
	party := keyField(m.st, "", "party", "party", "none, or a saved party")
	party.pool = m.fights.parties
	fs := []formField{
		wordField(m.st, "name", "", "a file name, such as crypt"),
		sys,
		keyField(m.st, "", "title", "title", "optional"),
		party,
	}
	if len(party.pool) > 0 {
		fs[3].hint = "parties: " + strings.Join(party.pool, ", ")
	}
	f := newForm(m.st, "A new fight", "fray new", fs)
	f.build = newFightCommand
	f.submit = m.createFight
	return f
}

// newFightCommand is the form's line as the shell takes it (fray new
// NAME --system ID …), not as a tracker command: a GM may copy it.
func newFightCommand(f *form) string {
	parts := []string{f.verb}
	if v := f.valueOf("name"); v != "" {
		parts = append(parts, f.quoteWord(v))
	}
	for _, k := range []string{"system", "title", "party"} {
		if v := f.valueOf(k); v != "" {
			parts = append(parts, "--"+k, f.quoteWord(v))
		}
	}
	return strings.Join(parts, " ")
}

// createFight makes the new fight the form describes and opens it.
func (m *Model) createFight(f *form) (tea.Cmd, error) {
	path, err := m.opt.Fights.Create(f.valueOf("name"), f.valueOf("system"), f.valueOf("title"), f.valueOf("party"))
	if err != nil {
		return nil, err
	}
	m.opt.Fights.Open(path)
	m.mode = modeNormal
	return m.quit(), nil
}

// fightsScreen draws the library in the body.
func (m *Model) fightsScreen() []string {
	b := m.scr.Body
	p := &m.fights
	iw, ih := inner(b.W, b.H)
	now := m.now()
	rows := [][]string{{"", "name", "system", "round", "alive", "saved", "title"}}
	for i, s := range p.list {
		mk := " "
		if s.Path == p.open {
			mk = turnNow
		}
		if i == p.sel {
			mk = "›"
		}
		switch {
		case i >= len(p.known) || !p.known[i]:
			rows = append(rows, []string{mk, s.Name, "", "", "", s.SavedText(now), "reading…"})
			continue
		case s.Err != nil:
			rows = append(rows, []string{mk, s.Name, cmp.Or(s.System, "?"), "", "", s.SavedText(now), s.About()})
			continue
		}
		rows = append(rows, []string{mk, s.Name, s.System, s.RoundText(), s.Alive(), s.SavedText(now), s.About()})
	}
	w := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, c := range r {
			w[i] = max(w[i], width(c))
		}
	}
	// The title, last, keeps some room (what is alive gives it up, cut
	// short): three letters of it tell nothing.
	const aliveCol, titleCol = 4, 6
	left := iw
	for _, c := range w[:titleCol] {
		left -= c + 1
	}
	if need := min(w[titleCol], 20) - left; need > 0 {
		w[aliveCol] = max(width(rows[0][aliveCol]), w[aliveCol]-need)
	}
	var lines []string
	for i, r := range rows {
		var sb strings.Builder
		for j, c := range r {
			if j == len(r)-1 {
				sb.WriteString(c)
				break
			}
			sb.WriteString(pad(c, w[j]) + " ") // pad cuts with "…" where it must
		}
		line := fit(sb.String(), iw)
		switch {
		case i == 0:
			line = m.st.Label.Render(line)
		case i-1 == p.sel:
			line = m.st.Selected.Render(line)
		}
		lines = append(lines, line)
	}
	switch {
	case p.reading != 0 && len(p.list) == 0:
		lines = append(lines, m.st.Hint.Render(fit("reading the fights…", iw)))
	case p.err != nil:
		lines = append(lines, m.st.StatusErr.Render(fit(p.err.Error(), iw)))
	case len(p.list) == 0:
		lines = append(lines, m.st.Hint.Render(fit("no fights saved yet: n makes one", iw)))
	}
	title, note := "Fights", "enter opens · n new · d deletes · esc closes"
	off := 0
	if len(lines) > ih && ih > 1 {
		// The heading stays; the selection stays in sight.
		body := lines[1:]
		off = max(0, min(p.sel-(ih-1)+1, len(body)-(ih-1)))
		lines = append([]string{lines[0]}, body[off:]...)
		if off > 0 {
			title += " " + moreAbove
		}
		if off+ih-1 < len(body) {
			note = moreBelow + " · " + note
		}
	}
	ls := frame(m.st.pane(true), title, note, lines, b.W, b.H)
	return joinColumns(b.H, [][]string{ls}, []int{b.W})
}
