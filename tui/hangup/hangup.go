// Package hangup makes a terminal program quit as q would when its
// terminal goes away (the window closed, the SSH link dropped: SIGHUP),
// rather than die on the spot: what it does on the way out (the GM's
// last save, a watcher's presence file removed) still happens. The GM's
// screen and fray watch both use it. SIGTERM needs nothing: Bubble Tea
// quits on it already (and a second quit on the same signal would hang
// its shutdown, whose signal handler waits to deliver its own).
package hangup

import (
	"os"
	"os/signal"
	"syscall"
)

// Quitter is what quits: a *tea.Program.
type Quitter interface{ Quit() }

// Quit makes p quit on SIGHUP until stop is called; call stop once p
// has ended.
func Quit(p Quitter) (stop func()) {
	sig, done := make(chan os.Signal, 1), make(chan struct{})
	signal.Notify(sig, syscall.SIGHUP)
	go func() {
		select {
		case <-sig:
			p.Quit()
		case <-done:
		}
	}()
	return func() {
		signal.Stop(sig)
		close(done)
	}
}
