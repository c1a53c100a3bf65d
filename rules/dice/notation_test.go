package dice

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in    string
		terms []Term
	}{
		{"2d6+3", []Term{{Sign: 1, Count: 2, Sides: 6}, {Sign: 1, Const: 3}}},
		{"d20", []Term{{Sign: 1, Count: 1, Sides: 20}}},
		{"1d4-1", []Term{{Sign: 1, Count: 1, Sides: 4}, {Sign: -1, Const: 1}}},
		{"3d6+1d4+2", []Term{{Sign: 1, Count: 3, Sides: 6}, {Sign: 1, Count: 1, Sides: 4}, {Sign: 1, Const: 2}}},
		{"stress", []Term{{Sign: 1, Count: 1, Stress: true, Botch: 1}}},
		{"stress3+5", []Term{{Sign: 1, Count: 1, Stress: true, Botch: 3}, {Sign: 1, Const: 5}}},
		{"stress0", []Term{{Sign: 1, Count: 1, Stress: true}}},
		{"simple", []Term{{Sign: 1, Count: 1, Simple: true}}},
		{" 2D6 + 3 ", []Term{{Sign: 1, Count: 2, Sides: 6}, {Sign: 1, Const: 3}}},
		{"-2+d4", []Term{{Sign: -1, Const: 2}, {Sign: 1, Count: 1, Sides: 4}}},
		{"1000d6", []Term{{Sign: 1, Count: 1000, Sides: 6}}},
	} {
		e, err := Parse(tc.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.in, err)
			continue
		}
		if !reflect.DeepEqual(e.Terms, tc.terms) {
			t.Errorf("Parse(%q) = %+v, want %+v", tc.in, e.Terms, tc.terms)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", "empty dice expression"},
		{"   ", "empty dice expression"},
		{"d", "sides must be a number"},
		{"2d", "sides must be a number"},
		{"0d6", "dice count must be 1–1000"},
		{"d0", "sides must be a number 1–1000"},
		{"d1001", "sides must be a number 1–1000"},
		{"1001d6", "dice count must be 1–1000"},
		{"600d6+600d6", "more than 1000 dice"},
		{"2x6", "neither a number nor NdM"},
		{"+", "a term is missing"},
		{"2d6++3", "a term is missing"},
		{"2d6+", "a term is missing"},
		{"stress21", "botch-dice count 0–20"},
		{"stressx", "botch-dice count 0–20"},
		{"simple2", "neither a number nor NdM"},
		{"2000000", "neither a number nor NdM"},
		{"2d6d6", "sides must be a number"},
	} {
		_, err := Parse(tc.in)
		if err == nil {
			t.Errorf("Parse(%q): no error", tc.in)
			continue
		}
		if !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%q): %q does not say %q", tc.in, err, tc.want)
		}
	}
}

// A bad expression of one term names it once: `roll 3d` said
// `bad dice expression "3d": "3d": the sides…`. Of several terms, the bad
// one is named after the whole.
func TestParseErrorNamesTheTermOnce(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"3d", `bad dice expression "3d": the sides must be a number 1–1000`},
		{"2x6", `bad dice expression "2x6": neither a number nor NdM`},
		{"stress21", `bad dice expression "stress21": stress takes a botch-dice count 0–20, as in stress3`},
		{"2d6+3d", `bad dice expression "2d6+3d": "3d": the sides must be a number 1–1000`},
		{"D0 + 1", `bad dice expression "D0 + 1": "d0": the sides must be a number 1–1000`},
		{"2d6++3", `bad dice expression "2d6++3": a term is missing`},
	} {
		if _, err := Parse(tc.in); err == nil || err.Error() != tc.want {
			t.Errorf("Parse(%q): %v, want %s", tc.in, err, tc.want)
		}
	}
}

