package rules

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"fray/model"
)

// Template is a named combatant of one system, ready to be added as
// many times as needed: `add 6 goblin` adds Goblin 1 … Goblin 6 from the
// template Goblin. Fields are what add would be given as key=value:
// side, note, init and the system's sheet keys, in order. A value the
// field does not take as it stands but that reads as dice (hp=2d8,
// init=1d6) is rolled for each copy, and the roll logged.
type Template struct {
	Name   string
	Fields []KV
	// File and Line say where the template was read from, for listings
	// and messages; "" for one not read from a file.
	File string
	Line int
}

// Field returns the value of a template field.
func (t Template) Field(key string) (string, bool) {
	for _, kv := range t.Fields {
		if kv.Key == key {
			return kv.Value, true
		}
	}
	return "", false
}

// Party is a group of player-side combatants kept between fights, with
// their harm: `party save NAME` writes one, `party add NAME` brings its
// members into an encounter.
type Party struct {
	Name    string
	System  string
	Members []*model.Combatant
}

// Library is what lives beside the encounters in the data folder: the
// templates of each system and the parties. The tracker reaches it
// through SetLibrary (the saves package provides one on the data folder);
// without one, the commands that need it say so and change nothing.
type Library interface {
	// Templates returns every template of a system. A file that cannot
	// be read is reported in the error, and the templates of the other
	// files are still returned.
	Templates(system string) ([]Template, error)
	// SaveTemplate writes a template of a system, replacing one of the
	// same name; it returns where it went.
	SaveTemplate(system string, t Template) (string, error)
	// Party reads a party; its members' sheets are of sys.
	Party(name string, sys System) (Party, error)
	// SaveParty writes a party, replacing one of the same name and
	// system (and refusing one of another); it returns where it went.
	SaveParty(p Party) (string, error)
	// Parties lists the parties there are, by name.
	Parties() ([]string, error)
}

// FightState is a System whose sheets hold, beside the combatant's own
// record, state of the fight in progress: dice in hand, pools, cover, a
// grab. FightKeys lists those sheet keys. A party saved or a template made
// leaves them at a new sheet's values, so they start fresh next fight.
type FightState interface {
	FightKeys() []string
}

// Fresh returns a copy of a sheet with the system's FightKeys put back to
// a new sheet's values.
func Fresh(s System, sh model.Sheet) model.Sheet {
	if sh == nil {
		return nil
	}
	out := sh.Clone()
	fs, ok := s.(FightState)
	if !ok {
		return out
	}
	blank := s.NewSheet()
	for _, k := range fs.FightKeys() {
		if v, ok := blank.Get(k); ok {
			_ = out.Set(k, v) // a new sheet's own value: always taken
		}
	}
	return out
}

// errNoLibrary is what a command that needs the data folder says without one.
var errNoLibrary = errors.New("templates and parties live in fray's data folder, which this tracker was started without")

// FindTemplate looks a template up by name, ignoring case: an exact
// name wins, else (with prefix) the name must begin exactly one. A
// problem reading the templates is added to a not-found error, since the
// template may sit in the file that failed.
func FindTemplate(ts []Template, loadErr error, system, name string, prefix bool) (Template, error) {
	q := strings.ToLower(strings.TrimSpace(name))
	var matches []Template
	for _, t := range ts {
		if strings.ToLower(t.Name) == q {
			return t, nil
		}
	}
	if prefix {
		matches = templatesStarting(ts, q)
	}
	if len(matches) == 1 {
		return matches[0], nil
	}
	if len(matches) > 1 {
		names := make([]string, len(matches))
		for i, t := range matches {
			names[i] = t.Name
		}
		return Template{}, fmt.Errorf("%q matches the templates %s: type more of the name", name, strings.Join(names, ", "))
	}
	msg := fmt.Sprintf("no %s template called %q", system, name)
	if near := templateNames(ts, q); near != "" {
		msg += " (" + near + ")"
	}
	if loadErr != nil {
		return Template{}, fmt.Errorf("%s; a template file could not be read: %w", msg, loadErr)
	}
	return Template{}, errors.New(msg)
}

// templateNames lists what the templates command would show, briefly:
// those sharing the query's first letter, or the first few.
func templateNames(ts []Template, q string) string {
	if len(ts) == 0 {
		return "there are none yet: template save NAME FROM makes one"
	}
	var names []string
	head := "templates: "
	if r := []rune(q); len(r) > 0 {
		first := string(r[:1])
		for _, t := range templatesStarting(ts, first) {
			names = append(names, t.Name)
			head = "templates that start with " + first + ": "
		}
	}
	if len(names) == 0 {
		for _, t := range ts {
			names = append(names, t.Name)
		}
	}
	sort.Strings(names)
	if len(names) > 8 {
		names = append(names[:8], "…")
	}
	return head + strings.Join(names, ", ") + "; templates lists them all"
}

// templatesStarting returns the templates whose names begin with q,
// ignoring case.
func templatesStarting(ts []Template, q string) []Template {
	q = strings.ToLower(q)
	var out []Template
	for _, t := range ts {
		if strings.HasPrefix(strings.ToLower(t.Name), q) {
			out = append(out, t)
		}
	}
	return out
}

// templates returns the system's templates, or why there are none to read.
func (c *Ctx) templates() ([]Template, error) {
	if c.Lib == nil {
		return nil, errNoLibrary
	}
	return c.Lib.Templates(c.Sys.ID())
}

// SetLibrary gives the tracker's commands the data folder's templates
// and parties (add 6 goblin, template save, party add…).
func (t *Tracker) SetLibrary(l Library) { t.lib = l }

// Library returns what SetLibrary gave, or nil.
func (t *Tracker) Library() Library { return t.lib }

// Starter is a System that ships templates: its sources' example
// characters and creatures, as a template file (TOML, the format the
// saves package documents). The data folder gets a copy the first time
// the system's templates are wanted.
type Starter interface {
	StarterTemplates() []byte
}

// InitValueOK checks a template's init: roll, a whole number, or dice.
func InitValueOK(v string) error {
	if strings.EqualFold(strings.TrimSpace(v), "roll") {
		return nil
	}
	if _, err := Int("init", v); err == nil {
		return nil
	}
	if _, ok := fieldDice(v); ok {
		return nil
	}
	return fmt.Errorf("init is roll, a whole number or dice such as 1d6, not %q", v)
}
