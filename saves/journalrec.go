package saves

import (
	"strconv"
	"time"
	"unicode/utf8"

	"fray/rules"
)

// The journal's c and s records are JSON objects of a few numbers, a
// string, a flag, a list of faces and a time. They are written and read
// here rather than with encoding/json, whose reflection-driven coder was
// most of what linking it cost: 0.2-0.4 MiB of fray's resident
// executable, for two small record types (docs/performance.md, "Peak
// memory"). The text is the same JSON encoding/json reads and writes for
// these types, so journals of either kind read back alike (the tests
// compare both ways).

// cmdRec and savedRec are the c and s lines.
type cmdRec struct {
	V int `json:"v"`
	rules.Applied
}

type savedRec struct {
	V    int    `json:"v"`
	Size int    `json:"n"`
	CRC  uint32 `json:"c"`
}

// record is what a journal line carries.
type record interface {
	appendJSON(b []byte) []byte
}

func (c cmdRec) appendJSON(b []byte) []byte {
	b = append(b, `{"v":`...)
	b = strconv.AppendInt(b, int64(c.V), 10)
	b = append(b, `,"l":`...)
	b = appendJSONString(b, c.Line)
	if c.Physical {
		b = append(b, `,"p":true`...)
	}
	if len(c.Faces) > 0 {
		b = append(b, `,"f":[`...)
		for i, f := range c.Faces {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(f), 10)
		}
		b = append(b, ']')
	}
	if !c.At.IsZero() {
		b = append(b, `,"t":"`...)
		b = c.At.AppendFormat(b, time.RFC3339Nano)
		b = append(b, '"')
	}
	return append(b, '}')
}

func (s savedRec) appendJSON(b []byte) []byte {
	b = append(b, `{"v":`...)
	b = strconv.AppendInt(b, int64(s.V), 10)
	b = append(b, `,"n":`...)
	b = strconv.AppendInt(b, int64(s.Size), 10)
	b = append(b, `,"c":`...)
	b = strconv.AppendUint(b, uint64(s.CRC), 10)
	return append(b, '}')
}

