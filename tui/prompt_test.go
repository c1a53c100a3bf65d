package tui

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"fray/rules"
)

func TestCommandLineApplies(t *testing.T) {
	tr := newTracker(t, trio...)
	m := sized(tr, Options{}, 100, 30)
	m = press(m, ":")
	if m.mode != modeCommand {
		t.Fatal(": did not open the command line")
	}
	m = typeText(m, "next")
	if v := plainView(m); !strings.Contains(v, ":next") || !strings.Contains(v, "pass the turn") {
		t.Fatalf("the line or its usage hint is missing:\n%s", v)
	}
	m = press(m, "enter")
	if m.mode != modeNormal || tr.E.Round != 1 {
		t.Fatalf("enter did not apply: mode %d round %d", m.mode, tr.E.Round)
	}
	// esc cancels without applying.
	m = typeText(press(m, ":"), "next")
	m = press(m, "esc")
	if m.mode != modeNormal || tr.E.ByID(tr.E.Current).Name != "Paul" {
		t.Fatal("esc should cancel the line")
	}
	// History: up brings back the last line.
	m = press(m, ":", "up")
	if got := m.line.in.Value(); got != "next" {
		t.Fatalf("history up = %q", got)
	}
	m = press(m, "down")
	if got := m.line.in.Value(); got != "" {
		t.Fatalf("history down = %q", got)
	}
}

func TestBadCommandShowsErrorAndChangesNothing(t *testing.T) {
	tr := newTracker(t, trio...)
	m := sized(tr, Options{}, 100, 30)
	ver, logLen := tr.Version(), tr.E.Log.Len()
	m = typeText(press(m, ":"), "damage Nobody 3")
	m = press(m, "enter")
	if tr.Version() != ver || tr.E.Log.Len() != logLen {
		t.Fatal("a failed command changed the encounter")
	}
	if !m.statusErr || !strings.Contains(plainView(m), `no combatant called "Nobody"`) {
		t.Fatalf("no error on the status line:\n%s", plainView(m))
	}
	m = press(m, "j")
	if m.status != "" {
		t.Fatalf("the error should clear on the next key, got %q", m.status)
	}
}

func TestPhysicalDicePrompt(t *testing.T) {
	tr := newTracker(t, trio...)
	m := sized(tr, Options{Physical: true}, 100, 30)
	if !strings.Contains(plainView(m), "physical dice") {
		t.Fatal("the top bar should say physical dice")
	}
	m = typeText(press(m, ":"), "attack Paul Bruce")
	m = press(m, "enter")
	if m.mode != modeFace {
		t.Fatalf("expected the face prompt, status %q", m.status)
	}
	if v := plainView(m); !strings.Contains(v, "Roll a d6 for Paul, attack — type the face:") {
		t.Fatalf("prompt missing:\n%s", v)
	}
	m = press(typeText(m, "9"), "enter")
	if m.mode != modeFace || !m.statusErr {
		t.Fatal("a face too big must be refused and asked again")
	}
	if v := plainView(m); !strings.Contains(v, "a d6 shows 1–6, not 9 · Roll a d6 for Paul") {
		t.Fatalf("the prompt should say why the face was refused:\n%s", v)
	}
	m = press(typeText(m, "4"), "enter")
	if m.mode != modeNormal {
		t.Fatalf("prompt should close, status %q", m.status)
	}
	if hp := tr.E.ByID(2).Sheet().(*tsheet).HP; hp != 6 {
		t.Fatalf("Bruce hp = %d, want 6", hp)
	}
	// esc cancels and changes nothing.
	ver := tr.Version()
	m = press(typeText(press(m, ":"), "attack Paul Bruce"), "enter")
	m = press(m, "esc")
	if m.mode != modeNormal || tr.Version() != ver || len(tr.Typed()) != 0 {
		t.Fatal("esc should cancel the roll")
	}
	// R turns physical dice off: the program rolls.
	m = press(m, "R")
	m = press(typeText(press(m, ":"), "attack Paul Bruce"), "enter")
	if m.mode != modeNormal || tr.Version() != ver+1 {
		t.Fatalf("with physical dice off the attack should just roll: %q", m.status)
	}
}

