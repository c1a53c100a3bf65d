package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"fray/rules"
	"fray/saves"
)

// Where a FILE argument points: a bare name (crypt) is an encounter in
// the data folder, DATA/crypt.toml; a path with a folder in it, or one
// ending in .toml, is that file, where it says.

// isBare reports whether a FILE argument is a bare name.
func isBare(arg string) bool {
	return !strings.ContainsAny(arg, `/\`) && !strings.EqualFold(filepath.Ext(arg), ".toml") && arg != "." && arg != ".."
}

// filePath turns a FILE argument into the file it names; a bare name is
// put in the data folder, which is made if need be.
func (a *app) filePath(arg string) (string, error) {
	if !isBare(arg) {
		return arg, nil
	}
	if strings.TrimSpace(arg) == "" || strings.HasPrefix(arg, ".") {
		return "", usagef("%q is no encounter name: give a name such as crypt, or a path", arg)
	}
	dir, err := saves.EnsureDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, arg+".toml"), nil
}

// library is the data folder as the commands see it (templates, parties).
func (a *app) library() *saves.Library {
	dir, err := saves.DefaultDir()
	if err != nil {
		dir = "." // no home at all: the templates go beside the encounter
	}
	return saves.NewLibrary(dir, a.reg)
}

// remember records the file the tracker opened, for a bare fray next time.
func (a *app) remember(path string) {
	dir, err := saves.EnsureDir()
	if err == nil {
		err = saves.SetLastOpened(dir, path)
	}
	if err != nil {
		fmt.Fprintf(a.stderr, "fray: cannot note which file is open (a bare fray will open the demo): %v\n", err)
	}
}

// last returns the encounter opened last, if it is still there.
func (a *app) last() string {
	dir, err := saves.DefaultDir()
	if err != nil {
		return ""
	}
	path, err := saves.LastOpened(dir)
	if err != nil {
		fmt.Fprintf(a.stderr, "fray: %v\n", err)
		return ""
	}
	if path == "" {
		return ""
	}
	if ok, err := exists(path); err != nil || !ok {
		fmt.Fprintf(a.stderr, "fray: %s, open last time, is gone; here is the demo\n", path)
		return ""
	}
	return path
}

// list is `fray ls`: the library of fights.
func (a *app) list() int {
	dir, err := saves.DefaultDir()
	if err != nil {
		return a.fail(err)
	}
	sums, err := saves.List(dir)
	if err != nil {
		return a.fail(err)
	}
	if len(sums) == 0 {
		fmt.Fprintf(a.stdout, "no encounters in %s yet: fray new NAME makes one\n", dir)
		return 0
	}
	fmt.Fprintf(a.stdout, "Encounters in %s, the last saved first (fray NAME opens one):\n", dir)
	fmt.Fprint(a.stdout, libraryTable(sums, time.Now()))
	return 0
}

// libraryTable writes summaries as aligned columns.
func libraryTable(sums []saves.Summary, now time.Time) string {
	rows := [][]string{{"NAME", "SYSTEM", "ROUND", "STANDING", "SAVED", "TITLE"}}
	for _, s := range sums {
		if s.Err != nil {
			rows = append(rows, []string{s.Name, "?", "", "", when(s.Saved, now), "cannot read: " + s.Err.Error()})
			continue
		}
		rows = append(rows, []string{s.Name, s.System, roundText(s), s.Alive(), when(s.Saved, now), s.Title})
	}
	w := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, c := range r[:len(r)-1] {
			w[i] = max(w[i], len([]rune(c)))
		}
	}
	var b strings.Builder
	for _, r := range rows {
		for i, c := range r {
			if i == len(r)-1 {
				b.WriteString(c)
				break
			}
			b.WriteString(c + strings.Repeat(" ", w[i]-len([]rune(c))+2))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// roundText is the round as the list shows it: "—" before the fight,
// "ended" once it is over.
func roundText(s saves.Summary) string {
	switch {
	case s.Ended:
		return "ended"
	case s.Round == 0:
		return "—"
	}
	return fmt.Sprint(s.Round)
}

// when writes a save time: the time today, the date before.
func when(t, now time.Time) string {
	if t.IsZero() {
		return ""
	}
	if y, m, d := t.Date(); y == now.Year() && m == now.Month() && d == now.Day() {
		return t.Format("15:04")
	}
	return t.Format("2006-01-02")
}

// partySystem returns the rule system of a saved party.
func (a *app) partySystem(name string) (rules.System, error) {
	p, err := a.library().Party(name, nil)
	if err != nil {
		return nil, err
	}
	return a.reg.Lookup(p.System)
}
