package rules

import "testing"

func TestMarkNext(t *testing.T) {
	row := func(id int, flags string) OrderRow {
		r := OrderRow{ID: id}
		for _, f := range flags {
			switch f {
			case 'c':
				r.Current = true
			case 'o':
				r.Out = true
			case 'd':
				r.Done = true
			case 'h':
				r.Heading, r.ID = true, 0
			case 'p':
				r.Group = "g" // passed by in the test's rule
			}
		}
		return r
	}
	passed := func(r OrderRow) bool { return r.Group != "" }
	for _, c := range []struct {
		name  string
		flags []string
		wrap  bool
		want  int // ID marked next, 0 for none
	}{
		{"after the current", []string{"d", "c", "", ""}, true, 3},
		{"skips out, done, headings and the passed", []string{"c", "o", "d", "h", "p", ""}, false, 6},
		{"round over: back to the top", []string{"d", "o", "d", "c"}, true, 1},
		{"round over, no wrap: nobody", []string{"d", "d", "c"}, false, 0},
		{"not started: the first able", []string{"o", "", ""}, true, 2},
		{"not started, no wrap: nobody", []string{"", ""}, false, 0},
		{"alone: never the current", []string{"o", "c"}, true, 0},
		{"several current: after the last", []string{"c", "c", ""}, false, 3},
	} {
		v := OrderView{}
		for i, f := range c.flags {
			v.Rows = append(v.Rows, row(i+1, f))
		}
		v.MarkNext(c.wrap, passed)
		got := 0
		for _, r := range v.Rows {
			if r.Next {
				if got != 0 {
					t.Errorf("%s: two rows marked", c.name)
				}
				got = r.ID
			}
		}
		if got != c.want {
			t.Errorf("%s: next %d, want %d", c.name, got, c.want)
		}
	}
}
