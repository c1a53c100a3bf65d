package tui

import (
	"reflect"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"fray/model"
	"fray/rules"
	"github.com/charmbracelet/x/ansi"
)

// lastCommand returns the text of the newest command entry in the log.
func lastCommand(tr *rules.Tracker) string {
	for i := tr.E.Log.Len() - 1; i >= 0; i-- {
		if tr.E.Log.At(i).Kind == model.KindCommand {
			return tr.E.Log.At(i).Text
		}
	}
	return ""
}

// field returns the open form's field with the given label.
func field(t *testing.T, m *Model, label string) *formField {
	t.Helper()
	for i := range m.form.fields {
		if m.form.fields[i].label == label {
			return &m.form.fields[i]
		}
	}
	t.Fatalf("the form has no field %q", label)
	return nil
}

func focused(m *Model) string { return m.form.cur().label }

func TestAttackFormPrefill(t *testing.T) {
	m := sized(newTracker(t, trio...), Options{}, 100, 30)
	m = press(m, "n", "a") // Paul's turn, Paul selected: the target is the next in order
	if m.mode != modeForm || m.form.title != "Attack" {
		t.Fatalf("a should open the attack form, mode %d", m.mode)
	}
	if a, b := field(t, m, "attacker").value(), field(t, m, "target").value(); a != "Paul" || b != "Bruce" {
		t.Fatalf("attacker %q target %q, want Paul Bruce", a, b)
	}
	var labels []string
	for _, f := range m.form.fields {
		labels = append(labels, f.label)
	}
	if want := []string{"attacker", "target", "hard", "quiet", "mod"}; !reflect.DeepEqual(labels, want) {
		t.Fatalf("fields %v, want %v (from the usage text)", labels, want)
	}
	if v := plainView(m); !strings.Contains(v, "→ attack Paul Bruce") || !strings.Contains(v, "[ ] hard") {
		t.Fatalf("no preview or toggles:\n%s", v)
	}
	m = press(m, "esc", "j", "j", "a") // the selected combatant is the target
	if b := field(t, m, "target").value(); b != "Cloaked man" {
		t.Fatalf("target %q, want the selection", b)
	}
	if !strings.Contains(plainView(m), `→ attack Paul "Cloaked man"`) {
		t.Fatalf("names with spaces should be quoted:\n%s", plainView(m))
	}
}

// With its own side next in the order, the attacker's default target is
// the next foe, not an ally.
func TestAttackFormPrefersAFoe(t *testing.T) {
	tr := newTracker(t, "add Paul side=turb init=12", "add Marla side=turb init=10",
		"add Bruce side=ruffians init=9", "add Alan side=ruffians init=8 status=dead")
	m := press(sized(tr, Options{}, 100, 30), "n", "a")
	if b := field(t, m, "target").value(); b != "Bruce" {
		t.Fatalf("target %q, want the next foe Bruce", b)
	}
	// With no foe able to fight, anyone still alive will do.
	tr = newTracker(t, "add Paul side=turb init=12", "add Marla side=turb init=10")
	m = press(sized(tr, Options{}, 100, 30), "n", "a")
	if b := field(t, m, "target").value(); b != "Marla" {
		t.Fatalf("target %q, want Marla", b)
	}
}

