package systems_test

import (
	"testing"

	"fray/model"
	"fray/model/modeltest"
	"fray/rules/systems"
)

// TestSheetsEqualAndClone: every system's sheet compares itself fast
// (model.SheetEqualer), its Equal sees a change in any field, and its Clone
// shares nothing with the original. Undo copies only the combatants whose
// Equal says they changed, so a field Equal missed would be lost by undo;
// this test changes every field (a new one too) and fails if so.
func TestSheetsEqualAndClone(t *testing.T) {
	for _, sys := range systems.Default().All() {
		s := sys.NewSheet()
		if s == nil {
			continue
		}
		if _, ok := s.(model.SheetEqualer); !ok {
			t.Errorf("%s: the sheet has no Equal method: undo compares it by reflection, slowly", sys.ID())
		}
		modeltest.Fill(s)
		fails := modeltest.Check(s, func(v any) any { return v.(model.Sheet).Clone() },
			func(a, b any) bool { return model.SheetsEqual(a.(model.Sheet), b.(model.Sheet)) })
		for _, f := range fails {
			t.Errorf("%s sheet: %s (undo compares sheets with their Equal method and copies them with Clone: add the field there)", sys.ID(), f)
		}
	}
}
