package tui

import "testing"

func TestLayoutTable(t *testing.T) {
	for _, c := range []struct {
		w, h, help int
		want       orderSize
		form       bool
		scr        screen
	}{
		{0, 0, 1, orderSize{Want: 40}, false, screen{}},
		{1, 1, 1, orderSize{Want: 40}, false, screen{W: 1, H: 1, Top: 1, Body: rect{Y: 1, W: 1}, HelpTop: 1,
			Order: rect{Y: 1, W: 1}, Sheet: rect{Y: 1, W: 1}, Log: rect{Y: 1, W: 1}, Form: rect{Y: 1, W: 1}}},
		{10, 3, 1, orderSize{Want: 40}, false, screen{W: 10, H: 3, Top: 1, Status: 1, Body: rect{Y: 1, W: 10, H: 1}, HelpTop: 3,
			Order: rect{Y: 1, W: 10, H: 1}, Sheet: rect{Y: 1, W: 10, H: 1}, Log: rect{Y: 1, W: 10, H: 1}, Form: rect{Y: 1, W: 10, H: 1}}},
		// Under 60 columns, one pane at a time.
		{59, 18, 1, orderSize{Want: 40}, false, screen{W: 59, H: 18, Top: 1, Tabs: 1, Status: 1, Help: 1, Body: rect{Y: 2, W: 59, H: 14}, HelpTop: 17,
			Order: rect{Y: 2, W: 59, H: 14}, Sheet: rect{Y: 2, W: 59, H: 14}, Log: rect{Y: 2, W: 59, H: 14}, Form: rect{Y: 2, W: 59, H: 14}}},
		// From 60, order and sheet side by side over a log strip; the
		// order as wide as it asks, at most half of 60.
		{60, 18, 1, orderSize{Want: 40}, false, screen{W: 60, H: 18, Arr: stacked, Top: 1, Status: 1, Help: 1, Body: rect{Y: 1, W: 60, H: 15}, HelpTop: 17,
			Order: rect{Y: 1, W: 30, H: 10}, Sheet: rect{X: 30, Y: 1, W: 30, H: 10}, Log: rect{Y: 11, W: 60, H: 5}, Form: rect{X: 30, Y: 1, W: 30, H: 10}}},
		// 80x24: a log strip of 6 rows, 4 lines inside its border.
		{80, 24, 1, orderSize{Want: 40}, false, screen{W: 80, H: 24, Arr: stacked, Top: 1, Status: 1, Help: 1, Body: rect{Y: 1, W: 80, H: 21}, HelpTop: 23,
			Order: rect{Y: 1, W: 40, H: 15}, Sheet: rect{X: 40, Y: 1, W: 40, H: 15}, Log: rect{Y: 16, W: 80, H: 6}, Form: rect{X: 40, Y: 1, W: 40, H: 15}}},
		// A short order is given orderMin columns; a long one what
		// leaves the sheet 31 (80 - 31 = 49), at most 62%.
		{80, 24, 1, orderSize{Want: 90}, false, screen{W: 80, H: 24, Arr: stacked, Top: 1, Status: 1, Help: 1, Body: rect{Y: 1, W: 80, H: 21}, HelpTop: 23,
			Order: rect{Y: 1, W: 49, H: 15}, Sheet: rect{X: 49, Y: 1, W: 31, H: 15}, Log: rect{Y: 16, W: 80, H: 6}, Form: rect{X: 49, Y: 1, W: 31, H: 15}}},
		{80, 24, 1, orderSize{Want: 10}, false, screen{W: 80, H: 24, Arr: stacked, Top: 1, Status: 1, Help: 1, Body: rect{Y: 1, W: 80, H: 21}, HelpTop: 23,
			Order: rect{Y: 1, W: 24, H: 15}, Sheet: rect{X: 24, Y: 1, W: 56, H: 15}, Log: rect{Y: 16, W: 80, H: 6}, Form: rect{X: 24, Y: 1, W: 56, H: 15}}},
		{100, 30, 1, orderSize{Want: 90}, false, screen{W: 100, H: 30, Arr: stacked, Top: 1, Status: 1, Help: 1, Body: rect{Y: 1, W: 100, H: 27}, HelpTop: 29,
			Order: rect{Y: 1, W: 62, H: 19}, Sheet: rect{X: 62, Y: 1, W: 38, H: 19}, Log: rect{Y: 20, W: 100, H: 8}, Form: rect{X: 62, Y: 1, W: 38, H: 19}}},
		// Too low for a strip under the panes: one at a time.
		{100, 13, 1, orderSize{Want: 40}, false, screen{W: 100, H: 13, Top: 1, Tabs: 1, Status: 1, Help: 1, Body: rect{Y: 2, W: 100, H: 9}, HelpTop: 12,
			Order: rect{Y: 2, W: 100, H: 9}, Sheet: rect{Y: 2, W: 100, H: 9}, Log: rect{Y: 2, W: 100, H: 9}, Form: rect{Y: 2, W: 100, H: 9}}},
		{100, 14, 1, orderSize{Want: 40}, false, screen{W: 100, H: 14, Arr: stacked, Top: 1, Status: 1, Help: 1, Body: rect{Y: 1, W: 100, H: 11}, HelpTop: 13,
			Order: rect{Y: 1, W: 40, H: 6}, Sheet: rect{X: 40, Y: 1, W: 60, H: 6}, Log: rect{Y: 7, W: 100, H: 5}, Form: rect{X: 40, Y: 1, W: 60, H: 6}}},
		// From 140, three columns.
		{160, 48, 1, orderSize{Want: 52}, false, screen{W: 160, H: 48, Arr: columns, Top: 1, Status: 1, Help: 1, Body: rect{Y: 1, W: 160, H: 45}, HelpTop: 47,
			Order: rect{Y: 1, W: 52, H: 45}, Sheet: rect{X: 52, Y: 1, W: 54, H: 45}, Log: rect{X: 106, Y: 1, W: 54, H: 45}, Form: rect{X: 52, Y: 1, W: 54, H: 45}}},
		// Wide rows: the order takes what leaves sheet and log 40 each,
		// wide enough that most of a sheet's lines and the log's read
		// unbroken.
		{200, 60, 1, orderSize{Want: 300}, false, screen{W: 200, H: 60, Arr: columns, Top: 1, Status: 1, Help: 1, Body: rect{Y: 1, W: 200, H: 57}, HelpTop: 59,
			Order: rect{Y: 1, W: 120, H: 57}, Sheet: rect{X: 120, Y: 1, W: 40, H: 57}, Log: rect{X: 160, Y: 1, W: 40, H: 57}, Form: rect{X: 120, Y: 1, W: 40, H: 57}}},
		{160, 48, 1, orderSize{Want: 88, Whole: 53, Need: 46}, false, screen{W: 160, H: 48, Arr: columns, Top: 1, Status: 1, Help: 1, Body: rect{Y: 1, W: 160, H: 45}, HelpTop: 47,
			Order: rect{Y: 1, W: 80, H: 45}, Sheet: rect{X: 80, Y: 1, W: 40, H: 45}, Log: rect{X: 120, Y: 1, W: 40, H: 45}, Form: rect{X: 80, Y: 1, W: 40, H: 45}}},
		{200, 60, 1, orderSize{Want: 100}, false, screen{W: 200, H: 60, Arr: columns, Top: 1, Status: 1, Help: 1, Body: rect{Y: 1, W: 200, H: 57}, HelpTop: 59,
			Order: rect{Y: 1, W: 100, H: 57}, Sheet: rect{X: 100, Y: 1, W: 50, H: 57}, Log: rect{X: 150, Y: 1, W: 50, H: 57}, Form: rect{X: 100, Y: 1, W: 50, H: 57}}},
		// A help bar taller than the screen gives way to the panes.
		{80, 8, 20, orderSize{Want: 40}, false, screen{W: 80, H: 8, Top: 1, Tabs: 1, Status: 1, Help: 2, Body: rect{Y: 2, W: 80, H: 3}, HelpTop: 6,
			Order: rect{Y: 2, W: 80, H: 3}, Sheet: rect{Y: 2, W: 80, H: 3}, Log: rect{Y: 2, W: 80, H: 3}, Form: rect{Y: 2, W: 80, H: 3}}},
		// Past its share, the order gets what it needs for whole names
		// while the sheet keeps 30 columns, and for harm and markers
		// while it keeps 20 (26 each for sheet and log in columns).
		{60, 18, 1, orderSize{Want: 44, Whole: 44, Need: 44}, false, screen{W: 60, H: 18, Arr: stacked, Top: 1, Status: 1, Help: 1, Body: rect{Y: 1, W: 60, H: 15}, HelpTop: 17,
			Order: rect{Y: 1, W: 40, H: 10}, Sheet: rect{X: 40, Y: 1, W: 20, H: 10}, Log: rect{Y: 11, W: 60, H: 5}, Form: rect{X: 40, Y: 1, W: 20, H: 10}}},
		{80, 24, 1, orderSize{Want: 60, Whole: 52, Need: 40}, false, screen{W: 80, H: 24, Arr: stacked, Top: 1, Status: 1, Help: 1, Body: rect{Y: 1, W: 80, H: 21}, HelpTop: 23,
			Order: rect{Y: 1, W: 50, H: 15}, Sheet: rect{X: 50, Y: 1, W: 30, H: 15}, Log: rect{Y: 16, W: 80, H: 6}, Form: rect{X: 50, Y: 1, W: 30, H: 15}}},
		{160, 48, 1, orderSize{Want: 120, Need: 100}, false, screen{W: 160, H: 48, Arr: columns, Top: 1, Status: 1, Help: 1, Body: rect{Y: 1, W: 160, H: 45}, HelpTop: 47,
			Order: rect{Y: 1, W: 100, H: 45}, Sheet: rect{X: 100, Y: 1, W: 30, H: 45}, Log: rect{X: 130, Y: 1, W: 30, H: 45}, Form: rect{X: 100, Y: 1, W: 30, H: 45}}},
		// A form beside the order: at least 40 wide, at full height,
		// the order and the log at its left; too narrow, the whole body.
		{80, 24, 1, orderSize{Want: 60}, true, screen{W: 80, H: 24, Arr: stacked, Top: 1, Status: 1, Help: 1, Body: rect{Y: 1, W: 80, H: 21}, HelpTop: 23,
			Order: rect{Y: 1, W: 40, H: 15}, Sheet: rect{X: 40, Y: 1, W: 40, H: 21}, Log: rect{Y: 16, W: 40, H: 6}, Form: rect{X: 40, Y: 1, W: 40, H: 21}}},
		{100, 30, 1, orderSize{Want: 30}, true, screen{W: 100, H: 30, Arr: stacked, Top: 1, Status: 1, Help: 1, Body: rect{Y: 1, W: 100, H: 27}, HelpTop: 29,
			Order: rect{Y: 1, W: 30, H: 19}, Sheet: rect{X: 30, Y: 1, W: 70, H: 27}, Log: rect{Y: 20, W: 30, H: 8}, Form: rect{X: 30, Y: 1, W: 70, H: 27}}},
		{60, 18, 1, orderSize{Want: 40}, true, screen{W: 60, H: 18, Arr: stacked, Top: 1, Status: 1, Help: 1, Body: rect{Y: 1, W: 60, H: 15}, HelpTop: 17,
			Order: rect{Y: 1, W: 30, H: 10}, Sheet: rect{X: 30, Y: 1, W: 30, H: 10}, Log: rect{Y: 11, W: 60, H: 5}, Form: rect{Y: 1, W: 60, H: 15}}},
		{160, 48, 1, orderSize{Want: 52}, true, screen{W: 160, H: 48, Arr: columns, Top: 1, Status: 1, Help: 1, Body: rect{Y: 1, W: 160, H: 45}, HelpTop: 47,
			Order: rect{Y: 1, W: 52, H: 45}, Sheet: rect{X: 52, Y: 1, W: 54, H: 45}, Log: rect{X: 106, Y: 1, W: 54, H: 45}, Form: rect{X: 52, Y: 1, W: 54, H: 45}}},
		{-5, -5, -1, orderSize{Want: -1}, false, screen{}},
	} {
		if got := layout(c.w, c.h, c.help, c.want, c.form); got != c.scr {
			t.Errorf("layout(%d, %d, %d, %+v, %v) =\n %+v\nwant\n %+v", c.w, c.h, c.help, c.want, c.form, got, c.scr)
		}
	}
}

