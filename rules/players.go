package rules

import (
	"fmt"
	"slices"
	"strings"

	"fray/model"
)

// What players may see of a fight. The player view (fray watch, fray
// serve) shows the turn order without the game master's secrets: hidden
// combatants not at all, and foes' harm as the reveal option allows.

// Reveal is how much of the foes' harm the players see.
type Reveal string

// The values of the reveal option.
const (
	RevealNone    Reveal = "none"    // nothing of the foes' harm
	RevealWords   Reveal = "words"   // the shared harm words: unhurt … dead
	RevealNumbers Reveal = "numbers" // what the game master sees
)

// coreOptions are the options of every encounter, whatever its system.
func coreOptions() []Option {
	return []Option{{
		Key: "reveal", Default: string(RevealWords),
		Values: []string{string(RevealNone), string(RevealWords), string(RevealNumbers)},
		Help:   "what the player view (fray watch, fray serve) shows of foes' harm: none, words (unhurt, hurt, badly hurt, out, dead) or numbers (as the GM sees them)",
	}, playersOption()}
}

// AllOptions lists the options an encounter of system s takes: the
// system's own, then those every system shares (reveal). A system's
// option of the same name stands in for the shared one.
func AllOptions(s System) []Option {
	own := s.Options()
	out := append([]Option(nil), own...)
	for _, o := range coreOptions() {
		if !hasOption(own, o.Key) {
			out = append(out, o)
		}
	}
	return out
}

func hasOption(opts []Option, key string) bool {
	for _, o := range opts {
		if o.Key == key {
			return true
		}
	}
	return false
}

// RevealOf returns the encounter's reveal option.
func RevealOf(options map[string]string) Reveal {
	switch r := Reveal(options["reveal"]); r {
	case RevealNone, RevealNumbers:
		return r
	}
	return RevealWords
}

// parseYes reads a yes/no field value.
func parseYes(key, v string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "yes", "y", "true", "on", "1":
		return true, nil
	case "no", "n", "false", "off", "0":
		return false, nil
	}
	return false, fmt.Errorf("%s takes yes or no, not %q", key, v)
}

// playersOption names the players' side.
func playersOption() Option {
	return Option{
		Key: "players", Text: true,
		Help: "the players' side (or sides, with commas): the player view shows their own numbers; empty means the sides of those with pc=yes, else a side called party, players, pcs or heroes, else the side of the first combatant added",
	}
}

// PlayerSides returns the sides the players fight on, in lower case:
// those the players option names, else the sides of the player side as
// party save finds it (pc=yes, a side called party…), else the side of the
// first combatant added that has one.
func PlayerSides(e *model.Encounter) map[string]bool {
	out := map[string]bool{}
	for _, s := range strings.Split(e.Options["players"], ",") {
		if s = strings.ToLower(strings.TrimSpace(s)); s != "" {
			out[s] = true
		}
	}
	if len(out) > 0 {
		return out
	}
	for _, cb := range playerSide(e) {
		if cb.Side != "" {
			out[strings.ToLower(cb.Side)] = true
		}
	}
	if len(out) > 0 {
		return out
	}
	for _, c := range e.Combatants {
		if c.Side != "" {
			out[strings.ToLower(c.Side)] = true
			break
		}
	}
	return out
}

// PlayerView is the fight as the players may see it: everything the
// player view draws, with the game master's secrets already left out.
type PlayerView struct {
	Title  string
	System string // the rule system's name
	// Header is the system's own turn line ("Round 2 · Paul's turn",
	// "Count 7"), or plainly "Round N" when the system's line would name
	// a hidden combatant.
	Header string
	Round  int
	Turn   string // whose turn it is; "" when nobody's or a hidden one's
	Next   string // who acts after them, when the order says so plainly
	Ended  bool
	Clock  model.Clock
	Reveal Reveal
	Rows   []PlayerRow
}

// PlayerRow is one row of the turn order in the player view.
type PlayerRow struct {
	Heading bool
	Name    string
	Side    string
	Ours    bool   // on the players' side: shown in full
	Score   string // the order's score; "" for foes unless numbers are revealed
	Current bool
	Next    bool
	Done    bool // has acted this round
	Out     bool // cannot act; false for foes when harm is not revealed
	// Severity is where the harm stands on the shared scale; HasSeverity
	// says whether players may know it.
	Severity    Severity
	HasSeverity bool
	// Harm is what players may read of the harm: the system's gauge and
	// words for their own side and with reveal numbers, the scale's words
	// with reveal words, nothing with reveal none.
	Harm  string
	Marks []string // markers and conditions: prone, stunned 2, delaying…
}

