package main

import (
	"cmp"
	"fmt"
	"strings"
	"time"

	"fray/internal/cmdline"
	"fray/rules"
	"fray/saves"
	"fray/tui"
)

// library is the data folder as the commands see it (templates, parties).
func (a *app) library() *saves.Library {
	dir, err := saves.DefaultDir()
	if err != nil {
		dir = "." // no home at all: the templates go beside the encounter
	}
	return saves.NewLibrary(dir, a.reg)
}

// remembering records the file the tracker opened, for a bare fray next
// time, and returns what prints the error, if any: the tracker records it
// while the screen runs, and says so once it has ended.
func (a *app) remembering(path string) (report func()) {
	dir, err := saves.EnsureDir()
	if err == nil {
		err = saves.SetLastOpened(dir, path)
	}
	return func() {
		if err != nil {
			cmdline.Sayf(a.stderr, "cannot note which file is open (a bare fray will open the demo): %v", err)
		}
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
		a.note = fmt.Sprintf("%v; here is the demo (L lists the fights)", err)
		return ""
	}
	if path == "" {
		return ""
	}
	if ok, err := cmdline.Exists(path); err != nil || !ok {
		// The tracker's screen covers the terminal at once: the status
		// line is where this is read.
		a.note = fmt.Sprintf("%s, open last time, is gone; here is the demo (L lists the fights)", path)
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
	// Each file is read in full, as opening it would: a file whose head
	// is sound may be broken further down.
	sums, err := saves.List(dir, a.reg, "")
	if err != nil {
		return a.fail(err)
	}
	if len(sums) == 0 {
		fmt.Fprintf(a.stdout, "no encounters in %s yet: fray new NAME makes one\n", dir)
		return 0
	}
	fmt.Fprintf(a.stdout, "Encounters in %s, the last saved first (fray NAME opens one):\n", dir)
	fmt.Fprint(a.stdout, libraryTable(sums, time.Now(), cmdline.TermWidth(a.stdout)))
	return 0
}

// libraryTable writes summaries as aligned columns. With a width (a
// terminal's), the last column, a title or why a file will not open,
// wraps under itself where it would run past it.
func libraryTable(sums []saves.Summary, now time.Time, width int) string {
	rows := [][]string{{"NAME", "SYSTEM", "ROUND", "ALIVE", "SAVED", "TITLE"}}
	for _, s := range sums {
		if s.Err != nil {
			rows = append(rows, []string{s.Name, cmp.Or(s.System, "?"), "", "", s.SavedText(now), s.About()})
			continue
		}
		rows = append(rows, []string{s.Name, s.System, s.RoundText(), s.Alive(), s.SavedText(now), s.About()})
	}
	w := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, c := range r[:len(r)-1] {
			w[i] = max(w[i], len([]rune(c)))
		}
	}
	last := 0 // where the last column starts
	for _, n := range w[:len(w)-1] {
		last += n + 2
	}
	var b strings.Builder
	for _, r := range rows {
		for i, c := range r {
			if i == len(r)-1 {
				if room := width - last; width > 0 && room >= 20 {
					c = strings.Join(rules.Wrap(c, room, room, "", false), "\n"+strings.Repeat(" ", last))
				}
				b.WriteString(c)
				break
			}
			b.WriteString(c + strings.Repeat(" ", w[i]-len([]rune(c))+2))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// partySystem returns the rule system of a saved party.
func (a *app) partySystem(name string) (rules.System, error) {
	p, err := a.library().Party(name, nil)
	if err != nil {
		return nil, err
	}
	return a.reg.Lookup(p.System)
}

// fights is the data folder's library of fights for the tracker's fights
// screen (tui.Fights), whose fight open now is open. The screen reads the
// list on a goroutine of its own, which may still run after the tracker
// quit and the app opened another fight: it reads nothing of the app
// that changes.
type fights struct {
	a    *app
	open string
}

var _ tui.Fights = fights{}

func (f fights) Files() ([]saves.Summary, error) {
	dir, err := saves.DefaultDir()
	if err != nil {
		return nil, err
	}
	return saves.Files(dir)
}

// Summarize reads a fight as fray ls does, checking that it would open,
// but for the one open now: it opened.
func (f fights) Summarize(path string) saves.Summary {
	if f.open != "" && saves.SamePath(path, f.open) {
		return saves.Summarize(path, nil)
	}
	return saves.Summarize(path, f.a.reg)
}

func (f fights) Systems() []string {
	var ids []string
	for _, s := range f.a.reg.All() {
		ids = append(ids, s.ID())
	}
	return ids
}

func (f fights) Parties() []string {
	names, _ := f.a.library().Parties()
	return names
}

func (f fights) Create(name, system, title, party string) (string, error) {
	path, _, err := f.a.makeEncounter(name, system, party, title)
	return path, err
}

func (f fights) Delete(path string) error {
	if f.open != "" && saves.SamePath(path, f.open) {
		return fmt.Errorf("%s is the fight that is open: open another before deleting it", path)
	}
	return saves.Delete(path)
}

func (f fights) Open(path string) { f.a.next = path }
