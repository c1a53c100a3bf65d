package tui

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"fray/model"
	"fray/rules"
)

// logPane shows the encounter's log, newest at the bottom. It follows new
// entries unless the GM scrolled up, and it formats only the entries that
// fit on screen, so a log of any length costs the same to draw.
type logPane struct {
	st   *Styles
	keys scrollKeys
	w, h int

	back int // entries hidden below the view; 0 follows the newest
	n    int // length of the log at the last sync

	key   logKey // what lines were built for
	lines []string
	edges edges // the frame's edges as last drawn

	// The lines of the entries last built, by index: an entry wrapped
	// once is not wrapped again while it shows (a new round's line of
	// initiative rolls at 1000 combatants is 16 KB of text).
	made   map[int]*madeEntry
	madeW  int // the width they were made for
	madeH  int // and the height (a long entry keeps only what may show)
	builds int // builds so far, to forget entries no longer shown
}

// madeEntry is an entry's lines and what they were made of.
type madeEntry struct {
	en        model.Entry
	prevRound int // the round of the entry before (-1: none), which puts a heading above
	lines     []string
	build     int // the last build that showed it
}

// sameEntry reports whether two log entries read the same.
func sameEntry(a, b *model.Entry) bool {
	return a.Seq == b.Seq && a.Round == b.Round && a.Kind == b.Kind && a.Text == b.Text && a.Who == b.Who &&
		a.Why == b.Why && a.Expr == b.Expr && a.Special == b.Special && a.Total == b.Total && slices.Equal(a.Faces, b.Faces)
}

// logKey is everything the visible lines depend on.
type logKey struct{ ver, n, back, w, h int }

func newLogPane(st *Styles, k keyMap) logPane {
	return logPane{st: st, keys: newScrollKeys(k), key: logKey{ver: -1}}
}

// SetSize sets the outer size of the pane, border included.
func (p *logPane) SetSize(w, h int) { p.w, p.h = w, h }

func (p *logPane) inner() (int, int) { return inner(p.w, p.h) }

// sync keeps the view steady while the log grows or shrinks and rebuilds
// the visible lines if anything they depend on changed.
func (p *logPane) sync(log *model.Encounter, ver int) {
	if n := log.LogLen(); n != p.n {
		if p.back > 0 && n > p.n {
			p.back += n - p.n // keep looking at the same entries
		}
		p.n = n
	}
	p.back = max(0, min(p.back, p.n-1))
	iw, ih := p.inner()
	k := logKey{ver: ver, n: p.n, back: p.back, w: iw, h: ih}
	if k == p.key {
		return
	}
	p.lines = p.build(log, iw, ih)
	k.back = p.back // build may have shown entries that were below
	p.key = k
}

// build formats entries upward from the last visible one until the pane
// is full; if the log runs out first it fills downward instead, and the
// entries it shows whole so are no longer counted as below the view.
func (p *logPane) build(log *model.Encounter, iw, ih int) []string {
	if ih <= 0 || iw <= 0 {
		return nil
	}
	n := log.LogLen()
	if n == 0 {
		return []string{p.st.Hint.Render("the log is empty")}
	}
	if p.madeW != iw || p.madeH != ih || p.made == nil {
		p.made, p.madeW, p.madeH = map[int]*madeEntry{}, iw, ih
	}
	p.builds++
	defer func() {
		for i, m := range p.made {
			if m.build != p.builds {
				delete(p.made, i)
			}
		}
	}()
	end := n - p.back    // entries [0, end) are at or above the view
	var few [32][]string // the entries of a pane of usual height, without a slice made for them
	up := few[:0]
	got := 0
	i := end - 1
	for ; i >= 0 && got < ih; i-- {
		ls := p.entry(log, i, iw)
		up = append(up, ls)
		got += len(ls)
	}
	// The lines before are not drawn again (the frame that showed them is
	// written), so their slice takes the new ones.
	out := p.lines[:0]
	if cap(out) < ih+4 {
		out = make([]string, 0, ih+4)
	}
	for j := len(up) - 1; j >= 0; j-- {
		out = append(out, up[j]...)
	}
	if len(out) > ih {
		out = out[len(out)-ih:] // the top entry is cut at its top
	}
	for j := end; j < n && len(out) < ih; j++ {
		out = append(out, p.entry(log, j, iw)...)
		p.back = n - j - 1
		if len(out) > ih {
			p.back++ // cut at the bottom: the rest of it is below
		}
	}
	if len(out) > ih {
		out = out[:ih]
	}
	return out
}

