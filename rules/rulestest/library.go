package rulestest

import (
	"fmt"
	"sort"
	"strings"

	"fray/rules"
)

// Library is a rules.Library in memory: templates given by the test,
// parties kept in Kept by lower-case name (a party saved is a deep copy,
// as a file would be), templates saved appended to Saved.
type Library struct {
	Ts    []rules.Template
	Kept  map[string]rules.Party
	Saved []rules.Template
}

// Templates implements rules.Library.
func (l *Library) Templates(string) ([]rules.Template, error) { return l.Ts, nil }

// SaveTemplate implements rules.Library.
func (l *Library) SaveTemplate(system string, t rules.Template) (string, error) {
	l.Saved = append(l.Saved, t)
	return "memory/" + system + "/" + t.Name, nil
}

// Party implements rules.Library.
func (l *Library) Party(name string, _ rules.System) (rules.Party, error) {
	p, ok := l.Kept[strings.ToLower(name)]
	if !ok {
		return rules.Party{}, fmt.Errorf("no party called %q", name)
	}
	return copyParty(p), nil
}

// SaveParty implements rules.Library.
func (l *Library) SaveParty(p rules.Party) (string, error) {
	if l.Kept == nil {
		l.Kept = map[string]rules.Party{}
	}
	l.Kept[strings.ToLower(p.Name)] = copyParty(p)
	return "memory/" + p.Name, nil
}

func copyParty(p rules.Party) rules.Party {
	out := p
	out.Members = nil
	for _, m := range p.Members {
		out.Members = append(out.Members, m.Clone())
	}
	return out
}

// Template builds a template from add-style words: Template("Goblin",
// "side=goblins", "hp=1d6").
func Template(name string, fields ...string) rules.Template {
	_, kvs := rules.SplitKV(fields)
	return rules.Template{Name: name, Fields: kvs}
}

// Parties implements rules.Library.
func (l *Library) Parties() ([]string, error) {
	var out []string
	for _, p := range l.Kept {
		out = append(out, p.Name)
	}
	sort.Strings(out)
	return out, nil
}
