// Command screenshot draws fray's screen, in colour, as the ANSI text a
// terminal would show, for freeze to turn into the README's picture. It
// is a module of its own so that fray's own module gains no dependency
// on freeze (github.com/charmbracelet/freeze, a tool of this module).
// remake.sh runs it:
//
//	go run . | go tool freeze --language ansi --window --padding 20 \
//		--font.size 10 --output ../../docs/screen.png
//
// It sets up a demo fight on a fixed seed, plays a few commands so that
// the order shows harm, and draws one frame at the size asked for (100×30
// unless told), so the picture changes only when the screen does.
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"fray/model"
	"fray/rules"
	"fray/rules/systems"
	"fray/tui"
)

func main() {
	w := flag.Int("w", 100, "terminal width")
	h := flag.Int("h", 30, "terminal height")
	demo := flag.String("demo", "brawl", "which demo fight")
	seed := flag.Uint64("seed", 14, "the dice's seed")
	play := flag.String("play", "next; attack {cur} {foe}; next; attack {cur} {foe}; next; attack {cur} {foe} exert; next; "+
		"attack {cur} {foe}; next; attack {cur} {foe}; next; attack {cur} {foe}",
		"commands to play first, parted by ; ({cur} is whoever's turn it is, {foe} the first able foe of theirs)")
	keys := flag.String("keys", "g", "keys to press before the frame, parted by spaces (g selects the top row)")
	flag.Parse()
	if err := run(os.Stdout, *w, *h, *demo, *seed, *play, *keys); err != nil {
		fmt.Fprintln(os.Stderr, "screenshot:", err)
		os.Exit(1)
	}
}

func run(out *os.File, w, h int, demo string, seed uint64, play, keys string) error {
	// Colours as on a GM's dark terminal, whatever stdout is.
	lipgloss.SetColorProfile(termenv.TrueColor)
	lipgloss.SetHasDarkBackground(true)
	sys, _, err := rules.FindDemo(systems.Default(), demo)
	if err != nil {
		return err
	}
	e, err := rules.BuildDemo(sys, demo, seed)
	if err != nil {
		return err
	}
	t := rules.NewTracker(e, sys)
	for _, line := range strings.Split(play, ";") {
		if line = strings.TrimSpace(line); line == "" {
			continue
		}
		line = strings.NewReplacer("{cur}", rules.Quote(current(t).Name), "{foe}", rules.Quote(foeOf(t).Name)).Replace(line)
		if _, err := t.Apply(line); err != nil {
			return fmt.Errorf("%s: %w", line, err)
		}
	}
	noSave := func(*model.Encounter) error { return nil }
	var m tea.Model = tui.New(t, tui.Options{Path: "demo-" + demo + ".toml", Save: noSave})
	m, _ = m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	for _, k := range strings.Fields(keys) {
		m, _ = m.Update(keyMsg(k))
	}
	_, err = fmt.Fprintln(out, m.View())
	return err
}

// current is whoever's turn it is (a blank combatant before the fight).
func current(t *rules.Tracker) *model.Combatant {
	if c := t.E.ByID(t.E.Current); c != nil {
		return c
	}
	return &model.Combatant{Profile: &model.Profile{}}
}

// foeOf is the first combatant in the order on another side than the
// current one who can still act.
func foeOf(t *rules.Tracker) *model.Combatant {
	cur := current(t)
	for _, r := range t.Sys.Order(t.E).Rows {
		if c := t.E.ByID(r.ID); c != nil && c.Side != cur.Side && c.Status.CanAct() {
			return c
		}
	}
	return &model.Combatant{Profile: &model.Profile{}}
}

// keyMsg is one key press as Bubble Tea reports it.
func keyMsg(k string) tea.KeyMsg {
	switch k {
	case "enter":
		return tea.KeyMsg{Type: tea.KeyEnter}
	case "tab":
		return tea.KeyMsg{Type: tea.KeyTab}
	case "esc":
		return tea.KeyMsg{Type: tea.KeyEsc}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}