func TestAttackFormEditAndSubmit(t *testing.T) {
	tr := newTracker(t, trio...)
	m := sized(tr, Options{}, 100, 30)
	m = press(m, "n", "a")
	if focused(m) != "attacker" {
		t.Fatalf("focus starts on %q", focused(m))
	}
	m = press(m, "tab", "tab")
	if focused(m) != "hard" || !m.form.keys.Toggle.Enabled() {
		t.Fatalf("tab tab: focus %q", focused(m))
	}
	m = press(m, "space", "down", "right", "right", "left")
	if !strings.Contains(plainView(m), "→ attack Paul Bruce hard quiet") {
		t.Fatalf("toggles: %s", m.form.command())
	}
	m = press(m, "left") // quiet back to no
	m = typeText(press(m, "tab"), "+3")
	if focused(m) != "mod" || m.form.keys.Toggle.Enabled() {
		t.Fatalf("focus %q", focused(m))
	}
	if v := plainView(m); !strings.Contains(v, "→ attack Paul Bruce hard mod=+3") {
		t.Fatalf("preview:\n%s", v)
	}
	m = press(m, "up", "up", "shift+tab")
	if focused(m) != "target" {
		t.Fatalf("up, up, shift+tab: focus %q", focused(m))
	}
	m = press(m, "shift+tab", "shift+tab")
	if focused(m) != "mod" {
		t.Fatalf("shift+tab wraps to the last field: %q", focused(m))
	}
	// Letter keys type into the form; they neither advance nor quit.
	m = press(m, "n", "q")
	if tr.E.ByID(tr.E.Current).Name != "Paul" || m.mode != modeForm || field(t, m, "mod").value() != "+3nq" {
		t.Fatal("a letter key acted on the main screen")
	}
	if _, err := tr.Apply("dice 4"); err != nil {
		t.Fatal(err)
	}
	ver := tr.Version()
	m = press(m, "ctrl+u")
	m = press(typeText(m, "+3"), "enter")
	if m.mode != modeNormal {
		t.Fatalf("the form should close on success: %v", m.form.err)
	}
	if got := lastCommand(tr); got != "attack Paul Bruce hard mod=+3" || tr.Version() != ver+1 {
		t.Fatalf("applied %q", got)
	}
	if hp := tr.E.ByID(2).Sheet().(*tsheet).HP; hp != 3 {
		t.Fatalf("Bruce hp %d, want 10-4-3", hp)
	}
	press(m, "u")
	if hp := tr.E.ByID(2).Sheet().(*tsheet).HP; hp != 10 {
		t.Fatal("u should undo the form's command like any other")
	}
}

func TestFormErrorKeepsFormOpen(t *testing.T) {
	tr := newTracker(t, trio...)
	m := sized(tr, Options{}, 100, 30)
	m = press(m, "n", "a", "shift+tab")
	m = typeText(m, "x")
	ver, logLen := tr.Version(), tr.E.Log.Len()
	m = press(m, "enter")
	if m.mode != modeForm || m.form.err == nil {
		t.Fatalf("a failing command should keep the form open, mode %d", m.mode)
	}
	if tr.Version() != ver || tr.E.Log.Len() != logLen {
		t.Fatal("a failing command changed the encounter")
	}
	if v := plainView(m); !strings.Contains(v, "! mod") || !strings.Contains(v, "mod=x") {
		t.Fatalf("the error belongs in the form:\n%s", v)
	}
	if field(t, m, "mod").value() != "x" || field(t, m, "target").value() != "Bruce" {
		t.Fatal("the values should stay")
	}
	m = press(m, "backspace")
	if m.form.err != nil || field(t, m, "mod").value() != "" {
		t.Fatal("changing the line clears the error")
	}
	// esc cancels and changes nothing.
	m = press(m, "esc")
	if m.mode != modeNormal || tr.Version() != ver {
		t.Fatal("esc should close the form and change nothing")
	}
	if strings.Contains(plainView(m), "→ attack") {
		t.Fatal("the form is still drawn")
	}
}

func TestDamageForm(t *testing.T) {
	tr := newTracker(t, append(trio, "add Bruno side=ruffians init=1")...)
	m := sized(tr, Options{}, 100, 30)
	m = press(m, "j", "d")
	if m.form.title != "Damage" || focused(m) != "amount" || field(t, m, "target").value() != "Bruce" {
		t.Fatalf("damage form: focus %q", focused(m))
	}
	// An empty amount is refused before anything runs.
	m = press(m, "enter")
	if m.mode != modeForm || m.form.err == nil || !strings.Contains(plainView(m), "! fill in amount") {
		t.Fatalf("empty amount:\n%s", plainView(m))
	}
	// Names complete with tab: as far as they agree, then cycling.
	m = press(m, "up", "ctrl+u")
	m = press(typeText(m, "br"), "tab")
	if got := field(t, m, "target").value(); got != "Bru" {
		t.Fatalf("first tab = %q", got)
	}
	m = press(m, "tab")
	if got := field(t, m, "target").value(); got != "Bruce" || !strings.Contains(plainView(m), "tab: Bruce  Bruno") {
		t.Fatalf("second tab = %q", got)
	}
	m = press(m, "tab", "shift+tab", "tab")
	if got := field(t, m, "target").value(); got != "Bruno" || focused(m) != "target" {
		t.Fatalf("cycling = %q, focus %q", got, focused(m))
	}
	m = press(m, "down", "up", "tab") // a full name: tab moves on
	if focused(m) != "amount" {
		t.Fatalf("tab on a full name should move on, focus %q", focused(m))
	}
	m = press(typeText(m, "4"), "tab", "space")
	if got := m.form.command(); got != "damage Bruno 4 nonlethal" {
		t.Fatalf("command %q", got)
	}
	m = press(m, "enter")
	if got := lastCommand(tr); got != "damage Bruno 4 nonlethal" || m.mode != modeNormal {
		t.Fatalf("applied %q, mode %d", got, m.mode)
	}
	if hp := tr.E.ByID(4).Sheet().(*tsheet).HP; hp != 6 {
		t.Fatalf("Bruno hp %d", hp)
	}
}

