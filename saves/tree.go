package saves

import "strings"

// The file is read in two steps: TOML text → a tree of nodes (fastparse.go,
// or fallback.go for TOML the fast reader does not handle), then tree →
// encounter (decode.go). The tree keeps the line of every value so that
// problems found in the second step can still name their line.

// kind is the TOML type of a node.
type kind uint8

const (
	kString kind = iota + 1
	kInt
	kBool
	kArray
	kTable
	kOther // a float or date/time: valid TOML that no fray field takes
)

// node is one TOML value. It is kept small: a big log has ~100,000.
type node struct {
	str      string  // kString; for kOther, the value as TOML writes it
	list     []*node // kArray: elements (tables for an array of tables)
	fields   []field // kTable: keys and values in file order
	idx      map[string]int
	num      int64 // kInt; for kBool, 1 for true
	line     int   // line where the value (or table header) starts; 0 if unknown
	kind     kind
	aot      bool // kArray made by [[headers]]
	explicit bool // kTable defined by a header or inline (not only implied)
	frozen   bool // inline table or array literal: headers cannot extend it
}

// field is one key of a table.
type field struct {
	key string
	val *node
}

// bigTable is the size from which a table indexes its keys in a map.
const bigTable = 64

// get returns the value under a key, or nil.
func (t *node) get(k string) *node {
	if t.idx != nil {
		if i, ok := t.idx[k]; ok {
			return t.fields[i].val
		}
		return nil
	}
	for i := range t.fields {
		if t.fields[i].key == k {
			return t.fields[i].val
		}
	}
	return nil
}

// put adds a key; it reports false if the key is already there.
func (t *node) put(k string, v *node) bool {
	if t.get(k) != nil {
		return false
	}
	t.fields = append(t.fields, field{k, v})
	if t.idx != nil {
		t.idx[k] = len(t.fields) - 1
	} else if len(t.fields) > bigTable {
		t.idx = make(map[string]int, 2*len(t.fields))
		for i, f := range t.fields {
			t.idx[f.key] = i
		}
	}
	return true
}

// drop removes a key, if it is there.
func (t *node) drop(k string) {
	for i := range t.fields {
		if t.fields[i].key == k {
			t.fields = append(t.fields[:i:i], t.fields[i+1:]...)
			if t.idx != nil {
				t.idx = make(map[string]int, 2*len(t.fields))
				for j, f := range t.fields {
					t.idx[f.key] = j
				}
			}
			return
		}
	}
}

// describe names a node's type for error messages.
func describe(n *node) string {
	switch n.kind {
	case kString:
		return "text"
	case kInt:
		return "a number"
	case kBool:
		return "true/false"
	case kArray:
		return "a list"
	case kTable:
		return "a table"
	case kOther:
		return otherName(n.str)
	}
	return "nothing"
}

// otherName names the type of a float or date/time from its TOML text.
func otherName(lit string) string {
	if strings.ContainsAny(lit, ":") || strings.Count(lit, "-") >= 2 && !strings.ContainsAny(lit, "eE") {
		return "a date or time"
	}
	return "a fraction"
}
