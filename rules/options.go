package rules

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// A verb's options are read from its usage text, so the screen's forms,
// the reference and the checks below fit any system without the system
// describing its verbs twice; what each option does is said once, in the
// verb's OptionHelp, next to the usage.

// UsageKey is a key=VALUE option read from a usage text: its name and the
// placeholder of its value ("N", "light|medium|heavy|total").
type UsageKey struct{ Name, Value string }

// UsageOptions reads the options a verb takes from its usage text. The
// convention: optional words sit in square brackets after the positional
// arguments. Inside brackets, lower-case words separated by | or spaces
// are flags ("[exert|charge|nonlethal…]"), and key=VALUE words are
// options taking a value ("[mod=±N range=N]", "[skill=striking|archery]"),
// VALUE being a placeholder (its | marks choices, not flags). Upper-case
// words are placeholders and are skipped, so "[±COUNT]" gives nothing,
// and so is a bracket of nothing but placeholders; a trailing … or ...
// is ignored. A bracket inside a word makes its part optional:
// "dodge[=NAMES]" is both the flag dodge and the key dodge=NAMES. One
// name may be a flag and a key at once.
func UsageOptions(usage string) (flags []string, keys []UsageKey) {
	seenFlag, seenKey := map[string]bool{}, map[string]bool{}
	for _, group := range brackets(usage) {
		if placeholders(group) {
			continue
		}
		for _, word := range strings.Fields(group) {
			for _, word := range optionalParts(word) {
				// "skill=striking|archery" is one key whose value has choices
				// (its placeholder kept whole: "NAME,…"); only words without
				// = split on | into separate flags.
				if name, val, isKey := strings.Cut(word, "="); isKey {
					if lowerWord(name) && !seenKey[name] {
						seenKey[name] = true
						keys = append(keys, UsageKey{Name: name, Value: val})
					}
					continue
				}
				word = strings.TrimSuffix(strings.TrimSuffix(word, "…"), "...")
				for _, name := range strings.Split(word, "|") {
					if lowerWord(name) && !seenFlag[name] {
						seenFlag[name] = true
						flags = append(flags, name)
					}
				}
			}
		}
	}
	return flags, keys
}

// brackets returns the text inside each outermost pair of square
// brackets of s, inner brackets kept; an unclosed bracket ends the list.
func brackets(s string) []string {
	var out []string
	depth, start := 0, 0
	for i, r := range s {
		switch r {
		case '[':
			if depth == 0 {
				start = i + 1
			}
			depth++
		case ']':
			if depth == 0 {
				continue
			}
			if depth--; depth == 0 {
				out = append(out, s[start:i])
			}
		}
	}
	return out
}

// optionalParts spells a word with an optional part in brackets both
// ways: "dodge[=NAMES]" gives "dodge" and "dodge=NAMES". A word without
// brackets comes back alone.
func optionalParts(word string) []string {
	i := strings.IndexByte(word, '[')
	j := strings.LastIndexByte(word, ']')
	if i < 0 || j < i {
		return []string{strings.Trim(word, "[]")}
	}
	without := word[:i] + word[j+1:]
	with := word[:i] + word[i+1:j] + word[j+1:]
	return append(optionalParts(without), optionalParts(with)...)
}

// placeholders reports whether a bracket holds nothing but placeholders:
// no lower-case letter anywhere in it.
func placeholders(group string) bool {
	return !strings.ContainsFunc(group, func(r rune) bool { return r >= 'a' && r <= 'z' })
}

// lowerWord reports whether s is a non-empty word of a–z.
func lowerWord(s string) bool {
	for _, r := range s {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return s != ""
}

// OptionDoc is one option of a verb with what it does, in the order the
// usage gives them: the flags, then the key=VALUE options.
type OptionDoc struct {
	Word  string // the flag ("exert") or the key with its placeholder ("botch=N")
	About string // the verb's OptionHelp for it; "" when it has none
}

// OptionDocs lists the verb's options with their descriptions.
func (v Verb) OptionDocs() []OptionDoc {
	flags, keys := UsageOptions(v.Usage)
	out := make([]OptionDoc, 0, len(flags)+len(keys))
	for _, f := range flags {
		out = append(out, OptionDoc{Word: f, About: v.OptionHelp[f]})
	}
	for _, k := range keys {
		out = append(out, OptionDoc{Word: k.Name + "=" + k.Value, About: v.OptionHelp[k.Name+"="]})
	}
	return out
}

// MaxOptionHelp is the longest an option's description may be, in
// characters: it is one line under a form's fields.
const MaxOptionHelp = 60

// CheckOptionHelp reports how a verb's OptionHelp disagrees with its
// usage: an option with no description, a description of an option the
// usage does not have, one longer than MaxOptionHelp. Every option of
// every verb says what it does: the forms, help VERB, the command line's
// hint and the reference all show the line.
func CheckOptionHelp(v Verb) []string {
	var out []string
	flags, keys := UsageOptions(v.Usage)
	has := map[string]bool{}
	for _, f := range flags {
		has[f] = true
	}
	for _, k := range keys {
		has[k.Name+"="] = true
	}
	for _, o := range v.OptionDocs() {
		if strings.TrimSpace(o.About) == "" {
			out = append(out, fmt.Sprintf("%s: option %s has no description", v.Name, o.Word))
		}
	}
	for w, about := range v.OptionHelp {
		if !has[w] {
			out = append(out, fmt.Sprintf("%s: a description of %q, which its usage does not offer (a key is written name=)", v.Name, w))
		}
		if n := utf8.RuneCountInString(about); n > MaxOptionHelp {
			out = append(out, fmt.Sprintf("%s: the description of %s is %d characters, more than %d: %q", v.Name, w, n, MaxOptionHelp, about))
		}
	}
	return out
}

// FormVerbs names the verbs the tracker's screen opens a form for, a
// form that lists the verb's options and says what the focused one does:
// attack and damage, and the verbs some of the system's combatants fight
// with instead of attack (AttackVerbs).
func FormVerbs(s System) []string {
	out := []string{"attack", "damage"}
	if a, ok := s.(AttackVerbs); ok {
		out = append(out, a.FightVerbs()...)
	}
	return out
}
