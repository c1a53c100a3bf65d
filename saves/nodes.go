package saves

import "strconv"

// Keys a template or party file holds that fray has no use for (a source
// page, a GM's remark, a tag) are kept: the reader keeps their nodes and
// the writer puts them back, each as one line key = value.

// extra is a key fray does not read, kept to be written back.
type extra struct {
	key string
	val *node
}

// appendExtras writes kept keys, each on a line of its own.
func appendExtras(b []byte, xs []extra) []byte {
	for _, x := range xs {
		b = appendKey(b, x.key)
		b = append(b, " = "...)
		b = appendValue(b, x.val)
		b = append(b, '\n')
	}
	return b
}

// appendValue writes a node as an inline TOML value: a table becomes
// {key = value, …}, a list of tables a list of those.
func appendValue(b []byte, n *node) []byte {
	switch n.kind {
	case kString:
		return appendQuoted(b, n.str)
	case kInt:
		return strconv.AppendInt(b, n.num, 10)
	case kBool:
		return strconv.AppendBool(b, n.num != 0)
	case kOther:
		return append(b, n.str...)
	case kArray:
		b = append(b, '[')
		for i, el := range n.list {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = appendValue(b, el)
		}
		return append(b, ']')
	case kTable:
		b = append(b, '{')
		for i, f := range n.fields {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = appendKey(b, f.key)
			b = append(b, " = "...)
			b = appendValue(b, f.val)
		}
		return append(b, '}')
	}
	return append(b, `""`...)
}
