package tui

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"fray/model"
	"fray/rules"
	"fray/rules/rulestest"
	"fray/saves"
)

func hp(t *testing.T, tr *rules.Tracker, name string) int {
	t.Helper()
	c, err := tr.E.Find(name)
	if err != nil {
		t.Fatal(err)
	}
	return c.Sheet().(*tsheet).HP
}

// x marks rows; d then damages every marked one in one command, which one
// undo takes back; the marks are used up.
func TestMarksDamageAllInOneCommand(t *testing.T) {
	tr := newTracker(t, trio...)
	m := sized(tr, Options{}, 100, 30)
	m = press(m, "j", "x", "j", "x") // Bruce and the cloaked man
	if len(m.marks) != 2 || !strings.Contains(plainView(m), "•") {
		t.Fatalf("marks %v:\n%s", m.marks, plainView(m))
	}
	m = press(m, "d")
	if got := field(t, m, "target").value(); got != "Bruce,Cloaked man" {
		t.Fatalf("target %q", got)
	}
	before := tr.Version()
	m = press(typeText(m, "4"), "enter")
	if got := lastCommand(tr); got != `damage "Bruce,Cloaked man" 4` {
		t.Fatalf("applied %q: %v", got, m.form.err)
	}
	if tr.Version() != before+1 || hp(t, tr, "Bruce") != 6 || hp(t, tr, "Cloaked man") != 6 || hp(t, tr, "Paul") != 10 {
		t.Fatalf("hp %d %d %d", hp(t, tr, "Bruce"), hp(t, tr, "Cloaked man"), hp(t, tr, "Paul"))
	}
	if len(m.marks) != 0 || !strings.Contains(m.status, "marks cleared") {
		t.Fatalf("marks after use: %v %q", m.marks, m.status)
	}
	m = press(m, "u")
	if hp(t, tr, "Bruce") != 10 || hp(t, tr, "Cloaked man") != 10 {
		t.Fatal("one undo should take back both")
	}
}

// c and h start the command line with the marks; esc keeps the marks,
// esc on the main screen clears them; x again unmarks.
func TestMarksOnTheCommandLine(t *testing.T) {
	tr := newTracker(t, trio...)
	m := sized(tr, Options{}, 100, 30)
	m = press(m, "x", "j", "x", "c")
	if got := m.line.in.Value(); got != "cond Paul,Bruce " {
		t.Fatalf("line %q", got)
	}
	m = press(m, "esc")
	if len(m.marks) != 2 {
		t.Fatal("cancelling keeps the marks")
	}
	m = press(typeText(press(m, "c"), "dazzled"), "enter")
	if !tr.E.Combatants[0].HasCond("dazzled") || !tr.E.Combatants[1].HasCond("dazzled") || len(m.marks) != 0 {
		t.Fatalf("cond on the marked: %q", m.status)
	}
	m = press(m, "x", "x")
	if len(m.marks) != 0 {
		t.Fatal("x twice unmarks")
	}
	m = press(m, "x", "esc")
	if len(m.marks) != 0 || m.keys.Unmark.Enabled() {
		t.Fatal("esc clears the marks")
	}
}

// The attack form names every marked foe as its target.
func TestMarksInTheAttackForm(t *testing.T) {
	tr := newTracker(t, trio...)
	m := sized(tr, Options{}, 100, 30)
	m = press(m, "n", "j", "x", "j", "x", "a")
	if got := field(t, m, "target").value(); got != "Bruce,Cloaked man" {
		t.Fatalf("target %q", got)
	}
	if got := m.form.command(); got != `attack Paul "Bruce,Cloaked man"` {
		t.Fatalf("command %q", got)
	}
}

