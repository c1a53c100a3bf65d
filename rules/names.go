package rules

import (
	"strings"
	"unicode/utf8"

	"fray/model"
)

// Names that cannot hit the wrong target. A name with spaces typed
// without quotes reaches a verb as several words, and its first word may
// well name somebody else: with "Goblin" and "Goblin 2" in the fight,
// `damage Goblin 2` could hurt either. The tracker refuses such a line,
// showing both readings, and a failed line whose words spell a name with
// spaces says first how to quote it.

// found is one successful lookup a command made (Ctx.Find): the words it
// looked up and whom they named.
type found struct {
	query string
	id    int
}

// line is a command line split into words, with whether each word was
// quoted (a quoted word is taken exactly).
type line struct {
	words  []string
	quoted []bool
}

// text writes the line back, quoting a word where needed and wherever it
// was quoted, so that it reads back as the same words.
func (l line) text() string {
	out := make([]string, len(l.words))
	for i, w := range l.words {
		if l.quoted[i] {
			out[i] = forceQuote(w)
		} else {
			out[i] = Quote(w)
		}
	}
	return strings.Join(out, " ")
}

// with returns the line with words from..to replaced by one word, as typed.
func (l line) with(from, to int, word string) string {
	head := line{words: l.words[:from], quoted: l.quoted[:from]}.text()
	tail := line{words: l.words[to+1:], quoted: l.quoted[to+1:]}.text()
	return strings.TrimSpace(strings.Join([]string{head, word, tail}, " "))
}

// splitKey splits "aside=Goblin" into "aside=" and "Goblin"; a word with
// no key gives "" and itself.
func splitKey(w string) (key, val string) {
	if i := strings.IndexByte(w, '='); i > 0 {
		return w[:i+1], w[i+1:]
	}
	return "", w
}

// QuoteIn returns a word as it must be typed in e's commands to mean
// exactly itself: quoted when it has spaces, and also when a combatant's
// name begins with it and a space ("Goblin" while "Goblin 2" fights), so
// that the word after it cannot be read as the rest of that name. The
// screen builds its commands with it.
func QuoteIn(e *model.Encounter, word string) string {
	if q := Quote(word); q != word {
		return q
	}
	lw := strings.ToLower(strings.TrimSpace(word)) + " "
	for _, cb := range e.Combatants {
		s := cb.Name
		// A name that starts with no space trims to a prefix of itself:
		// if it does not begin with lw, its trimmed self does not either,
		// and most names are told so without being trimmed.
		if len(s) > 0 && s[0] < utf8.RuneSelf && !asciiSpace(s[0]) && !lowerHasPrefix(s, lw) {
			continue
		}
		if lowerHasPrefix(strings.TrimSpace(s), lw) {
			return forceQuote(word)
		}
	}
	return word
}

// asciiSpace reports whether c is a space strings.TrimSpace trims.
func asciiSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

