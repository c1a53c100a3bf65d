// Package termtest records what a program draws on a terminal, for tests
// that drive fray through a real terminal or an SSH session and wait for
// text to appear on its screen.
package termtest

import (
	"bytes"
	"io"
	"sync"
	"time"
)

// Screen is everything read from a terminal's output so far. Marks are
// byte offsets into it: WaitFor looks only at what came after one.
type Screen struct {
	mu      sync.Mutex
	out     bytes.Buffer
	changed chan struct{}
	done    chan struct{}
}

// Record reads r until it ends, into a Screen. answer, if not nil, sees
// each chunk as it is read (a test answers the terminal's queries there).
func Record(r io.Reader, answer func(chunk []byte)) *Screen {
	s := &Screen{changed: make(chan struct{}, 1), done: make(chan struct{})}
	go func() {
		defer close(s.done)
		buf := make([]byte, 64<<10)
		for {
			n, err := r.Read(buf)
			if n > 0 {
				if answer != nil {
					answer(buf[:n])
				}
				s.mu.Lock()
				s.out.Write(buf[:n])
				s.mu.Unlock()
				select {
				case s.changed <- struct{}{}:
				default:
				}
			}
			if err != nil {
				return
			}
		}
	}()
	return s
}

// Mark returns where the output stands now.
func (s *Screen) Mark() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.out.Len()
}

// Index returns where want first appears after mark, or -1.
func (s *Screen) Index(want string, mark int) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if i := bytes.Index(s.out.Bytes()[mark:], []byte(want)); i >= 0 {
		return mark + i
	}
	return -1
}

// WaitFor waits up to within for want to appear after mark. It returns
// how long that took, the mark just after it and whether it came.
func (s *Screen) WaitFor(want string, mark int, within time.Duration) (time.Duration, int, bool) {
	start := time.Now()
	deadline := time.After(within)
	for {
		if i := s.Index(want, mark); i >= 0 {
			return time.Since(start), i + len(want), true
		}
		select {
		case <-s.changed:
		case <-s.done:
			if i := s.Index(want, mark); i >= 0 {
				return time.Since(start), i + len(want), true
			}
			return time.Since(start), mark, false
		case <-deadline:
			return time.Since(start), mark, false
		}
	}
}

// Done is closed once the output has ended.
func (s *Screen) Done() <-chan struct{} { return s.done }

// Tail returns the last n bytes after mark, as text.
func (s *Screen) Tail(mark, n int) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	b := s.out.Bytes()[mark:]
	if len(b) > n {
		b = b[len(b)-n:]
	}
	return string(b)
}