// entry formats log entry i as styled lines wrapped to width iw, preceded
// by a round heading when the round changed.
func (p *logPane) entry(log *model.Encounter, i, iw int) []string {
	e := log.LogEntry(i)
	prev := -1
	if i > 0 {
		prev = log.LogEntry(i - 1).Round
	}
	if m := p.made[i]; m != nil && m.prevRound == prev && sameEntry(&m.en, &e) {
		m.build = p.builds
		return m.lines
	}
	out := p.format(e, prev, iw, p.madeH)
	if p.made != nil {
		p.made[i] = &madeEntry{en: e, prevRound: prev, lines: out, build: p.builds}
	}
	return out
}

// format writes entry e as styled lines wrapped to width iw, preceded by
// a round heading when its round is not prev's. Of an entry far longer
// than a pane ih lines high can show, only the end is wrapped: the pane
// shows an entry that fills it from its last line up.
func (p *logPane) format(e model.Entry, prev, iw, ih int) []string {
	var out []string
	if e.Round > 0 && prev != e.Round {
		h := "── round " + strconv.Itoa(e.Round) + " "
		h = ansi.Truncate(h+strings.Repeat("─", max(0, iw-width(h))), iw, "")
		out = append(out, p.st.LogRound.Render(h))
	}
	mark, text, st := "  ", e.Text, p.st.LogEvent
	switch e.Kind {
	case model.KindCommand:
		mark, st = "› ", p.st.LogCommand
	case model.KindRoll:
		text, st = rules.RollText(e), p.st.LogRoll
	}
	if iw <= 2 {
		return append(out, st.Render(ansi.Truncate(mark+text, iw, "")))
	}
	// The end kept is ih+2 lines' worth of cells, counting a byte of
	// ASCII as a cell and any other byte as a quarter of one (a letter
	// takes up to four bytes); up to a line's worth may go to start at a
	// word. More than ih lines are left to show, whatever the text.
	if need := 4 * (ih + 2) * iw; ih > 0 && len(text) > (ih+2)*iw {
		cut, q := len(text), 0
		for cut > 0 && q < need {
			cut--
			if text[cut] < utf8.RuneSelf {
				q += 4
			} else {
				q++
			}
		}
		if cut > 0 {
			if sp := strings.IndexByte(text[cut:min(len(text), cut+iw)], ' '); sp >= 0 {
				cut += sp + 1
			}
			for cut < len(text) && !utf8.RuneStart(text[cut]) {
				cut++
			}
			text, mark = "…"+text[cut:], "  "
			out = out[:0] // its heading is above the lines that show
		}
	}
	for j, l := range strings.Split(ansi.Wrap(text, iw-2, ""), "\n") {
		if j > 0 {
			mark = "  "
		}
		out = append(out, st.Render(mark+l))
	}
	return out
}

// Update scrolls the log with the scroll keys when the pane has focus.
// Scrolling is by entries; G goes back to following the newest.
func (p logPane) Update(msg tea.Msg) (logPane, tea.Cmd) {
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		return p, nil
	}
	_, ih := p.inner()
	switch {
	case key.Matches(km, p.keys.Top):
		p.back = p.n
	case key.Matches(km, p.keys.Bottom):
		p.back = 0
	case key.Matches(km, p.keys.PageUp):
		p.back += max(1, ih-1)
	case key.Matches(km, p.keys.PageDown):
		p.back -= max(1, ih-1)
	}
	p.back = max(0, min(p.back, p.n-1))
	return p, nil
}

// View draws the pane at its size.
func (p *logPane) View(focused bool) []string {
	return blockLines(p.block(focused), max(0, p.h))
}

// block draws the pane at its size.
func (p *logPane) block(focused bool) block {
	note := ""
	if p.back > 0 {
		note = strconv.Itoa(p.back) + " newer below · G follows"
	}
	return frameBlock(&p.edges, p.st.pane(focused), "Log", note, p.lines, p.w, p.h, false)
}