func TestPrefilledLines(t *testing.T) {
	tr := newTracker(t, trio...)
	m := sized(tr, Options{}, 100, 30)
	m = press(m, "n", "j", "j") // Paul's turn, Cloaked man selected
	cases := map[string]string{
		"i": `init "Cloaked man" `,
		"c": `cond "Cloaked man" `,
	}
	for k, want := range cases {
		m = press(m, k)
		if m.mode != modeCommand || m.line.in.Value() != want {
			t.Errorf("%s opens %q, want %q", k, m.line.in.Value(), want)
		}
		m = press(m, "esc") // the model is shared, not copied: close the line
	}
	// d opens the damage form on the selected combatant, the amount focused.
	m = press(typeText(press(m, "d"), "4"), "enter")
	if hp := tr.E.ByID(3).Sheet().(*tsheet).HP; hp != 6 {
		t.Fatalf("damage via d: hp %d, status %q", hp, m.status)
	}
}

func TestCompletion(t *testing.T) {
	m := sized(newTracker(t, trio...), Options{}, 100, 30)
	m = press(typeText(press(m, ":"), "dam"), "tab")
	if got := m.line.in.Value(); got != "damage " {
		t.Fatalf("verb completion = %q", got)
	}
	m = press(typeText(m, "cl"), "tab")
	if got := m.line.in.Value(); got != `damage "Cloaked man" ` {
		t.Fatalf("name completion = %q", got)
	}
	m = press(m, "esc")
	m = press(typeText(press(m, ":"), "a"), "tab")
	if got := m.line.in.Value(); got != "a" || len(m.line.comps) != 3 {
		// act, add, attack: no common part beyond "a", so the first press
		// shows the candidates and starts cycling.
		if got != "act" {
			t.Fatalf("ambiguous completion = %q comps %v", got, m.line.comps)
		}
	}
	m = press(m, "tab")
	if got := m.line.in.Value(); got != "add" {
		t.Fatalf("second tab cycles to add, got %q", got)
	}
}

func TestLastWordAndCommonPrefix(t *testing.T) {
	for _, c := range []struct {
		in   string
		at   int
		word string
	}{{"", 0, ""}, {"att", 0, "att"}, {"attack Pa", 7, "Pa"}, {`attack "Brother M`, 7, "Brother M"}, {"attack ", 7, ""}} {
		at, w := lastWord(c.in)
		if at != c.at || w != c.word {
			t.Errorf("lastWord(%q) = %d %q, want %d %q", c.in, at, w, c.at, c.word)
		}
	}
	if got := commonPrefix([]string{"Étienne", "étoile"}); got != "Ét" {
		t.Errorf("commonPrefix = %q", got)
	}
}

func TestParseFace(t *testing.T) {
	for _, c := range []struct {
		in    string
		sides int
		want  int
		ok    bool
	}{{"0", 10, 0, true}, {"10", 10, 10, true}, {"0", 6, 0, false}, {"7", 6, 0, false}, {"x", 6, 0, false}, {" 3 ", 6, 3, true}} {
		got, err := parseFace(c.in, c.sides)
		if (err == nil) != c.ok || (c.ok && got != c.want) {
			t.Errorf("parseFace(%q, %d) = %d, %v", c.in, c.sides, got, err)
		}
	}
}

func TestFastTypingSplitsRunes(t *testing.T) {
	m := sized(newTracker(t, trio...), Options{}, 100, 30)
	m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(":nex")})
	if m.mode != modeCommand || m.line.in.Value() != "nex" {
		t.Fatalf("runes typed together: mode %d line %q", m.mode, m.line.in.Value())
	}
	m = press(m, "esc")
	// The keys after + go to the add form's name, not to the main screen.
	m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("+Bnq")})
	if m.mode != modeForm || m.form.cur().in.Value() != "Bnq" || m.t.E.Round != 0 {
		t.Fatalf("runes typed together into a form: mode %d name %q", m.mode, m.form.cur().in.Value())
	}
}

