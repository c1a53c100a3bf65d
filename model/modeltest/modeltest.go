// Package modeltest checks, by reflection, that a type's equality and clone
// methods cover every field: Variants makes one copy of a value per field
// (every field of nested structs, array elements, slice elements, map
// entries), each changed in that one place. A test then requires Equal to
// see each change and Clone to share nothing a change could reach. A
// field added later is covered without touching the test. It is imported
// only by tests.
package modeltest

import (
	"fmt"
	"reflect"
	"time"
)

// Variant is a copy of a value with one place changed; Path names it.
type Variant struct {
	Path string
	V    any
}

// Fill sets every empty slice of v (a pointer) to one element, every nil
// map to one entry and every nil pointer to a new value, recursively, so
// that changes inside elements can be made. Interface fields are left as
// they are.
func Fill(v any) {
	fill(reflect.ValueOf(v).Elem(), 0)
}

func fill(v reflect.Value, depth int) {
	if depth > 8 || !v.CanSet() {
		return
	}
	switch v.Kind() {
	case reflect.Struct:
		if v.Type() == reflect.TypeOf(time.Time{}) {
			if v.Interface().(time.Time).IsZero() {
				v.Set(reflect.ValueOf(time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)))
			}
			return
		}
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i), depth+1)
			}
		}
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			fill(v.Index(i), depth+1)
		}
	case reflect.Slice:
		if v.Len() == 0 {
			v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		}
		for i := 0; i < v.Len(); i++ {
			fill(v.Index(i), depth+1)
		}
	case reflect.Map:
		if v.Len() == 0 {
			m := reflect.MakeMap(v.Type())
			k := reflect.New(v.Type().Key()).Elem()
			e := reflect.New(v.Type().Elem()).Elem()
			bump(k)
			bump(e)
			m.SetMapIndex(k, e)
			v.Set(m)
		}
	case reflect.Pointer:
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		fill(v.Elem(), depth+1)
	}
}

// Variants returns one copy of v per place a change can be made, each
// made with clone from v and changed there. v must be a pointer to a
// struct; clone must return a deep copy of the same type.
func Variants(v any, clone func(any) any) []Variant {
	var paths [][]step
	walk(reflect.ValueOf(v).Elem(), nil, &paths, 0)
	out := make([]Variant, 0, len(paths))
	for _, p := range paths {
		c := clone(v)
		apply(reflect.ValueOf(c).Elem(), p)
		out = append(out, Variant{Path: pathString(p), V: c})
	}
	return out
}

// step is one move along a path: into field i of a struct, element i of
// an array or slice, through a pointer, or the change itself at the end.
type step struct {
	kind reflect.Kind
	i    int
	name string
	leaf bool
	how  string // at a leaf: "bump", "nil" (slice or map to nil or to empty), "grow", "interface"
}

func walk(v reflect.Value, path []step, out *[][]step, depth int) {
	if depth > 8 {
		return
	}
	at := func(s step) []step { return append(append([]step(nil), path...), s) }
	switch v.Kind() {
	case reflect.Struct:
		if v.Type() == reflect.TypeOf(time.Time{}) {
			*out = append(*out, at(step{leaf: true, how: "bump"}))
			return
		}
		for i := 0; i < v.NumField(); i++ {
			f := v.Type().Field(i)
			if f.IsExported() {
				walk(v.Field(i), at(step{kind: reflect.Struct, i: i, name: f.Name}), out, depth+1)
			}
		}
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			walk(v.Index(i), at(step{kind: reflect.Array, i: i, name: fmt.Sprintf("[%d]", i)}), out, depth+1)
		}
	case reflect.Slice:
		*out = append(*out, at(step{leaf: true, how: "nil"}), at(step{leaf: true, how: "grow"}))
		for i := 0; i < v.Len(); i++ {
			walk(v.Index(i), at(step{kind: reflect.Slice, i: i, name: fmt.Sprintf("[%d]", i)}), out, depth+1)
		}
	case reflect.Map:
		*out = append(*out, at(step{leaf: true, how: "nil"}), at(step{leaf: true, how: "grow"}), at(step{leaf: true, how: "bump"}))
	case reflect.Pointer:
		if !v.IsNil() {
			walk(v.Elem(), at(step{kind: reflect.Pointer, name: "*"}), out, depth+1)
		}
	case reflect.Interface:
		if !v.IsNil() {
			*out = append(*out, at(step{leaf: true, how: "interface"}))
		}
	case reflect.Func, reflect.Chan, reflect.UnsafePointer:
	default:
		*out = append(*out, at(step{leaf: true, how: "bump"}))
	}
}

func apply(v reflect.Value, path []step) {
	for _, s := range path {
		if s.leaf {
			change(v, s.how)
			return
		}
		switch s.kind {
		case reflect.Struct:
			v = v.Field(s.i)
		case reflect.Array, reflect.Slice:
			v = v.Index(s.i)
		case reflect.Pointer:
			v = v.Elem()
		}
	}
}