// Tab on a name with one match completes it and moves on, so what is
// typed next goes to the next field.
func TestFormTabCompletesAndMovesOn(t *testing.T) {
	tr := newTracker(t, trio...)
	m := sized(tr, Options{}, 100, 30)
	m = press(m, "j", "d", "up", "ctrl+u")
	m = press(typeText(m, "bru"), "tab")
	if got := field(t, m, "target").value(); got != "Bruce" || focused(m) != "amount" {
		t.Fatalf("target %q, focus %q: want Bruce and the amount", got, focused(m))
	}
	if m = typeText(m, "3"); m.form.command() != "damage Bruce 3" {
		t.Fatalf("command %q", m.form.command())
	}
}

func TestAddForm(t *testing.T) {
	tr := newTracker(t, trio...)
	m := sized(tr, Options{}, 100, 30)
	m = press(m, "+")
	if m.form.title != "Add to the fight" || focused(m) != "name" {
		t.Fatalf("add form: focus %q", focused(m))
	}
	if !strings.Contains(plainView(m), "keys: hp") {
		t.Fatalf("the sheet hint should list the system's keys:\n%s", plainView(m))
	}
	m = typeText(m, "Big Zed")
	m = press(typeText(press(m, "tab", "tab"), "ru"), "tab") // past the count; sides complete too, and tab moves on
	m = typeText(m, "roll")
	m = typeText(press(m, "tab"), "hp=7")
	want := `add "Big Zed" side=ruffians init=roll hp=7`
	if got := m.form.command(); got != want {
		t.Fatalf("command %q, want %q", got, want)
	}
	if !strings.Contains(plainView(m), "→ "+want) {
		t.Fatalf("preview:\n%s", plainView(m))
	}
	m = press(m, "enter")
	if got := lastCommand(tr); got != want || m.mode != modeNormal {
		t.Fatalf("applied %q: %v", got, m.form.err)
	}
	cb, err := tr.E.Find("Big Zed")
	if err != nil || cb.Side != "ruffians" || !cb.HasInit || cb.Sheet().(*tsheet).HP != 7 {
		t.Fatalf("added %+v, %v", cb, err)
	}
	// A name already taken is the tracker's error, shown in the form.
	m = press(typeText(press(m, "+"), "Paul"), "enter")
	if m.mode != modeForm || m.form.err == nil || len(tr.E.Combatants) != 4 {
		t.Fatalf("duplicate add: mode %d err %v", m.mode, m.form.err)
	}
	// ctrl+l hands the line to the command line.
	m = press(m, "ctrl+l")
	if m.mode != modeCommand || m.line.in.Value() != "add Paul side=ruffians " { // the last side is kept
		t.Fatalf("ctrl+l: mode %d line %q", m.mode, m.line.in.Value())
	}
	// Values with spaces are quoted.
	m = press(typeText(press(typeText(press(m, "esc", "+"), "Ann"), "tab", "tab", "ctrl+u"), "night watch"), "enter")
	if got := lastCommand(tr); got != `add Ann side="night watch"` {
		t.Fatalf("applied %q: %v", got, m.form.err)
	}
	if cb, err := tr.E.Find("Ann"); err != nil || cb.Side != "night watch" {
		t.Fatalf("Ann: %+v %v", cb, err)
	}
}

func TestFormPhysicalDice(t *testing.T) {
	tr := newTracker(t, trio...)
	m := sized(tr, Options{Physical: true}, 100, 30)
	m = press(m, "n", "a", "tab", "tab", "space", "enter")
	if m.mode != modeFace || m.pending != "attack Paul Bruce hard" {
		t.Fatalf("the face prompt should take the form's line: mode %d pending %q", m.mode, m.pending)
	}
	if v := plainView(m); !strings.Contains(v, "Roll a d6 for Paul") || strings.Contains(v, "→ attack") {
		t.Fatalf("prompt, not the form:\n%s", v)
	}
	m = press(typeText(m, "5"), "enter")
	if m.mode != modeNormal || lastCommand(tr) != "attack Paul Bruce hard" {
		t.Fatalf("after the face: mode %d, %q", m.mode, lastCommand(tr))
	}
	if hp := tr.E.ByID(2).Sheet().(*tsheet).HP; hp != 5 {
		t.Fatalf("Bruce hp %d", hp)
	}
}

