package rules

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// Split breaks a command line into words. Double or single quotes group
// words with spaces ("Brother Marcus"); a single quote after a letter is
// an apostrophe (O'Brien); a backslash escapes the next character. An unclosed quote is an error, and so is a control character
// anywhere but between words (a *ControlError): no text fray keeps may
// hold one (see Printable).
func Split(line string) ([]string, error) {
	words, _, err := splitQuoted(line)
	return words, err
}

// splitQuoted is Split that also reports, word by word, whether the word
// was written with quotes or a backslash: such a word means exactly what
// it says, so it is never read as the start of a longer name.
func splitQuoted(line string) (words []string, quoted []bool, err error) {
	var cur strings.Builder
	inWord, q := false, false
	var quote rune
	esc := false
	at := 0
	var last rune // the last rune written outside quotes
	for _, r := range line {
		at++
		if IsControl(r) && (esc || quote != 0 || (r != ' ' && r != '\t' && r != '\n' && r != '\r')) {
			return nil, nil, &ControlError{Char: r, At: at}
		}
		switch {
		case esc:
			cur.WriteRune(r)
			esc = false
		case r == '\\':
			esc, inWord, q = true, true, true
		case quote != 0:
			if r == quote {
				quote, last = 0, r
			} else {
				cur.WriteRune(r)
			}
		case r == '\'' && inWord && unicode.IsLetter(last):
			// After a letter, an apostrophe (O'Brien), not a quote.
			cur.WriteRune(r)
			last = r
		case r == '"' || r == '\'':
			quote, inWord, q = r, true, true
		case r == ' ' || r == '\t' || r == '\n' || r == '\r':
			if inWord {
				words, quoted = append(words, cur.String()), append(quoted, q)
				cur.Reset()
				inWord, q = false, false
			}
			last = r
		default:
			cur.WriteRune(r)
			inWord = true
			last = r
		}
	}
	if quote != 0 {
		return nil, nil, fmt.Errorf("a quote (%c) is not closed", quote)
	}
	if esc {
		cur.WriteRune('\\')
	}
	if inWord {
		words, quoted = append(words, cur.String()), append(quoted, q)
	}
	return words, quoted, nil
}

// Quote returns a name as a single command word, quoting it if needed:
// Split(Quote(s)) gives back exactly s for any valid UTF-8 string without
// control characters.
func Quote(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n\r\"'\\") {
		return s
	}
	return forceQuote(s)
}

// forceQuote quotes s even when it needs no quotes: a quoted word is
// taken exactly, never as the start of a longer name.
func forceQuote(s string) string {
	return `"` + quoteEscaper.Replace(s) + `"`
}

// quoteEscaper escapes backslashes and quotes; built once (a Replacer
// builds its tables on first use, which cost more than the quoting).
var quoteEscaper = strings.NewReplacer(`\`, `\\`, `"`, `\"`)

// KV is one key=value argument.
type KV struct{ Key, Value string }

// SplitKV separates key=value words from plain words, keeping their order.
func SplitKV(args []string) (plain []string, kvs []KV) {
	for _, a := range args {
		if i := strings.IndexByte(a, '='); i > 0 {
			kvs = append(kvs, KV{Key: strings.ToLower(a[:i]), Value: a[i+1:]})
			continue
		}
		plain = append(plain, a)
	}
	return plain, kvs
}

// Int parses a whole number argument, naming what it is for in the error.
func Int(what, s string) (int, error) {
	n, err := strconv.Atoi(strings.TrimPrefix(s, "+"))
	if err != nil {
		return 0, fmt.Errorf("%s must be a whole number, not %q", what, s)
	}
	if n > 1_000_000 || n < -1_000_000 {
		return 0, fmt.Errorf("%s %d is out of range", what, n)
	}
	return n, nil
}

// FlagGroups writes flags for a usage line as bracketed groups of at most
// per words, "[a|b|c] [d|e]", so help text wraps between groups; the TUI's
// forms read every group.
func FlagGroups(flags []string, per int) string {
	var gs []string
	for i := 0; i < len(flags); i += max(1, per) {
		gs = append(gs, "["+strings.Join(flags[i:min(len(flags), i+max(1, per))], "|")+"]")
	}
	return strings.Join(gs, " ")
}
