package rules

import (
	"fmt"
	"strconv"
	"strings"
)

// How many words a verb takes, read from its usage line, so that `next 3`
// or `delay Wren Knight` is refused instead of quietly dropping a word.
// The usage is the one place a verb states its words; reading the limit
// from it keeps help and the check in step.
//
// The grammar: alternatives at the top level are separated by " | "; each
// names the verb, then one token per word. A bracketed group [a b c] is
// optional words, as many as its items; an item a|b|c of plain words may
// be given together (flags), so it counts its alternatives; outside
// brackets a|b|c is one word. A word
// or item ending in "…" repeats without end (TEXT…, MEMBER…, FIELD=VALUE…),
// unless it is a comma list inside one word (aside=NAME,…); "×N" is N
// words.

// MaxWords returns the most words the usage allows after the verb, or -1
// when there is no limit.
func MaxWords(usage string) int {
	best := 0
	for _, alt := range splitTop(usage, " | ") {
		toks := splitTop(strings.TrimSpace(alt), " ")
		if len(toks) == 0 {
			continue
		}
		n := 0
		for _, tk := range toks[1:] {
			c := tokenWords(tk)
			if c < 0 {
				return -1
			}
			n += c
		}
		best = max(best, n)
	}
	return best
}

// tokenWords counts the words one token of a usage stands for, -1 for no
// limit.
func tokenWords(tk string) int {
	if strings.HasPrefix(tk, "[") && strings.HasSuffix(tk, "]") {
		best := 0
		for _, alt := range splitTop(tk[1:len(tk)-1], " | ") {
			n := 0
			for _, it := range splitTop(strings.TrimSpace(alt), " ") {
				c := itemWords(it, true)
				if c < 0 {
					return -1
				}
				n += c
			}
			best = max(best, n)
		}
		return best
	}
	return itemWords(tk, false)
}

// itemWords counts the words of one item: a word, or a choice a|b|c,
// which inside brackets may be flags given together.
func itemWords(it string, flags bool) int {
	if i := strings.Index(it, "×"); i >= 0 {
		if n, err := strconv.Atoi(it[i+len("×"):]); err == nil {
			return n
		}
	}
	if strings.HasSuffix(strings.TrimRight(it, "]"), "…") && !strings.Contains(it, ",") {
		return -1
	}
	if !flags || strings.Contains(it, "=") || strings.Contains(it, "[") {
		return 1
	}
	return len(strings.Split(it, "|"))
}

// splitTop splits s at sep outside brackets.
func splitTop(s, sep string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '[':
			depth++
		case ']':
			depth--
		}
		if depth == 0 && strings.HasPrefix(s[i:], sep) {
			if part := s[start:i]; strings.TrimSpace(part) != "" {
				out = append(out, part)
			}
			start = i + len(sep)
			i += len(sep) - 1
		}
	}
	if part := s[start:]; strings.TrimSpace(part) != "" {
		out = append(out, part)
	}
	return out
}

// TooManyWordsError refuses words after a verb that takes fewer.
type TooManyWordsError struct {
	Verb  string
	Usage string
	Max   int
	Extra []string
}

func (e *TooManyWordsError) Error() string {
	extra := strings.Join(e.Extra, " ")
	if e.Max == 0 {
		return fmt.Sprintf("%s takes nothing after it, not %q", e.Verb, extra)
	}
	return fmt.Sprintf("%q is more than %s takes (usage: %s)", extra, e.Verb, e.Usage)
}

// checkWords refuses args beyond what the verb's usage allows.
func checkWords(v Verb, args []string) error {
	n := MaxWords(v.Usage)
	if n < 0 || len(args) <= n {
		return nil
	}
	return &TooManyWordsError{Verb: v.Name, Usage: v.Usage, Max: n, Extra: args[n:]}
}