// PlayerViewOf builds the player view of an encounter. It costs one
// Order and one Harm per combatant.
func PlayerViewOf(e *model.Encounter, s System) PlayerView {
	ov := s.Order(e)
	v := PlayerView{Title: e.Title, System: s.Name(), Round: e.Round, Ended: e.Ended,
		Clock: e.Clock, Reveal: RevealOf(e.Options), Header: ov.Header}
	ours := PlayerSides(e)
	var hidden []string
	cur := -1
	for _, r := range ov.Rows {
		if r.Heading {
			v.Rows = append(v.Rows, PlayerRow{Heading: true, Name: headingText(r)})
			continue
		}
		cb := e.ByID(r.ID)
		if cb == nil {
			continue
		}
		if cb.Hidden {
			hidden = append(hidden, cb.Name)
			continue
		}
		v.Rows = append(v.Rows, playerRow(e, s, cb, r, ours[strings.ToLower(cb.Side)], v.Reveal))
		if r.Current && !e.Ended {
			cur = len(v.Rows) - 1
			v.Turn = cb.Name
		}
	}
	v.Rows = dropEmptyHeadings(v.Rows)
	// What names a hidden combatant goes: the system's header, markers
	// ("riding Bayard", "engaged: Archer"), harm words.
	if names := mentions(hidden); names != nil {
		if names(v.Header) {
			v.Header = fmt.Sprintf("Round %d", e.Round)
		}
		for i := range v.Rows {
			r := &v.Rows[i]
			if r.Heading {
				// "GM (initiative, 4 ready)" would count the hidden too.
				r.Name, _, _ = strings.Cut(r.Name, " (")
				continue
			}
			r.Marks = slices.DeleteFunc(slices.Clone(r.Marks), names)
			if names(r.Harm) {
				r.Harm = r.Severity.String()
			}
		}
	}
	// Who comes next is plain only in a single order: where the order
	// falls into parts (factions that choose, counts where several act
	// together) the view does not guess.
	if !e.Ended && (cur >= 0 || e.Round == 0) && !hasHeadings(v.Rows) {
		if i := nextRow(v.Rows, cur); i >= 0 {
			v.Rows[i].Next = true
			v.Next = v.Rows[i].Name
		}
	}
	return v
}

func playerRow(e *model.Encounter, s System, cb *model.Combatant, r OrderRow, ours bool, rv Reveal) PlayerRow {
	h := s.Harm(e, cb)
	full := ours || rv == RevealNumbers
	pr := PlayerRow{Name: cb.Name, Side: cb.Side, Ours: ours, Current: r.Current && !e.Ended, Done: r.Done,
		Severity: h.Severity, HasSeverity: full || rv == RevealWords,
		// Where everyone stands is plain to see at the table.
		Marks: append(slices.Clip(h.Markers), PositionMarks(e, cb)...)}
	if full {
		pr.Score = r.Score
		pr.Harm = harmText(h)
		if pr.Harm == "" {
			pr.Harm = h.Severity.String()
		}
	} else if rv == RevealWords {
		pr.Harm = h.Severity.String()
	}
	if pr.HasSeverity {
		pr.Out = r.Out
	}
	return pr
}

// nextRow finds the row after cur (round the end) that can still act
// this round, else the first that can act at all; -1 for none.
func nextRow(rows []PlayerRow, cur int) int {
	n := len(rows)
	for _, fresh := range []bool{true, false} {
		for k := 1; k <= n; k++ {
			i := (cur + k + n) % n
			if cur < 0 {
				i = k - 1
			}
			r := rows[i]
			if r.Heading || r.Out || (r.Severity.Down() && r.HasSeverity) || i == cur {
				continue
			}
			if fresh && r.Done {
				continue
			}
			return i
		}
	}
	return -1
}

// mentions returns a test for text that names any of names (ignoring
// case), or nil when there are none.
func mentions(names []string) func(string) bool {
	if len(names) == 0 {
		return nil
	}
	low := make([]string, len(names))
	for i, n := range names {
		low[i] = strings.ToLower(n)
	}
	return func(s string) bool {
		s = strings.ToLower(s)
		return slices.ContainsFunc(low, func(n string) bool { return strings.Contains(s, n) })
	}
}

func hasHeadings(rows []PlayerRow) bool {
	for _, r := range rows {
		if r.Heading {
			return true
		}
	}
	return false
}

// dropEmptyHeadings removes headings with no row under them (every row
// of their part of the order was hidden).
func dropEmptyHeadings(rows []PlayerRow) []PlayerRow {
	out := rows[:0]
	for i, r := range rows {
		if r.Heading && (i+1 == len(rows) || rows[i+1].Heading) {
			continue
		}
		out = append(out, r)
	}
	return out
}

// harmText is a combatant's harm in the system's terms: its gauge, then
// its words, each of them unless the gauge already says it.
func harmText(h Harm) string {
	if h.Words == "" || strings.Contains(strings.ToLower(h.Gauge), strings.ToLower(h.Words)) {
		return h.Gauge
	}
	// Each of the words once: "L1 −1 Winded" says Winded already.
	parts := []string{h.Gauge}
	for _, w := range strings.Split(h.Words, ", ") {
		if !strings.Contains(strings.ToLower(h.Gauge), strings.ToLower(w)) {
			parts = append(parts, w)
		}
	}
	return joinNonEmpty(", ", parts...)
}

func joinNonEmpty(sep string, parts ...string) string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, sep)
}
