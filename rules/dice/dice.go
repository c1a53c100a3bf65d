// Package dice is the one way fray rolls: a seeded generator whose state is
// saved with the encounter, faces queued with the `dice` command, and faces
// a game master types from physical dice. Every roll is reported to a
// recorder so it can be logged with every face.
package dice

import (
	"fmt"
	"strconv"
	"strings"
)

// NeedFaceError is returned in physical-dice mode when a roll needs a face
// the game master has not typed yet. The caller asks for it, supplies it
// and runs the whole command again.
type NeedFaceError struct {
	Sides int
	Who   string
	Why   string
}

func (e *NeedFaceError) Error() string {
	who := e.Who
	if who != "" {
		who += ", "
	}
	return fmt.Sprintf("roll a d%d (%s%s) and type the face", e.Sides, who, e.Why)
}

// Roll is one finished roll as it goes to the log.
type Roll struct {
	Who     string
	Why     string
	Expr    string
	Faces   []int
	Special string
	Total   int
	Botches int  // zeros among botch dice (stress dice only)
	Botched bool // the roll is a botch: its total counts as 0
}

// String renders the roll the way the log shows it:
// "who, why: expr [faces] = total (special)".
func (r Roll) String() string {
	var b strings.Builder
	b.WriteString(r.Who)
	if r.Why != "" {
		if r.Who != "" {
			b.WriteString(", ")
		}
		b.WriteString(r.Why)
	}
	if b.Len() > 0 {
		b.WriteString(": ")
	}
	b.WriteString(r.Expr)
	b.WriteString(" [")
	for i, f := range r.Faces {
		if i > 0 {
			b.WriteString(" ")
		}
		b.WriteString(strconv.Itoa(f))
	}
	b.WriteString("] = ")
	b.WriteString(strconv.Itoa(r.Total))
	if r.Special != "" {
		b.WriteString(" (")
		b.WriteString(r.Special)
		b.WriteString(")")
	}
	return b.String()
}

// Roller draws faces from, in turn: the queue, then (in physical mode) the
// faces the GM typed, then the seeded generator. It never rolls silently:
// every finished roll goes to the recorder.
type Roller struct {
	state    *uint64
	queue    *[]int
	physical bool
	typed    []int
	record   func(Roll)
}

// New returns a roller over a generator state and a queue, both owned by
// the encounter so that saving and undo keep them. record may be nil.
func New(state *uint64, queue *[]int, record func(Roll)) *Roller {
	if record == nil {
		record = func(Roll) {}
	}
	return &Roller{state: state, queue: queue, record: record}
}

// Physical switches to physical-dice mode with the faces typed so far: once
// the queue is empty, faces come from typed and then a NeedFaceError.
func (r *Roller) Physical(typed []int) {
	r.physical = true
	r.typed = append([]int(nil), typed...)
}

// next64 is SplitMix64: small, fast, and its whole state is one word that
// the save file can hold.
func next64(s *uint64) uint64 {
	*s += 0x9e3779b97f4a7c15
	z := *s
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// maxFaceSides keeps the generator's scaling (32 bits × sides) inside 64 bits.
const maxFaceSides = 1<<31 - 1

// Face returns one face of a die with the given number of sides (1…sides).
// For a d10 a queued or typed 0 means the face marked 0, returned as 10.
func (r *Roller) Face(sides int, who, why string) (int, error) {
	if sides < 1 || sides > maxFaceSides {
		return 0, fmt.Errorf("a die needs 1 to %d sides, not %d", maxFaceSides, sides)
	}
	take := func(src *[]int, what, out string) (int, error) {
		f := (*src)[0]
		if f == 0 && sides == 10 {
			f = 10
		}
		if f < 1 || f > sides {
			return 0, fmt.Errorf("%s face %d does not fit a d%d%s", what, (*src)[0], sides, out)
		}
		*src = (*src)[1:]
		return f, nil
	}
	if r.queue != nil && len(*r.queue) > 0 {
		// A queued face stays until rolled, also in the saved file, so
		// the refusal says how to be rid of it.
		return take(r.queue, "queued", ": dice clear drops the queued faces")
	}
	if r.physical {
		if len(r.typed) > 0 {
			return take(&r.typed, "typed", "")
		}
		return 0, &NeedFaceError{Sides: sides, Who: who, Why: why}
	}
	x := next64(r.state)
	return 1 + int((x>>32)*uint64(sides)>>32), nil
}

// Emit sends a finished roll to the recorder; systems that compose their
// own rolls from Face use it so the log stays complete.
func (r *Roller) Emit(roll Roll) { r.record(roll) }
