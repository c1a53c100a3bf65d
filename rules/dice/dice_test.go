package dice

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
)

// rig is a roller over its own state and queue that keeps every roll it
// reports, so tests can check the recorder as well as the results.
type rig struct {
	state uint64
	queue []int
	rolls []Roll
	r     *Roller
}

func newRig(seed uint64, queue ...int) *rig {
	g := &rig{state: seed, queue: queue}
	g.r = New(&g.state, &g.queue, func(r Roll) { g.rolls = append(g.rolls, r) })
	return g
}

func TestQueueOrder(t *testing.T) {
	g := newRig(1, 3, 5, 1, 6)
	var got []int
	for range 4 {
		f, err := g.r.Face(6, "a", "b")
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, f)
	}
	if want := []int{3, 5, 1, 6}; !reflect.DeepEqual(got, want) {
		t.Fatalf("faces %v, want %v", got, want)
	}
	if len(g.queue) != 0 {
		t.Fatalf("queue not drained: %v", g.queue)
	}
	if g.state != 1 {
		t.Fatalf("queued faces advanced the generator: state %d", g.state)
	}
}

func TestQueuedZeroIsD10Ten(t *testing.T) {
	g := newRig(1, 0)
	f, err := g.r.Face(10, "", "test")
	if err != nil || f != 10 {
		t.Fatalf("queued 0 on a d10 = %d, %v; want 10", f, err)
	}
}

func TestQueuedFaceThatDoesNotFit(t *testing.T) {
	for _, tc := range []struct {
		sides, face int
	}{{6, 7}, {6, 0}, {20, 21}, {10, 11}, {4, -1}} {
		g := newRig(9, tc.face, 2)
		_, err := g.r.Face(tc.sides, "", "test")
		if err == nil {
			t.Errorf("d%d with queued %d: no error", tc.sides, tc.face)
			continue
		}
		if !strings.Contains(err.Error(), "does not fit") {
			t.Errorf("d%d with queued %d: unclear error %q", tc.sides, tc.face, err)
		}
		if want := []int{tc.face, 2}; !reflect.DeepEqual(g.queue, want) {
			t.Errorf("d%d with queued %d: queue became %v, want %v untouched", tc.sides, tc.face, g.queue, want)
		}
		if g.state != 9 {
			t.Errorf("d%d with queued %d: generator advanced", tc.sides, tc.face)
		}
	}
}

func TestFaceBadSides(t *testing.T) {
	g := newRig(1)
	bad := []int{0, -3, math.MinInt}
	if math.MaxInt > maxFaceSides { // 64-bit ints
		bad = append(bad, math.MaxInt)
	}
	for _, s := range bad {
		if _, err := g.r.Face(s, "", ""); err == nil {
			t.Errorf("Face(%d) gave no error", s)
		}
	}
	if g.state != 1 {
		t.Fatal("a refused die advanced the generator")
	}
}

func TestSeededDeterminism(t *testing.T) {
	a, b := newRig(42), newRig(42)
	for i := range 100 {
		fa, _ := a.r.Face(20, "", "")
		fb, _ := b.r.Face(20, "", "")
		if fa != fb {
			t.Fatalf("roll %d: %d vs %d from the same seed", i, fa, fb)
		}
	}
	if a.state == 42 || a.state != b.state {
		t.Fatalf("state did not advance in step: %d, %d", a.state, b.state)
	}
	// Resuming from a saved state continues the same sequence.
	saved := a.state
	want, _ := a.r.Face(100, "", "")
	c := newRig(saved)
	if got, _ := c.r.Face(100, "", ""); got != want {
		t.Fatalf("resumed roller gave %d, want %d", got, want)
	}
	// A different seed gives a different sequence (overwhelmingly likely).
	d, e := newRig(1), newRig(2)
	same := true
	for range 20 {
		x, _ := d.r.Face(1000, "", "")
		y, _ := e.r.Face(1000, "", "")
		same = same && x == y
	}
	if same {
		t.Fatal("seeds 1 and 2 gave the same 20 faces")
	}
}

func TestDistribution(t *testing.T) {
	for _, sides := range []int{1, 2, 4, 6, 10, 20, 100} {
		g := newRig(uint64(sides) * 7919)
		seen := make([]int, sides+1)
		n := 300 * sides
		for range n {
			f, err := g.r.Face(sides, "", "")
			if err != nil {
				t.Fatal(err)
			}
			if f < 1 || f > sides {
				t.Fatalf("d%d gave %d", sides, f)
			}
			seen[f]++
		}
		for f := 1; f <= sides; f++ {
			// Expect 300 of each; anything below 150 or above 450 is not chance.
			if seen[f] < 150 || seen[f] > 450 {
				t.Errorf("d%d: face %d came %d times in %d rolls", sides, f, seen[f], n)
			}
		}
	}
}

func TestPhysical(t *testing.T) {
	g := newRig(5)
	g.r.Physical(nil)
	_, err := g.r.Face(10, "Paul", "attack")
	var need *NeedFaceError
	if !errors.As(err, &need) {
		t.Fatalf("want NeedFaceError, got %v", err)
	}
	if need.Sides != 10 || need.Who != "Paul" || need.Why != "attack" {
		t.Fatalf("NeedFaceError %+v", need)
	}
	if !strings.Contains(err.Error(), "d10") || !strings.Contains(err.Error(), "Paul") {
		t.Fatalf("unclear message %q", err)
	}
	if g.state != 5 {
		t.Fatal("physical mode advanced the generator")
	}

	// Queue first, then the typed faces in order, then a request.
	g = newRig(5, 2)
	typed := []int{7, 0, 3}
	g.r.Physical(typed)
	typed[0] = 99 // the roller keeps its own copy
	var got []int
	for range 4 {
		f, err := g.r.Face(10, "", "x")
		if err != nil {
			if !errors.As(err, &need) {
				t.Fatalf("want NeedFaceError, got %v", err)
			}
			break
		}
		got = append(got, f)
	}
	if want := []int{2, 7, 10, 3}; !reflect.DeepEqual(got, want) {
		t.Fatalf("faces %v, want %v", got, want)
	}
	if _, err := g.r.Face(10, "", "x"); !errors.As(err, &need) {
		t.Fatalf("after the typed faces: want NeedFaceError, got %v", err)
	}

	// A typed face that does not fit is an error, not a request, and stays.
	g = newRig(5)
	g.r.Physical([]int{9})
	if _, err := g.r.Face(6, "", "x"); err == nil || errors.As(err, &need) {
		t.Fatalf("typed 9 on a d6: %v", err)
	}
}

func TestRollString(t *testing.T) {
	r := Roll{Who: "Paul", Why: "attack", Expr: "stress die", Faces: []int{1, 4}, Total: 8, Special: "exploded ×2"}
	if got, want := r.String(), "Paul, attack: stress die [1 4] = 8 (exploded ×2)"; got != want {
		t.Fatalf("got %q want %q", got, want)
	}
	if got, want := (Roll{Expr: "d6", Faces: []int{3}, Total: 3}).String(), "d6 [3] = 3"; got != want {
		t.Fatalf("got %q want %q", got, want)
	}
}
