package saves

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/systems"
)

// libTracker is a tracker of system id on a new data folder.
func libTracker(t *testing.T, id string) (*rules.Tracker, *Library) {
	t.Helper()
	reg := systems.Default()
	s, err := reg.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	lib := NewLibrary(t.TempDir(), reg)
	tr := rules.NewTracker(model.New(id, 7), s)
	tr.SetLibrary(lib)
	return tr, lib
}

func run(t *testing.T, tr *rules.Tracker, lines ...string) {
	t.Helper()
	for _, l := range lines {
		if _, err := tr.Apply(l); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
}

// Every system ships templates; each loads, and adds (twice) without error.
func TestStarterTemplatesLoadAndAdd(t *testing.T) {
	for _, s := range systems.Default().All() {
		t.Run(s.ID(), func(t *testing.T) {
			tr, lib := libTracker(t, s.ID())
			ts, err := lib.Templates(s.ID())
			if err != nil {
				t.Fatal(err)
			}
			if len(ts) < 5 {
				t.Fatalf("%d templates", len(ts))
			}
			if _, err := os.Stat(filepath.Join(lib.Dir, "templates", s.ID(), "starter.toml")); err != nil {
				t.Fatalf("starter set not written out: %v", err)
			}
			for _, tp := range ts {
				run(t, tr, "add 2 "+rules.Quote(tp.Name))
			}
			if len(tr.E.Combatants) != 2*len(ts) {
				t.Fatalf("%d combatants from %d templates", len(tr.E.Combatants), len(ts))
			}
			// Each demo combatant is among the templates (or its kind is).
			run(t, tr, "templates")
		})
	}
}

// A template file edited badly: the error names the file and line, the
// add changes nothing.
func TestTemplateFileErrors(t *testing.T) {
	for name, c := range map[string]struct{ file, want string }{
		"sheet key":   {"[[template]]\nname = \"Ghoul\"\n[template.sheet]\nhpp = 3\n", "ghoul.toml:4: Ghoul: Old-school d20 has no sheet field \"hpp\""},
		"bad dice":    {"[[template]]\nname = \"Ghoul\"\n[template.sheet]\nhp = \"2d0\"\n", "ghoul.toml:4: Ghoul: hp must be a whole number, not \"2d0\", nor dice to roll"},
		"no name":     {"[[template]]\nside = \"undead\"\n", "ghoul.toml:1: a template needs a name"},
		"twice":       {"[[template]]\nname = \"Ghoul\"\n\n[[template]]\nname = \"ghoul\"\n", "ghoul.toml:5: a second template called \"ghoul\" (the first is on line 2)"},
		"system":      {"system = \"arm5\"\n[[template]]\nname = \"Ghoul\"\n", "ghoul.toml:1: the file is for \"arm5\", but it is read as osr"},
		"not toml":    {"[[template]\nname = \"Ghoul\"\n", "ghoul.toml:1: not valid TOML"},
		"bad init":    {"[[template]]\nname = \"Ghoul\"\ninit = \"soon\"\n", "ghoul.toml:3: Ghoul: init is roll, a whole number or dice"},
		"newer":       {"version = 9\n", "ghoul.toml:1: written by a newer fray"},
		"name text":   {"[[template]]\nname = 3\n", "ghoul.toml:2: name must be text in quotes, not a number"},
		"comma name":  {"[[template]]\nname = \"Gh,oul\"\n", "cannot contain , or ="},
		"sheet table": {"[[template]]\nname = \"Ghoul\"\nsheet = 3\n", "ghoul.toml:3: Ghoul's sheet must be a table"},
	} {
		t.Run(name, func(t *testing.T) {
			tr, lib := libTracker(t, "osr")
			if _, err := lib.Templates("osr"); err != nil { // the starter set
				t.Fatal(err)
			}
			path := filepath.Join(lib.Dir, "templates", "osr", "ghoul.toml")
			if err := os.WriteFile(path, []byte(c.file), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := tr.Apply("add 2 ghoul")
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v\nwant %q", err, c.want)
			}
			if tr.Version() != 0 || len(tr.E.Combatants) != 0 {
				t.Fatal("a failed add changed the encounter")
			}
			// The other files still serve.
			run(t, tr, "add 2 goblin")
		})
	}
}

// template save writes a template that add then copies; saving it again
// keeps what fray does not read, and the other templates of the file.
func TestTemplateSaveKeepsUnknownKeys(t *testing.T) {
	tr, lib := libTracker(t, "osr")
	run(t, tr, `add Ghast side=undead hp=11 ac=14 bcb=2 weapons="claws 1d6"`, "template save Ghast Ghast")
	path := filepath.Join(lib.Dir, "templates", "osr", "ghast.toml")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// A GM adds a source and a tag by hand, and a second template.
	edited := strings.Replace(string(data), "[template.sheet]", "source = \"p. 12\"\ntags = [\"undead\", 2.5]\nwhen = 1979-05-27\n[template.sheet]", 1) +
		"\n[[template]]\nname = \"Ghoul\"\nside = \"undead\"\n[template.sheet]\nhp = \"2d8\"\n"
	edited = "shelf = {row = 3}\n" + edited
	if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	run(t, tr, "set Ghast ac=15", "template save Ghast Ghast", "add 3 ghast", "add 2 ghoul")
	data, _ = os.ReadFile(path)
	for _, want := range []string{`source = "p. 12"`, `tags = ["undead", 2.5]`, "when = 1979-05-27", "shelf = {row = 3}", "ac = 15", `name = "Ghoul"`, `hp = "2d8"`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("lost %q:\n%s", want, data)
		}
	}
	if cb, _ := tr.E.Find("Ghast 3"); cb == nil {
		t.Fatal("no Ghast 3")
	} else if v, _ := cb.Sheet().Get("ac"); v != "15" {
		t.Errorf("Ghast 3 ac %s", v)
	}
}

// TestTemplatesCached: templates are read once while their files stand,
// and again when a file changes.
func TestTemplatesCached(t *testing.T) {
	dir := t.TempDir()
	lib := NewLibrary(dir, testReg(t))
	first, err := lib.Templates("test")
	if err != nil {
		t.Fatal(err)
	}
	again, err := lib.Templates("test")
	if err != nil || !reflect.DeepEqual(first, again) {
		t.Fatalf("read again: %v, %v", again, err)
	}
	path := filepath.Join(dir, "templates", "test", "mine.toml")
	if err := os.WriteFile(path, []byte("[[template]]\nname = \"Ogre\"\nmight = 9\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	now, err := lib.Templates("test")
	if err != nil || len(now) != len(first)+1 {
		t.Fatalf("a new file was not read: %v, %v", now, err)
	}
	if err := os.WriteFile(path, []byte("[[template]]\nname = \"Troll\"\nmight = 9\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	now, err = lib.Templates("test")
	if err != nil || !slices.ContainsFunc(now, func(x rules.Template) bool { return x.Name == "Troll" }) {
		t.Fatalf("a changed file was not read again: %v, %v", now, err)
	}
}
