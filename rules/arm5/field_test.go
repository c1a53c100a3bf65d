package arm5

import (
	"reflect"
	"testing"
)

// field, used by Get and Set, must know every key of the full table and
// point at the same place in the sheet; a key added to one and not the
// other would silently stop saving or loading.
func TestFieldMatchesTable(t *testing.T) {
	s := &Sheet{}
	for _, want := range s.fields() {
		got, ok := s.field(want.key)
		if !ok {
			t.Errorf("field(%q) not found", want.key)
			continue
		}
		a, b := reflect.ValueOf(got), reflect.ValueOf(want)
		for i := 0; i < a.NumField(); i++ {
			fa, fb := a.Field(i), b.Field(i)
			same := true
			switch fa.Kind() {
			case reflect.Func:
				same = fa.IsNil() == fb.IsNil() // method values differ per call
			case reflect.Pointer:
				same = fa.Pointer() == fb.Pointer()
			case reflect.String:
				same = fa.String() == fb.String()
			case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
				same = fa.Int() == fb.Int()
			case reflect.Bool:
				same = fa.Bool() == fb.Bool()
			case reflect.Slice:
				same = fa.Len() == fb.Len() && (fa.Len() == 0 || fa.Pointer() == fb.Pointer() || fa.Index(0).String() == fb.Index(0).String())
			default:
				t.Fatalf("%s: compare a %s field", want.key, fa.Kind())
			}
			if !same {
				t.Errorf("%s: %s differs between field and the table", want.key, a.Type().Field(i).Name)
			}
		}
	}
	if _, ok := s.field("no-such-key"); ok {
		t.Error("field found a key that does not exist")
	}
}