// The key help under the face prompt mentions the zero face only for a
// d10, the one die that has it.
func TestFacePromptZeroOnlyForD10(t *testing.T) {
	tr := newTracker(t, trio...)
	m := sized(tr, Options{Physical: true}, 100, 30)
	m = press(typeText(press(m, ":"), "attack Paul Bruce"), "enter")
	if m.mode != modeFace {
		t.Fatalf("expected the face prompt, status %q", m.status)
	}
	v := plainView(m)
	if !strings.Contains(v, "enter: use this face · esc: cancel the command") || strings.Contains(v, "zero") {
		t.Errorf("a d6's prompt help should not mention a zero face:\n%s", v)
	}
	m = press(m, "esc")
	m = press(typeText(press(m, ":"), "roll d10"), "enter")
	if m.mode != modeFace || m.need.Sides != 10 {
		t.Fatalf("expected a d10 face prompt, status %q", m.status)
	}
	if v := plainView(m); !strings.Contains(v, "esc: cancel the command · 0 is the d10's zero") {
		t.Errorf("a d10's prompt help should mention its zero face:\n%s", v)
	}
}

// The prompt names the faces typed so far as the command's, not the
// die's, and a refused d10 face says what each face means.
func TestFacePromptWording(t *testing.T) {
	tr := newTracker(t, trio...)
	m := sized(tr, Options{Physical: true}, 100, 30)
	m = press(typeText(press(m, ":"), "roll 3d10"), "enter")
	m = press(typeText(m, "7"), "enter")
	m = press(typeText(m, "0"), "enter")
	if m.mode != modeFace {
		t.Fatalf("expected the third die's prompt, status %q", m.status)
	}
	v := plainView(m)
	if !strings.Contains(v, "(faces typed for this command: 7 0)") || strings.Contains(v, "so far") {
		t.Fatalf("the prompt should name the faces typed for the command:\n%s", v)
	}
	m = press(typeText(m, "11"), "enter")
	if v := plainView(m); m.mode != modeFace || !strings.Contains(v, "a d10 shows 1–10 (type 0 for its zero face), not 11 · Roll a d10") {
		t.Fatalf("a refused d10 face should explain the zero:\n%s", v)
	}
	m = press(typeText(m, "3"), "enter")
	if m.mode != modeNormal || !strings.Contains(plainView(m), "20") {
		t.Fatalf("7+10+3 is 20: %q\n%s", m.status, plainView(m))
	}
	if _, err := parseFace("7", 6); err == nil || err.Error() != "a d6 shows 1–6, not 7" {
		t.Errorf("a d6's refusal = %v", err)
	}
	if _, err := parseFace("0", 6); err == nil || err.Error() != "a d6 shows 1–6, not 0" {
		t.Errorf("a d6 has no zero face: %v", err)
	}
}

// A command the rules refuse says why and that ctrl+f forces it, the
// hint whole at 80 columns however long the reason; ctrl+f, the next
// key, runs it with force; any other key forgets it.
func TestRefusedCommandForcedWithCtrlF(t *testing.T) {
	tr := demoTracker(t, "osr", "goblins", "next")
	m := sized(tr, Options{}, 80, 24)
	m = press(typeText(press(m, ":"), `attack Brannoc "Goblin 1"`), "enter")
	// The reason and the way past it, read whole over the status line
	// and the help bar's.
	rows := strings.Split(plainView(m), "\n")
	status := strings.Join(strings.Fields(rows[22]+" "+rows[23]), " ")
	if !strings.Contains(status, "round 1: declare spells and charges first; next rolls initiative") || !strings.HasSuffix(status, "— ctrl+f forces it") {
		t.Fatalf("status line %q", status)
	}
	if m.keys.Force.Enabled() != true || !strings.Contains(m.View(), "ctrl+f") {
		t.Errorf("ctrl+f is not offered after the refusal")
	}
	n := tr.E.Log.Len()
	m = send(m, tea.KeyMsg{Type: tea.KeyCtrlF})
	if log := rules.LogText(tr.E.Log.From(n)); !strings.Contains(log, "force attack Brannoc") || !strings.Contains(log, "forced: round 1: declare spells and charges first") {
		t.Fatalf("ctrl+f did not force the attack:\n%s", log)
	}
	// Refused again, then another key: ctrl+f forces nothing.
	m = press(typeText(press(m, ":"), `attack Wren "Goblin 2"`), "enter", "j")
	n = tr.E.Log.Len()
	m = send(m, tea.KeyMsg{Type: tea.KeyCtrlF})
	if tr.E.Log.Len() != n {
		t.Errorf("ctrl+f forced a command after another key:\n%s", rules.LogText(tr.E.Log.From(n)))
	}
	if v := plainView(m); !strings.Contains(v, "ctrl+f does nothing now") {
		t.Errorf("ctrl+f off says nothing of why:\n%s", v)
	}
}

