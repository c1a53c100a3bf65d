package cmdline

import (
	"io"
)

// NewPrintable wraps w so that nothing written to it can drive the
// terminal; Flush it before the program ends.
func NewPrintable(w io.Writer) *Printable { return &Printable{w: w} }

// Printable wraps a terminal stream so that nothing written to it can
// drive the terminal: control characters other than the line break (an
// escape, a bell, a C1 control) are written as U+FFFD, a tab as a space.
// fray keeps no control characters in an encounter's text, but a file
// name or an error can hold one. Every subcommand writes through it.
type Printable struct {
	w    io.Writer
	held bool // the last write ended in 0xC2, which may start a C1 control
}

func (p *Printable) Write(b []byte) (int, error) {
	out := make([]byte, 0, len(b)+8)
	i := 0
	if p.held {
		p.held = false
		if len(b) > 0 && b[0] >= 0x80 && b[0] < 0xa0 {
			out = append(out, "\uFFFD"...)
			i = 1
		} else {
			out = append(out, 0xc2)
		}
	}
	for ; i < len(b); i++ {
		c := b[i]
		switch {
		case c == '\n':
			out = append(out, c)
		case c == '\t':
			out = append(out, ' ')
		case c < 0x20 || c == 0x7f:
			out = append(out, "\uFFFD"...)
		case c == 0xc2 && i+1 == len(b):
			p.held = true
		case c == 0xc2 && b[i+1] >= 0x80 && b[i+1] < 0xa0:
			out = append(out, "\uFFFD"...)
			i++
		default:
			out = append(out, c)
		}
	}
	if _, err := p.w.Write(out); err != nil {
		return 0, err
	}
	return len(b), nil
}

// Flush writes a 0xC2 held back at the end of the last write.
func (p *Printable) Flush() error {
	if !p.held {
		return nil
	}
	p.held = false
	_, err := p.w.Write([]byte{0xc2})
	return err
}