// The add form: a template by its first letters, a count, the side kept
// from the last add; a party's name adds the party.
func TestAddFormTemplatesCountsParties(t *testing.T) {
	tr := newTracker(t, trio...)
	lib := &rulestest.Library{Ts: []rules.Template{
		rulestest.Template("Goblin", "side=goblins", "hp=1d6"),
		rulestest.Template("Goblin boss", "side=goblins", "hp=9"),
	}}
	if _, err := lib.SaveParty(rules.Party{Name: "Crew", System: "tst", Members: []*model.Combatant{
		{Profile: (&model.Profile{Name: "Odo", Side: "party"}).WithSheet(&tsheet{HP: 4})}}}); err != nil {
		t.Fatal(err)
	}
	tr.SetLibrary(lib)
	m := sized(tr, Options{}, 100, 30)
	m = press(m, "+", "g", "o", "b", "tab") // completes to Goblin, and says what else begins so
	if v := plainView(m); !strings.Contains(v, "matches: Goblin  Goblin boss") {
		t.Errorf("the templates Goblin stands for are not named:\n%s", v)
	}
	m = press(m, "tab") // on to the count
	if got := field(t, m, "name").value(); got != "Goblin" || focused(m) != "count" {
		t.Fatalf("name %q, focus %q", got, focused(m))
	}
	m = press(typeText(m, "6"), "enter")
	if got := lastCommand(tr); got != "add 6 Goblin" {
		t.Fatalf("applied %q: %v", got, m.form.err)
	}
	if _, err := tr.E.Find("Goblin 6"); err != nil {
		t.Fatal(err)
	}
	m = press(typeText(press(typeText(press(m, "+"), "Zed"), "tab", "tab"), "ogres"), "enter")
	m = press(typeText(press(m, "+"), "Goblin"), "enter")
	if got := lastCommand(tr); got != `add "Goblin"` { // the template's side beats the one offered
		t.Fatalf("applied %q", got)
	}
	if c, err := tr.E.Find("Goblin 7"); err != nil || c.Side != "goblins" {
		t.Fatalf("Goblin 7: %v %v", c, err)
	}
	m = press(typeText(press(m, "+"), "Ugg"), "enter")
	if got := lastCommand(tr); got != "add Ugg side=ogres" {
		t.Fatalf("applied %q: the last side should be kept", got)
	}
	press(typeText(press(m, "+"), "crew"), "enter")
	if got := lastCommand(tr); got != "party add crew" {
		t.Fatalf("applied %q", got)
	}
	if c, err := tr.E.Find("Odo"); err != nil || c.Sheet().(*tsheet).HP != 4 {
		t.Fatalf("Odo: %v %v", c, err)
	}
}

// fakeFights is a Fights in memory.
type fakeFights struct {
	list       []saves.Summary
	lists      int // how often Files was called
	reads      int // and Summarize
	readOrder  []string
	partyReads int // how often Parties was called
	opened     string
	deleted    []string
	created    []string
}

func (f *fakeFights) Files() ([]saves.Summary, error) {
	f.lists++
	return f.list, nil
}
func (f *fakeFights) Summarize(path string) saves.Summary {
	f.reads++
	f.readOrder = append(f.readOrder, path)
	for _, s := range f.list {
		if s.Path == path {
			return s
		}
	}
	return saves.Summary{Path: path, Err: errors.New("no such file")}
}
func (f *fakeFights) Systems() []string { return []string{"arm5", "tst"} }
func (f *fakeFights) Parties() []string {
	f.partyReads++
	return []string{"Crew"}
}
func (f *fakeFights) Open(path string) { f.opened = path }
func (f *fakeFights) Delete(path string) error {
	f.deleted = append(f.deleted, path)
	f.list = slices.DeleteFunc(slices.Clone(f.list), func(s saves.Summary) bool { return s.Path == path })
	return nil
}
func (f *fakeFights) Create(name, system, title, party string) (string, error) {
	f.created = append(f.created, strings.Join([]string{name, system, title, party}, "|"))
	return "/data/" + name + ".toml", nil
}