// help VERB at the command line opens the help screen at that command;
// a mistyped one says which it may be, as at any command, and opens
// nothing.
func TestHelpVerbAtTheCommandLine(t *testing.T) {
	m := sized(newTracker(t, trio...), Options{}, 80, 24)
	m = typeText(press(m, ":"), "help cond")
	m = press(m, "enter")
	if !m.showHelp || m.helpOff == 0 {
		t.Fatalf("help cond: help shown %v, offset %d", m.showHelp, m.helpOff)
	}
	if v := plainView(m); !strings.Contains(v, "cond NAME") {
		t.Errorf("help cond does not show cond:\n%s", v)
	}
	m = press(m, "esc")
	m = typeText(press(m, ":"), "help attak")
	m = press(m, "enter")
	if m.showHelp || !m.statusErr || !strings.Contains(m.status, `"attak": did you mean attack?`) {
		t.Errorf("help attak: help shown %v, status %q", m.showHelp, m.status)
	}
}

// At 80 columns the face prompt fits the line whole, however many faces
// the command has had typed and however long the names: what it asks for
// ("type the face:") and room to type stay on screen, the details give
// way (the faces typed shortened to the last ones, then the reason).
func TestPhysicalDicePromptFitsEightyColumns(t *testing.T) {
	tr := demoFight(t, "horde", nil)
	m := sized(tr, Options{Physical: true}, 80, 24)
	m = press(m, "n")
	check := func(what string) {
		t.Helper()
		if m.mode != modeFace {
			t.Fatalf("%s: no face prompt (status %q)", what, m.status)
		}
		lines := strings.Split(plainView(m), "\n")
		line := lines[len(lines)-2]
		if !strings.HasSuffix(strings.TrimRight(line, " "), "type the face:") || width(line) > 80 {
			t.Errorf("%s: the prompt line is cut:\n%q", what, line)
		}
	}
	for i := 0; i < 30 && m.mode == modeFace; i++ {
		check(fmt.Sprintf("face %d", i+1))
		if i == 12 {
			m = press(typeText(m, "9"), "enter") // refused: the reason goes first
			check("a refused face")
		}
		m = press(typeText(m, strconv.Itoa(1+i%6)), "enter")
	}
}

// A refusal short enough for one line reads on into its hint, not
// pushed apart by a gap of spaces to the screen's right edge.
func TestRefusalHintFollowsTheReason(t *testing.T) {
	tr := demoTracker(t, "osr", "goblins", "next")
	m := sized(tr, Options{}, 120, 40)
	m = press(typeText(press(m, ":"), `attack Brannoc "Goblin 1"`), "enter")
	if v := plainView(m); !strings.Contains(v, "next rolls initiative — ctrl+f forces it") {
		t.Errorf("the hint stands apart from the reason:\n%s", v)
	}
	// At 80 columns the hint alone takes the second line, from its start.
	m = sized(tr, Options{}, 80, 24)
	m = press(typeText(press(m, ":"), `attack Brannoc "Goblin 1"`), "enter")
	if rows := strings.Split(plainView(m), "\n"); !strings.HasPrefix(rows[23], "— ctrl+f forces it") {
		t.Errorf("second status line %q", rows[23])
	}
}

