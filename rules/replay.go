package rules

import (
	"fmt"
	"time"
)

// Applied is what replays one applied command exactly: the line as typed,
// the faces the GM typed for it in physical-dice mode, and the time by the
// tracker's clock when it ran (zero when no clock is kept). A command
// depends on nothing else (the dice generator's state and the queued faces
// are part of the encounter), so replaying the same Applied values on the
// same starting encounter gives the same encounter, the same log and the
// same undo and redo stacks. The journal (saves.Session) keeps them.
type Applied struct {
	Line     string    `json:"l"`
	Physical bool      `json:"p,omitempty"`
	Faces    []int     `json:"f,omitempty"`
	At       time.Time `json:"t,omitzero"`
}

// ApplyRecorded is Apply that also returns what replays the command. The
// clock is read once, and the command sees that one reading.
func (t *Tracker) ApplyRecorded(line string) (Result, Applied, error) {
	a := Applied{Line: line, Physical: t.physical, Faces: t.Typed()}
	if t.now != nil {
		// Without the monotonic reading, as it will be when replayed.
		a.At = t.now().Round(0)
		defer t.pinClock(a.At)()
	}
	res, err := t.Apply(line)
	return res, a, err
}

// Replay applies a recorded command: the mode, faces and time it was
// applied with, then the line. A failure means the recording does not
// match this encounter; the encounter is then unchanged.
func (t *Tracker) Replay(a Applied) (Result, error) {
	wasPhysical := t.physical
	t.SetPhysical(a.Physical)
	for _, f := range a.Faces {
		t.Supply(f)
	}
	defer t.pinClock(a.At)()
	res, err := t.Apply(a.Line)
	t.SetPhysical(wasPhysical)
	if err != nil {
		return res, fmt.Errorf("%s: %w", a.Line, err)
	}
	return res, nil
}

// pinClock makes the clock read at (or read nothing, for a zero time)
// until the returned func puts it back.
func (t *Tracker) pinClock(at time.Time) func() {
	saved := t.now
	t.now = nil
	if !at.IsZero() {
		t.now = func() time.Time { return at }
	}
	return func() { t.now = saved }
}

// WallClock is the clock a fight is timed with: the wall time, to the
// millisecond, which is what a save keeps of a length of time. Timed with
// it, an encounter loads back exactly as it was in memory, and a replayed
// command (see Applied) counts exactly the time it counted when it ran.
func WallClock() time.Time { return time.Now().Round(0).Truncate(time.Millisecond) }
