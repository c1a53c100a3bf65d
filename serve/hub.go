package serve

import (
	"sync"

	"fray/tui/player"
)

// hub keeps the newest state of the fight and wakes every session when
// it changes. It never waits for a session: each has a wake channel with
// room for one signal, and a session that has not yet taken the last
// one simply takes the newest state when it gets to it.
type hub struct {
	mu    sync.Mutex
	state player.StateMsg
	has   bool
	subs  map[*sub]struct{}
}

type sub struct{ wake chan struct{} }

func newHub() *hub { return &hub{subs: map[*sub]struct{}{}} }

// publish stores a new state and wakes every session.
func (h *hub) publish(st player.StateMsg) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.state, h.has = st, true
	for s := range h.subs {
		select {
		case s.wake <- struct{}{}:
		default: // already woken: it will read the newest state
		}
	}
}

// latest returns the newest state, if there is one yet.
func (h *hub) latest() (player.StateMsg, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.state, h.has
}

func (h *hub) subscribe() *sub {
	s := &sub{wake: make(chan struct{}, 1)}
	h.mu.Lock()
	h.subs[s] = struct{}{}
	h.mu.Unlock()
	return s
}

func (h *hub) unsubscribe(s *sub) {
	h.mu.Lock()
	delete(h.subs, s)
	h.mu.Unlock()
}