func change(v reflect.Value, how string) {
	switch how {
	case "nil":
		if v.IsNil() {
			if v.Kind() == reflect.Map {
				v.Set(reflect.MakeMap(v.Type()))
			} else {
				v.Set(reflect.MakeSlice(v.Type(), 0, 0))
			}
		} else {
			v.Set(reflect.Zero(v.Type()))
		}
	case "grow":
		if v.Kind() == reflect.Map {
			m := reflect.MakeMap(v.Type())
			for _, k := range v.MapKeys() {
				m.SetMapIndex(k, v.MapIndex(k))
			}
			k := reflect.New(v.Type().Key()).Elem()
			for bump(k); m.MapIndex(k).IsValid(); {
				bump(k)
			}
			m.SetMapIndex(k, reflect.New(v.Type().Elem()).Elem())
			v.Set(m)
			return
		}
		v.Set(reflect.Append(v, reflect.New(v.Type().Elem()).Elem()))
	case "interface":
		v.Set(reflect.Zero(v.Type()))
	case "bump":
		if v.Kind() == reflect.Map {
			m := reflect.MakeMap(v.Type())
			for _, k := range v.MapKeys() {
				e := reflect.New(v.Type().Elem()).Elem()
				e.Set(v.MapIndex(k))
				bump(e)
				m.SetMapIndex(k, e)
			}
			v.Set(m)
			return
		}
		bump(v)
	}
}

// bump changes a scalar (or a time) in place.
func bump(v reflect.Value) {
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(!v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(v.Int() + 1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		v.SetUint(v.Uint() + 1)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(v.Float() + 1)
	case reflect.String:
		v.SetString(v.String() + "x")
	case reflect.Struct:
		if t, ok := v.Interface().(time.Time); ok {
			v.Set(reflect.ValueOf(t.Add(time.Second)))
		}
	}
}

func pathString(p []step) string {
	s := ""
	for _, st := range p {
		switch {
		case st.leaf:
			if st.how != "bump" {
				s += " (" + st.how + ")"
			}
		case st.kind == reflect.Struct:
			if s != "" {
				s += "."
			}
			s += st.name
		default:
			s += st.name
		}
	}
	return s
}

// DeepCopy copies v (a pointer) through every pointer, slice and map, so
// that a later change to v cannot reach the copy. Unexported fields are
// copied as they are.
func DeepCopy(v any) any {
	rv := reflect.ValueOf(v)
	c := reflect.New(rv.Elem().Type())
	deepCopy(c.Elem(), rv.Elem())
	return c.Interface()
}

func deepCopy(dst, src reflect.Value) {
	switch src.Kind() {
	case reflect.Struct:
		dst.Set(src) // copies unexported fields and scalars; deeper parts below
		for i := 0; i < src.NumField(); i++ {
			if src.Type().Field(i).IsExported() {
				deepCopy(dst.Field(i), src.Field(i))
			}
		}
	case reflect.Array:
		for i := 0; i < src.Len(); i++ {
			deepCopy(dst.Index(i), src.Index(i))
		}
	case reflect.Slice:
		if src.IsNil() {
			dst.Set(reflect.Zero(src.Type()))
			return
		}
		n := reflect.MakeSlice(src.Type(), src.Len(), src.Len())
		for i := 0; i < src.Len(); i++ {
			deepCopy(n.Index(i), src.Index(i))
		}
		dst.Set(n)
	case reflect.Map:
		if src.IsNil() {
			dst.Set(reflect.Zero(src.Type()))
			return
		}
		n := reflect.MakeMap(src.Type())
		for _, k := range src.MapKeys() {
			e := reflect.New(src.Type().Elem()).Elem()
			deepCopy(e, src.MapIndex(k))
			n.SetMapIndex(k, e)
		}
		dst.Set(n)
	case reflect.Pointer:
		if src.IsNil() {
			dst.Set(reflect.Zero(src.Type()))
			return
		}
		n := reflect.New(src.Type().Elem())
		deepCopy(n.Elem(), src.Elem())
		dst.Set(n)
	case reflect.Interface:
		if src.IsNil() {
			dst.Set(reflect.Zero(src.Type()))
			return
		}
		e := src.Elem()
		n := reflect.New(e.Type()).Elem()
		deepCopy(n, e)
		dst.Set(n)
	default:
		dst.Set(src)
	}
}

// Check runs the checks every Equal and Clone pair must pass on v (a
// pointer to a struct, already filled by the caller if it wants elements
// inside slices checked): a clone equals v; every variant differs from v;
// and changing a clone leaves v as it was. It returns one message per
// failure.
func Check(v any, clone func(any) any, equal func(a, b any) bool) []string {
	var fails []string
	if !equal(v, clone(v)) {
		fails = append(fails, "a clone is not equal to the original")
	}
	before := DeepCopy(v)
	for _, vr := range Variants(v, clone) {
		if equal(v, vr.V) || equal(vr.V, v) {
			fails = append(fails, fmt.Sprintf("Equal misses a change of %s", vr.Path))
		}
	}
	if !reflect.DeepEqual(before, v) {
		fails = append(fails, "changing a clone changed the original: Clone shares memory")
	}
	return fails
}