// L lists the fights; enter opens one (quitting this screen), d asks
// before deleting, n makes a new one and opens it.
func TestFightsScreen(t *testing.T) {
	now := time.Now()
	ff := &fakeFights{list: []saves.Summary{
		{Path: "/data/crypt.toml", Name: "crypt", Title: "The crypt", System: "osr", Round: 3, Saved: now,
			Sides: []saves.SideCount{{Side: "party", Alive: 4, Total: 4}, {Side: "undead", Alive: 2, Total: 6}}},
		{Path: "/data/here.toml", Name: "here", System: "tst", Saved: now.Add(-48 * time.Hour)},
		{Path: "/data/vault.toml", Name: "vault", System: "tst", Saved: now.Add(-72 * time.Hour)},
	}}
	tr := newTracker(t, trio...)
	m := sized(tr, Options{Path: "/data/here.toml", Fights: ff}, 120, 30)
	m = pressRead(m, "L")
	v := plainView(m)
	for _, want := range []string{"crypt", "The crypt", "party 4/4 · undead 2/6", "osr", now.Format("15:04")} {
		if !strings.Contains(v, want) {
			t.Fatalf("fights screen lacks %q:\n%s", want, v)
		}
	}
	m = press(m, "d") // the open fight cannot be deleted
	if !m.statusErr || len(ff.deleted) != 0 {
		t.Fatalf("deleting the open fight: %q", m.status)
	}
	m = press(m, "k", "d", "n") // asked, and kept
	if len(ff.deleted) != 0 {
		t.Fatal("n must keep the file")
	}
	m = pressRead(m, "d", "y")
	if len(ff.deleted) != 1 || ff.deleted[0] != "/data/crypt.toml" || strings.Contains(plainView(m), "The crypt") {
		t.Fatalf("deleted %v:\n%s", ff.deleted, plainView(m))
	}
	m = press(m, "j", "enter")
	if ff.opened != "/data/vault.toml" {
		t.Fatalf("opened %q", ff.opened)
	}
	// A new fight: the form, then open it.
	m = sized(tr, Options{Path: "/data/here.toml", Fights: ff}, 120, 30)
	m = press(typeText(press(pressRead(m, "L"), "n"), "vault"), "tab", "right", "left")
	m = press(typeText(press(m, "tab"), "Into the vault"), "tab")
	m = typeText(m, "Crew")
	// The form's line is the command a shell takes, flags and all.
	if want := `→ fray new vault --system tst --title "Into the vault" --party Crew`; !strings.Contains(plainView(m), want) {
		t.Fatalf("the new fight's form does not show %q:\n%s", want, plainView(m))
	}
	m = press(m, "enter")
	if len(ff.created) != 1 || ff.created[0] != "vault|tst|Into the vault|Crew" || ff.opened != "/data/vault.toml" {
		t.Fatalf("created %v, opened %q", ff.created, ff.opened)
	}
}

// At 80 columns a fight's title keeps some room: the sides alive give
// it up, cut short.
func TestFightsTitleAt80(t *testing.T) {
	ff := &fakeFights{list: []saves.Summary{
		{Path: "/data/demo-brawl.toml", Name: "demo-brawl", Title: "Tavern brawl: Paul and friends", System: "arm5", Round: 1,
			Sides: []saves.SideCount{{Side: "turb", Alive: 3, Total: 3}, {Side: "ruffians", Alive: 3, Total: 3}, {Side: "redcap", Alive: 3, Total: 3}}},
	}}
	m := pressRead(sized(newTracker(t, trio...), Options{Fights: ff}, 80, 24), "L")
	if v := plainView(m); !strings.Contains(v, "Tavern brawl: Paul ") {
		t.Errorf("the title is cut to nothing:\n%s", v)
	}
}

