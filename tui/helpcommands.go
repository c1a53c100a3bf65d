package tui

import (
	"strings"

	"fray/rules"
)

// The commands part of the help screen: every verb with its usage and
// summary, and under a verb whose options say what they do, those lines.

// commandLines lists every verb of the system: its usage, and beside it
// (or below it on a narrow screen) its summary, both wrapped, then what
// each of its options does where the verb says (optionLines).
func (m *Model) commandLines(w int) []string {
	st := m.st
	out := []string{fit(st.HelpTitle.Render(cutWords("Commands of "+m.t.Sys.Name(), w)), w)}
	for _, l := range wrapWords("Type : then a command (tab completes). A name may be any unique start of one; quote names with spaces: \"Black Knight\". "+
		"Besides the commands below: help VERB, options, quit; reload (take an edit made to the file outside fray) or overwrite (keep fray's fight over it).", w) {
		out = append(out, fit(st.Hint.Render(l), w))
	}
	uw := 0
	for _, v := range m.verbs {
		uw = max(uw, width(v.Usage))
	}
	uw = min(uw, w*2/5)
	side := w >= 60
	for _, v := range m.verbs {
		if !side {
			for _, l := range hangWords(v.Usage, w) {
				out = append(out, fit(st.HelpUsage.Render(l), w))
			}
			for _, l := range wrapWords(v.Summary, max(1, w-4)) {
				out = append(out, fit("    "+st.HelpSummary.Render(l), w))
			}
			for _, l := range optionLines(v, max(1, w-4)) {
				out = append(out, fit("    "+st.HelpSummary.Render(l), w))
			}
			continue
		}
		us, ss := hangWords(v.Usage, uw), append(wrapWords(v.Summary, max(1, w-uw-2)), optionLines(v, max(1, w-uw-2))...)
		for i := 0; i < max(len(us), len(ss)); i++ {
			u, su := "", ""
			if i < len(us) {
				u = us[i]
			}
			if i < len(ss) {
				su = ss[i]
			}
			out = append(out, fit(st.HelpUsage.Render(pad(u, uw))+"  "+st.HelpSummary.Render(su), w))
		}
	}
	return out
}

// optionLines lists what each option of v does, for the help screen at
// width w: the option (a key with its =) in a column, its line beside
// it, wrapped under itself. None for a verb that describes no option.
func optionLines(v rules.Verb, w int) []string {
	if len(v.OptionHelp) == 0 {
		return nil
	}
	words := optionWords(v)
	ow := 0
	for _, word := range words {
		ow = max(ow, width(word))
	}
	ow = min(ow, w/3)
	var out []string
	for _, word := range words {
		about := v.OptionHelp[word]
		if about == "" {
			continue
		}
		head := pad(word, ow) + "  "
		if width(word) > ow {
			out = append(out, word)
			head = strings.Repeat(" ", ow+2)
		}
		for i, l := range wrapWords(about, max(1, w-ow-2)) {
			if i > 0 {
				head = strings.Repeat(" ", ow+2)
			}
			out = append(out, head+l)
		}
	}
	return out
}

// optionWords are the option words of a verb as the command line
// completes them: its flags, and its keys with their =.
func optionWords(v rules.Verb) []string {
	flags, keys := rules.UsageOptions(v.Usage)
	for _, k := range keys {
		flags = append(flags, k.Name+"=")
	}
	return flags
}