// Every width from 1 to 300, with low and tall screens: the parts fill
// the height exactly, every pane lies inside the body, side-by-side panes
// fill its width, the log strip keeps three lines, and one pane at a time
// comes only under 60 columns or on a screen too low for the strip.
func TestLayoutInvariants(t *testing.T) {
	for w := 0; w <= 300; w++ {
		for _, h := range []int{0, 1, 2, 3, 4, 5, 8, 10, 12, 13, 14, 15, 18, 24, 30, 48, 70} {
			for _, help := range []int{0, 1, 5} {
				for _, want := range []orderSize{{0, 0, 0}, {20, 20, 20}, {45, 40, 30}, {80, 60, 40}, {80, 75, 70}, {400, 120, 100}} {
					checkLayout(t, w, h, help, want)
				}
			}
		}
	}
}

func checkLayout(t *testing.T, w, h, help int, want orderSize) {
	t.Helper()
	s := layout(w, h, help, want, false)
	if s.Top+s.Tabs+s.Body.H+s.Status+s.Help != h {
		t.Fatalf("%dx%d help %d: heights do not add up: %+v", w, h, help, s)
	}
	inside(t, s, s.Order, s.Sheet, s.Log, s.Form)
	switch s.Arr {
	case single:
		if w >= threeMin || (w >= stackMin && s.Body.H+s.Tabs >= logMin+paneMin) {
			t.Fatalf("%dx%d help %d: one pane at a time, with room for more: %+v", w, h, help, s)
		}
	case stacked:
		if w < stackMin || w >= threeMin {
			t.Fatalf("%dx%d: stacked at this width", w, h)
		}
		if s.Order.H+s.Log.H != s.Body.H || s.Order.W+s.Sheet.W != w || s.Log.W != w ||
			s.Log.H < logMin || s.Order.H < paneMin || s.Sheet.H != s.Order.H {
			t.Fatalf("%dx%d help %d want %+v: stacked panes do not fit: %+v", w, h, help, want, s)
		}
		checkOrderWidth(t, s, want, stackedMost(w), w-sheetWhole, w-sheetLeast)
	case columns:
		if w < threeMin || s.Order.W+s.Sheet.W+s.Log.W != w {
			t.Fatalf("%dx%d: columns do not fill the width: %+v", w, h, s)
		}
		checkOrderWidth(t, s, want, threeMost(w), w-2*sheetWhole, w-2*sheetMin)
	}
	// With a form open: the same arrangement and heights; the form is
	// the body, or beside the order at least formMin wide, with the
	// order and log at its left filling the body's height.
	f := layout(w, h, help, want, true)
	if f.Arr != s.Arr || f.Body != s.Body || f.Help != s.Help {
		t.Fatalf("%dx%d: a form changes the arrangement: %+v", w, h, f)
	}
	inside(t, f, f.Order, f.Sheet, f.Log, f.Form)
	if f.Form != f.Body && f.Form != f.Sheet {
		t.Fatalf("%dx%d: the form is neither the body nor the sheet's place: %+v", w, h, f)
	}
	if f.Arr == stacked && f.Form != f.Body {
		if f.Form.W < formMin || f.Form.H != f.Body.H || f.Order.W+f.Form.W != w || f.Log.W != f.Order.W ||
			f.Order.W < orderMin || f.Order.H+f.Log.H != f.Body.H {
			t.Fatalf("%dx%d want %+v: the form does not fit beside the order: %+v", w, h, want, f)
		}
	}
}

// inside checks that every rectangle lies in the screen's body.
func inside(t *testing.T, s screen, rs ...rect) {
	t.Helper()
	for _, r := range rs {
		if r.W < 0 || r.H < 0 || r.X < 0 || r.Y < s.Body.Y || r.X+r.W > s.W || r.Y+r.H > s.Body.Y+s.Body.H {
			t.Fatalf("%dx%d: pane %+v outside body %+v", s.W, s.H, r, s.Body)
		}
	}
}

// checkOrderWidth: the order pane gets what it wants within its bounds,
// what it needs for whole names up to whole, and what it needs for
// whole harm up to limit.
func checkOrderWidth(t *testing.T, s screen, z orderSize, most, whole, limit int) {
	t.Helper()
	w := min(most, max(z.Want, orderMin))
	if n := min(z.Whole, whole); n > w {
		w = n
	}
	if n := min(z.Need, limit); n > w {
		w = n
	}
	if s.Order.W != w {
		t.Fatalf("%dx%d: order %d wide, asking %+v (at most %d, whole names up to %d, needs up to %d)", s.W, s.H, s.Order.W, z, most, whole, limit)
	}
}
