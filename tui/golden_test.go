package tui

import (
	"bytes"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/muesli/termenv"

	"fray/rules"
	"fray/rules/arm5"
)

func init() {
	// Goldens hold plain text: no colour codes whatever the terminal.
	lipgloss.SetColorProfile(termenv.Ascii)
}

// brawl returns a tracker on the arm5 "brawl" demo, two turns into the
// fight with one attack made, all on a fixed seed so every roll repeats.
func brawl(t testing.TB) *rules.Tracker {
	t.Helper()
	sys := arm5.New()
	e, err := rules.BuildDemo(sys, "brawl", 42)
	if err != nil {
		t.Fatal(err)
	}
	tr := rules.NewTracker(e, sys)
	for _, l := range []string{"next", "next", "attack Paul Bruce"} {
		if _, err := tr.Apply(l); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
	return tr
}

func TestGolden(t *testing.T) {
	for _, c := range []struct {
		name string
		w, h int
		keys []string
	}{
		{"wide", 100, 30, nil},
		{"narrow", 60, 18, nil},
		{"wide-help", 100, 30, []string{"?"}},
		{"narrow-sheet", 60, 18, []string{"tab"}},
		{"wide-line", 100, 30, []string{":", "attack Paul "}},
		{"wide-attack", 100, 30, []string{"u", "a"}}, // Paul has attacked: a would refuse at once
		{"narrow-attack", 60, 18, []string{"u", "a"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			tm := teatest.NewTestModel(t, New(brawl(t), Options{}), teatest.WithInitialTermSize(c.w, c.h))
			teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte("Round 1")) },
				teatest.WithDuration(10*time.Second))
			for _, k := range c.keys {
				tm.Send(keyMsg(k))
			}
			if err := tm.Quit(); err != nil {
				t.Fatal(err)
			}
			fm := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second))
			teatest.RequireEqualOutput(t, []byte(fm.(tea.Model).View()))
		})
	}
}
