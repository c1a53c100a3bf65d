package player

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/muesli/termenv"

	"fray/rules"
	"fray/rules/rulestest"
	"fray/rules/systems"
)

// plain draws without colour, so goldens hold only text.
func plain() *lipgloss.Renderer {
	r := lipgloss.NewRenderer(nil)
	r.SetColorProfile(termenv.Ascii)
	return r
}

// midFight plays a demo's scripted fight up to its end (not ending it)
// and hides the last foe, as a GM keeping an ambusher back would (one
// the fight's title does not name: the title is the GM's own words).
func midFight(t *testing.T, sys rules.System, demo string) (*rules.Tracker, string) {
	t.Helper()
	tr := rulestest.PlayDemo(t, sys, demo, len(rulestest.DemoFights[demo])-1)
	ours := rules.PlayerSides(tr.E)
	hidden := ""
	for i := len(tr.E.Combatants) - 1; i >= 0 && hidden == ""; i-- {
		if c := tr.E.Combatants[i]; !ours[strings.ToLower(c.Side)] && !strings.Contains(tr.E.Title, c.Name) {
			hidden = c.Name
		}
	}
	rulestest.Run(t, tr, "set "+rules.Quote(hidden)+" hidden=yes")
	return tr, hidden
}

// fixedNow is a moment seven seconds into the turn the fight stands at.
func fixedNow(tr *rules.Tracker) func() time.Time {
	at := tr.E.Clock.Mark.Add(7 * time.Second)
	return func() time.Time { return at }
}

func TestGolden(t *testing.T) {
	for _, sys := range systems.Default().All() {
		for _, d := range sys.Demos() {
			tr, hidden := midFight(t, sys, d.Name)
			for _, reveal := range []string{"none", "words", "numbers"} {
				rulestest.Run(t, tr, "option reveal "+reveal)
				st := StateMsg{View: rules.PlayerViewOf(tr.Snapshot(), sys), Loaded: true, Kept: true}
				for _, size := range [][2]int{{80, 24}, {120, 40}} {
					name := d.Name + "-" + reveal + "-" + fmt.Sprintf("%dx%d", size[0], size[1])
					t.Run(name, func(t *testing.T) {
						m := New(plain(), d.Name+".toml", WithoutTicks(), WithClock(fixedNow(tr)))
						tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(size[0], size[1]))
						tm.Send(st)
						teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte("Round")) },
							teatest.WithDuration(10*time.Second))
						if err := tm.Quit(); err != nil {
							t.Fatal(err)
						}
						view := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(tea.Model).View()
						if strings.Contains(view, hidden) {
							t.Errorf("the hidden %s shows:\n%s", hidden, view)
						}
						teatest.RequireEqualOutput(t, []byte(view))
					})
				}
			}
		}
	}
}
