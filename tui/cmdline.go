package tui

import (
	"slices"
	"strings"
	"unicode"

	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
)

// cmdLine is the `:` command line: a text input with a history walked with
// up and down, and tab completion of verbs and combatant names.
type cmdLine struct {
	in      textinput.Model
	hist    []string
	histPos int    // index into hist while walking it; len(hist) is the draft
	draft   string // what was typed before walking the history

	comps   []string // candidates of the completion in progress
	compIdx int
	compAt  int // byte offset where the completed word starts
}

func newCmdLine(st *Styles) cmdLine {
	in := textinput.New()
	in.Prompt = ":"
	in.PromptStyle = st.Prompt.Style
	in.CharLimit = 500
	// Tab and up/down belong to completion and history here.
	in.KeyMap.AcceptSuggestion.SetEnabled(false)
	in.KeyMap.NextSuggestion.SetEnabled(false)
	in.KeyMap.PrevSuggestion.SetEnabled(false)
	return cmdLine{in: in}
}

// open focuses the line with a prompt and some text already typed.
func (c *cmdLine) open(prompt, text string) tea.Cmd {
	c.in.Prompt = prompt
	c.in.SetValue(text)
	c.in.CursorEnd()
	c.histPos = len(c.hist)
	c.draft = ""
	c.comps = nil
	return c.in.Focus()
}

// close blurs the line and empties it.
func (c *cmdLine) close() {
	c.in.Blur()
	c.in.SetValue("")
	c.comps = nil
}

// remember adds a line to the history unless it repeats the last one.
func (c *cmdLine) remember(line string) {
	line = strings.TrimSpace(line)
	if line == "" || (len(c.hist) > 0 && c.hist[len(c.hist)-1] == line) {
		return
	}
	c.hist = append(c.hist, line)
	if len(c.hist) > 500 {
		c.hist = append(c.hist[:0:0], c.hist[len(c.hist)-500:]...)
	}
}

// walk moves through the history by delta (−1 older, +1 newer).
func (c *cmdLine) walk(delta int) {
	if len(c.hist) == 0 {
		return
	}
	if c.histPos == len(c.hist) {
		c.draft = c.in.Value()
	}
	c.histPos = max(0, min(len(c.hist), c.histPos+delta))
	if c.histPos == len(c.hist) {
		c.in.SetValue(c.draft)
	} else {
		c.in.SetValue(c.hist[c.histPos])
	}
	c.in.CursorEnd()
	c.comps = nil
}

// complete fills in the word before the end of the line. The first word
// (or the one after force) completes to a verb, later words to combatant names (quoted by quote:
// with spaces, or where a longer name begins with them) and to the
// verb's option words, as they are written (a key with its =, which
// waits for the value). With several candidates the first press goes as
// far as they agree and further presses cycle through them; dir is +1
// or −1.
func (c *cmdLine) complete(verbs, names, words []string, quote func(string) string, dir int) {
	v := c.in.Value()
	if len(c.comps) > 0 {
		c.compIdx = (c.compIdx + dir + len(c.comps)) % len(c.comps)
		c.in.SetValue(v[:c.compAt] + c.comps[c.compIdx])
		c.in.CursorEnd()
		return
	}
	at, word := lastWord(v)
	pool := names
	if at == verbAt(v) {
		pool, quote = verbs, nil
	}
	var cands []string
	lw := strings.ToLower(word)
	for _, p := range pool {
		if strings.HasPrefix(strings.ToLower(p), lw) {
			if quote != nil {
				p = quote(p)
			}
			cands = append(cands, p)
		}
	}
	if at > verbAt(v) {
		for _, w := range words {
			if strings.HasPrefix(w, lw) && !slices.Contains(cands, w) {
				cands = append(cands, w)
			}
		}
	}
	switch len(cands) {
	case 0:
		return
	case 1:
		space := " "
		if strings.HasSuffix(cands[0], "=") {
			space = "" // the value follows
		}
		c.in.SetValue(v[:at] + cands[0] + space)
	default:
		c.comps, c.compAt, c.compIdx = cands, at, -1
		if dir < 0 {
			c.compIdx = 0
		}
		common := commonPrefix(cands)
		if len(common) > len(word) && !strings.HasPrefix(common, `"`) {
			c.in.SetValue(v[:at] + common)
		} else {
			c.complete(verbs, names, words, quote, dir)
			return
		}
	}
	c.in.CursorEnd()
}

// verbAt is where the verb of line starts: 0, or after a first word
// force (force attack …) once a space follows it.
func verbAt(line string) int {
	rest := strings.TrimLeft(line, " ")
	word, _, ok := strings.Cut(rest, " ")
	if !ok || !strings.EqualFold(word, "force") {
		return 0
	}
	at := len(line) - len(rest) + len(word)
	return at + len(line[at:]) - len(strings.TrimLeft(line[at:], " "))
}

// lastWord returns where the word being typed at the end of v starts and
// the word without an opening quote.
func lastWord(v string) (int, string) {
	start := 0
	var quote rune
	for i, r := range v {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '"' || r == '\'':
			quote = r
		case r == ' ' || r == '\t':
			start = i + 1
		}
	}
	return start, strings.TrimLeft(v[start:], `"'`)
}

// commonPrefix returns the longest prefix, ignoring case, that all share,
// spelled as in the first.
func commonPrefix(ss []string) string {
	p := []rune(ss[0])
	for _, s := range ss[1:] {
		r := []rune(s)
		n := 0
		for n < len(p) && n < len(r) && unicode.ToLower(p[n]) == unicode.ToLower(r[n]) {
			n++
		}
		p = p[:n]
	}
	return string(p)
}
