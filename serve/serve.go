// Package serve shows players the fight over SSH: `fray serve FILE`
// runs an SSH server (charmbracelet/wish) on which every player who
// connects gets the player view (package tui/player) of FILE, in a
// terminal of their own size, following the game master's saves.
//
// The server only reads FILE (no lock, no writes), once for all players:
// one follower reads each save and builds the players' view of it, and a
// hub hands the newest to every session. A session takes the newest state
// when it is ready for it, so a slow or stuck player never holds up the
// others, the reading of the file, or the game master. Sessions beyond
// the cap are turned away with a message.
package serve

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"net"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/ssh"
	"github.com/charmbracelet/wish"
	"github.com/charmbracelet/wish/bubbletea"
	"github.com/muesli/termenv"

	"fray/rules"
	"fray/saves"
	"fray/tui/player"
)

// Defaults of Config.
const (
	DefaultAddr        = "127.0.0.1:2222"
	DefaultMaxSessions = 16
	HostKeyName        = "ssh_host_ed25519"
)

// Config says what to serve and to whom.
type Config struct {
	// Path is the encounter file shown to the players.
	Path string
	// Registry knows the rule systems the file may use.
	Registry *rules.Registry
	// HostKeyPath is the server's private key; it is made (ed25519) if
	// missing. fray keeps it in the data folder as HostKeyName.
	HostKeyPath string
	// Password, when set, is asked of every player.
	Password string
	// AuthorizedKeys, when set, names an authorized_keys file: a player
	// whose key is in it gets in without the password. With neither
	// Password nor AuthorizedKeys, anyone who reaches the port may watch.
	AuthorizedKeys string
	// MaxSessions caps the players watching at once (DefaultMaxSessions
	// when 0).
	MaxSessions int
	// Log receives a line when a player comes or goes; nil for none.
	Log io.Writer
}

// Server is a running player-view server.
type Server struct {
	cfg    Config
	ssh    *ssh.Server
	hub    *hub
	active atomic.Int32
	name   string

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	presence *saves.Presence // nil when the folder is not writable
	logMu    sync.Mutex

	mu     sync.Mutex // guards closed and the start against Close
	closed bool
}

// New checks the configuration and prepares the server; Serve starts it.
func New(cfg Config) (*Server, error) {
	if cfg.MaxSessions <= 0 {
		cfg.MaxSessions = DefaultMaxSessions
	}
	if cfg.Registry == nil {
		return nil, errors.New("serve: no rule systems")
	}
	s := &Server{cfg: cfg, hub: newHub(), name: filepath.Base(cfg.Path)}
	opts := []ssh.Option{
		wish.WithHostKeyPath(cfg.HostKeyPath),
		wish.WithMiddleware(
			bubbletea.MiddlewareWithProgramHandler(s.program, termenv.Ascii),
			s.capMiddleware(),
			needTerminal(),
			s.logMiddleware(),
		),
	}
	if cfg.Password != "" {
		pw := []byte(cfg.Password)
		opts = append(opts, wish.WithPasswordAuth(func(_ ssh.Context, got string) bool {
			return subtle.ConstantTimeCompare([]byte(got), pw) == 1
		}))
	}
	if cfg.AuthorizedKeys != "" {
		keys, err := readAuthorizedKeys(cfg.AuthorizedKeys)
		if err != nil {
			return nil, err
		}
		opts = append(opts, wish.WithPublicKeyAuth(func(_ ssh.Context, k ssh.PublicKey) bool {
			for _, a := range keys {
				if ssh.KeysEqual(a, k) {
					return true
				}
			}
			return false
		}))
	}
	srv, err := wish.NewServer(opts...)
	if err != nil {
		return nil, fmt.Errorf("cannot start the SSH server: %w", err)
	}
	s.ssh = srv
	return s, nil
}

// Serve follows the file and serves players on ln until Close. It
// returns ssh.ErrServerClosed after Close.
func (s *Server) Serve(ln net.Listener) error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		ln.Close()
		return ssh.ErrServerClosed
	}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	target := s.cfg.Path
	if t, err := saves.Resolve(target); err == nil {
		target = t // where the game master's fray looks for watchers
	}
	if p, err := saves.Announce(target, 0); err == nil {
		s.presence = p
	} else {
		s.logf("the game master's screen will not count the players: %v", err)
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		saves.Follow(s.ctx, s.cfg.Path, s.cfg.Registry, func(r saves.Reading) {
			if r.Err != nil {
				s.logf("%v", r.Err)
			}
			s.hub.publish(player.StateOf(r))
		})
	}()
	s.mu.Unlock()
	return s.ssh.Serve(ln)
}

