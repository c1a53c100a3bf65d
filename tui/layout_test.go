package tui

import "testing"

func TestLayoutTable(t *testing.T) {
	for _, c := range []struct {
		w, h, help int
		want       screen
	}{
		{0, 0, 1, screen{}},
		{1, 1, 1, screen{W: 1, H: 1, Top: 1, Body: rect{Y: 1, W: 1}, HelpTop: 1,
			Order: rect{Y: 1, W: 1}, Sheet: rect{Y: 1, W: 1}, Log: rect{Y: 1, W: 1}}},
		{10, 3, 1, screen{W: 10, H: 3, Top: 1, Status: 1, Body: rect{Y: 1, W: 10, H: 1}, HelpTop: 3,
			Order: rect{Y: 1, W: 10, H: 1}, Sheet: rect{Y: 1, W: 10, H: 1}, Log: rect{Y: 1, W: 10, H: 1}}},
		{60, 18, 1, screen{W: 60, H: 18, Top: 1, Tabs: 1, Status: 1, Help: 1, Body: rect{Y: 2, W: 60, H: 14}, HelpTop: 17,
			Order: rect{Y: 2, W: 60, H: 14}, Sheet: rect{Y: 2, W: 60, H: 14}, Log: rect{Y: 2, W: 60, H: 14}}},
		{100, 30, 1, screen{W: 100, H: 30, Arr: split, Top: 1, Status: 1, Help: 1, Body: rect{Y: 1, W: 100, H: 27}, HelpTop: 29,
			Order: rect{Y: 1, W: 50, H: 12}, Log: rect{Y: 13, W: 50, H: 15}, Sheet: rect{X: 50, Y: 1, W: 50, H: 27}}},
		{100, 30, 5, screen{W: 100, H: 30, Arr: split, Top: 1, Status: 1, Help: 5, Body: rect{Y: 1, W: 100, H: 23}, HelpTop: 25,
			Order: rect{Y: 1, W: 50, H: 10}, Log: rect{Y: 11, W: 50, H: 13}, Sheet: rect{X: 50, Y: 1, W: 50, H: 23}}},
		{200, 60, 1, screen{W: 200, H: 60, Arr: columns, Top: 1, Status: 1, Help: 1, Body: rect{Y: 1, W: 200, H: 57}, HelpTop: 59,
			Order: rect{Y: 1, W: 60, H: 57}, Sheet: rect{X: 60, Y: 1, W: 68, H: 57}, Log: rect{X: 128, Y: 1, W: 72, H: 57}}},
		// A help bar taller than the screen gives way to the panes.
		{80, 8, 20, screen{W: 80, H: 8, Top: 1, Tabs: 1, Status: 1, Help: 2, Body: rect{Y: 2, W: 80, H: 3}, HelpTop: 6,
			Order: rect{Y: 2, W: 80, H: 3}, Sheet: rect{Y: 2, W: 80, H: 3}, Log: rect{Y: 2, W: 80, H: 3}}},
		{-5, -5, -1, screen{}},
	} {
		if got := layout(c.w, c.h, c.help); got != c.want {
			t.Errorf("layout(%d, %d, %d) =\n %+v\nwant\n %+v", c.w, c.h, c.help, got, c.want)
		}
	}
}

// Every size adds up: the parts fill the height exactly and every pane
// lies inside the body.
func TestLayoutInvariants(t *testing.T) {
	for w := 0; w <= 220; w += 3 {
		for h := 0; h <= 70; h++ {
			for _, help := range []int{0, 1, 5} {
				s := layout(w, h, help)
				if s.Top+s.Tabs+s.Body.H+s.Status+s.Help != h {
					t.Fatalf("%dx%d help %d: heights do not add up: %+v", w, h, help, s)
				}
				for _, r := range []rect{s.Order, s.Sheet, s.Log} {
					if r.W < 0 || r.H < 0 || r.X < 0 || r.Y < s.Body.Y || r.X+r.W > w || r.Y+r.H > s.Body.Y+s.Body.H {
						t.Fatalf("%dx%d help %d: pane %+v outside body %+v", w, h, help, r, s.Body)
					}
				}
				if s.Arr == split && s.Order.H+s.Log.H != s.Body.H {
					t.Fatalf("%dx%d: order and log should fill the left column", w, h)
				}
			}
		}
	}
}