// appendJSONString appends s as a JSON string, escaped as encoding/json
// escapes it: quotes, backslashes, control characters, <, > and &, and
// U+2028 and U+2029; a byte that is not UTF-8 becomes U+FFFD.
func appendJSONString(b []byte, s string) []byte {
	const hexd = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexd[c>>4], hexd[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexd[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// jsonReader reads the one flat JSON object of a record: each member's
// value as a number, a string, a boolean, null or a list of numbers.
// Members it does not know are skipped whatever they hold; one it knows
// with a value of the wrong kind makes the line damaged, as it does for
// encoding/json.
type jsonReader struct {
	s     []byte
	i     int
	bad   bool
	depth int // of objects and arrays, the record's own counted
}

// maxJSONDepth is how deep encoding/json reads objects and arrays.
const maxJSONDepth = 10000

// object calls member for each member of the object that is the whole
// of r's text; it reports false if the text is not such an object. A
// key matches whatever its case, as in encoding/json ("V" is v).
func (r *jsonReader) object(member func(key string)) bool {
	r.space()
	r.list('{', func(key string) {
		if len(key) == 1 && 'A' <= key[0] && key[0] <= 'Z' {
			key = string(key[0] + 'a' - 'A')
		}
		member(key)
	})
	r.space()
	return !r.bad && r.i == len(r.s)
}

func (r *jsonReader) space() {
	for r.i < len(r.s) {
		switch r.s[r.i] {
		case ' ', '\t', '\n', '\r':
			r.i++
		default:
			return
		}
	}
}

func (r *jsonReader) eat(c byte) bool {
	if r.i < len(r.s) && r.s[r.i] == c {
		r.i++
		return true
	}
	return false
}

func (r *jsonReader) literal(word string) bool {
	if len(r.s)-r.i >= len(word) && string(r.s[r.i:r.i+len(word)]) == word {
		r.i += len(word)
		return true
	}
	return false
}

// number returns the text of a JSON number.
func (r *jsonReader) number() (string, bool) {
	start := r.i
	r.eat('-')
	digits := func() int {
		n := 0
		for r.i < len(r.s) && r.s[r.i] >= '0' && r.s[r.i] <= '9' {
			r.i++
			n++
		}
		return n
	}
	if r.eat('0') {
		// no more digits may follow a leading zero
	} else if digits() == 0 {
		return "", false
	}
	if r.eat('.') && digits() == 0 {
		return "", false
	}
	if r.eat('e') || r.eat('E') {
		if !r.eat('+') {
			r.eat('-')
		}
		if digits() == 0 {
			return "", false
		}
	}
	return string(r.s[start:r.i]), true
}

// integer reads a number that must be a whole one of the given bits,
// signed or not, into v; null leaves v as it was, as encoding/json does.
func (r *jsonReader) integer(bits int, signed bool, v func(int64, uint64)) {
	if r.literal("null") {
		return
	}
	text, ok := r.number()
	if !ok {
		r.bad = true
		return
	}
	if signed {
		n, err := strconv.ParseInt(text, 10, bits)
		r.bad = err != nil
		if !r.bad {
			v(n, 0)
		}
		return
	}
	n, err := strconv.ParseUint(text, 10, bits)
	r.bad = err != nil
	if !r.bad {
		v(0, n)
	}
}

func (r *jsonReader) int(p *int) {
	r.integer(strconv.IntSize, true, func(n int64, _ uint64) { *p = int(n) })
}

// str reads a JSON string, its escapes decoded; text that is not UTF-8
// reads as U+FFFD, as in encoding/json.
func (r *jsonReader) str() (string, bool) {
	if !r.eat('"') {
		return "", false
	}
	var b []byte
	start := r.i
	for r.i < len(r.s) {
		c := r.s[r.i]
		switch {
		case c == '"':
			b = append(b, r.s[start:r.i]...)
			r.i++
			return string(b), true
		case c < 0x20:
			return "", false
		case c == '\\':
			b = append(b, r.s[start:r.i]...)
			r.i++
			if r.i >= len(r.s) {
				return "", false
			}
			e := r.s[r.i]
			r.i++
			switch e {
			case '"', '\\', '/':
				b = append(b, e)
			case 'b':
				b = append(b, '\b')
			case 'f':
				b = append(b, '\f')
			case 'n':
				b = append(b, '\n')
			case 'r':
				b = append(b, '\r')
			case 't':
				b = append(b, '\t')
			case 'u':
				u, ok := r.hex4()
				if !ok {
					return "", false
				}
				if 0xd800 <= u && u < 0xdc00 { // a surrogate pair's first half
					save := r.i
					if r.literal(`\u`) {
						if v, ok := r.hex4(); ok && 0xdc00 <= v && v < 0xe000 {
							b = utf8.AppendRune(b, (u-0xd800)<<10|(v-0xdc00)+0x10000)
							break
						}
					}
					r.i = save
					u = utf8.RuneError
				} else if 0xdc00 <= u && u < 0xe000 {
					u = utf8.RuneError
				}
				b = utf8.AppendRune(b, u)
			default:
				return "", false
			}
			start = r.i
		case c < utf8.RuneSelf:
			r.i++
		default:
			u, size := utf8.DecodeRune(r.s[r.i:])
			if u == utf8.RuneError && size == 1 {
				b = append(b, r.s[start:r.i]...)
				b = utf8.AppendRune(b, utf8.RuneError)
				r.i++
				start = r.i
				continue
			}
			r.i += size
		}
	}
	return "", false
}

func (r *jsonReader) hex4() (rune, bool) {
	if len(r.s)-r.i < 4 {
		return 0, false
	}
	n, err := strconv.ParseUint(string(r.s[r.i:r.i+4]), 16, 32)
	if err != nil {
		return 0, false
	}
	r.i += 4
	return rune(n), true
}

// skip passes over any JSON value.
func (r *jsonReader) skip() {
	switch {
	case r.i >= len(r.s):
		r.bad = true
	case r.s[r.i] == '"':
		_, ok := r.str()
		r.bad = !ok
	case r.s[r.i] == '{' || r.s[r.i] == '[':
		r.list(r.s[r.i], func(string) { r.skip() })
	case r.literal("true") || r.literal("false") || r.literal("null"):
	default:
		_, ok := r.number()
		r.bad = !ok
	}
}

// list reads an array (open '[') or object ('{'), calling item for each
// element, or each member's value with its key.
func (r *jsonReader) list(open byte, item func(key string)) {
	closing := byte(']')
	if open == '{' {
		closing = '}'
	}
	if !r.eat(open) {
		r.bad = true
		return
	}
	if r.depth++; r.depth > maxJSONDepth {
		r.bad = true
		return
	}
	defer func() { r.depth-- }()
	r.space()
	if r.eat(closing) {
		return
	}
	for !r.bad {
		r.space()
		var key string
		if open == '{' {
			var ok bool
			if key, ok = r.str(); !ok {
				r.bad = true
				return
			}
			r.space()
			if !r.eat(':') {
				r.bad = true
				return
			}
			r.space()
		}
		item(key)
		r.space()
		if r.eat(closing) {
			return
		}
		if !r.eat(',') {
			r.bad = true
		}
	}
}

// parseCmdRec reads a c line's JSON.
func parseCmdRec(payload []byte) (cmdRec, bool) {
	var c cmdRec
	r := &jsonReader{s: payload}
	ok := r.object(func(key string) {
		switch key {
		case "v":
			r.int(&c.V)
		case "l":
			if !r.literal("null") {
				c.Line, r.bad = r.strValue()
			}
		case "p":
			switch {
			case r.literal("true"):
				c.Physical = true
			case r.literal("false"):
				c.Physical = false
			case r.literal("null"):
			default:
				r.bad = true
			}
		case "f":
			if r.literal("null") {
				c.Faces = nil
				return
			}
			c.Faces = []int{}
			r.list('[', func(string) {
				var f int
				r.int(&f)
				c.Faces = append(c.Faces, f)
			})
		case "t":
			// As encoding/json reads a time: the string's text as it
			// stands, escapes and all, read by Time.UnmarshalJSON.
			start := r.i
			if r.literal("null") {
				return
			}
			if _, ok := r.str(); !ok {
				r.bad = true
				return
			}
			r.bad = c.At.UnmarshalJSON(r.s[start:r.i]) != nil
		default:
			r.skip()
		}
	})
	return c, ok
}

// strValue reads a string member's value; bad is true if it is not one.
func (r *jsonReader) strValue() (string, bool) {
	s, ok := r.str()
	return s, !ok
}

// parseSavedRec reads an s line's JSON.
func parseSavedRec(payload []byte) (savedRec, bool) {
	var s savedRec
	r := &jsonReader{s: payload}
	ok := r.object(func(key string) {
		switch key {
		case "v":
			r.int(&s.V)
		case "n":
			r.int(&s.Size)
		case "c":
			r.integer(32, false, func(_ int64, n uint64) { s.CRC = uint32(n) })
		default:
			r.skip()
		}
	})
	return s, ok
}