// lowerHasPrefix is strings.HasPrefix(strings.ToLower(s), lower) without
// a lowered copy of s while the part of it compared is ASCII: the screen
// quotes a name so on every shortcut key (sst's and factions' P), once a
// combatant, a thousand copies a press.
func lowerHasPrefix(s, lower string) bool {
	for i := 0; i < len(lower); i++ {
		if i == len(s) {
			return false
		}
		c := s[i]
		if c >= utf8.RuneSelf {
			return strings.HasPrefix(strings.ToLower(s), lower)
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}

// exactly returns the combatant whose whole name is s (ignoring case), or
// nil.
func exactly(e *model.Encounter, s string) *model.Combatant {
	s = strings.TrimSpace(s)
	for _, cb := range e.Combatants {
		if strings.EqualFold(strings.TrimSpace(cb.Name), s) {
			return cb
		}
	}
	return nil
}

// AmbiguousNameError refuses a command whose words name two different
// combatants depending on how they are read: Short is the combatant the
// command looked up from the first words, Long the one all the words
// name together.
type AmbiguousNameError struct {
	Short, Long     string
	AsShort, AsLong string // the command with each reading quoted
}

func (e *AmbiguousNameError) Error() string {
	return forceQuote(e.Long) + " or " + Quote(e.Short) + "? Type " + e.AsLong + ", or " + e.AsShort
}

// ambiguity finds a lookup of the command that could have meant someone
// else: the word it looked up is unquoted, and with the unquoted words
// after it, it spells the whole name of another combatant. e holds the
// combatants as they were when the command was typed; args are the words
// after the verb (l holds the whole line, verb first).
func ambiguity(e *model.Encounter, l line, finds []found) error {
	for _, f := range finds {
		for i := 1; i < len(l.words); i++ {
			if l.quoted[i] {
				continue
			}
			key, val := splitKey(l.words[i])
			if !strings.EqualFold(val, f.query) {
				continue
			}
			name := val
			for j := i + 1; j < len(l.words) && !l.quoted[j]; j++ {
				name += " " + l.words[j]
				other := exactly(e, name)
				if other == nil || other.ID == f.id {
					continue
				}
				short := e.ByID(f.id)
				if short == nil {
					continue
				}
				return &AmbiguousNameError{Short: short.Name, Long: other.Name,
					AsShort: l.with(i, i, key+forceQuote(short.Name)), AsLong: l.with(i, j, key+forceQuote(other.Name))}
			}
		}
	}
	return nil
}

// wordsAmbiguity finds, in a line that failed, unquoted words that spell
// one combatant's whole name while their first word alone names another
// ("Goblin" while "Goblin 2" fights): the GM gets both readings, as for a
// lookup that could have meant either, though the verb failed before it
// looked anyone up.
func wordsAmbiguity(e *model.Encounter, l line) error {
	for i := 1; i < len(l.words); i++ {
		if l.quoted[i] {
			continue
		}
		key, val := splitKey(l.words[i])
		short, err := e.Find(val)
		if err != nil {
			continue
		}
		name := val
		for j := i + 1; j < len(l.words) && !l.quoted[j]; j++ {
			name += " " + l.words[j]
			if long := exactly(e, name); long != nil && long.ID != short.ID && !typedWhole(l, long) {
				return &AmbiguousNameError{Short: short.Name, Long: long.Name,
					AsShort: l.with(i, i, key+forceQuote(short.Name)), AsLong: l.with(i, j, key+forceQuote(long.Name))}
			}
		}
	}
	return nil
}

// quoteHint returns the line with every run of two or more unquoted words
// that spells a combatant's whole name joined into one quoted word, and
// whether there was any: what the GM most likely meant.
func quoteHint(e *model.Encounter, l line) (string, bool) {
	hit := false
	for i := 1; i < len(l.words); i++ {
		if l.quoted[i] {
			continue
		}
		key, val := splitKey(l.words[i])
		name, last, whole := val, -1, ""
		var cb *model.Combatant
		for j := i + 1; j < len(l.words) && !l.quoted[j]; j++ {
			name += " " + l.words[j]
			if c := exactly(e, name); c != nil {
				cb, last, whole = c, j, c.Name // the longest name that fits
			} else if list, ok := nameList(e, name); ok {
				cb, last, whole = nil, j, list
			}
		}
		if last < 0 || (cb != nil && typedWhole(l, cb)) {
			continue
		}
		w, q, err := splitQuoted(l.with(i, last, key+forceQuote(whole)))
		if err != nil {
			return "", false
		}
		l, hit = line{words: w, quoted: q}, true
	}
	return l.text(), hit
}

// nameList reads s as a comma list of whole names (Black Knight,Goblin 2)
// and returns it written as a target list is, or false when s holds no
// comma or any part names nobody exactly.
func nameList(e *model.Encounter, s string) (string, bool) {
	if !strings.Contains(s, ",") {
		return "", false
	}
	parts := strings.Split(s, ",")
	for i, p := range parts {
		cb := exactly(e, p)
		if cb == nil {
			return "", false
		}
		parts[i] = cb.Name
	}
	return strings.Join(parts, ","), true
}

// typedWhole reports whether the line already names cb in one word: then
// other words that spell its name are something else (a label, a note).
func typedWhole(l line, cb *model.Combatant) bool {
	for _, w := range l.words[1:] {
		if _, v := splitKey(w); strings.EqualFold(strings.TrimSpace(v), strings.TrimSpace(cb.Name)) {
			return true
		}
	}
	return false
}

// NameHintError is a failed command whose words spell a name with spaces
// that was not quoted: it says how to type the line first, then what went
// wrong.
type NameHintError struct {
	Line string // the command with the name quoted
	Err  error
}

func (e *NameHintError) Error() string {
	return "names with spaces need quotes: " + e.Line + " (" + e.Err.Error() + ")"
}

func (e *NameHintError) Unwrap() error { return e.Err }

// SlipError is a name no combatant has, a slip of the keyboard away from
// one combatant's name: it says which, as a mistyped command does.
type SlipError struct {
	Name string // the combatant's name
	Err  error  // the *model.NotFoundError
}

func (e *SlipError) Error() string { return e.Err.Error() + ": did you mean " + e.Name + "?" }

func (e *SlipError) Unwrap() error { return e.Err }

// nearName returns the one combatant's name within a slip or two of query
// (nearest, ignoring case), or "". It runs only when a name was not
// found, and skips at once the names too long or short to be near.
func nearName(e *model.Encounter, query string) string {
	q := strings.ToLower(strings.TrimSpace(query))
	if q == "" {
		return ""
	}
	lower := make([]string, 0, len(e.Combatants))
	for _, c := range e.Combatants {
		lower = append(lower, strings.ToLower(c.Name))
	}
	m := Nearest(q, lower)
	for _, c := range e.Combatants {
		if m != "" && strings.ToLower(c.Name) == m {
			return c.Name
		}
	}
	return ""
}
