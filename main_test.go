package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/systems"
	"fray/saves"
	"fray/tui"
)

// result is what one in-process run of the command line produced.
type result struct {
	code           int
	stdout, stderr string
	// errLines is stderr as printed; stderr has the lines a long message
	// wrapped into (sayf) joined again, for tests that look for a phrase.
	errLines string
}

// fray runs the command line in-process with FRAY_HOME in a temp folder.
func fray(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errb)
	return result{code: code, stdout: out.String(), stderr: strings.ReplaceAll(errb.String(), "\n  ", " "), errLines: errb.String()}
}

// home points FRAY_HOME at a fresh folder and returns it.
func home(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("FRAY_HOME", dir)
	return dir
}

// noTUI makes sure a test never starts the real terminal program: f
// stands in for the screen, given the fight once it is read.
func noTUI(t *testing.T, f func(*rules.Tracker, tui.Options) error) {
	t.Helper()
	old, oldOpening := runTUI, runOpening
	runTUI = f
	runOpening = func(open tui.Opening, _ bool) error {
		tr, opt, err := open()
		if err != nil {
			return &tui.OpenError{Err: err}
		}
		return f(tr, opt)
	}
	t.Cleanup(func() { runTUI, runOpening = old, oldOpening })
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestHelpMentionsEverything(t *testing.T) {
	home(t)
	for _, args := range [][]string{{"--help"}, {"-h"}, {"help"}, {"run", "x", "--help"}} {
		r := fray(t, "", args...)
		if r.code != 0 || r.stderr != "" {
			t.Fatalf("%v: code %d stderr %q", args, r.code, r.stderr)
		}
		for _, want := range []string{"fray new", "fray systems", "fray show", "fray run", "fray help",
			"--system", "--demo", "--fresh", "--physical", "--script", "--log", "line N:", "FRAY_HOME",
			// --demo needs its NAME (fray systems lists them); only --fresh
			// alone falls back on brawl. fray ls marks a file that won't open.
			"demo fight NAME (fray systems", "--fresh alone: brawl", "will not open"} {
			if !strings.Contains(r.stdout, want) {
				t.Errorf("%v: help does not mention %q", args, want)
			}
		}
	}
}

func TestHelpSystem(t *testing.T) {
	r := fray(t, "", "help", "arm5")
	if r.code != 0 || !strings.Contains(r.stdout, "add NAME") || !strings.Contains(r.stdout, "undo") {
		t.Errorf("help arm5: %+v", r)
	}
	if r := fray(t, "", "help", "nope"); r.code != 2 || !strings.Contains(r.stderr, "unknown system") {
		t.Errorf("help nope: %+v", r)
	}
}

func TestUsageErrors(t *testing.T) {
	home(t)
	for _, args := range [][]string{
		{"--bogus"},
		{"show"},
		{"show", "a", "b"},
		{"run", "x.toml"},
		{"run", "x.toml", "--script"},
		{"new", "x.toml", "--script", "s"},
		{"show", "x.toml", "--physical"},
		{"--fresh", "x.toml"},
		{"--system", "arm5"},
		{"--log=yes", "show", "x.toml"},
		{"systems", "extra"},
		{"a.toml", "b.toml"},
		{"shwo"},
		{"shwo", "x.toml"},
	} {
		r := fray(t, "", args...)
		if r.code != 2 || !strings.Contains(r.stderr, "--help") {
			t.Errorf("%v: code %d stderr %q, want 2 and a pointer to --help", args, r.code, r.stderr)
		}
	}
}

// "fray crypt extra" answered 'unknown command "crypt"' for a fight
// that exists: a slip of a command's name is named as such, anything
// else is one FILE with a word too many.
func TestTwoWordsNameTheMistake(t *testing.T) {
	home(t)
	for args, want := range map[[2]string]string{
		{"shwo", "x.toml"}: `unknown command "shwo": did you mean show?`,
		{"crypt", "extra"}: `fray opens one FILE: "crypt", then "extra" is a word too many (commands: new, ls,`,
	} {
		r := fray(t, "", args[0], args[1])
		if r.code != 2 || !strings.Contains(strings.ReplaceAll(r.stderr, "\n  ", " "), want) {
			t.Errorf("fray %s %s: code %d, %q, want %q", args[0], args[1], r.code, r.stderr, want)
		}
	}
}

func TestSystems(t *testing.T) {
	r := fray(t, "", "systems")
	if r.code != 0 || !regexp.MustCompile(`(?m)^arm5 +\S`).MatchString(r.stdout) ||
		!strings.Contains(r.stdout, "demo brawl: ") {
		t.Errorf("systems: %+v", r)
	}
}

// TestNewOverOpenFile: fray new on a name whose file exists and is open
// in the tracker says it exists (what the GM must hear), not that another
// fray holds it, which sent the GM to close the fight only to be told
// next that the file exists.
func TestNewOverOpenFile(t *testing.T) {
	dir := home(t)
	f := filepath.Join(dir, "crypt.toml")
	newFile(t, f)
	release, err := saves.Lock(f) // the tracker has it open
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	r := fray(t, "", "new", "crypt")
	if r.code != 1 || !strings.Contains(r.stderr, "already exists") || strings.Contains(r.stderr, "another fray") {
		t.Errorf("new over an open file: %+v", r)
	}
}

func TestNewShowRun(t *testing.T) {
	dir := home(t)
	f := filepath.Join(dir, "fight.toml")
	if r := fray(t, "", "new", "--system", "arm5", f); r.code != 0 || !strings.Contains(r.stdout, "created") {
		t.Fatalf("new: %+v", r)
	}
	before := mustRead(t, f)
	if r := fray(t, "", "new", f); r.code != 1 || !strings.Contains(r.stderr, "already exists") {
		t.Errorf("new over an existing file: %+v", r)
	}
	if r := fray(t, "", "new", filepath.Join(dir, "noext")); r.code != 2 || !strings.Contains(r.stderr, "must end in .toml") {
		t.Errorf("new without .toml: %+v", r)
	}
	if !bytes.Equal(before, mustRead(t, f)) {
		t.Error("new changed an existing file")
	}

	script := filepath.Join(dir, "setup.txt")
	body := "# the players arrive\nadd Paul side=players\n\n  add Bruce side=foes  \nnote first blood\nnote oops\nundo\n"
	if err := os.WriteFile(script, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	r := fray(t, "", "run", f, "--script", script)
	if r.code != 0 {
		t.Fatalf("run: %+v", r)
	}
	for _, want := range []string{"> add Paul side=players\n", "> add Bruce side=foes\n",
		"  note: first blood\n", "> undo\n  undid: note oops\n"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("run output lacks %q:\n%s", want, r.stdout)
		}
	}

	r = fray(t, "", "show", f)
	if r.code != 0 || !strings.Contains(r.stdout, "Paul") || !strings.Contains(r.stdout, "Bruce (foes)") {
		t.Errorf("show after run: %+v", r)
	}
	r = fray(t, "", "show", "--log", f)
	if !strings.Contains(r.stdout, "  note: first blood\n") || strings.Contains(r.stdout, "oops") {
		t.Errorf("show --log should hold the note and not the undone one:\n%s", r.stdout)
	}
}

func TestRunStdinAndRolls(t *testing.T) {
	dir := home(t)
	f := filepath.Join(dir, "x.toml")
	if r := fray(t, "", "new", f); r.code != 0 {
		t.Fatalf("new: %+v", r)
	}
	r := fray(t, "dice 3 4\nroll 2d6 test\n", "run", f, "--script", "-")
	if r.code != 0 || !strings.Contains(r.stdout, "  GM, test: 2d6 [3 4] = 7\n") {
		t.Fatalf("run from stdin: %+v", r)
	}
	e, _, err := saves.Load(f, systems.Default())
	if err != nil || len(e.Queue) != 0 || !strings.Contains(rules.LogText(e.Log.From(0)), "> roll 2d6 test") {
		t.Errorf("after run: %v, %+v", err, e)
	}
}

func TestRunBadLineChangesNothing(t *testing.T) {
	dir := home(t)
	f := filepath.Join(dir, "x.toml")
	fray(t, "", "new", f)
	fray(t, "add Paul\n", "run", f, "--script", "-")
	before := mustRead(t, f)
	r := fray(t, "add Bruce\n# comment\nremove Nobody\nadd Alan\n", "run", f, "--script", "-")
	if r.code != 1 || !strings.HasPrefix(r.stderr, "line 3: ") || !strings.Contains(r.stderr, "Nobody") {
		t.Errorf("bad line: %+v", r)
	}
	if !bytes.Equal(before, mustRead(t, f)) {
		t.Error("a failed script changed the file")
	}
	r = fray(t, "", "run", f, "--script", filepath.Join(dir, "missing.txt"))
	if r.code != 1 || !strings.Contains(r.stderr, "script") {
		t.Errorf("missing script: %+v", r)
	}
}

func TestBrokenFile(t *testing.T) {
	dir := home(t)
	f := filepath.Join(dir, "broken.toml")
	bad := []byte("version = 1\nsystem = \"arm5\"\n[[combatant]\nname = 3\n")
	if err := os.WriteFile(f, bad, 0o644); err != nil {
		t.Fatal(err)
	}
	noTUI(t, func(*rules.Tracker, tui.Options) error {
		t.Error("the tracker started on a broken file")
		return nil
	})
	where := regexp.MustCompile("^" + regexp.QuoteMeta(f) + `:\d+: `)
	for _, args := range [][]string{{"show", f}, {"run", f, "--script", "-"}, {f}} {
		r := fray(t, "note x\n", args...)
		if r.code != 1 || !where.MatchString(r.stderr) {
			t.Errorf("%v: %+v, want exit 1 and FILE:LINE", args, r)
		}
	}
	// A long message wraps at 80 columns between words, as fray's others
	// do, FILE:LINE first and whole.
	long := filepath.Join(dir, "long.toml")
	if err := os.WriteFile(long, []byte("version = 1\nsystem = \"arm5\"\nround = 0 oops\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := fray(t, "", "show", long)
	if !strings.HasPrefix(r.errLines, long+":3: ") || !strings.Contains(r.stderr, "not valid TOML") {
		t.Fatalf("show long.toml: %+v", r)
	}
	for _, l := range strings.Split(strings.TrimSuffix(r.errLines, "\n"), "\n") {
		if width := len([]rune(l)); width > 80 && strings.Contains(strings.TrimSpace(l), " ") {
			t.Errorf("a line of %d columns: %q", width, l)
		}
	}
	if !bytes.Equal(bad, mustRead(t, f)) {
		t.Error("the broken file was changed")
	}
}

func TestLockedFileRefused(t *testing.T) {
	dir := home(t)
	f := filepath.Join(dir, "x.toml")
	fray(t, "", "new", f)
	release, err := saves.Lock(f)
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	before := mustRead(t, f)
	r := fray(t, "add Paul\n", "run", f, "--script", "-")
	if r.code != 1 || r.stderr == "" {
		t.Errorf("run on a locked file: %+v", r)
	}
	if !bytes.Equal(before, mustRead(t, f)) {
		t.Error("a locked file was changed")
	}
}

func TestUnknownSystem(t *testing.T) {
	dir := home(t)
	f := filepath.Join(dir, "x.toml")
	r := fray(t, "", "new", "--system", "gurps", f)
	if r.code != 2 || !strings.Contains(r.stderr, `unknown system "gurps"`) || !strings.Contains(r.stderr, "arm5") {
		t.Errorf("unknown system: %+v", r)
	}
	if _, err := os.Stat(f); err == nil {
		t.Error("a file was created for an unknown system")
	}
}

// TestDemo runs a bare fray three times: it builds the demo, reopens it with
// what the first session did, and --fresh sets it up again.
func TestDemo(t *testing.T) {
	dir := home(t)
	want := filepath.Join(dir, "demo-brawl.toml")
	var sessions int
	noTUI(t, func(tr *rules.Tracker, opt tui.Options) error {
		sessions++
		if opt.Path != want {
			t.Errorf("TUI path %q, want %q", opt.Path, want)
		}
		if len(tr.E.Combatants) == 0 {
			t.Error("the demo has no combatants")
		}
		// A second fray on the same file must be refused while this one runs.
		if r := fray(t, "note x\n", "run", opt.Path, "--script", "-"); r.code != 1 {
			t.Errorf("second fray on an open file: %+v", r)
		}
		if sessions == 1 {
			if _, err := tr.Apply("note session one"); err != nil {
				return err
			}
			return opt.Store.Save(tr.E, tr.Version())
		}
		return nil
	})
	if r := fray(t, ""); r.code != 0 {
		t.Fatalf("first run: %+v", r)
	}
	logHas := func(text string) bool {
		e, _, err := saves.Load(want, systems.Default())
		if err != nil {
			t.Fatal(err)
		}
		return hasEvent(e, text)
	}
	if !logHas("note: session one") {
		t.Error("the first session's note was not saved")
	}
	if r := fray(t, ""); r.code != 0 || !logHas("note: session one") {
		t.Errorf("second run lost the first session: %+v", r)
	}
	if r := fray(t, "", "--fresh", "--demo", "brawl"); r.code != 0 || logHas("note: session one") {
		t.Errorf("--fresh kept the old demo: %+v", r)
	}
	if sessions != 3 {
		t.Errorf("%d sessions, want 3", sessions)
	}
	if r := fray(t, "", "--demo", "nope"); r.code != 2 || !strings.Contains(r.stderr, "brawl") {
		t.Errorf("unknown demo: %+v", r)
	}
}

func hasEvent(e *model.Encounter, text string) bool {
	for _, en := range e.Log.All() {
		if en.Text == text {
			return true
		}
	}
	return false
}

func TestOpenCreatesMissingFile(t *testing.T) {
	dir := home(t)
	f := filepath.Join(dir, "new.toml")
	var got *rules.Tracker
	var note string
	noTUI(t, func(tr *rules.Tracker, opt tui.Options) error {
		got, note = tr, opt.Note
		if !opt.Physical || !tr.Physical() {
			t.Error("--physical did not reach the tracker")
		}
		return nil
	})
	r := fray(t, "", f, "--physical")
	if r.code != 0 || !strings.Contains(note, "did not exist") {
		t.Fatalf("open missing: %+v, note %q", r, note)
	}
	if got == nil || got.Sys.ID() != "arm5" {
		t.Fatalf("tracker %v, want an arm5 encounter", got)
	}
	if _, err := os.Stat(f); err != nil {
		t.Errorf("file not created: %v", err)
	}
}

// TestEveryDemoBuilds sets up every demo of every shipped system and prints
// it, so a demo script broken by a rules change fails here.
func TestEveryDemoBuilds(t *testing.T) {
	for _, s := range systems.Default().All() {
		for _, d := range s.Demos() {
			e, err := rules.BuildDemo(s, d.Name, 1)
			if err != nil {
				t.Errorf("%s/%s: %v", s.ID(), d.Name, err)
				continue
			}
			if len(e.Combatants) == 0 || e.Title != d.Title {
				t.Errorf("%s/%s: %d combatants, title %q", s.ID(), d.Name, len(e.Combatants), e.Title)
			}
			text := rules.Text(e, s)
			for _, c := range e.Combatants {
				if !strings.Contains(text, c.Name) {
					t.Errorf("%s/%s: Text lacks %s", s.ID(), d.Name, c.Name)
				}
			}
		}
	}
}

func TestRunNothingLeavesFileAlone(t *testing.T) {
	dir := home(t)
	f := filepath.Join(dir, "x.toml")
	fray(t, "", "new", f)
	st, err := os.Stat(f)
	if err != nil {
		t.Fatal(err)
	}
	before := mustRead(t, f)
	r := fray(t, "# only a comment\n\n", "run", f, "--script", "-")
	if r.code != 0 || r.stdout != "" {
		t.Errorf("empty script: %+v", r)
	}
	st2, err := os.Stat(f)
	if err != nil || !bytes.Equal(before, mustRead(t, f)) || !st2.ModTime().Equal(st.ModTime()) {
		t.Error("an empty script rewrote the file")
	}
}

// "fray --demo" answered only "flag --demo needs a value": a flag whose
// values fray knows names them, so the GM need not go to --help.
func TestMissingValueNamesTheChoices(t *testing.T) {
	home(t)
	for flag, want := range map[string]string{
		"--demo":   "flag --demo needs a demo's name: bandits (factions), battle (swords), brawl (arm5),",
		"--system": "flag --system needs a rule system's id: arm5, factions, osr, sst, swords",
	} {
		r := fray(t, "", flag)
		if r.code != 2 || !strings.Contains(strings.ReplaceAll(r.stderr, "\n  ", " "), want) {
			t.Errorf("fray %s: code %d, %q, want %q", flag, r.code, r.stderr, want)
		}
	}
}
