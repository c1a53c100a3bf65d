package saves

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
)

// parseTree turns TOML text into a tree: the fast reader first, and
// BurntSushi/toml for whatever it does not handle, which also reports
// syntax errors with their line.
func parseTree(name, src string) (*node, error) {
	root, ok := fastParse(src)
	if ok {
		return root, nil
	}
	// BurntSushi recurses once per level: a file of a million brackets
	// would overflow the stack, which no recover can catch.
	if deep := nestingLine(src, maxFallbackDepth); deep > 0 {
		return nil, &Error{File: name, Line: deep, Msg: "lists or tables nested too deep"}
	}
	m, err := safeDecode(src)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			// Position.Line is sometimes one past the offending byte (an
			// unclosed [[header]]); the byte offset is reliable.
			line := pe.Position.Line
			if s := pe.Position.Start; s > 0 && s <= len(src) {
				line = 1 + strings.Count(src[:s], "\n")
			}
			return nil, &Error{File: name, Line: line, Msg: "not valid TOML: " + pe.Message, err: err}
		}
		return nil, &Error{File: name, Msg: "not valid TOML: " + err.Error(), err: err}
	}
	lines := scanLines(src)
	return fromMap(m, "", 1, lines), nil
}

// safeDecode runs BurntSushi/toml, turning a panic in it into an error:
// no file may crash fray.
func safeDecode(src string) (m map[string]any, err error) {
	defer func() {
		if r := recover(); r != nil {
			m, err = nil, fmt.Errorf("the TOML reader failed: %v", r)
		}
	}()
	_, err = toml.Decode(src, &m)
	return m, err
}

// fromMap converts BurntSushi's result into a tree. BurntSushi does not
// tell where each key was, so lines come from scanLines; keys are sorted,
// which keeps error reports stable.
func fromMap(m map[string]any, path string, line int, lines map[string]int) *node {
	t := &node{kind: kTable, line: line, explicit: true}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		li, lj := lines[path+keyPath(keys[i])], lines[path+keyPath(keys[j])]
		if li != lj {
			return li < lj
		}
		return keys[i] < keys[j]
	})
	for _, k := range keys {
		p := path + keyPath(k)
		kl := lines[p]
		if kl == 0 {
			kl = line
		}
		t.put(k, fromValue(m[k], p, kl, lines))
	}
	return t
}

func keyPath(k string) string { return "." + strconv.Quote(k) }

func fromValue(v any, path string, line int, lines map[string]int) *node {
	switch v := v.(type) {
	case string:
		return &node{kind: kString, line: line, str: v}
	case int64:
		return &node{kind: kInt, line: line, num: v}
	case bool:
		n := &node{kind: kBool, line: line}
		if v {
			n.num = 1
		}
		return n
	case map[string]any:
		return fromMap(v, path, line, lines)
	case []map[string]any:
		n := &node{kind: kArray, line: line, aot: true}
		for i, el := range v {
			p := path + "#" + strconv.Itoa(i)
			el := fromMap(el, p, line, lines)
			if l := lines[p]; l > 0 {
				el.line = l
			}
			n.list = append(n.list, el)
		}
		return n
	case []any:
		n := &node{kind: kArray, line: line}
		for _, el := range v {
			n.list = append(n.list, fromValue(el, path, line, lines))
		}
		return n
	case float64:
		return &node{kind: kOther, line: line, str: floatText(v)}
	case time.Time:
		return &node{kind: kOther, line: line, str: timeText(v)}
	}
	return &node{kind: kOther, line: line, str: fmt.Sprint(v)}
}

// floatText writes a float as TOML reads it back.
func floatText(v float64) string {
	switch {
	case math.IsNaN(v):
		return "nan"
	case math.IsInf(v, 1):
		return "inf"
	case math.IsInf(v, -1):
		return "-inf"
	}
	s := strconv.FormatFloat(v, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eE") {
		s += ".0"
	}
	return s
}

// timeText writes a TOML date or time as it was given: BurntSushi marks
// the local kinds by the time's location.
func timeText(t time.Time) string {
	switch t.Location().String() {
	case "datetime-local":
		return t.Format("2006-01-02T15:04:05.999999999")
	case "date-local":
		return t.Format("2006-01-02")
	case "time-local":
		return t.Format("15:04:05.999999999")
	}
	return t.Format(time.RFC3339Nano)
}

// scanLines finds, line by line, where tables and simple keys start, as
// paths such as .combatant#3 (the fourth [[combatant]]) and
// .combatant#3.sheet.qik. It is a best effort for the rare file that only
// the fallback reads: what it cannot follow simply gets no line.
func scanLines(src string) map[string]int {
	lines := map[string]int{}
	counts := map[string]int{} // array-of-tables path → elements so far
	prefix := ""
	for i, ln := range strings.Split(src, "\n") {
		no := i + 1
		s := strings.TrimSpace(ln)
		if strings.HasPrefix(s, "[") {
			double := strings.HasPrefix(s, "[[")
			end := strings.Index(s, "]")
			if end < 0 {
				continue
			}
			start := 1
			if double {
				start = 2
			}
			if end < start {
				continue
			}
			prefix = ""
			segs := strings.Split(s[start:end], ".")
			for j, seg := range segs {
				prefix += keyPath(unquoteKey(strings.TrimSpace(seg)))
				n, aot := counts[prefix]
				switch {
				case j == len(segs)-1 && double:
					counts[prefix] = n + 1
					prefix += "#" + strconv.Itoa(n)
				case aot && n > 0:
					prefix += "#" + strconv.Itoa(n-1)
				}
			}
			if _, seen := lines[prefix]; !seen {
				lines[prefix] = no
			}
			continue
		}
		eq := strings.IndexByte(s, '=')
		if eq <= 0 {
			continue
		}
		p := prefix + keyPath(unquoteKey(strings.TrimSpace(s[:eq])))
		if _, seen := lines[p]; !seen {
			lines[p] = no
		}
	}
	return lines
}

func unquoteKey(k string) string {
	if len(k) >= 2 && (k[0] == '"' || k[0] == '\'') && k[len(k)-1] == k[0] {
		if k[0] == '"' {
			if u, err := strconv.Unquote(k); err == nil {
				return u
			}
		}
		return k[1 : len(k)-1]
	}
	return k
}

// maxFallbackDepth bounds nesting for the fallback reader; fray's own files
// nest two deep.
const maxFallbackDepth = 1000

// nestingLine returns the line where brackets and braces first nest deeper
// than limit, or 0. It skips strings and comments well enough for that
// purpose; the TOML reader judges the rest.
func nestingLine(src string, limit int) int {
	depth, line := 0, 1
	for i := 0; i < len(src); i++ {
		switch c := src[i]; c {
		case '\n':
			line++
		case '#':
			for i+1 < len(src) && src[i+1] != '\n' {
				i++
			}
		case '"', '\'':
			triple := strings.Repeat(string(c), 3)
			if strings.HasPrefix(src[i:], triple) {
				end := strings.Index(src[i+3:], triple)
				if end < 0 {
					return 0
				}
				line += strings.Count(src[i:i+3+end], "\n")
				i += 3 + end + 2
				continue
			}
			for i++; i < len(src) && src[i] != c && src[i] != '\n'; i++ {
				if c == '"' && src[i] == '\\' {
					i++
				}
			}
			if i < len(src) && src[i] == '\n' {
				line++
			}
		case '[', '{':
			if depth++; depth > limit {
				return line
			}
		case ']', '}':
			depth = max(0, depth-1)
		}
	}
	return 0
}