func TestRollExpr(t *testing.T) {
	for _, tc := range []struct {
		expr    string
		queue   []int
		total   int
		faces   []int
		special string
		botched bool
	}{
		{"2d6+3", []int{4, 5}, 12, []int{4, 5}, "", false},
		{"d20", []int{17}, 17, []int{17}, "", false},
		{"1d4-1", []int{1}, 0, []int{1}, "", false},
		{"3d6+1d4+2", []int{1, 2, 3, 4}, 12, []int{1, 2, 3, 4}, "", false},
		{"10-d6", []int{6}, 4, []int{6}, "", false},
		{"stress+5", []int{1, 3}, 11, []int{1, 3}, "exploded ×2", false},
		{"stress3+5", []int{0, 0, 5, 0}, 0, []int{0, 0, 5, 0}, "BOTCH ×2", true},
		{"stress0+2", []int{0}, 2, []int{0}, "0, cannot botch", false},
		{"simple+1", []int{0}, 11, []int{10}, "", false},
		{"stress+simple", []int{1, 2, 3}, 7, []int{1, 2, 3}, "exploded ×2", false},
	} {
		e, err := Parse(tc.expr)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tc.expr, err)
		}
		g := newRig(3, tc.queue...)
		r, err := g.r.Roll("GM", "test", e)
		if err != nil {
			t.Fatalf("%s: %v", tc.expr, err)
		}
		if r.Total != tc.total || !reflect.DeepEqual(r.Faces, tc.faces) || r.Special != tc.special || r.Botched != tc.botched {
			t.Errorf("%s: total %d faces %v special %q botched %v; want %d %v %q %v",
				tc.expr, r.Total, r.Faces, r.Special, r.Botched, tc.total, tc.faces, tc.special, tc.botched)
		}
		if len(g.queue) != 0 {
			t.Errorf("%s: queue left %v", tc.expr, g.queue)
		}
		// The recorder gets the whole expression once, stress terms included.
		if len(g.rolls) != 1 || !reflect.DeepEqual(g.rolls[0], r) {
			t.Errorf("%s: recorder got %d rolls %+v", tc.expr, len(g.rolls), g.rolls)
		}
		if r.Expr != e.Text || r.Who != "GM" || r.Why != "test" {
			t.Errorf("%s: labels %q %q %q", tc.expr, r.Expr, r.Who, r.Why)
		}
	}
}

func TestRollPhysical(t *testing.T) {
	e, err := Parse("2d6+stress")
	if err != nil {
		t.Fatal(err)
	}
	g := newRig(3)
	g.r.Physical([]int{2})
	_, err = g.r.Roll("GM", "x", e)
	var need *NeedFaceError
	if !errors.As(err, &need) || need.Sides != 6 {
		t.Fatalf("want a NeedFaceError for a d6, got %v", err)
	}
	if len(g.rolls) != 0 {
		t.Fatalf("an unfinished roll was recorded: %v", g.rolls)
	}
	// The caller retries the whole roll with every face typed so far.
	g.r.Physical([]int{2, 5, 1})
	_, err = g.r.Roll("GM", "x", e)
	if !errors.As(err, &need) || need.Sides != 10 || !strings.Contains(need.Why, "re-roll") {
		t.Fatalf("want a NeedFaceError for the stress re-roll, got %v", err)
	}
	// A failed stress term does not leave the recorder switched off.
	g.r.Physical([]int{2, 5, 1, 4})
	r, err := g.r.Roll("GM", "x", e)
	if err != nil {
		t.Fatal(err)
	}
	if r.Total != 15 || !reflect.DeepEqual(r.Faces, []int{2, 5, 1, 4}) {
		t.Fatalf("got %+v", r)
	}
	if len(g.rolls) != 1 {
		t.Fatalf("recorder got %d rolls, want 1", len(g.rolls))
	}
	if g.state != 3 {
		t.Fatal("physical rolls advanced the generator")
	}
}

func TestRollSeededInRange(t *testing.T) {
	e, err := Parse("3d6+2")
	if err != nil {
		t.Fatal(err)
	}
	g := newRig(11)
	for range 1000 {
		r, err := g.r.Roll("", "", e)
		if err != nil {
			t.Fatal(err)
		}
		if r.Total < 5 || r.Total > 20 || len(r.Faces) != 3 {
			t.Fatalf("3d6+2 gave %+v", r)
		}
	}
}
