package tui

// Thresholds of the layout. Widths are in terminal columns.
const (
	stackMin = 60  // from here order and sheet stand side by side over the log
	threeMin = 140 // from here order, sheet and log each get a column
	minBody  = 3   // the help bar gives way before the panes shrink below this
	// The log strip under order and sheet: at least 3 lines inside its
	// border, about a third of the body when there is room.
	logMin   = 5
	logShare = 30 // percent of the body's height
	// The panes above the strip need this many rows, border included,
	// else one pane at a time is shown.
	paneMin = 6
	// The order pane is as wide as its rows ask, within these bounds: at
	// least orderMin; at most half the width, or more while the sheet
	// keeps sheetRoom columns, up to orderShareStack percent; with three
	// columns, at most orderShareThree percent, or more while the sheet
	// and the log keep threeRoom columns each. Past those bounds it still
	// gets what it needs to show names, harm and markers whole (the
	// sides short, the scores squeezed) while the sheet (and the log) keep
	// sheetWhole columns; and what it needs to show names and gauges
	// whole (markers may take a second line) while the sheet keeps
	// sheetLeast columns beside it (sheetMin each with three columns).
	orderMin        = 24
	sheetRoom       = 31
	sheetWhole      = 30
	sheetMin        = 26
	sheetLeast      = 20
	orderShareStack = 62
	orderShareThree = 40
	threeRoom       = 40
	// A form open beside the order (in the sheet's place, at full height
	// when order and sheet stand side by side) is at least formMin wide;
	// where that leaves the order less than orderMin, the form takes the
	// whole body.
	formMin = 40
)

// arrangement says how the panes share the screen.
type arrangement int

const (
	// single shows one pane at a time under a tab bar: a narrow or very
	// low screen.
	single arrangement = iota
	// stacked puts the order and the sheet side by side, with a strip of
	// the newest log lines below both.
	stacked
	// columns puts order, sheet and log side by side.
	columns
)

func (a arrangement) String() string {
	return [...]string{"single", "stacked", "columns"}[a]
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
	Form    rect // where an open form goes; the body when it hides the panes
	HelpTop int  // first row of the help bar
}

// layout computes the screen for a terminal of w×h cells, a help bar
// that wants helpHeight rows and an order pane that asks for order
// columns; form says a form is open. It is pure so it can be
// table-tested; every size, however small, gives non-negative rectangles
// inside the screen.
func layout(w, h, helpHeight int, order orderSize, form bool) screen {
	w, h = max(0, w), max(0, h)
	s := screen{W: w, H: h}
	rest := h
	take := func(n int) int {
		n = max(0, min(n, rest))
		rest -= n
		return n
	}
	s.Top = take(1)
	s.Status = take(1)
	help := max(0, helpHeight)
	switch {
	case w >= threeMin:
		s.Arr = columns
	case w >= stackMin && rest-min(help, rest-minBody) >= logMin+paneMin:
		s.Arr = stacked
	}
	if s.Arr == single && rest >= 2 {
		s.Tabs = take(1)
	}
	s.Help = take(min(help, rest-minBody))
	bodyY := s.Top + s.Tabs
	s.Body = rect{X: 0, Y: bodyY, W: w, H: rest}
	s.HelpTop = bodyY + rest + s.Status

	b := s.Body
	switch s.Arr {
	case single:
		s.Order, s.Sheet, s.Log, s.Form = b, b, b, b
	case stacked:
		lh := max(logMin, b.H*logShare/100)
		ph := b.H - lh
		ow := orderWidth(order, stackedMost(b.W), b.W-sheetWhole, b.W-sheetLeast)
		s.Order = rect{X: 0, Y: b.Y, W: ow, H: ph}
		s.Sheet = rect{X: ow, Y: b.Y, W: b.W - ow, H: ph}
		s.Log = rect{X: 0, Y: b.Y + ph, W: b.W, H: lh}
		s.Form = s.Sheet
		if form {
			// The form stands at full height beside the order and the
			// log, which give it room; or, too narrow, takes the body.
			fw := max(b.W-ow, formMin)
			if b.W-fw < orderMin {
				s.Form = b
				break
			}
			ow = b.W - fw
			s.Order.W, s.Log.W = ow, ow
			s.Form = rect{X: ow, Y: b.Y, W: fw, H: b.H}
			s.Sheet = s.Form
		}
	case columns:
		ow := orderWidth(order, threeMost(b.W), b.W-2*sheetWhole, b.W-2*sheetMin)
		sw := (b.W - ow) / 2
		s.Order = rect{X: 0, Y: b.Y, W: ow, H: b.H}
		s.Sheet = rect{X: ow, Y: b.Y, W: sw, H: b.H}
		s.Log = rect{X: ow + sw, Y: b.Y, W: b.W - ow - sw, H: b.H}
		s.Form = s.Sheet
	}
	return s
}

// stackedMost is the widest the order pane may be beside the sheet.
func stackedMost(w int) int { return min(w*orderShareStack/100, max(w/2, w-sheetRoom)) }

// threeMost is the widest the order pane may be beside sheet and log.
func threeMost(w int) int { return max(w*orderShareThree/100, w-2*threeRoom) }

// orderWidth is the order pane's width: what it wants, at least
// orderMin, at most most; but what it needs for whole names up to whole,
// and for whole harm up to limit.
func orderWidth(z orderSize, most, whole, limit int) int {
	w := min(most, max(z.Want, orderMin))
	w = max(w, min(z.Whole, whole))
	return max(w, min(z.Need, limit))
}
