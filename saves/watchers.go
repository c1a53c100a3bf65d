package saves

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
)

// Watchers of an encounter (fray watch, each player of fray serve) say so
// in a presence file beside it, .NAME.watch-PID, holding how many watch
// through that process, so that the game master's screen can show it.
// The watching process holds an flock on its presence file for as long as
// it watches; one nobody holds (its process died) does not count. Where
// the file system has no flock, the process id decides, as for Lock.

// Presence is a watching process's presence file.
type Presence struct {
	mu   sync.Mutex
	f    *os.File
	path string
}

// Announce writes a presence file for the encounter at path, counting n
// watchers, and holds it until Close. Watching works without one (a
// folder the watcher may not write to): the error says why there is none.
func Announce(path string, n int) (*Presence, error) {
	final := presencePrefix(path) + strconv.Itoa(os.Getpid())
	// Made under another name and locked before it is renamed into
	// place, so no one ever sees it unlocked and takes it for stale.
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-watch-*")
	if err != nil {
		return nil, fmt.Errorf("cannot announce a watcher of %s: %w", path, err)
	}
	tmp := f.Name()
	fail := func(err error) (*Presence, error) {
		f.Close()
		os.Remove(tmp)
		return nil, fmt.Errorf("cannot announce a watcher of %s: %w", path, err)
	}
	if _, _, err := flock(f); err != nil {
		return fail(err)
	}
	p := &Presence{f: f, path: final}
	if err := p.write(n); err != nil {
		return fail(err)
	}
	if err := os.Rename(tmp, final); err != nil {
		return fail(err)
	}
	return p, nil
}

// Set changes the number of watchers the presence file counts.
func (p *Presence) Set(n int) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.f == nil {
		return errors.New("presence file closed")
	}
	return p.write(n)
}

func (p *Presence) write(n int) error {
	data := []byte(strconv.Itoa(os.Getpid()) + " " + strconv.Itoa(n) + "\n")
	if _, err := p.f.WriteAt(data, 0); err != nil {
		return err
	}
	return p.f.Truncate(int64(len(data)))
}

// Close removes the presence file; calling it again does nothing.
func (p *Presence) Close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.f == nil {
		return nil
	}
	rmErr := os.Remove(p.path) // while still locked, as Lock's release does
	err := errors.Join(rmErr, p.f.Close())
	p.f = nil
	if errors.Is(rmErr, fs.ErrNotExist) {
		err = nil
	}
	return err
}

// presencePrefix is the start of the name of every presence file of the
// encounter at path.
func presencePrefix(path string) string {
	return filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".watch-")
}

// Watchers counts who watches the encounter at path, from the presence
// files of live watching processes. Files left by dead ones are removed.
func Watchers(path string) int {
	prefix := filepath.Base(presencePrefix(path))
	dir := filepath.Dir(path)
	ents, err := os.ReadDir(dir)
	if err != nil {
		return 0
	}
	total := 0
	for _, de := range ents {
		name := de.Name()
		if !strings.HasPrefix(name, prefix) {
			continue
		}
		if n, live := readPresence(filepath.Join(dir, name)); live {
			total += n
		}
	}
	return total
}

// readPresence reads one presence file: the number it counts, and
// whether its process still watches. A stale file is removed.
func readPresence(file string) (n int, live bool) {
	f, err := os.Open(file)
	if err != nil {
		return 0, false
	}
	defer f.Close()
	buf := make([]byte, 64)
	k, _ := f.ReadAt(buf, 0)
	fields := strings.Fields(string(buf[:k]))
	pid := 0
	if len(fields) == 2 {
		pid, _ = strconv.Atoi(fields[0])
		n, _ = strconv.Atoi(fields[1])
	}
	held, supported, err := flock(f)
	switch {
	case err != nil:
		return 0, false
	case supported:
		live = !held // its owner holds it
	default:
		live = pid > 0 && processAlive(pid)
	}
	if !live && (supported || pid > 0) {
		os.Remove(file)
	}
	return max(0, n), live
}
