package saves

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"
)

// Values for the fast reader (fastparse.go): strings, integers, booleans,
// arrays and inline tables.

// value reads a value that must end at a delimiter.
func (p *parser) value() (*node, bool) {
	line := p.line
	switch c := p.peek(); {
	case c == '"':
		if strings.HasPrefix(p.src[p.pos:], `"""`) {
			return nil, false
		}
		s, ok := p.basicString(p.lookOnly && p.pending != nil)
		n := p.newNode(kString, line)
		n.str = s
		return n, ok
	case c == '\'':
		if strings.HasPrefix(p.src[p.pos:], `'''`) {
			return nil, false
		}
		s, ok := p.literalString()
		n := p.newNode(kString, line)
		n.str = s
		return n, ok
	case c == 't' || c == 'f':
		word := "false"
		if c == 't' {
			word = "true"
		}
		if !strings.HasPrefix(p.src[p.pos:], word) {
			return nil, false
		}
		p.pos += len(word)
		n := p.newNode(kBool, line)
		if c == 't' {
			n.num = 1
		}
		return n, p.atDelim()
	case c == '+' || c == '-' || c >= '0' && c <= '9':
		return p.integer(line)
	case c == '[' || c == '{':
		if p.depth >= maxDepth {
			return nil, false
		}
		p.depth++
		defer func() { p.depth-- }()
		if c == '[' {
			return p.array(line)
		}
		return p.inlineTable(line)
	}
	return nil, false
}

func (p *parser) atDelim() bool {
	if p.pos == len(p.src) {
		return true
	}
	switch p.src[p.pos] {
	case ' ', '\t', '\r', '\n', ',', ']', '}', '#':
		return true
	}
	return false
}

// integer reads a plain decimal integer; other number forms fall back.
func (p *parser) integer(line int) (*node, bool) {
	start := p.pos
	if c := p.src[p.pos]; c == '+' || c == '-' {
		p.pos++
	}
	digits := p.pos
	for p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
		p.pos++
	}
	nd := p.pos - digits
	if nd == 0 || (nd > 1 && p.src[digits] == '0') || !p.atDelim() {
		return nil, false
	}
	var v int64
	if nd < 19 { // cannot overflow: add the digits up directly
		for _, c := range []byte(p.src[digits:p.pos]) {
			v = v*10 + int64(c-'0')
		}
		if p.src[start] == '-' {
			v = -v
		}
	} else {
		var err error
		if v, err = strconv.ParseInt(p.src[start:p.pos], 10, 64); err != nil {
			return nil, false
		}
	}
	n := p.newNode(kInt, line)
	n.num = v
	return n, true
}

func (p *parser) array(line int) (*node, bool) {
	n := p.newNode(kArray, line)
	n.frozen = true
	p.pos++ // [
	// The elements go on a stack shared with the arrays inside this one,
	// then into a block of lists: a log's thousands of faces arrays cost
	// a few blocks, not a slice grown for each.
	base := len(p.elems)
	done := func() (*node, bool) {
		n.list = p.keepList(p.elems[base:])
		p.elems = p.elems[:base]
		return n, true
	}
	for {
		if !p.skipBlank() {
			return nil, false
		}
		if p.peek() == ']' {
			p.pos++
			return done()
		}
		v, ok := p.value()
		if !ok {
			return nil, false
		}
		p.elems = append(p.elems, v)
		if !p.skipBlank() {
			return nil, false
		}
		switch p.peek() {
		case ',':
			p.pos++
		case ']':
			p.pos++
			return done()
		default:
			return nil, false
		}
	}
}

// keepList copies an array's elements into the block of lists, its room
// exactly its length (an append to it copies); none is nil.
func (p *parser) keepList(els []*node) []*node {
	if len(els) == 0 {
		return nil
	}
	if cap(p.lists)-len(p.lists) < len(els) {
		p.lists = make([]*node, 0, max(len(els), 512))
	}
	n := len(p.lists)
	p.lists = append(p.lists, els...)
	return p.lists[n:len(p.lists):len(p.lists)]
}

// inlineTable reads {k = v, …} on one line, without a trailing comma.
func (p *parser) inlineTable(line int) (*node, bool) {
	n := p.newNode(kTable, line)
	n.explicit, n.frozen = true, true
	p.pos++ // {
	p.skipSpace()
	if p.peek() == '}' {
		p.pos++
		return n, true
	}
	for {
		p.skipSpace()
		if !p.keyval(n) {
			return nil, false
		}
		p.skipSpace()
		switch p.peek() {
		case ',':
			p.pos++
		case '}':
			p.pos++
			return n, true
		default:
			return nil, false
		}
	}
}

// basicString reads "…" with TOML 1.0 escapes. With scratch, an escaped
// string is made in a buffer used again for the next streamed table (see
// parser.lookOnly) rather than in memory of its own.
func (p *parser) basicString(scratch bool) (string, bool) {
	p.pos++ // opening quote
	start := p.pos
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		if c == '"' {
			p.pos++
			return p.src[start : p.pos-1], true
		}
		if c == '\\' {
			break
		}
		if (c < 0x20 && c != '\t') || c == 0x7f {
			return "", false
		}
		p.pos++
	}
	// One allocation: the text left to the closing quote is at most as
	// long as the escaped text.
	end := p.pos
	for end < len(p.src) && p.src[end] != '"' && p.src[end] != '\n' {
		if p.src[end] == '\\' {
			end++
		}
		end++
	}
	room := min(end, len(p.src)) - start
	var b []byte
	if scratch {
		b = slices.Grow(p.unescaped, room)
	} else {
		b = make([]byte, 0, room)
	}
	from := len(b)
	b = append(b, p.src[start:p.pos]...)
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		switch {
		case c == '"':
			p.pos++
			if scratch {
				p.unescaped = b
			}
			return unsafe.String(unsafe.SliceData(b[from:]), len(b)-from), true
		case (c < 0x20 && c != '\t') || c == 0x7f:
			return "", false
		case c != '\\':
			b = append(b, c)
			p.pos++
			continue
		}
		if p.pos+1 >= len(p.src) {
			return "", false
		}
		e := p.src[p.pos+1]
		p.pos += 2
		switch e {
		case 'b':
			b = append(b, '\b')
		case 't':
			b = append(b, '\t')
		case 'n':
			b = append(b, '\n')
		case 'f':
			b = append(b, '\f')
		case 'r':
			b = append(b, '\r')
		case '"', '\\':
			b = append(b, e)
		case 'u', 'U':
			size := 4
			if e == 'U' {
				size = 8
			}
			if p.pos+size > len(p.src) {
				return "", false
			}
			hex := p.src[p.pos : p.pos+size]
			for i := 0; i < len(hex); i++ {
				if !isHex(hex[i]) {
					return "", false
				}
			}
			r, err := strconv.ParseUint(hex, 16, 32)
			if err != nil || !utf8.ValidRune(rune(r)) {
				return "", false
			}
			b = utf8.AppendRune(b, rune(r))
			p.pos += size
		default:
			return "", false
		}
	}
	return "", false
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// literalString reads '…' (no escapes).
func (p *parser) literalString() (string, bool) {
	p.pos++
	start := p.pos
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		if c == '\'' {
			p.pos++
			return p.src[start : p.pos-1], true
		}
		if (c < 0x20 && c != '\t') || c == 0x7f {
			return "", false
		}
		p.pos++
	}
	return "", false
}
