package player

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"fray/rules"
	"fray/saves"
	"fray/tui/hangup"
)

// Watch shows the player view of the encounter at path in this terminal
// (a second screen at the table) until the viewer leaves. It follows the
// file as the game master's fray saves it, and says it is watching in a
// presence file, so the game master's screen can count it.
func Watch(path string, reg *rules.Registry) error {
	m := New(lipgloss.DefaultRenderer(), filepath.Base(path))
	p := tea.NewProgram(m, tea.WithAltScreen())
	if pr, err := saves.Announce(presencePath(path), 1); err == nil {
		defer pr.Close()
	} else {
		fmt.Fprintf(os.Stderr, "fray: %v (the game master's screen will not count this one)\n", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		saves.Follow(ctx, path, reg, func(r saves.Reading) { p.Send(StateOf(r)) })
	}()
	// Closing the terminal quits as q does, so the presence file goes:
	// the GM's screen counts one watcher fewer at once.
	stop := hangup.Quit(p)
	_, err := p.Run()
	stop()
	cancel()
	<-done
	return err
}

// presencePath is the file a watcher's presence is announced beside: the
// encounter's real file, as the game master's fray names it.
func presencePath(path string) string {
	if t, err := saves.Resolve(path); err == nil {
		return t
	}
	return path
}
