package rules

import (
	"fmt"
	"sort"
	"strings"

	"fray/model"
)

// BuildDemo sets up one of a system's built-in demo encounters: a new
// encounter with the demo's title, seeded with seed, and every line of the
// demo's script applied in order. The setup is not undoable history: the
// tracker that ran it is thrown away, and only its log entries remain. An
// error names the script line that failed.
func BuildDemo(s System, name string, seed uint64) (*model.Encounter, error) {
	d, ok := demoNamed(s, name)
	if !ok {
		return nil, fmt.Errorf("%s has no demo %q (known: %s)", s.Name(), name, strings.Join(demoNames(s), ", "))
	}
	e := model.New(s.ID(), seed)
	e.Title = d.Title
	t := NewTracker(e, s)
	for i, line := range d.Script {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if _, err := t.Apply(line); err != nil {
			return nil, fmt.Errorf("demo %s, line %d (%s): %w", d.Name, i+1, line, err)
		}
	}
	// The last line of the log is what a newcomer reads first.
	t.E.Event("%s is set up: next (n) starts the fight; help (?) lists every key and command", d.Title)
	return t.E, nil
}

// FindDemo looks a demo up by name (ignoring case) across every system in
// the registry. The error lists the demos there are.
func FindDemo(reg *Registry, name string) (System, Demo, error) {
	var names []string
	for _, s := range reg.All() {
		if d, ok := demoNamed(s, name); ok {
			return s, d, nil
		}
		names = append(names, demoNames(s)...)
	}
	known := DemoList(reg)
	if len(known) == 0 {
		return nil, Demo{}, fmt.Errorf("no demo %q: no system has any demos", name)
	}
	return nil, Demo{}, fmt.Errorf("no demo %q%s (known: %s)", name, DidYouMean(name, names), strings.Join(known, ", "))
}

// DemoList names every demo with its system's id, "brawl (arm5)", sorted.
func DemoList(reg *Registry) []string {
	var known []string
	for _, s := range reg.All() {
		for _, n := range demoNames(s) {
			known = append(known, n+" ("+s.ID()+")")
		}
	}
	sort.Strings(known)
	return known
}

func demoNamed(s System, name string) (Demo, bool) {
	for _, d := range s.Demos() {
		if strings.EqualFold(d.Name, name) {
			return d, true
		}
	}
	return Demo{}, false
}

func demoNames(s System) []string {
	var out []string
	for _, d := range s.Demos() {
		out = append(out, d.Name)
	}
	return out
}
