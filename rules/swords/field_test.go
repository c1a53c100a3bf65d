package swords

import (
	"testing"

	"fray/rules/rulestest"
)

// field, used by Get and Set, must know every key of the full table and
// point at the same place in the sheet.
func TestFieldMatchesTable(t *testing.T) {
	s := &Sheet{}
	byKey := func(k string) (field, bool) {
		if i, ok := fieldIndex[k]; ok {
			return s.fieldAt(i)
		}
		return field{}, false
	}
	rulestest.FieldTable(t, s.fields(), func(f field) string { return f.key }, byKey)
}