// The fights screen and marked rows draw inside the screen at any size.
func TestFightsAndMarksAtEverySize(t *testing.T) {
	ff := &fakeFights{list: []saves.Summary{
		{Path: "/data/a-very-long-fight-name.toml", Name: "a-very-long-fight-name", Title: strings.Repeat("long title ", 8), System: "osr",
			Sides: []saves.SideCount{{Side: "party", Alive: 4, Total: 4}, {Side: "", Alive: 0, Total: 2}}},
	}}
	for i := range 40 {
		ff.list = append(ff.list, saves.Summary{Path: "/data/f.toml", Name: "f", System: "arm5", Round: i})
	}
	for _, s := range [][2]int{{1, 1}, {5, 3}, {20, 6}, {40, 12}, {80, 24}, {160, 48}} {
		tr := newTracker(t, trio...)
		m := sized(tr, Options{Fights: ff}, s[0], s[1])
		m = press(m, "x", "j", "x")
		checkBox(t, m.View(), s[0], s[1])
		m = press(pressRead(m, "L"), "G", "j", "j")
		checkBox(t, m.View(), s[0], s[1])
		m = press(m, "n")
		checkBox(t, m.View(), s[0], s[1])
	}
}

// The hint after a mark names only the keys that act on the marks: f
// where the system has fatigue (arm5), not in one without (osr, where
// f does nothing).
func TestMarkHintNamesKeysThatWork(t *testing.T) {
	for _, c := range []struct {
		sys, demo string
		fatigue   bool
	}{{"arm5", "brawl", true}, {"osr", "goblins", false}} {
		m := sized(demoTracker(t, c.sys, c.demo, "next"), Options{}, 120, 40)
		m = press(m, "x")
		if got := strings.Contains(m.status, ", f "); got != c.fatigue || !strings.Contains(m.status, "marked: d, c, h") {
			t.Errorf("%s: mark hint %q", c.sys, m.status)
		}
	}
}

// A fight that will not open is marked in the list; selected, the status
// line says why in full, and enter says so again, opening nothing.
func TestFightsScreenBrokenFile(t *testing.T) {
	broken := &saves.Error{File: "/data/bad.toml", Line: 28, Msg: `Ogre: hp must be a whole number, not "lots"`}
	ff := &fakeFights{list: []saves.Summary{
		{Path: "/data/here.toml", Name: "here", System: "tst"},
		{Path: "/data/bad.toml", Name: "bad", System: "osr", Err: broken},
	}}
	m := sized(newTracker(t, trio...), Options{Path: "/data/here.toml", Fights: ff}, 80, 24)
	m = pressRead(m, "L")
	if v := plainView(m); !strings.Contains(v, "won't open: line 28") {
		t.Fatalf("the broken fight is not marked:\n%s", v)
	}
	m = press(m, "j")
	if want := `bad won't open: line 28: Ogre: hp must be a whole number, not "lots"`; m.status != want || !m.statusErr {
		t.Errorf("selected, the status says %q, want %q", m.status, want)
	}
	m = press(m, "enter")
	if ff.opened != "" || m.mode != modeFights || !strings.Contains(m.status, "cannot open bad: line 28: Ogre") {
		t.Errorf("enter on a broken fight: opened %q, mode %v, status %q", ff.opened, m.mode, m.status)
	}
}

// L first selects the fight open now, wherever the list puts it, so
// enter straight away does not close it for another.
func TestFightsScreenSelectsTheOpenFight(t *testing.T) {
	ff := &fakeFights{list: []saves.Summary{
		{Path: "/data/crypt.toml", Name: "crypt", System: "tst"},
		{Path: "/data/here.toml", Name: "here", System: "tst"},
		{Path: "/data/vault.toml", Name: "vault", System: "tst"},
	}}
	m := sized(newTracker(t, trio...), Options{Path: "/data/here.toml", Fights: ff}, 80, 24)
	m = pressRead(m, "L")
	if m.fights.sel != 1 {
		t.Fatalf("L selects row %d, want the open fight's (1)", m.fights.sel)
	}
	m = pressRead(m, "j", "esc", "L") // where the GM left it
	if m.fights.sel != 2 {
		t.Errorf("L again selects row %d, want where it was left (2)", m.fights.sel)
	}
	ff.list = ff.list[:2] // vault deleted meanwhile
	m = pressRead(m, "esc", "L")
	if m.fights.sel != 1 {
		t.Errorf("with the selected file gone, row %d, want the last (1)", m.fights.sel)
	}
}
