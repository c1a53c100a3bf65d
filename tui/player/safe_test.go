package player

import (
	"errors"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// TestViewHoldsNoControlCharacters: a file name or an error with an
// escape in it reaches the player's terminal without it.
func TestViewHoldsNoControlCharacters(t *testing.T) {
	m := New(plain(), "evil\x1b[2J\x1b]0;pwned\a.toml", WithoutTicks())
	n, _ := m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	n, _ = n.Update(StateMsg{Err: errors.New("cannot read evil\x1b[2J.toml")})
	// The plain renderer draws no colour, so no escape at all may be left.
	if v := n.View(); strings.ContainsAny(v, "\x1b\a") {
		t.Fatalf("the frame holds a control character:\n%q", v)
	}
}
