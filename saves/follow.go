package saves

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"time"

	"fray/model"
	"fray/rules"
)

// FollowEvery is how often Follow looks at the file: a save reaches the
// players at most this long (plus the time to read it) after it lands.
const FollowEvery = 40 * time.Millisecond

// Reading is one reading of a followed encounter file.
type Reading struct {
	// E and Sys are the encounter as last read well. After a bad read
	// they stay the last good state (nil before the first good one).
	E   *model.Encounter
	Sys rules.System
	// Err is why the newest version of the file could not be read (a
	// bad hand edit, the file gone); nil when E is the newest.
	Err error
	// At is when the file was read.
	At time.Time
	// Kept is whether a fray has the file open now (see Kept): then the
	// fight's clock runs on; with nobody at it, the clock stands where
	// the last save left it, as the tracker counts it on reopening.
	Kept bool
}

// keptEvery is how often Follow looks whether a fray has the file open,
// between changes of the file: a game master quitting stops the players'
// clocks at most this late.
const keptEvery = 500 * time.Millisecond

// Follow reads the encounter file at path, then again whenever it
// changes, until ctx ends, calling send with each reading. It looks at
// the file every FollowEvery. It only ever reads: it takes no lock, so
// it follows a file the game master's fray holds, and it never writes.
//
// fray saves by renaming a new file into place, so a change is a new
// file (or, for a hand edit, a new modification time or size); a reading
// that fails keeps the last good encounter and reports the error, and the
// next change is read again.
func Follow(ctx context.Context, path string, reg *rules.Registry, send func(Reading)) {
	var last Reading
	var seen fs.FileInfo
	var keptAt time.Time
	tick := time.NewTicker(FollowEvery)
	defer tick.Stop()
	for first := true; ; first = false {
		if !first {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
		}
		fi, err := os.Stat(path)
		if err == nil && seen != nil && sameVersion(seen, fi) {
			if now := time.Now(); now.Sub(keptAt) >= keptEvery {
				keptAt = now
				if k := Kept(path); k != last.Kept {
					last.Kept, last.At = k, now
					send(last)
				}
			}
			continue
		}
		keptAt = time.Now()
		last.Kept = Kept(path)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) && last.Err != nil && seen == nil {
				continue // still missing: said already
			}
			seen = nil
			last.Err = &Error{File: path, Msg: "cannot read it: " + err.Error(), err: err}
			if errors.Is(err, fs.ErrNotExist) {
				last.Err = &Error{File: path, Msg: "no such file", err: err}
			}
			last.At = time.Now()
			send(last)
			continue
		}
		seen = fi
		e, sys, err := Load(path, reg)
		last.At = time.Now()
		if err != nil {
			last.Err = err
		} else {
			last = Reading{E: e, Sys: sys, At: last.At, Kept: last.Kept}
		}
		send(last)
	}
}
