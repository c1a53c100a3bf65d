package tui

// Thresholds of the layout. Widths are in terminal columns.
const (
	wideMin  = 90  // from here the panes sit side by side
	threeMin = 140 // from here order, sheet and log each get a column
	minBody  = 3   // the help bar gives way before the panes shrink below this
)

// arrangement says how the panes share the screen.
type arrangement int

const (
	// single shows one pane at a time under a tab bar.
	single arrangement = iota
	// split puts the order above the log on the left and the sheet on the
	// right, at full height: a sheet is long, an order is often short.
	split
	// columns puts order, sheet and log side by side.
	columns
)

func (a arrangement) String() string {
	return [...]string{"single", "split", "columns"}[a]
}

// rect is a block of the screen, in cells from the top-left corner.
type rect struct{ X, Y, W, H int }

// screen is where everything goes for one terminal size. Rows from the top:
// the top bar, the tab bar (single only), the panes, the status line, the
// help bar. A zero height means the part is not drawn.
type screen struct {
	W, H    int
	Arr     arrangement
	Top     int // height of the top bar
	Tabs    int // height of the tab bar
	Body    rect
	Status  int // height of the status (and command) line
	Help    int // height of the help bar
	Order   rect
	Sheet   rect
	Log     rect
	HelpTop int // first row of the help bar
}

// layout computes the screen for a terminal of w×h cells and a help bar
// that wants helpHeight rows. It is pure so it can be table-tested; every
// size, however small, gives non-negative rectangles inside the screen.
func layout(w, h, helpHeight int) screen {
	w, h = max(0, w), max(0, h)
	s := screen{W: w, H: h}
	if w >= threeMin {
		s.Arr = columns
	} else if w >= wideMin {
		s.Arr = split
	}
	rest := h
	take := func(n int) int {
		n = max(0, min(n, rest))
		rest -= n
		return n
	}
	s.Top = take(1)
	s.Status = take(1)
	if s.Arr == single && rest >= 2 {
		s.Tabs = take(1)
	}
	s.Help = take(min(max(0, helpHeight), rest-minBody))
	bodyY := s.Top + s.Tabs
	s.Body = rect{X: 0, Y: bodyY, W: w, H: rest}
	s.HelpTop = bodyY + rest + s.Status

	b := s.Body
	switch s.Arr {
	case single:
		s.Order, s.Sheet, s.Log = b, b, b
	case split:
		lw := b.W / 2
		oh := b.H * 45 / 100
		s.Order = rect{X: 0, Y: b.Y, W: lw, H: oh}
		s.Log = rect{X: 0, Y: b.Y + oh, W: lw, H: b.H - oh}
		s.Sheet = rect{X: lw, Y: b.Y, W: b.W - lw, H: b.H}
	case columns:
		ow := b.W * 30 / 100
		sw := b.W * 34 / 100
		s.Order = rect{X: 0, Y: b.Y, W: ow, H: b.H}
		s.Sheet = rect{X: ow, Y: b.Y, W: sw, H: b.H}
		s.Log = rect{X: ow + sw, Y: b.Y, W: b.W - ow - sw, H: b.H}
	}
	return s
}
