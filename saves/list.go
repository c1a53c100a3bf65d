package saves

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"fray/rules"
)

// The library of fights: the encounters in the data folder, each summed
// up on one line (fray ls, and L in the tracker). Each file is read once:
// the summary takes the lines it shows from the bytes read (the top keys,
// [fight]'s round and end, each combatant's side and status), the same
// bytes are decoded as opening the file would decode them, and the
// journal beside it, if any, is checked against them; its lock file is
// read once for who holds it.

// Summary is what the library shows of one encounter file.
type Summary struct {
	Path  string // the file
	Name  string // its name without .toml: what fray NAME opens
	Title string
	// System is the rule system's id as the file names it.
	System string
	Round  int
	Ended  bool
	Sides  []SideCount // in the order the sides first appear
	Saved  time.Time   // when the file was last written
	// Err says why the file could not be summed up; the other fields
	// are then what could be read.
	Err error
	// HeldBy is the process id of a fray that has the file open now (0
	// if none), and Unsaved says that a fray that stopped without
	// saving left changes the file lacks in its journal, which opening
	// it brings back. Read only for a file the list decodes.
	HeldBy  int
	Unsaved bool
}

// errNoSystem is a summary's Err for a file whose head names no rule
// system, when it is not decoded (which gives the loader's own reason).
var errNoSystem = errors.New("no rule system: not a fray encounter")

// Problem says, for a list, why the file cannot be opened: "won't open:
// line 28: …", without the file's name, which the list shows. "" if it
// can.
func (s Summary) Problem() string {
	if s.Err == nil {
		return ""
	}
	var se *Error
	var pe *fs.PathError
	switch {
	case errors.As(s.Err, &se) && se.Line > 0:
		return fmt.Sprintf("won't open: line %d: %s", se.Line, se.Msg)
	case se != nil:
		return "won't open: " + se.Msg
	case errors.As(s.Err, &pe):
		return "won't open: " + pe.Err.Error()
	}
	return "won't open: " + strings.TrimPrefix(s.Err.Error(), s.Path+": ")
}

// About is what a list says of the file after its figures: why it will
// not open (Problem), else that a fray has it open or a crash left
// changes for it, then its title.
func (s Summary) About() string {
	if s.Err != nil {
		return s.Problem()
	}
	note := s.Held()
	switch {
	case note == "":
		return s.Title
	case s.Title == "":
		return note
	}
	return note + " · " + s.Title
}

// Held says that a fray has the file open, or that one that stopped
// left changes for it: "open in another fray (process 812)", "unsaved
// changes: opening brings them back"; "" for neither.
func (s Summary) Held() string {
	switch {
	case s.HeldBy != 0:
		return "open in another fray (process " + strconv.Itoa(s.HeldBy) + ")"
	case s.Unsaved:
		return "unsaved changes: opening brings them back"
	}
	return ""
}

// SideCount is how many of a side are alive (not dead) and how many
// there are.
type SideCount struct {
	Side         string
	Alive, Total int
}

// Alive sums up the sides: "party 4/4 · goblins 2/6"; combatants without
// a side count as "—".
func (s Summary) Alive() string {
	parts := make([]string, len(s.Sides))
	for i, c := range s.Sides {
		side := c.Side
		if side == "" {
			side = "—"
		}
		parts[i] = side + " " + strconv.Itoa(c.Alive) + "/" + strconv.Itoa(c.Total)
	}
	return strings.Join(parts, " · ")
}

// RoundText is the round as a list shows it: "—" before the fight,
// "ended" once it is over.
func (s Summary) RoundText() string {
	switch {
	case s.Ended:
		return "ended"
	case s.Round == 0:
		return "—"
	}
	return strconv.Itoa(s.Round)
}

// SavedText writes the save time for a list: the time if it was today,
// else the date.
func (s Summary) SavedText(now time.Time) string {
	if s.Saved.IsZero() {
		return ""
	}
	if y, m, d := s.Saved.Date(); y == now.Year() && m == now.Month() && d == now.Day() {
		return s.Saved.Format("15:04")
	}
	return s.Saved.Format("2006-01-02")
}

// Files lists the encounter files in dir (*.toml, hidden files left
// out), the most recently saved first, with their paths, names and save
// times only: a look at the folder, no file read. Summarize reads one.
func Files(dir string) ([]Summary, error) {
	names, err := tomlFiles(dir)
	if err != nil {
		return nil, err
	}
	out := make([]Summary, len(names))
	for i, n := range names {
		path := filepath.Join(dir, n)
		out[i] = Summary{Path: path, Name: strings.TrimSuffix(n, filepath.Ext(n))}
		if fi, err := os.Stat(path); err == nil {
			out[i].Saved = fi.ModTime()
		}
	}
	sortBySaved(out)
	return out, nil
}

// sortBySaved puts the most recently saved first.
func sortBySaved(sums []Summary) {
	sort.SliceStable(sums, func(i, j int) bool { return sums[i].Saved.After(sums[j].Saved) })
}

// List sums up every encounter file in dir (Files), the most recently
// saved first, each from one reading of it (see Summarize): with reg,
// every file but open (the fight this fray has open, "" for none) is
// decoded as opening it would be. A file that cannot be read, or would
// not open, is listed with its Err.
func List(dir string, reg *rules.Registry, open string) ([]Summary, error) {
	out, err := Files(dir)
	if err != nil {
		return nil, err
	}
	// A small file is decoded on one core: read as many at once as
	// there are cores.
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(out)) {
		wg.Go(func() {
			for i := range next {
				check := reg
				if open != "" && SamePath(out[i].Path, open) {
					check = nil
				}
				out[i] = Summarize(out[i].Path, check)
			}
		})
	}
	for i := range out {
		next <- i
	}
	close(next)
	wg.Wait()
	sortBySaved(out) // by the times the readings found
	return out, nil
}

