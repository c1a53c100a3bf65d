package dice

import (
	"reflect"
	"testing"
)

func TestStress(t *testing.T) {
	for _, tc := range []struct {
		name     string
		botch    int
		queue    []int
		total    int
		faces    []int
		botches  int
		botched  bool
		special  string
		leftover int
		expr     string // the log names the botch dice only when they were rolled
	}{
		{"plain face", 1, []int{7}, 7, []int{7}, 0, false, "", 0, "stress die"},
		{"one then four", 1, []int{1, 4}, 8, []int{1, 4}, 0, false, "exploded ×2", 0, "stress die"},
		{"1,1,4 is 16", 1, []int{1, 1, 4}, 16, []int{1, 1, 4}, 0, false, "exploded ×4", 0, "stress die"},
		{"re-roll zero is ten", 1, []int{1, 0}, 20, []int{1, 10}, 0, false, "exploded ×2", 0, "stress die"},
		{"1,1,0 is 40", 1, []int{1, 1, 0}, 40, []int{1, 1, 10}, 0, false, "exploded ×4", 0, "stress die"},
		{"zero then botch zero", 1, []int{0, 0}, 0, []int{0, 0}, 1, true, "BOTCH ×1", 0, "stress die and 1 botch die"},
		{"three botch dice two zeros", 3, []int{0, 0, 5, 0}, 0, []int{0, 0, 5, 0}, 2, true, "BOTCH ×2", 0, "stress die and 3 botch dice"},
		{"zero, no zero on botch dice", 2, []int{0, 3, 9}, 0, []int{0, 3, 9}, 0, false, "0, no botch", 0, "stress die and 2 botch dice"},
		{"cannot botch", 0, []int{0, 5}, 0, []int{0}, 0, false, "0, cannot botch", 1, "stress die"},
		{"ten-face is zero", 1, []int{10, 4}, 0, []int{0, 4}, 0, false, "0, no botch", 0, "stress die and 1 botch die"},
		{"no botch dice on a face but 0", 4, []int{9}, 9, []int{9}, 0, false, "", 0, "stress die"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newRig(1, tc.queue...)
			r, err := g.r.Stress("Paul", "attack", tc.botch)
			if err != nil {
				t.Fatal(err)
			}
			if r.Total != tc.total || !reflect.DeepEqual(r.Faces, tc.faces) || r.Botches != tc.botches ||
				r.Botched != tc.botched || r.Special != tc.special || r.Expr != tc.expr {
				t.Fatalf("got total %d faces %v botches %d botched %v special %q expr %q; want %d %v %d %v %q %q",
					r.Total, r.Faces, r.Botches, r.Botched, r.Special, r.Expr,
					tc.total, tc.faces, tc.botches, tc.botched, tc.special, tc.expr)
			}
			if len(g.queue) != tc.leftover {
				t.Fatalf("queue left %v, want %d faces", g.queue, tc.leftover)
			}
			if len(g.rolls) != 1 || !reflect.DeepEqual(g.rolls[0], r) {
				t.Fatalf("recorder got %v, want the one roll", g.rolls)
			}
			if r.Who != "Paul" || r.Why != "attack" {
				t.Fatalf("who/why %q %q", r.Who, r.Why)
			}
		})
	}
}

func TestStressLongRunOfOnesStops(t *testing.T) {
	q := make([]int, 40)
	for i := range q {
		q[i] = 1
	}
	g := newRig(1, q...)
	r, err := g.r.Stress("", "x", 1)
	if err != nil {
		t.Fatal(err)
	}
	if r.Total <= 0 || len(r.Faces) > 25 {
		t.Fatalf("run of ones: total %d after %d faces", r.Total, len(r.Faces))
	}
}

func TestSimple(t *testing.T) {
	g := newRig(1, 0, 6)
	r, err := g.r.Simple("a", "b")
	if err != nil || r.Total != 10 || !reflect.DeepEqual(r.Faces, []int{10}) {
		t.Fatalf("simple with 0: %+v %v", r, err)
	}
	r, err = g.r.Simple("a", "b")
	if err != nil || r.Total != 6 {
		t.Fatalf("simple with 6: %+v %v", r, err)
	}
	if len(g.rolls) != 2 {
		t.Fatalf("recorder saw %d rolls, want 2", len(g.rolls))
	}
}

func TestStressSeededNeverBelowZero(t *testing.T) {
	g := newRig(77)
	for range 2000 {
		r, err := g.r.Stress("", "", 1)
		if err != nil {
			t.Fatal(err)
		}
		if r.Total < 0 || (r.Botched && r.Total != 0) || len(r.Faces) == 0 {
			t.Fatalf("odd stress roll %+v", r)
		}
	}
}