// Close stops the server: it drops every player, stops following the
// file and takes the presence file away.
func (s *Server) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	err := s.ssh.Close()
	if s.cancel != nil {
		s.cancel()
	}
	s.wg.Wait()
	if s.presence != nil {
		err = errors.Join(err, s.presence.Close())
	}
	return err
}

// Sessions returns how many players are watching.
func (s *Server) Sessions() int { return int(s.active.Load()) }

func (s *Server) logf(format string, args ...any) {
	if s.cfg.Log == nil {
		return
	}
	s.logMu.Lock()
	defer s.logMu.Unlock()
	fmt.Fprintf(s.cfg.Log, "%s %s\n", time.Now().Format("15:04:05"), fmt.Sprintf(format, args...))
}

// capMiddleware turns away a session beyond the cap, and counts the
// others in and out (in the presence file the game master's screen reads).
func (s *Server) capMiddleware() wish.Middleware {
	return func(next ssh.Handler) ssh.Handler {
		return func(sess ssh.Session) {
			n := s.active.Add(1)
			defer func() {
				s.setPresence(int(s.active.Add(-1)))
			}()
			if int(n) > s.cfg.MaxSessions {
				wish.Printf(sess, "fray: %d players are watching already, the most this server allows. Try again later.\n", s.cfg.MaxSessions)
				_ = sess.Exit(1)
				return
			}
			s.setPresence(int(n))
			next(sess)
		}
	}
}

func (s *Server) setPresence(n int) {
	if s.presence != nil {
		if err := s.presence.Set(min(n, s.cfg.MaxSessions)); err != nil {
			s.logf("cannot count the players for the game master: %v", err)
		}
	}
}

// logMiddleware says who came and went.
func (s *Server) logMiddleware() wish.Middleware {
	return func(next ssh.Handler) ssh.Handler {
		return func(sess ssh.Session) {
			start := time.Now()
			pty, _, _ := sess.Pty()
			s.logf("%s@%s connected (%dx%d)", sess.User(), sess.RemoteAddr(), pty.Window.Width, pty.Window.Height)
			next(sess)
			s.logf("%s@%s left after %s", sess.User(), sess.RemoteAddr(), rules.Clock(time.Since(start)))
		}
	}
}

// program builds one player's view: a renderer for their terminal, the
// newest state, and a forwarder that hands them each new state.
func (s *Server) program(sess ssh.Session) *tea.Program {
	m := player.New(renderer(sess), s.name)
	sub := s.hub.subscribe()
	if st, ok := s.hub.latest(); ok {
		n, _ := m.Update(st)
		m = n.(player.Model)
	}
	p := tea.NewProgram(m, append(bubbletea.MakeOptions(sess), tea.WithAltScreen())...)
	ctx := sess.Context()
	go func() {
		defer s.hub.unsubscribe(sub)
		for {
			select {
			case <-ctx.Done():
				return
			case <-sub.wake:
				// Send waits until this player's program takes it (or
				// ends); only this goroutine waits.
				if st, ok := s.hub.latest(); ok {
					p.Send(st)
				}
			}
		}
	}()
	return p
}

// renderer draws for one player's terminal: the colours their TERM and
// COLORTERM (and NO_COLOR) allow. It asks the terminal nothing, so a
// client that does not answer such questions never stalls the session;
// colours are those for a dark background.
func renderer(sess ssh.Session) *lipgloss.Renderer {
	pty, _, _ := sess.Pty()
	env := append(sess.Environ(), "TERM="+pty.Term)
	r := lipgloss.NewRenderer(sess, termenv.WithEnvironment(environ(env)), termenv.WithUnsafe(), termenv.WithColorCache(true))
	if pty.Term == "" || pty.Term == "dumb" {
		r.SetColorProfile(termenv.Ascii)
	}
	r.SetHasDarkBackground(true)
	return r
}

// environ is a session's environment as termenv reads it.
type environ []string

func (e environ) Environ() []string { return e }

func (e environ) Getenv(k string) string {
	for i := len(e) - 1; i >= 0; i-- {
		if len(e[i]) > len(k) && e[i][:len(k)] == k && e[i][len(k)] == '=' {
			return e[i][len(k)+1:]
		}
	}
	return ""
}

// needTerminal turns away a session that asked for no terminal (ssh with a
// command after the host, or run from a script), saying how to ask for one.
func needTerminal() wish.Middleware {
	return func(next ssh.Handler) ssh.Handler {
		return func(sess ssh.Session) {
			if _, _, active := sess.Pty(); active {
				next(sess)
				return
			}
			how := "ssh -t"
			if host, port, err := net.SplitHostPort(sess.LocalAddr().String()); err == nil {
				how += " -p " + port + " " + host
			}
			wish.Println(sess, "fray shows the fight on a terminal, and this ssh asked for none: connect with no command after the host, or add -t: "+how)
			_ = sess.Exit(1)
		}
	}
}