// On the command line, tab completes a verb's option words after its
// arguments (a key stops at its =, for the value), and the hint bar says
// what the option just typed does.
func TestCommandLineOptionWords(t *testing.T) {
	tr := brawl(t)
	v, _ := tr.Verb("attack")
	m := sized(tr, Options{}, 160, 48)
	m = typeText(press(m, ":"), "attack Paul Alan dex")
	m = press(m, "tab")
	if got := m.line.in.Value(); got != "attack Paul Alan dexert " {
		t.Fatalf("tab gave %q", got)
	}
	if want := "dexert: " + v.OptionHelp["dexert"]; !strings.Contains(plainView(m), want) {
		t.Errorf("the hint bar lacks %q:\n%s", want, plainView(m))
	}
	m = typeText(m, "dbo")
	m = press(m, "tab")
	if got := m.line.in.Value(); got != "attack Paul Alan dexert dbotch=" {
		t.Fatalf("tab gave %q", got)
	}
	m = typeText(m, "2")
	if want := "dbotch: " + v.OptionHelp["dbotch="]; !strings.Contains(plainView(m), want) {
		t.Errorf("the hint bar lacks %q:\n%s", want, plainView(m))
	}
	// Names still complete after the verb; a name is no option.
	m = press(press(m, "esc"), ":")
	m = typeText(m, "attack Pa")
	if m = press(m, "tab"); m.line.in.Value() != "attack Paul " {
		t.Fatalf("tab gave %q", m.line.in.Value())
	}
	if !strings.Contains(plainView(m), "attack ATTACKER TARGET [") {
		t.Errorf("on a name, the hint bar shows the usage:\n%s", plainView(m))
	}
}

// After force, the line completes as it does without: the word after
// force to a verb, then names and that verb's option words, and the
// hint bar describes the verb and the option typed.
func TestForceLineCompletes(t *testing.T) {
	tr := brawl(t)
	v, _ := tr.Verb("attack")
	m := sized(tr, Options{}, 160, 48)
	m = press(typeText(press(m, ":"), "force atta"), "tab")
	if got := m.line.in.Value(); got != "force attack " {
		t.Fatalf("tab after force gave %q", got)
	}
	if !strings.Contains(plainView(m), "attack ATTACKER TARGET [") {
		t.Errorf("after force attack, the hint bar lacks attack's usage:\n%s", plainView(m))
	}
	m = press(typeText(m, "Pa"), "tab")
	if got := m.line.in.Value(); got != "force attack Paul " {
		t.Fatalf("tab gave %q", got)
	}
	m = press(typeText(m, "Alan dex"), "tab")
	if got := m.line.in.Value(); got != "force attack Paul Alan dexert " {
		t.Fatalf("tab gave %q", got)
	}
	if want := "dexert: " + v.OptionHelp["dexert"]; !strings.Contains(plainView(m), want) {
		t.Errorf("the hint bar lacks %q:\n%s", want, plainView(m))
	}
	for _, c := range []struct {
		line string
		at   int
	}{{"", 0}, {"force", 0}, {"force ", 6}, {"force  att", 7}, {"  Force attack", 8}, {"forced", 0}, {"attack force", 0}} {
		if got := verbAt(c.line); got != c.at {
			t.Errorf("verbAt(%q) = %d, want %d", c.line, got, c.at)
		}
	}
}

// Free text after a verb (roll's reason, add's sheet fields) is no option
// word: tab offers a word only where typing it does what help says, so
// "roll d20 w" does not become "roll d20 why" (logged as the reason
// "why") nor "add Odo k" the field "key=".
func TestCompletionOffersNoPlaceholder(t *testing.T) {
	m := sized(newTracker(t, trio...), Options{}, 100, 30)
	for _, line := range []string{"roll d20 w", "add Odo k", "add Odo v"} {
		m = press(typeText(press(m, ":"), line), "tab")
		if got := m.line.in.Value(); got != line || len(m.line.comps) > 0 {
			t.Errorf("tab after %q: line %q, candidates %v", line, got, m.line.comps)
		}
		m = press(m, "esc")
	}
}