// Summarize reads one encounter file, once (ReadFile's reading, which
// reads again a file written over meanwhile), and sums it up from the
// lines the list needs: the top keys, [fight]'s round and end, each
// combatant's side and status. With reg it decodes the same bytes as
// opening the file would, since a file whose head is sound may be broken
// further down, and Err says why it would not open; and it reads who
// holds the file (HeldBy, Unsaved).
func Summarize(path string, reg *rules.Registry) Summary {
	s := Summary{Path: path, Name: strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))}
	t, err := readFileText(path, maxFileSize, "an encounter", false)
	if err != nil {
		s.Err = err
		return s
	}
	s.Saved = t.mod
	s.scan(t.around)
	switch {
	case reg != nil:
		// Nothing decoded is kept: the encounter may cut its text from
		// the bytes read.
		if _, _, err := decodeOwned(path, t.around, reg); err != nil {
			s.Err = err
		}
		s.shelf(path, t.around)
	case s.System == "":
		s.Err = errNoSystem
	}
	return s
}

// shelf reads whether a fray has the file open and whether one that
// stopped left changes it lacks: the lock file read once for both, and
// the file's bytes as read for the journal's check.
func (s *Summary) shelf(path string, data []byte) {
	target, err := Resolve(path)
	if err != nil {
		return
	}
	s.HeldBy = holder(target)
	s.Unsaved = s.HeldBy == 0 && hasJournal(target) && journalLacks(target, data, true)
}

// Prefixes of the lines scan looks for.
var (
	logTable       = []byte("[[log]]")
	combatantTable = []byte("[[combatant]]")
	combatantSub   = []byte("[combatant.")
)

// scan reads the lines the summary needs from the file's text.
func (s *Summary) scan(data []byte) {
	table := "" // "" at the top, "combatant", or another table's name
	var side string
	status := "active"
	inCombatant := false
	sides := map[string]int{}
	flush := func() {
		if !inCombatant {
			return
		}
		k := strings.ToLower(side)
		i, ok := sides[k]
		if !ok {
			i = len(s.Sides)
			sides[k] = i
			s.Sides = append(s.Sides, SideCount{Side: side})
		}
		s.Sides[i].Total++
		if status != "dead" {
			s.Sides[i].Alive++
		}
		side, status, inCombatant = "", "active", false
	}
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		t := bytes.TrimSpace(line)
		switch {
		case len(t) == 0:
		case bytes.HasPrefix(t, logTable):
			flush()
			table = "log"
		case bytes.HasPrefix(t, combatantTable):
			flush()
			table, inCombatant = "combatant", true
		case t[0] == '[':
			if !bytes.HasPrefix(t, combatantSub) {
				flush()
				table = strings.Trim(string(t), "[] ")
			}
		case table == "" || table == "fight" || table == "combatant":
			if key, val, ok := bytes.Cut(t, []byte("=")); ok {
				s.keyValue(table, bytes.TrimSpace(key), bytes.TrimSpace(val), &side, &status)
			}
		}
	}
	flush()
}

// keyValue takes one key = value line the list needs.
func (s *Summary) keyValue(table string, key, val []byte, side, status *string) {
	switch {
	case table == "" && string(key) == "title":
		s.Title = unquoteValue(string(val))
	case table == "" && string(key) == "system":
		s.System = unquoteValue(string(val))
	case (table == "" || table == "fight") && string(key) == "round": // "": format 2
		s.Round, _ = strconv.Atoi(string(val))
	case (table == "" || table == "fight") && string(key) == "ended":
		s.Ended = string(val) == "true"
	case table == "combatant" && string(key) == "side":
		*side = unquoteValue(string(val))
	case table == "combatant" && string(key) == "status":
		*status = strings.ToLower(unquoteValue(string(val)))
	}
}

// unquoteValue reads a TOML string value on one line: a basic string
// ("…", escapes as Go reads them) or a literal one ('…'), a trailing
// comment dropped; anything else comes back as it is.
func unquoteValue(v string) string {
	switch {
	case strings.HasPrefix(v, `"`):
		end := closingQuote(v)
		if u, err := strconv.Unquote(v[:end+1]); err == nil {
			return u
		}
		return strings.Trim(v[:end+1], `"`)
	case strings.HasPrefix(v, "'"):
		if i := strings.IndexByte(v[1:], '\''); i >= 0 {
			return v[1 : i+1]
		}
	}
	if i := strings.IndexByte(v, '#'); i >= 0 {
		v = strings.TrimSpace(v[:i])
	}
	return v
}

// closingQuote finds the quote that ends a basic string starting at 0.
func closingQuote(v string) int {
	for i := 1; i < len(v); i++ {
		switch v[i] {
		case '\\':
			i++
		case '"':
			return i
		}
	}
	return len(v) - 1
}

// Delete removes an encounter file for good, with the journal a crash may
// have left beside it. It takes the file's lock first, so a file another
// fray has open is refused (a *LockedError), and it removes only a
// regular file.
func Delete(path string) error {
	s, err := Open(path)
	if err != nil {
		return err
	}
	defer s.Close()
	if !s.Exists() {
		return &Error{File: path, Msg: "no such file"}
	}
	if err := os.Remove(s.target); err != nil {
		return fmt.Errorf("cannot delete %s: %w", path, err)
	}
	if err := os.Remove(journalPath(s.target)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("deleted %s, but not its journal: %w", path, err)
	}
	return nil
}