// noAttack is the test system without its attack and damage verbs.
type noAttack struct{ tsys }

func (noAttack) Verbs() []rules.Verb { return nil }

func TestAttackFormNeedsVerb(t *testing.T) {
	tr := rules.NewTracker(model.New("tst", 7), noAttack{})
	for _, l := range trio {
		if _, err := tr.Apply(l); err != nil {
			t.Fatal(err)
		}
	}
	m := sized(tr, Options{}, 100, 30)
	if m.keys.Attack.Enabled() || m.keys.Damage.Enabled() {
		t.Fatal("no attack verb, no attack key")
	}
	if m = press(m, "a", "d"); m.mode != modeNormal {
		t.Fatal("a and d should do nothing")
	}
	if m = press(m, "+"); m.mode != modeForm {
		t.Fatal("add is a core verb: + always opens its form")
	}
}

func TestFormCtrlCQuits(t *testing.T) {
	m := sized(newTracker(t, trio...), Options{}, 100, 30)
	m = press(m, "a")
	_, cmd := m.Update(keyMsg("ctrl+c"))
	if cmd == nil {
		t.Fatal("ctrl+c should quit from a form")
	}
	if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Fatal("ctrl+c should quit from a form")
	}
}

func TestFormEverySize(t *testing.T) {
	for _, k := range []string{"a", "d", "+"} {
		m := sized(newTracker(t, trio...), Options{}, 100, 30)
		m = press(m, "n", k)
		for _, s := range sizes {
			m = send(m, tea.WindowSizeMsg{Width: s[0], Height: s[1]})
			for _, k := range []string{"tab", "space", "x", "shift+tab", "tab", "enter"} {
				m = press(m, k)
				checkBox(t, m.View(), s[0], s[1])
			}
		}
	}
	// The arm5 attack form at 60×18 shows its first fields and says
	// there are more below; at the last field, that there are more above.
	// Paul has attacked: the next turn's combatant is the one to attack.
	tr := brawl(t)
	if _, err := tr.Apply("next"); err != nil {
		t.Fatal(err)
	}
	m := sized(tr, Options{}, 60, 18)
	m = press(m, "a")
	v := plainView(m)
	for _, want := range []string{"attacker", "target", "[ ] exert", "[ ] mounted", "dbotch", aboutNone, "→ attack " + tr.E.ByID(tr.E.Current).Name, "━ ↓ more · enter applies"} {
		if !strings.Contains(v, want) {
			t.Errorf("60×18 attack form lacks %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "↑ more") {
		t.Errorf("nothing is above the first field:\n%s", v)
	}
	v = plainView(press(m, "shift+tab"))
	if !strings.Contains(v, "━ Attack ↑ more ━") || strings.Contains(v, "↓ more") {
		t.Errorf("at the last field there is more above only:\n%s", v)
	}
	if v := plainView(press(sized(newTracker(t, trio...), Options{}, 100, 30), "a")); strings.Contains(v, "more") {
		t.Errorf("a form that fits says nothing of more:\n%s", v)
	}
}

// With "Goblin" and "Goblin 2" in the fight, the forms, keys and the
// command line quote "Goblin", so what they build cannot be read as
// "Goblin 2" (the tracker refuses a line that could).
func TestFormsQuoteANameALongerOneBeginsWith(t *testing.T) {
	tr := newTracker(t, "add Goblin init=12", `add "Goblin 2" init=9`)
	m := sized(tr, Options{}, 100, 30)
	m = press(m, "d")
	if field(t, m, "target").value() != "Goblin" {
		t.Fatalf("target %q", field(t, m, "target").value())
	}
	m = press(typeText(m, "2"), "enter")
	if got := lastCommand(tr); got != `damage "Goblin" 2` || m.mode != modeNormal {
		t.Fatalf("applied %q, mode %d, status %q", got, m.mode, m.status)
	}
	if hp := tr.E.ByID(1).Sheet().(*tsheet).HP; hp != 8 {
		t.Fatalf("Goblin hp %d", hp)
	}
	m = press(m, "c")
	if got := m.line.in.Value(); got != `cond "Goblin" ` {
		t.Fatalf("cond line %q", got)
	}
	m = press(m, "esc", ":")
	m = press(typeText(m, "damage gob"), "tab")
	if !strings.Contains(plainView(m), `tab: "Goblin"  "Goblin 2"`) {
		t.Fatalf("completion:\n%s", plainView(m))
	}
}

// A form too narrow for its whole bottom note keeps "↓ more" whole rather
// than cut the note mid-word: the help bar under it names enter and esc.
func TestFormNoteGivesWayToMore(t *testing.T) {
	m := press(sized(demoFight(t, "bandits", nil), Options{}, 80, 24), "n", "a")
	if m.mode != modeForm {
		t.Fatalf("no form: %q", m.status)
	}
	v := plainView(m)
	if !strings.Contains(v, "━ ↓ more ━") || strings.Contains(v, "esc canc…") {
		t.Errorf("the form's bottom edge:\n%s", v)
	}
}

// The attack form says what the focused option does, toggle or value
// box, on its hint line: every option at 80×24, where it wraps, and
// whole at 160×48; on a field that is no option, that the line is there.
func TestFormSaysWhatOptionDoes(t *testing.T) {
	tr := brawl(t)
	if _, err := tr.Apply("next"); err != nil {
		t.Fatal(err)
	}
	v, _ := tr.Verb("attack")
	for _, s := range [][2]int{{80, 24}, {160, 48}, {60, 14}} {
		m := press(sized(tr, Options{}, s[0], s[1]), "a")
		if m.mode != modeForm {
			t.Fatalf("%dx%d: a opens no form", s[0], s[1])
		}
		seen := map[string]bool{}
		for range m.form.fields {
			fl := m.form.cur()
			view := plainView(m)
			checkBox(t, m.View(), s[0], s[1])
			word := fl.key
			if fl.arg == argKey {
				word += "="
			}
			about := v.OptionHelp[word]
			switch {
			case fl.group == "":
				if !strings.Contains(view, aboutNone) {
					t.Errorf("%dx%d on %s: no %q:\n%s", s[0], s[1], fl.label, aboutNone, view)
				}
			case about == "":
				t.Errorf("%s has no description", word)
			default:
				seen[word] = true
				if want := strings.Join(strings.Fields(about)[:2], " "); !strings.Contains(view, want) {
					t.Errorf("%dx%d on %s: no %q:\n%s", s[0], s[1], word, want, view)
				}
				// All of it, over the lines it wraps to.
				iw, _ := inner(m.form.w, m.form.h)
				got := strings.Join(strings.Fields(ansi.Strip(strings.Join(m.form.about(iw), " "))), " ")
				if want := fl.label + ": " + about; got != want && got != about {
					t.Errorf("%dx%d on %s: the about line says %q, not %q", s[0], s[1], word, got, want)
				}
			}
			m = press(m, "tab")
		}
		if len(seen) != len(v.OptionHelp) {
			t.Errorf("%dx%d: the form described %d options of %d", s[0], s[1], len(seen), len(v.OptionHelp))
		}
	}
}

// A group of one box (the swords battle's pick=) grows its box for its
// placeholder: there are no other cells for it to keep in line.
func TestLoneGroupBoxFitsPlaceholder(t *testing.T) {
	st := newStyles()
	f := newForm(st, "Battle", "battle", []formField{
		nameField(st, "attacker", "Knights", nil),
		flagField("options", "again"),
		keyField(st, "values", "pick", "pick", "NAME,…"),
	})
	f.SetSize(58, 20)
	v := ansi.Strip(strings.Join(f.View(), "\n"))
	if !strings.Contains(v, "pick [NAME,…") {
		t.Errorf("the pick box cuts its placeholder:\n%s", v)
	}
}

// On a box to tick, the help bar says which key ticks it even at 80
// columns: listed after tab and shift+tab it was the first to go, so a GM
// at 80×24 had no word of space (or ←→) in the attack form.
func TestFormHelpBarSaysHowToTick(t *testing.T) {
	tr := brawl(t)
	if _, err := tr.Apply("next"); err != nil {
		t.Fatal(err)
	}
	m := press(sized(tr, Options{}, 80, 24), "a", "tab", "tab")
	if !m.form.cur().toggle() {
		t.Fatalf("tab tab: focus on %q, not a box", focused(m))
	}
	lines := strings.Split(plainView(m), "\n")
	if bar := lines[len(lines)-1]; !strings.Contains(bar, "space") {
		t.Errorf("help bar on a box: %q", bar)
	}
	m = press(m, "shift+tab") // the target: nothing to tick, so no word of it
	lines = strings.Split(plainView(m), "\n")
	if bar := lines[len(lines)-1]; strings.Contains(bar, "space") {
		t.Errorf("help bar on a name: %q", bar)
	}
}
